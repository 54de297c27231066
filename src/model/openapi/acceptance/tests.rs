//! Each case against what the platform's validator says of it
//! (`validate` of `@mintlify/common` 1.0.1182 after js-yaml 4.3.1, run on
//! these texts; the verdict is written beside each case in the fixture).

use crate::model::openapi::SpecIndex;

/// The cases of `tests/fixtures/openapi-validate/cases.txt`: name, the
/// platform's verdict, the spec's text.
fn cases() -> Vec<(&'static str, &'static str, &'static str)> {
    let all = include_str!("../../../../tests/fixtures/openapi-validate/cases.txt");
    all.split("=== ")
        .skip(1)
        .map(|case| {
            let (head, text) = case.split_once('\n').unwrap();
            let (name, platform) = head.split_once(": ").unwrap();
            (name, platform, text)
        })
        .collect()
}

#[test]
fn specs_are_refused_as_the_platform_refuses_them() {
    let mut got = String::new();
    for (name, platform, text) in cases() {
        let ix = SpecIndex::build(0, text, !name.contains("-json-"));
        let ours = match (&ix.errors.first(), &ix.refused) {
            (Some(e), _) => format!("unreadable: {}", e.message),
            (None, Some(r)) => format!("refused at line {}: {}", r.line, r.message),
            (None, None) => "kept".to_string(),
        };
        got.push_str(&format!(
            "{name}\n  platform: {platform}\n  docs-lsp: {ours}\n"
        ));
    }
    expect_test::expect![[r#"
        01-examples-in-30-schema
          platform: refused
          docs-lsp: refused at line 9: `paths./a.get.parameters[0].schema.examples`: `examples` is not allowed here (did you mean `example`?) (OpenAPI 3.0 schema)
        02-examples-in-31-schema
          platform: kept
          docs-lsp: kept
        03-type-list-in-30
          platform: refused
          docs-lsp: refused at line 9: `paths./a.get.parameters[0].schema.type`: must be a string, not a list (OpenAPI 3.0 schema)
        04-response-without-description
          platform: refused
          docs-lsp: refused at line 7: `paths./a.get.responses.200`: has no `description`, which is required here (OpenAPI 3.0 schema)
        05-external-ref
          platform: refused
          docs-lsp: refused at line 7: `paths./a.get.responses.200.$ref`: `$ref: ./responses.yaml#/Ok` names another file or a URL: the platform allows only references inside the spec (`#/components/...`)
        06-version-as-number
          platform: refused
          docs-lsp: refused at line 1: `openapi`: `openapi` must be a string such as "3.1.0" (a YAML `3.1` is a number): the validator finds no supported version
        07-minimum-as-string
          platform: refused
          docs-lsp: refused at line 9: `paths./a.get.parameters[0].schema.minimum`: must be a number, not "1" (OpenAPI 3.0 schema)
        08-swagger2-style-parameter
          platform: refused
          docs-lsp: refused at line 9: `paths./a.get.parameters[0].type`: `type` is not allowed here (only the keys OpenAPI 3.0 defines, and `x-` extensions) (OpenAPI 3.0 schema)
        09-extensions
          platform: kept
          docs-lsp: kept
        10-duplicated-key
          platform: refused (syntax)
          docs-lsp: refused at line 8: `responses` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key
        11-nullable-and-example
          platform: kept
          docs-lsp: kept
        12-unknown-operation-key
          platform: refused
          docs-lsp: refused at line 7: `paths./a.get.foo`: `foo` is not allowed here (only the keys OpenAPI 3.0 defines, and `x-` extensions) (OpenAPI 3.0 schema)
        13-openapi-3.2
          platform: kept (@mintlify/common 1.0.1211 validates 3.2; 1.0.1182 refused it)
          docs-lsp: kept
        14-swagger-2
          platform: not a spec to the prebuild (no `openapi` key)
          docs-lsp: refused at line 1: a Swagger 2.0 document: the platform reads only OpenAPI 3 specs (a top-level `openapi` key)
        15-path-parameter-not-required
          platform: kept
          docs-lsp: kept
        16-json-skipped-parts
          platform: kept
          docs-lsp: kept
        17-json-server-default-number
          platform: refused
          docs-lsp: refused at line 2: `servers[0].variables.host.default`: must be a string, not 443 (OpenAPI 3.0 schema)
        18-json-property-named-example-wrong
          platform: refused
          docs-lsp: refused at line 2: `components.schemas.A.properties.example.type`: "texto" is not one of "array", "boolean", "integer", "number", "object", "string" (OpenAPI 3.0 schema)
        19-json-duplicate-in-example
          platform: refused (syntax)
          docs-lsp: refused at line 2: `id` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key
        20-json-foreign-ref-in-extension
          platform: refused
          docs-lsp: refused at line 2: `x-extra.$ref`: `$ref: https://example.com/x.json` names another file or a URL: the platform allows only references inside the spec (`#/components/...`)
    "#]].assert_eq(&got);
}
