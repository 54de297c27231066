//! Whether the platform accepts a spec, as its prebuild decides: it reads
//! each JSON/YAML file with js-yaml 4 (a duplicated key is a syntax error),
//! and `validate` of `@mintlify/common` refuses a spec with a `$ref` to
//! another file or a URL, one whose `openapi` is not a string naming 3.0,
//! 3.1 or 3.2, and one that does not match the OpenAPI JSON Schema of its
//! version (`@mintlify/openapi-parser`: ajv). A refused spec is left out of
//! the build: its endpoints get no API page.
//!
//! The 3.0 schema is the platform's own (`oas30.schema.json`, copied by
//! `tools/openapi-schema/extract.mjs`), checked here with the draft-04
//! keywords it uses (`format` is not checked). The 3.1 schema hardly looks
//! inside Schema objects (`type: objeto` passes it) and 3.2 is the newest
//! platform's: specs of those versions are held to the other rules only.
//!
//! Valid specs are the common case and can be large (13 MB): they are
//! checked without building an error, and only a refused one is walked
//! again to say where and why.
//!
//! Its parts: `verdict` (the [`Refusal`] and the path to a fault), `doc`
//! (what the rules read of a tree), `borrowed` (the tree a JSON spec is read
//! into), `js_yaml` (reading a JSON spec as js-yaml 4 does), `scan` (the
//! scans for a repeated key and a `$ref` to another file) and `oas30_schema`
//! (the 3.0 JSON Schema, compiled and checked); the rules and the verdict
//! on a JSON text are here.

mod borrowed;
mod doc;
mod js_yaml;
mod oas30_schema;
mod text_scans;
mod verdict;

pub use borrowed::B;
pub use doc::{Doc, Ty};
pub use js_yaml::read_json;
pub use verdict::{Refusal, SpecPathSeg, show_path};

use js_yaml::read_json_seen;
use oas30_schema::{CompiledSchema, OAS30, explain, valid};
use text_scans::{Lean, LeanSeed, external_ref};

/// The rules of the platform's `validate` on a document read without a
/// syntax error (duplicated keys are the reader's business).
pub fn check<D: Doc>(root: &D) -> Option<Refusal> {
    check_with(root, true)
}

/// [`check`], the walk for a `$ref` to another file left out when the
/// reader has seen there is none.
fn check_with<D: Doc>(root: &D, foreign_refs: bool) -> Option<Refusal> {
    if foreign_refs && let Some(r) = external_ref(root) {
        return Some(r);
    }
    let Some(version) = root.get("openapi") else {
        // An AsyncAPI document (validated by another package), or not a
        // spec at all: not this module's business.
        return None;
    };
    let Some(v) = version.str_() else {
        return Some(Refusal {
            path: vec![SpecPathSeg::Key("openapi".into())],
            at_key: false,
            message: "`openapi` must be a string such as \"3.1.0\" (a YAML `3.1` is a number): the validator finds no supported version".into(),
        });
    };
    if !(v.starts_with("3.0") || v.starts_with("3.1") || v.starts_with("3.2")) {
        return Some(Refusal {
            path: vec![SpecPathSeg::Key("openapi".into())],
            at_key: false,
            message: format!(
                "OpenAPI version \"{v}\" is not one the platform supports (3.0, 3.1, 3.2)"
            ),
        });
    }
    if !v.starts_with("3.0") {
        return None;
    }
    let schema = &*OAS30;
    if valid(schema, CompiledSchema::ROOT, root) {
        return None;
    }
    let mut r = explain(schema, CompiledSchema::ROOT, root, &[]).unwrap_or(Refusal {
        path: Vec::new(),
        at_key: false,
        message: "does not match the OpenAPI 3.0 schema".into(),
    });
    r.message = format!("{} (OpenAPI 3.0 schema)", r.message);
    Some(r)
}

/// [`check`] on a JSON text, with the repeated-key rule of js-yaml 4:
/// `Err` with the path of a repeated key, `Ok` with the refusal if any;
/// `None` when serde cannot read the text. A 3.0 spec is read into a tree
/// for its schema; others (3.1, 3.2, AsyncAPI) are scanned for a repeated
/// key or a foreign `$ref` without one, and read into a tree only to say
/// where a fault is.
pub fn judge_json(text: &str) -> Option<Result<Option<Refusal>, Vec<SpecPathSeg>>> {
    let mut version: Option<String> = None;
    crate::syntax::json_skim::find_top_level(text, |k, v| {
        if k == "openapi" {
            version = Some(v.trim().chars().take(8).collect());
            return true;
        }
        false
    });
    let plain = |v: &String| v.starts_with("\"3.1") || v.starts_with("\"3.2");
    if version.as_ref().is_none_or(plain) {
        let mut lean = Lean::default();
        let mut de = serde_json::Deserializer::from_str(text);
        serde::de::DeserializeSeed::deserialize(
            LeanSeed {
                lean: &mut lean,
                is_ref: false,
            },
            &mut de,
        )
        .ok()?;
        de.end().ok()?;
        if !lean.repeated && !lean.foreign_ref {
            return Some(Ok(None));
        }
    }
    let (read, foreign_refs) = read_json_seen(text)?;
    Some(read.map(|doc| check_with(&doc, foreign_refs)))
}

#[cfg(test)]
mod tests;
