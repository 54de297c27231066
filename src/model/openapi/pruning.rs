//! Which members of a spec the endpoint index reads, so that a big JSON
//! spec is parsed only where the index looks.

use super::methods::METHODS;

/// Which members the index reads, for [`crate::syntax::json_skim::parse_pruned`]: every
/// other member is skipped unparsed (schemas, responses, examples are ~95% of
/// a big spec).
pub fn index_keeps(p: &[&str]) -> bool {
    match p {
        [k] => matches!(
            *k,
            "openapi"
                | "swagger"
                | "asyncapi"
                | "info"
                | "paths"
                | "webhooks"
                | "channels"
                | "components"
                | "tags"
        ),
        ["info", k] => *k == "title",
        // Tags' `x-group`: the name of the group of their generated pages.
        ["tags", _] => true,
        ["tags", _, k] => matches!(*k, "name" | "x-group"),
        ["paths" | "webhooks", _, rest @ ..] => path_item_keeps(rest),
        ["components", "pathItems"] => true,
        ["components", "pathItems", _, rest @ ..] => path_item_keeps(rest),
        ["components", "parameters"] | ["components", "parameters", _] => true,
        ["components", "parameters", _, k] => param_keeps(k),
        ["channels", _] => true,
        ["channels", _, k] => matches!(*k, "address" | "title" | "summary" | "$ref" | "tags"),
        ["channels", _, "tags", _] => true,
        ["channels", _, "tags", _, k] => matches!(*k, "name" | "$ref"),
        _ => false,
    }
}

fn path_item_keeps(rest: &[&str]) -> bool {
    match rest {
        [] | ["parameters"] | ["$ref"] | ["additionalOperations"] => true,
        ["parameters", k] => param_keeps(k),
        ["additionalOperations", _] => true,
        // An operation there keeps what a fixed one does.
        ["additionalOperations", _, rest @ ..] => {
            let mut as_fixed = vec!["get"];
            as_fixed.extend_from_slice(rest);
            path_item_keeps(&as_fixed)
        }
        [m] => METHODS.contains(m),
        [_, k] => matches!(
            *k,
            "summary"
                | "description"
                | "operationId"
                | "deprecated"
                | "parameters"
                | "x-hidden"
                | "x-excluded"
                | "x-mint"
                | "tags"
        ),
        [_, "parameters", k] => param_keeps(k),
        [_, "x-mint", k] => matches!(*k, "href" | "metadata"),
        // The generated page's titles.
        [_, "x-mint", "metadata", k] => matches!(*k, "title" | "sidebarTitle"),
        [_, "tags", _] => true,
        _ => false,
    }
}

fn param_keeps(k: &str) -> bool {
    matches!(k, "name" | "in" | "required" | "$ref")
}
