//! One value tree for JSON and YAML, with the file and byte range of every
//! node, so that schema checks, navigation rules and the endpoint index work
//! the same on docs.json, `$ref` files, front matter and specs.

use std::ops::Range;

/// Index of a source file in a site's file table.
pub type FileId = u32;

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub file: FileId,
    pub range: Range<usize>,
    pub value: Value,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(std::sync::Arc<str>),
    Array(std::sync::Arc<[Node]>),
    Object(std::sync::Arc<[Prop]>),
}

/// An object member. The key lives in the same file as its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Prop {
    pub key: compact_str::CompactString,
    pub key_range: Range<usize>,
    pub value: Node,
}

impl Node {
    pub fn new(file: FileId, range: Range<usize>, value: Value) -> Self {
        Node { file, range, value }
    }

    /// This tree as it would be read from `file`: the same values and
    /// ranges, every node in `file`. Strings are shared, not copied. Pages
    /// with identical text are parsed once and each gets its own copy.
    pub fn in_file(&self, file: FileId) -> Node {
        let value = match &self.value {
            Value::Array(items) => Value::Array(items.iter().map(|n| n.in_file(file)).collect()),
            Value::Object(props) => Value::Object(
                props
                    .iter()
                    .map(|p| Prop {
                        key: p.key.clone(),
                        key_range: p.key_range.clone(),
                        value: p.value.in_file(file),
                    })
                    .collect(),
            ),
            v => v.clone(),
        };
        Node::new(file, self.range.clone(), value)
    }

    /// The member `key` of an object (the last one when a key repeats, as
    /// JSON parsers keep the last).
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.prop(key).map(|p| &p.value)
    }

    pub fn prop(&self, key: &str) -> Option<&Prop> {
        match &self.value {
            Value::Object(props) => props.iter().rev().find(|p| p.key == key),
            _ => None,
        }
    }

    pub fn props(&self) -> &[Prop] {
        match &self.value {
            Value::Object(props) => props,
            _ => &[],
        }
    }

    pub fn items(&self) -> &[Node] {
        match &self.value {
            Value::Array(items) => items,
            _ => &[],
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.value {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self.value, Value::Object(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self.value, Value::Array(_))
    }

    /// The JSON type name, as messages and the schema use it.
    pub fn kind_name(&self) -> &'static str {
        match &self.value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.fract() == 0.0 => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// Visit every node depth-first, iteratively (trees can be deep).
    pub fn walk<'a>(&'a self, mut f: impl FnMut(&'a Node)) {
        let mut stack = vec![self];
        while let Some(n) = stack.pop() {
            f(n);
            match &n.value {
                Value::Array(items) => stack.extend(items.iter().rev()),
                Value::Object(props) => stack.extend(props.iter().rev().map(|p| &p.value)),
                _ => {}
            }
        }
    }

    /// The innermost node of `file` whose range holds `offset`, with the path
    /// of keys/indices that leads to it.
    pub fn node_at(&self, file: FileId, offset: usize) -> Vec<PathStep<'_>> {
        let mut path = Vec::new();
        let mut cur = self;
        'outer: loop {
            match &cur.value {
                Value::Object(props) => {
                    for p in props.iter() {
                        if p.value.file == file
                            && (p.key_range.start <= offset && offset <= p.key_range.end
                                || p.value.range.start <= offset && offset <= p.value.range.end)
                        {
                            path.push(PathStep::Key(p));
                            cur = &p.value;
                            continue 'outer;
                        }
                    }
                    return path;
                }
                Value::Array(items) => {
                    for (i, n) in items.iter().enumerate() {
                        if n.file == file && n.range.start <= offset && offset <= n.range.end {
                            path.push(PathStep::Index(i, n));
                            cur = n;
                            continue 'outer;
                        }
                    }
                    return path;
                }
                _ => return path,
            }
        }
    }
}

/// One step from a node to a child.
#[derive(Debug, Clone, Copy)]
pub enum PathStep<'a> {
    Key(&'a Prop),
    Index(usize, &'a Node),
}

impl<'a> PathStep<'a> {
    pub fn node(&self) -> &'a Node {
        match self {
            PathStep::Key(p) => &p.value,
            PathStep::Index(_, n) => n,
        }
    }
}
