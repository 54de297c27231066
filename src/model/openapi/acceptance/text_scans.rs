//! The scans that need no tree: for a key an object repeats (js-yaml
//! refuses the file) and for a `$ref` to another file or a URL (the
//! platform's `validate` refuses the spec).

use super::borrowed::BorrowedKey;
use super::doc::{Doc, Ty};
use super::verdict::{Refusal, SpecPathSeg};

/// A `$ref` that does not start with `#` (another file, a URL): the
/// platform refuses the whole spec ("External $ref references are not
/// allowed"). The path is built on the way back, for the one found.
pub(super) fn external_ref<D: Doc>(node: &D) -> Option<Refusal> {
    fn find<D: Doc>(node: &D) -> Option<(Vec<SpecPathSeg>, String)> {
        match node.ty() {
            Ty::Object => {
                for (k, v) in node.entries() {
                    if k == "$ref"
                        && let Some(r) = v.str_()
                        && !r.starts_with('#')
                    {
                        return Some((vec![SpecPathSeg::Key(k.into())], r.to_string()));
                    }
                    if matches!(v.ty(), Ty::Object | Ty::Array)
                        && let Some((mut p, r)) = find(v)
                    {
                        p.push(SpecPathSeg::Key(k.into()));
                        return Some((p, r));
                    }
                }
                None
            }
            Ty::Array => node.items().iter().enumerate().find_map(|(i, v)| {
                let (mut p, r) = find(v)?;
                p.push(SpecPathSeg::Index(i));
                Some((p, r))
            }),
            _ => None,
        }
    }
    let (mut path, r) = find(node)?;
    path.reverse();
    Some(Refusal {
        path,
        at_key: false,
        message: format!(
            "`$ref: {r}` names another file or a URL: the platform allows only references inside the spec (`#/components/...`)"
        ),
    })
}

/// What a scan without a tree found.
#[derive(Default)]
pub(super) struct Lean<'de> {
    /// The keys of the objects being read, innermost last.
    keys: Vec<std::borrow::Cow<'de, str>>,
    pub(super) repeated: bool,
    pub(super) foreign_ref: bool,
    /// A foreign `$ref` was in a part [`super::read_json`] skipped (not in its tree).
    pub(super) foreign_ref_skipped: bool,
}

pub(super) struct LeanSeed<'a, 'de> {
    pub(super) lean: &'a mut Lean<'de>,
    /// The value of a `$ref` key.
    pub(super) is_ref: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for LeanSeed<'_, 'de> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for LeanSeed<'_, 'de> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, v: &str) -> Result<(), E> {
        if self.is_ref && !v.starts_with('#') {
            self.lean.foreign_ref = true;
        }
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        while a
            .next_element_seed(LeanSeed {
                lean: &mut *self.lean,
                is_ref: false,
            })?
            .is_some()
        {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        let start = self.lean.keys.len();
        while let Some(BorrowedKey(k)) = a.next_key()? {
            let is_ref = k == "$ref";
            let own = &self.lean.keys[start..];
            if !self.lean.repeated && own.len() <= 32 && own.contains(&k) {
                self.lean.repeated = true;
            }
            self.lean.keys.push(k);
            a.next_value_seed(LeanSeed {
                lean: &mut *self.lean,
                is_ref,
            })?;
        }
        // Big objects (`paths`, `components.schemas`): sorted once.
        if !self.lean.repeated && self.lean.keys.len() - start > 32 {
            let mut own: Vec<&str> = self.lean.keys[start..].iter().map(|k| &**k).collect();
            own.sort_unstable();
            self.lean.repeated = own.windows(2).any(|w| w[0] == w[1]);
        }
        self.lean.keys.truncate(start);
        Ok(())
    }
}
