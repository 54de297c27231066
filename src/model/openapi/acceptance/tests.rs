//! Each case against what the platform's validator says of it
//! (`validate` of `@mintlify/common` 1.0.1182 after js-yaml 4.3.1, run on
//! these texts; the verdict is written beside each case).

use crate::model::openapi::SpecIndex;

const CASES: &[(&str, &str, &str)] = &[
    (
        "01-examples-in-30-schema",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          schema: {type: string, examples: [x]}
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "02-examples-in-31-schema",
        "kept",
        r##"openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          schema: {type: string, examples: [x]}
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "03-type-list-in-30",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          schema: {type: [string, "null"]}
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "04-response-without-description",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {content: {}}
"##,
    ),
    (
        "05-external-ref",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {$ref: "./responses.yaml#/Ok"}
"##,
    ),
    (
        "06-version-as-number",
        "refused",
        r##"openapi: 3.1
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "07-minimum-as-string",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          schema: {type: integer, minimum: "1"}
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "08-swagger2-style-parameter",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          type: string
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "09-extensions",
        "kept",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      x-internal: true
      responses:
        "200": {description: ok, x-note: 1}
"##,
    ),
    (
        "10-duplicated-key",
        "refused (syntax)",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {description: ok}
      responses:
        "404": {description: no}
"##,
    ),
    (
        "11-nullable-and-example",
        "kept",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - name: n
          in: query
          schema: {type: string, nullable: true, example: {type: weird}}
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "12-unknown-operation-key",
        "refused",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      summary: x
      foo: bar
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "13-openapi-3.2",
        "kept (@mintlify/common 1.0.1211 validates 3.2; 1.0.1182 refused it)",
        r##"openapi: 3.2.0
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200": {description: ok}
"##,
    ),
    (
        "14-swagger-2",
        "not a spec to the prebuild (no `openapi` key)",
        r##"swagger: "2.0"
info: {title: t, version: "1"}
paths: {}
"##,
    ),
    (
        "15-path-parameter-not-required",
        "kept",
        r##"openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      parameters:
        - $ref: "#/components/parameters/N"
      responses:
        "200": {description: ok}
components:
  parameters:
    N: {name: n, in: path, required: false, schema: {type: string}}
"##,
    ),
    (
        "16-json-skipped-parts",
        "kept",
        r##"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
 "servers": [{"url": "https://{host}", "variables": {"host": {"default": "api.example.com"}}}],
 "paths": {"/a": {"get": {"x-code-samples": [{"lang": "sh"}], "responses": {"200": {"description": "ok",
   "content": {"application/json": {"example": {"type": "weird", "default": 1},
     "schema": {"type": "object", "default": {}, "properties": {"example": {"type": "string"}, "value": {"type": "integer"}}}},
     "text/plain": {"examples": {"one": {"value": {"x": 1}}}}}}}}}}}
"##,
    ),
    (
        "17-json-server-default-number",
        "refused",
        r##"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
 "servers": [{"url": "https://{host}", "variables": {"host": {"default": 443}}}],
 "paths": {}}
"##,
    ),
    (
        "18-json-property-named-example-wrong",
        "refused",
        r##"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
 "components": {"schemas": {"A": {"type": "object", "properties": {"example": {"type": "texto"}}}}}}
"##,
    ),
    (
        "19-json-duplicate-in-example",
        "refused (syntax)",
        r##"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
 "components": {"schemas": {"A": {"type": "object", "example": {"id": 1, "id": 2}}}}}
"##,
    ),
    (
        "20-json-foreign-ref-in-extension",
        "refused",
        r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {},
 "x-extra": {"$ref": "https://example.com/x.json"}}
"##,
    ),
];

#[test]
fn specs_are_refused_as_the_platform_refuses_them() {
    let mut got = String::new();
    for (name, platform, text) in CASES {
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
