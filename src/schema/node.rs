//! One schema as data: the types, properties, items and refinements a value
//! may have, in an arena per loaded file (the navigation schema is
//! recursive), with accessors that never panic.

use super::rules;
use regex::Regex;
use std::fmt;
use std::sync::OnceLock;

pub(crate) type SchemaId = usize;

/// The arena one schema file was loaded into.
pub(crate) struct SchemaSet {
    pub(super) nodes: OnceLock<Vec<Schema>>,
}

pub(super) static EMPTY_SET: SchemaSet = SchemaSet {
    nodes: OnceLock::new(),
};

/// Stands in for a child that cannot be found, so that lookups never panic.
pub(super) static ANY: Schema = Schema::any(&EMPTY_SET);

/// JSON types as a bitset; empty means "any type".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Types(u8);

impl Types {
    pub const NULL: Types = Types(1);
    pub const BOOLEAN: Types = Types(2);
    pub const INTEGER: Types = Types(4);
    pub const NUMBER: Types = Types(8);
    pub const STRING: Types = Types(16);
    pub const ARRAY: Types = Types(32);
    pub const OBJECT: Types = Types(64);

    const NAMES: [(Types, &'static str); 7] = [
        (Types::STRING, "string"),
        (Types::NUMBER, "number"),
        (Types::INTEGER, "integer"),
        (Types::BOOLEAN, "boolean"),
        (Types::OBJECT, "object"),
        (Types::ARRAY, "array"),
        (Types::NULL, "null"),
    ];

    pub fn from_name(name: &str) -> Types {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(Types(0), |(t, _)| *t)
    }

    pub fn is_any(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, other: Types) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    pub fn union(self, other: Types) -> Types {
        Types(self.0 | other.0)
    }

    /// Type names in a stable order, for messages and completion.
    pub fn names(self) -> Vec<&'static str> {
        Self::NAMES
            .iter()
            .filter(|(t, _)| self.contains(*t))
            .map(|(_, n)| *n)
            .collect()
    }
}

/// What an object says about keys it does not list.
#[derive(Debug, Clone, Copy)]
pub enum AdditionalProperties<'a> {
    Allowed,
    Forbidden,
    Schema(&'a Schema),
}

#[derive(Clone, Copy)]
pub(crate) enum Additional {
    Allowed,
    Forbidden,
    Schema(SchemaId),
}

/// A compiled-on-first-use `pattern`.
pub(crate) struct Pattern {
    pub(super) source: String,
    pub(super) compiled: OnceLock<Option<Regex>>,
}

impl Clone for Pattern {
    fn clone(&self) -> Self {
        Pattern::new(self.source.clone())
    }
}

impl Pattern {
    pub(super) fn new(source: String) -> Self {
        Pattern {
            source,
            compiled: OnceLock::new(),
        }
    }

    /// `None` when the pattern is not a valid Rust regex: we then skip the
    /// check rather than guess.
    pub(super) fn is_match(&self, s: &str) -> Option<bool> {
        self.compiled
            .get_or_init(|| Regex::new(&self.source).ok())
            .as_ref()
            .map(|r| r.is_match(s))
    }
}

/// One JSON Schema node (the subset the platform's schema uses).
#[derive(Clone)]
pub struct Schema {
    pub(super) set: &'static SchemaSet,
    pub(super) description: Option<String>,
    pub(super) types: Types,
    pub(super) enum_values: Vec<serde_json::Value>,
    pub(super) const_value: Option<serde_json::Value>,
    pub(super) default: Option<serde_json::Value>,
    pub(super) properties: Vec<(String, SchemaId)>,
    pub(super) required: Vec<String>,
    pub(super) additional: Additional,
    pub(super) property_names: Option<SchemaId>,
    pub(super) items: Option<SchemaId>,
    pub(super) any_of: Vec<SchemaId>,
    /// `{"not": {}}`: no value is valid (a key the platform forbids here).
    pub(super) never: bool,
    pub(super) pattern: Option<Pattern>,
    pub(super) format: Option<String>,
    pub(super) min_length: Option<u64>,
    pub(super) max_length: Option<u64>,
    pub(super) min_items: Option<u64>,
    pub(super) max_items: Option<u64>,
    /// What the platform's zod source says in code (`x-` keywords of the
    /// schema data, see README.md).
    /// Boxed and absent for most schemas: few carry any.
    pub(super) zod: Option<Box<Zod>>,
    /// [`Schema::accepted_types`], computed on first use: asked for every
    /// `anyOf` branch at every node of a 25,000-entry navigation.
    pub(super) accepted: std::sync::OnceLock<Types>,
}

