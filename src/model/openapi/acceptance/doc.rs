//! What the validator reads of a document, whichever reader built it: the
//! same rules judge a `serde_json::Value`, a YAML tree and a borrowed tree.

use serde_json::Value as J;

/// What the validator reads of a document: a `serde_json::Value` (JSON
/// specs) or a [`crate::syntax::tree::Node`] (YAML specs).
pub trait Doc {
    fn ty(&self) -> Ty;
    fn num(&self) -> Option<f64>;
    fn str_(&self) -> Option<&str>;
    fn boolean(&self) -> Option<bool>;
    fn items(&self) -> &[Self]
    where
        Self: Sized;
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)>
    where
        Self: Sized;
    fn get(&self, key: &str) -> Option<&Self>
    where
        Self: Sized;
    /// Object members that cannot be known here (YAML `<<` merge keys,
    /// which this reader leaves unmerged): keys are not judged.
    fn merges(&self) -> bool;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl Doc for J {
    fn ty(&self) -> Ty {
        match self {
            J::Null => Ty::Null,
            J::Bool(_) => Ty::Bool,
            J::Number(_) => Ty::Number,
            J::String(_) => Ty::String,
            J::Array(_) => Ty::Array,
            J::Object(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        self.as_f64()
    }
    fn str_(&self) -> Option<&str> {
        self.as_str()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> &[Self] {
        self.as_array().map_or(&[], |v| v.as_slice())
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.as_object()
            .into_iter()
            .flat_map(|m| m.iter().map(|(k, v)| (k.as_str(), v)))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        self.as_object()?.get(key)
    }
    fn merges(&self) -> bool {
        false
    }
}

impl Doc for crate::syntax::tree::Node {
    fn ty(&self) -> Ty {
        use crate::syntax::tree::Value as V;
        match &self.value {
            V::Null => Ty::Null,
            V::Bool(_) => Ty::Bool,
            V::Number(_) => Ty::Number,
            V::String(_) => Ty::String,
            V::Array(_) => Ty::Array,
            V::Object(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        match self.value {
            crate::syntax::tree::Value::Number(n) => Some(n),
            _ => None,
        }
    }
    fn str_(&self) -> Option<&str> {
        self.as_str()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> &[Self] {
        crate::syntax::tree::Node::items(self)
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.props().iter().map(|p| (p.key.as_str(), &p.value))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        crate::syntax::tree::Node::get(self, key)
    }
    fn merges(&self) -> bool {
        self.props().iter().any(|p| p.key == "<<")
    }
}
