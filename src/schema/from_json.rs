//! JSON Schema text to an arena of [`Schema`]s, with `#/...` `$ref`s
//! resolved after the whole file is read (refs may point to ancestors).

use super::node::{Additional, Pattern, Schema, SchemaId, SchemaSet, Zod};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A loaded schema file: its arena and the JSON pointer of every schema.
pub(crate) struct Loaded {
    set: &'static SchemaSet,
    pointers: HashMap<String, SchemaId>,
}

impl Loaded {
    pub(crate) fn get(&self, pointer: &str) -> Option<&'static Schema> {
        let id = *self.pointers.get(pointer)?;
        self.set.nodes.get()?.get(id)
    }
}

/// Parse `text` into a new arena. The arena is leaked: schema files are
/// loaded once per process and live as long as it.
pub(crate) fn load(text: &str) -> Option<Loaded> {
    let root: Value = serde_json::from_str(text).ok()?;
    let set: &'static SchemaSet = Box::leak(Box::new(SchemaSet {
        nodes: OnceLock::new(),
    }));
    let mut b = ArenaBuilder {
        set,
        nodes: Vec::new(),
        refs: Vec::new(),
        pointers: HashMap::new(),
    };
    // The top level is a container of named schemas, not a schema itself.
    if let Value::Object(map) = &root {
        for (name, v) in map {
            let ptr = format!("#/{}", escape(name));
            if name == "nav" {
                if let Value::Object(kinds) = v {
                    for (kind, s) in kinds {
                        b.build(s, format!("{ptr}/{}", escape(kind)));
                    }
                }
            } else {
                b.build(v, ptr);
            }
        }
    }
    b.resolve_refs();
    let ArenaBuilder {
        nodes, pointers, ..
    } = b;
    set.nodes.set(nodes).ok()?;
    Some(Loaded { set, pointers })
}

fn escape(seg: &str) -> String {
    seg.replace('~', "~0").replace('/', "~1")
}

struct ArenaBuilder {
    set: &'static SchemaSet,
    nodes: Vec<Schema>,
    /// Nodes that are `$ref`s, with the pointer they name.
    refs: Vec<(SchemaId, String)>,
    pointers: HashMap<String, SchemaId>,
}

impl ArenaBuilder {
    fn build(&mut self, v: &Value, ptr: String) -> SchemaId {
        let id = self.nodes.len();
        self.nodes.push(Schema::any(self.set));
        self.pointers.insert(ptr.clone(), id);
        let Value::Object(map) = v else {
            // `true`/`false` schemas: `false` admits nothing.
            self.nodes[id].never = v == &Value::Bool(false);
            return id;
        };
        let mut s = Schema::any(self.set);
        s.description = map
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_owned);
        match map.get("type") {
            Some(Value::String(t)) => s.types = super::node::Types::from_name(t),
            Some(Value::Array(ts)) => {
                for t in ts.iter().filter_map(Value::as_str) {
                    s.types = s.types.union(super::node::Types::from_name(t));
                }
            }
            _ => {}
        }
        if let Some(Value::Array(e)) = map.get("enum") {
            s.enum_values = e.clone();
        }
        s.const_value = map.get("const").cloned();
        s.default = map.get("default").cloned();
        s.required = match map.get("required") {
            Some(Value::Array(r)) => r
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
            _ => Vec::new(),
        };
        s.never = map
            .get("not")
            .is_some_and(|n| n.as_object().is_some_and(|o| o.is_empty()));
        s.pattern = map
            .get("pattern")
            .and_then(Value::as_str)
            .map(|p| Pattern::new(p.to_owned()));
        s.format = map.get("format").and_then(Value::as_str).map(str::to_owned);
        s.min_length = map.get("minLength").and_then(Value::as_u64);
        s.max_length = map.get("maxLength").and_then(Value::as_u64);
        s.min_items = map.get("minItems").and_then(Value::as_u64);
        s.max_items = map.get("maxItems").and_then(Value::as_u64);
        s.zod = zod(map);