/// The platform's rules a JSON Schema projection of its zod schemas drops,
/// as tools/schema/extract.py writes them (`x-` keywords).
#[derive(Debug, Clone)]
pub(crate) struct Zod {
    /// `.strict()`: an unknown key is refused ("Unrecognized key(s) in
    /// object"), the build fails; other objects drop unknown keys.
    pub(super) strict: bool,
    /// Keys that make the object strict when present, with the keys it may
    /// then hold (a tab with `graphql` or `sdk`).
    pub(super) strict_when: Vec<(String, Vec<String>)>,
    /// Keys of which the platform needs one valid, in the order it tries
    /// them (the root of `navigation`, a union of one-list shapes): when
    /// the object holds several, an invalid one is dropped if one of the
    /// others is valid.
    pub(super) alternatives: Vec<String>,
    /// The themes whose configuration has this key (`variations`: willow);
    /// with another `theme` the platform drops it.
    pub(super) themes: Vec<String>,
    /// `.catch()`: an invalid value is dropped, not refused.
    pub(super) catch: bool,
    /// `.trim()`: checks see the string without surrounding whitespace.
    pub(super) trim: bool,
    /// An `anyOf` branch taken by every object holding this key, and by no
    /// other (`{"sourceRef": ...}` navigation entries).
    pub(super) if_key: Option<String>,
    /// Refinements, with the platform's messages.
    pub(super) rules: Vec<rules::Refinement>,
    /// The platform's own messages for a failed check, by keyword
    /// (`format`, `pattern`, `minLength`, `maxLength`).
    pub(super) messages: Vec<(String, String)>,
}

pub(super) static NO_ZOD: Zod = Zod {
    strict: false,
    strict_when: Vec::new(),
    alternatives: Vec::new(),
    themes: Vec::new(),
    catch: false,
    trim: false,
    if_key: None,
    rules: Vec::new(),
    messages: Vec::new(),
};

impl fmt::Debug for Schema {
    // The arena is not printed: it holds every schema of the file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Schema")
            .field("types", &self.types.names())
            .field("description", &self.description)
            .field(
                "properties",
                &self.properties.iter().map(|(k, _)| k).collect::<Vec<_>>(),
            )
            .field("any_of", &self.any_of.len())
            .finish_non_exhaustive()
    }
}

impl Schema {
    pub(super) const fn any(set: &'static SchemaSet) -> Schema {
        Schema {
            set,
            description: None,
            types: Types(0),
            enum_values: Vec::new(),
            const_value: None,
            default: None,
            properties: Vec::new(),
            required: Vec::new(),
            additional: Additional::Allowed,
            property_names: None,
            items: None,
            any_of: Vec::new(),
            never: false,
            pattern: None,
            format: None,
            min_length: None,
            max_length: None,
            min_items: None,
            max_items: None,
            zod: None,
            accepted: std::sync::OnceLock::new(),
        }
    }

    pub(super) fn child(&self, id: SchemaId) -> &Schema {
        self.set
            .nodes
            .get()
            .and_then(|nodes| nodes.get(id))
            .unwrap_or(&ANY)
    }

    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// Declared types; empty ([`Types::is_any`]) when the schema does not say.
    pub fn types(&self) -> Types {
        self.types
    }

    pub fn enum_values(&self) -> &[serde_json::Value] {
        &self.enum_values
    }

    pub fn const_value(&self) -> Option<&serde_json::Value> {
        self.const_value.as_ref()
    }

    pub fn default_value(&self) -> Option<&serde_json::Value> {
        self.default.as_ref()
    }

    pub fn format(&self) -> Option<&str> {
        self.format.as_deref()
    }

    pub fn pattern(&self) -> Option<&str> {
        self.pattern.as_ref().map(|p| p.source.as_str())
    }

    pub fn min_length(&self) -> Option<u64> {
        self.min_length
    }

    pub fn min_items(&self) -> Option<u64> {
        self.min_items
    }

    pub fn is_never(&self) -> bool {
        self.never
    }

    pub(crate) fn zod(&self) -> &Zod {
        self.zod.as_deref().unwrap_or(&NO_ZOD)
    }

    /// Whether an unknown key here fails the build (the platform's object
    /// is `.strict()`), rather than being dropped.
    pub fn is_strict(&self) -> bool {
        self.zod().strict
    }

