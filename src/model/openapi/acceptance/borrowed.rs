//! The borrowed tree a JSON spec is read into for validation: strings and
//! keys point into the text where they hold no escape.

use super::doc::{Doc, Ty};

/// A JSON value that borrows its strings from the text where it can: a
/// 13 MB spec is read for validation without a string copy per key.
#[derive(Debug)]
pub enum B<'a> {
    Null,
    Bool(bool),
    Num(f64),
    Str(std::borrow::Cow<'a, str>),
    Arr(Vec<B<'a>>),
    Obj(Vec<(std::borrow::Cow<'a, str>, B<'a>)>),
}

impl Doc for B<'_> {
    fn ty(&self) -> Ty {
        match self {
            B::Null => Ty::Null,
            B::Bool(_) => Ty::Bool,
            B::Num(_) => Ty::Number,
            B::Str(_) => Ty::String,
            B::Arr(_) => Ty::Array,
            B::Obj(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        match self {
            B::Num(n) => Some(*n),
            _ => None,
        }
    }
    fn str_(&self) -> Option<&str> {
        match self {
            B::Str(s) => Some(s),
            _ => None,
        }
    }
    fn boolean(&self) -> Option<bool> {
        match self {
            B::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn items(&self) -> &[Self] {
        match self {
            B::Arr(a) => a,
            _ => &[],
        }
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        let members: &[(std::borrow::Cow<'_, str>, B<'_>)] = match self {
            B::Obj(m) => m,
            _ => &[],
        };
        members.iter().map(|(k, v)| (&**k, v))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        match self {
            B::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn merges(&self) -> bool {
        false
    }
}

/// A key, borrowed from the text when it holds no escape.
pub(super) struct BorrowedKey<'a>(pub(super) std::borrow::Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for BorrowedKey<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = BorrowedKey<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<BorrowedKey<'de>, E> {
                Ok(BorrowedKey(std::borrow::Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<BorrowedKey<'de>, E> {
                Ok(BorrowedKey(std::borrow::Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}