        if let Some(Value::Object(props)) = map.get("properties") {
            for (k, sub) in props {
                let child = self.build(sub, format!("{ptr}/properties/{}", escape(k)));
                s.properties.push((k.clone(), child));
            }
        }
        s.additional = match map.get("additionalProperties") {
            Some(Value::Bool(false)) => Additional::Forbidden,
            Some(sub @ Value::Object(_)) => {
                Additional::Schema(self.build(sub, format!("{ptr}/additionalProperties")))
            }
            _ => Additional::Allowed,
        };
        if let Some(sub) = map.get("propertyNames") {
            s.property_names = Some(self.build(sub, format!("{ptr}/propertyNames")));
        }
        if let Some(sub) = map.get("items") {
            s.items = Some(self.build(sub, format!("{ptr}/items")));
        }
        if let Some(Value::Array(branches)) = map.get("anyOf") {
            for (i, sub) in branches.iter().enumerate() {
                let child = self.build(sub, format!("{ptr}/anyOf/{i}"));
                s.any_of.push(child);
            }
        }
        if let Some(r) = map.get("$ref").and_then(Value::as_str) {
            self.refs.push((id, r.to_owned()));
        }
        self.nodes[id] = s;
        id
    }

    /// Make each `$ref` node a copy of its target (children are ids, so the
    /// copy is shallow), keeping the ref's own description when it has one,
    /// and adding its own zod facts (a `.catch()` around a shared schema
    /// is written on the `$ref`).
    fn resolve_refs(&mut self) {
        let targets: HashMap<SchemaId, &str> =
            self.refs.iter().map(|(id, r)| (*id, r.as_str())).collect();
        let mut resolved = Vec::new();
        for (id, _) in &self.refs {
            let mut cur = *id;
            let mut target = None;
            // A chain of refs ends at a non-ref node; a cycle of pure refs
            // resolves to "any".
            for _ in 0..64 {
                match targets.get(&cur).and_then(|r| self.pointers.get(*r)) {
                    Some(next) if targets.contains_key(next) => cur = *next,
                    Some(next) => {
                        target = Some(*next);
                        break;
                    }
                    None => break,
                }
            }
            resolved.push((*id, target));
        }
        for (id, target) in resolved {
            let own = self.nodes[id].description.take();
            let own_zod = self.nodes[id].zod.take();
            let mut copy = match target {
                Some(t) => self.nodes[t].clone(),
                None => Schema::any(self.set),
            };
            if own.is_some() {
                copy.description = own;
            }
            if let Some(own) = own_zod {
                copy.zod = Some(Box::new(match copy.zod.take() {
                    Some(base) => merged(*base, *own),
                    None => *own,
                }));
            }
            self.nodes[id] = copy;
        }
    }
}

/// The `x-` keywords of one schema (see README.md); `None` without any.
fn zod(map: &serde_json::Map<String, Value>) -> Option<Box<Zod>> {
    if !map.keys().any(|k| k.starts_with("x-")) {
        return None;
    }
    let flag = |k: &str| map.get(k).and_then(Value::as_bool).unwrap_or(false);
    let strict_when = match map.get("x-strict-when") {
        Some(Value::Object(m)) => m
            .iter()
            .map(|(k, keys)| {
                let keys = keys
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_str)
                            .map(str::to_owned)
                            .collect()
                    })
                    .unwrap_or_default();
                (k.clone(), keys)
            })
            .collect(),
        _ => Vec::new(),
    };
    let rules = match map.get("x-rules") {
        Some(Value::Array(rs)) => rs
            .iter()
            .filter_map(super::rules::Refinement::from_json)
            .collect(),
        _ => Vec::new(),
    };
    let messages = match map.get("x-messages") {
        Some(Value::Object(m)) => m
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
            .collect(),
        _ => Vec::new(),
    };
    let strings = |k: &str| -> Vec<String> {
        map.get(k)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default()
    };
    Some(Box::new(Zod {
        strict: flag("x-strict"),
        alternatives: strings("x-alternatives"),
        themes: strings("x-themes"),
        strict_when,
        catch: flag("x-catch"),
        trim: flag("x-trim"),
        if_key: map
            .get("x-if-key")
            .and_then(Value::as_str)
            .map(str::to_owned),
        rules,
        messages,
    }))
}

/// A `$ref`'s own facts on top of its target's.
fn merged(mut base: Zod, own: Zod) -> Zod {
    base.strict |= own.strict;
    base.catch |= own.catch;
    base.trim |= own.trim;
    base.if_key = own.if_key.or(base.if_key);
    base.strict_when.extend(own.strict_when);
    base.alternatives.extend(own.alternatives);
    base.themes.extend(own.themes);
    base.rules.extend(own.rules);
    base.messages.extend(own.messages);
    base
}
