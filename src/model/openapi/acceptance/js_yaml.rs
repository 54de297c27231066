//! A JSON spec read as the platform's js-yaml 4 reads it: into a
//! [`B`] tree, or the path to the first key an object repeats (js-yaml
//! refuses the file). Values the 3.0 schema does not look into are only
//! scanned.

use super::borrowed::{B, BorrowedKey};
use super::text_scans::{Lean, LeanSeed};
use super::verdict::SpecPathSeg;

/// A JSON text read as js-yaml 4 reads it: the value, or the path to the
/// first key an object repeats (js-yaml refuses the file: "duplicated
/// mapping key"). `None` when serde cannot read it (the caller's strict
/// reader has said why).
///
/// Values the 3.0 schema allows to be anything (`example`, `default`, an
/// Example's `value`, `x-` extensions: a third of GitHub's spec) are only
/// scanned, as `Null`, unless they hide a repeated key or a `$ref` to
/// another file: then the text is read again in full, to say where.
pub fn read_json(text: &str) -> Option<Result<B<'_>, Vec<SpecPathSeg>>> {
    Some(read_json_seen(text)?.0)
}

/// [`read_json`], and whether a `$ref` to another file was seen.
pub(super) fn read_json_seen(text: &str) -> Option<(Result<B<'_>, Vec<SpecPathSeg>>, bool)> {
    let mut seen = Lean::default();
    let fast = read_json_with(text, Some(&mut seen))?;
    if seen.repeated || seen.foreign_ref && !skipped_only_refs(&seen) {
        return Some((read_json_with(text, None)?, true));
    }
    Some((fast, seen.foreign_ref))
}

/// Whether a foreign `$ref` seen was outside the skipped parts too: it is
/// in the tree, where [`super::check`] finds its path.
fn skipped_only_refs(seen: &Lean) -> bool {
    !seen.foreign_ref_skipped
}

fn read_json_with<'t>(
    text: &'t str,
    skipped: Option<&mut Lean<'t>>,
) -> Option<Result<B<'t>, Vec<SpecPathSeg>>> {
    // serde_json's nesting limit (128) holds: a deeper spec is not judged.
    let mut de = serde_json::Deserializer::from_str(text);
    let skip = skipped.is_some();
    let mut sink = Lean::default();
    let seed = ReadSeed {
        skipped: skipped.unwrap_or(&mut sink),
        skip,
        names: false,
        variables: false,
    };
    let Read(v, dup) = serde::de::DeserializeSeed::deserialize(seed, &mut de).ok()?;
    de.end().ok()?;
    Some(match dup {
        Some(mut p) => {
            p.reverse();
            Err(p)
        }
        None => Ok(v),
    })
}

/// A value, and the path (innermost first) to its first repeated key.
struct Read<'a>(B<'a>, Option<Vec<SpecPathSeg>>);

/// Maps of OpenAPI 3.0 whose keys are names the writer chose (a property
/// called `example` is a schema, not an example).
const NAME_MAPS: &[&str] = &[
    "paths",
    "schemas",
    "responses",
    "parameters",
    "examples",
    "requestBodies",
    "headers",
    "securitySchemes",
    "links",
    "callbacks",
    "properties",
    "content",
    "encoding",
    "variables",
    "scopes",
    "mapping",
];

struct ReadSeed<'s, 'de> {
    /// Where what is skipped reports a repeated key or a foreign `$ref`.
    skipped: &'s mut Lean<'de>,
    skip: bool,
    /// This value sits under a key of [`NAME_MAPS`].
    names: bool,
    /// This value is a map of server `variables`, or one of its variables
    /// (whose `default` is a string the schema checks).
    variables: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for ReadSeed<'_, 'de> {
    type Value = Read<'de>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Read<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for ReadSeed<'_, 'de> {
    type Value = Read<'de>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Read<'de>, E> {
        Ok(Read(B::Bool(v), None))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v as f64), None))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v as f64), None))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v), None))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Read<'de>, E> {
        Ok(Read(B::Str(std::borrow::Cow::Borrowed(v)), None))
    }
    fn visit_str<E>(self, v: &str) -> Result<Read<'de>, E> {
        Ok(Read(B::Str(std::borrow::Cow::Owned(v.to_string())), None))
    }
    fn visit_unit<E>(self) -> Result<Read<'de>, E> {
        Ok(Read(B::Null, None))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Read<'de>, A::Error> {
        let mut items = Vec::new();
        let mut dup = None;
        while let Some(Read(v, d)) = a.next_element_seed(ReadSeed {
            skipped: &mut *self.skipped,
            skip: self.skip,
            names: false,
            variables: false,
        })? {
            if dup.is_none()
                && let Some(mut p) = d
            {
                p.push(SpecPathSeg::Index(items.len()));
                dup = Some(p);
            }
            items.push(v);
        }
        Ok(Read(B::Arr(items), dup))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Read<'de>, A::Error> {
        let mut members: Vec<(std::borrow::Cow<'de, str>, B<'de>)> = Vec::new();
        let mut dup = None;
        while let Some(BorrowedKey(k)) = a.next_key()? {
            if self.skip
                && !self.names
                && (k == "example"
                    || k == "default" && !self.variables
                    || k == "value"
                    || k.starts_with("x-"))
            {
                let before = self.skipped.foreign_ref;
                a.next_value_seed(LeanSeed {
                    lean: &mut *self.skipped,
                    is_ref: false,
                })?;
                if self.skipped.foreign_ref && !before {
                    self.skipped.foreign_ref_skipped = true;
                }
                members.push((k, B::Null));
                continue;
            }
            let is_ref = k == "$ref";
            let names = !self.names && NAME_MAPS.contains(&&*k);
            let Read(v, d) = a.next_value_seed(ReadSeed {
                skipped: &mut *self.skipped,
                skip: self.skip,
                names,
                variables: if self.names {
                    self.variables
                } else {
                    k == "variables"
                },
            })?;
            if is_ref
                && let B::Str(r) = &v
                && !r.starts_with('#')
            {
                self.skipped.foreign_ref = true;
            }
            if dup.is_none()
                && let Some(mut p) = d
            {
                p.push(SpecPathSeg::Key(k.to_string()));
                dup = Some(p);
            }
            members.push((k, v));
        }
        if dup.is_none() {
            dup = repeated(&members).map(|k| vec![SpecPathSeg::Key(k.to_string())]);
        }
        Ok(Read(B::Obj(members), dup))
    }
}

/// The first key `members` repeats.
fn repeated<'m>(members: &'m [(std::borrow::Cow<'_, str>, B<'_>)]) -> Option<&'m str> {
    if members.len() <= 16 {
        return members
            .iter()
            .enumerate()
            .find(|(i, (k, _))| members[..*i].iter().any(|(q, _)| q == k))
            .map(|(_, (k, _))| &**k);
    }
    let mut keys: Vec<&str> = members.iter().map(|(k, _)| &**k).collect();
    keys.sort_unstable();
    keys.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}