    /// When `node` holds a key that makes this object strict (a tab's
    /// `graphql`), the keys it may then hold.
    pub fn strict_keys(&self, node: &crate::syntax::tree::Node) -> Option<&[String]> {
        self.zod()
            .strict_when
            .iter()
            .find(|(k, _)| node.prop(k).is_some())
            .map(|(_, keys)| keys.as_slice())
    }

    /// Whether an invalid value here is dropped by the platform
    /// (`.catch()`) rather than refused.
    pub fn drops_invalid(&self) -> bool {
        self.zod().catch
    }

    pub fn required(&self) -> &[String] {
        &self.required
    }

    pub fn is_required(&self, key: &str) -> bool {
        self.required.iter().any(|r| r == key)
    }

    /// This schema's own properties, in declaration order.
    pub fn own_properties(&self) -> impl Iterator<Item = (&str, &Schema)> {
        self.properties
            .iter()
            .map(|(k, id)| (k.as_str(), self.child(*id)))
    }

    /// The schema of property `key` declared here (not through `anyOf`).
    pub fn property(&self, key: &str) -> Option<&Schema> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, id)| self.child(*id))
    }

    /// Every key an object here may have: own properties, then those of
    /// `anyOf` branches (first declaration wins); forbidden keys left out.
    pub fn property_names(&self) -> impl Iterator<Item = (&str, &Schema)> {
        let mut out: Vec<(&str, &Schema)> = Vec::new();
        for s in self.flatten() {
            for (k, v) in s.own_properties() {
                if !v.never && !out.iter().any(|(seen, _)| *seen == k) {
                    out.push((k, v));
                }
            }
        }
        out.into_iter()
    }

    pub fn additional_properties(&self) -> AdditionalProperties<'_> {
        match self.additional {
            Additional::Allowed => AdditionalProperties::Allowed,
            Additional::Forbidden => AdditionalProperties::Forbidden,
            Additional::Schema(id) => AdditionalProperties::Schema(self.child(id)),
        }
    }

    /// The schema keys must match (`propertyNames`), e.g. the social networks.
    pub fn property_names_schema(&self) -> Option<&Schema> {
        self.property_names.map(|id| self.child(id))
    }

    pub fn items(&self) -> Option<&Schema> {
        self.items.map(|id| self.child(id))
    }

    pub fn any_of(&self) -> impl DoubleEndedIterator<Item = &Schema> {
        self.any_of.iter().map(|id| self.child(*id))
    }

    /// This schema and, depth-first, every schema reachable through `anyOf`.
    pub fn flatten(&self) -> Vec<&Schema> {
        let mut out: Vec<&Schema> = Vec::new();
        let mut stack = vec![(self, 0usize)];
        while let Some((s, depth)) = stack.pop() {
            if out.iter().any(|o| std::ptr::eq(*o, s)) {
                continue;
            }
            out.push(s);
            if depth < 16 {
                stack.extend(s.any_of().rev().map(|b| (b, depth + 1)));
            }
        }
        out
    }

    /// The types a value may have here, through `anyOf`; empty means any.
    pub fn accepted_types(&self) -> Types {
        *self.accepted.get_or_init(|| self.compute_accepted_types())
    }

    pub(super) fn compute_accepted_types(&self) -> Types {
        let mut t = Types(0);
        for s in self.flatten() {
            // anyOf wrappers contribute through their branches.
            if s.never || !s.any_of.is_empty() && s.types.is_any() {
                continue;
            }
            if s.types.is_any() {
                return Types(0);
            }
            t = t.union(s.types);
        }
        t
    }

    /// String values allowed here (`enum` and `const`), through `anyOf`.
    pub fn enum_strings(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for s in self.flatten() {
            let values = s.enum_values.iter().chain(s.const_value.iter());
            for v in values.filter_map(|v| v.as_str()) {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }
}

impl Schema {
    /// [`Schema::enum_strings`], each with its documentation: the
    /// description of the `const` branch that names it (the schema data
    /// writes documented values as `anyOf` of `{"const", "description"}`),
    /// none for a value of a plain `enum`.
    pub fn documented_values(&self) -> Vec<(&str, Option<&str>)> {
        let mut out: Vec<(&str, Option<&str>)> = Vec::new();
        for s in self.flatten() {
            let own = s.const_value.iter().map(|v| (v, s.description()));
            let listed = s.enum_values.iter().map(|v| (v, None));
            for (v, doc) in own.chain(listed) {
                if let Some(v) = v.as_str()
                    && !out.iter().any(|(seen, _)| *seen == v)
                {
                    out.push((v, doc));
                }
            }
        }
        out
    }
}
