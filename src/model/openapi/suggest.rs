//! Did-you-mean suggestions for a reference the spec does not hold: an
//! operation, a webhook or a channel.

use super::{Operation, SpecIndex};
use crate::diagnostics::did_you_mean;

impl SpecIndex {
    /// A did-you-mean for an operation that is not in the spec, as
    /// `"METHOD /path"`, most telling first: the same path under another
    /// method, a trailing-slash or path-parameter-name variant, a case
    /// variant, then the closest by string similarity.
    pub fn suggest(&self, method: &str, path: &str) -> Option<String> {
        let same_method = |o: &&Operation| o.method.eq_ignore_ascii_case(method);
        let shape = path_shape(path);
        let lower = path.to_ascii_lowercase();
        let tiers: [&dyn Fn(&Operation) -> bool; 4] = [
            &|o| o.path == path,
            &|o| path_shape(&o.path) == shape,
            &|o| o.path.to_ascii_lowercase() == lower,
            &|o| path_shape(&o.path.to_ascii_lowercase()) == path_shape(&lower),
        ];
        // Of the path's other methods, one of the same kind first: PUT for
        // PATCH is a likelier slip than GET for PATCH.
        let family = |m: &str| match m.to_ascii_uppercase().as_str() {
            "PUT" | "PATCH" | "POST" => 1,
            "GET" | "HEAD" | "OPTIONS" => 2,
            _ => 3,
        };
        let same_family = |o: &&Operation| family(&o.method) == family(method);
        for tier in tiers {
            let mut hits = self.operations.iter().filter(|o| tier(o));
            let first = hits
                .clone()
                .find(same_method)
                .or_else(|| hits.clone().find(same_family))
                .or_else(|| hits.next());
            if let Some(o) = first.filter(|o| !(o.path == path && same_method(o))) {
                return Some(format!("{} {}", o.method, o.path));
            }
        }
        let wanted = format!("{} {}", method.to_ascii_uppercase(), path);
        let all: Vec<String> = self
            .operations
            .iter()
            .map(|o| format!("{} {}", o.method, o.path))
            .collect();
        did_you_mean(&wanted, all.iter().map(String::as_str)).map(str::to_string)
    }

    pub fn suggest_webhook(&self, name: &str) -> Option<String> {
        closest_name(name, self.webhooks.iter().map(|w| w.name.as_str()))
    }

    pub fn suggest_channel(&self, id: &str) -> Option<String> {
        closest_name(id, self.channels.iter().map(|c| c.name.as_str()))
    }
}

/// The name among `names` that differs from `name` only in case, else the
/// did-you-mean among them.
fn closest_name<'a>(name: &str, names: impl Iterator<Item = &'a str> + Clone) -> Option<String> {
    names
        .clone()
        .find(|n| n.eq_ignore_ascii_case(name) && *n != name)
        .or_else(|| did_you_mean(name, names))
        .map(str::to_string)
}

/// A path with parameter names and a trailing slash erased, so
/// `/u/{id}/` and `/u/{user_id}` compare equal when looking for suggestions.
fn path_shape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push('{');
            }
            '}' => {
                in_param = false;
                out.push('}');
            }
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    while out.len() > 1 && out.ends_with('/') {
        out.pop();
    }
    out
}
