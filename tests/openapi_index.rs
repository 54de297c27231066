//! The endpoint index on small hand-written specs (JSON and YAML) and on the
//! big real specs of the corpus.

use docs_lsp::model::openapi::{SpecIndex, SpecKind};
use docs_lsp::syntax::json;
use expect_test::expect;
use std::time::Instant;

const JSON_SPEC: &str = r##"{
  "openapi": "3.1.0",
  "info": {"title": "Pets \"API\"", "version": "1"},
  "servers": [{"url": "https://x.example"}],
  "paths": {
    "/pets/{petId}": {
      "summary": "a pet", "description": "d", "servers": [],
      "x-internal": {"get": "not an operation"},
      "parameters": [{"$ref": "#/components/parameters/petId"}, {"name": "v", "in": "query"}],
      "get": {"summary": "Get a pet", "operationId": "getPet",
              "parameters": [{"name": "v", "in": "query", "required": true}],
              "responses": {"200": {"description": "ok"}}},
      "delete": {"deprecated": true, "x-hidden": true, "responses": {}}
    },
    "/v1/exports/get/": {"post": {"x-excluded": true}},
    "/users/{user_id}": {"$ref": "#/components/pathItems/user"},
    "/broken": {"$ref": "#/components/pathItems/missing"},
    "/GET": {"GET": {"summary": "upper-case keys are not operations"}}
  },
  "webhooks": {"orderUpdated": {"post": {"summary": "Order", "operationId": "hook"}}},
  "components": {
    "parameters": {"petId": {"name": "petId", "in": "path", "schema": {"type": "string"}}},
    "pathItems": {"user": {"patch": {"summary": "Patch user"}}},
    "schemas": {"Pet": {"type": "object", "properties": {"get": {"type": "string"}}}}
  }
}"##;

fn summary(idx: &SpecIndex, text: &str) -> String {
    let mut out = vec![format!(
        "{:?} title={:?} errors={:?}",
        idx.kind, idx.title, idx.errors
    )];
    for o in &idx.operations {
        out.push(format!(
            "{} {} [{} @ {}] summary={:?} id={:?} deprecated={} hidden={} excluded={} params={:?}",
            o.method,
            o.path,
            &text[o.method_range.clone()],
            &text[o.path_range.clone()],
            o.summary,
            o.operation_id,
            o.deprecated,
            o.hidden,
            o.excluded,
            o.parameters
                .iter()
                .map(|p| format!("{}:{}:{}", p.name, p.location, p.required))
                .collect::<Vec<_>>(),
        ));
    }
    for w in &idx.webhooks {
        out.push(format!(
            "webhook {} {} [{}] {:?}",
            w.name,
            w.method,
            &text[w.range.clone()],
            w.summary
        ));
    }
    for c in &idx.channels {
        out.push(format!(
            "channel {} [{}] address={:?} title={:?}",
            c.name,
            &text[c.range.clone()],
            c.address,
            c.title
        ));
    }
    out.join("\n")
}

#[test]
fn json_spec_index() {
    let idx = SpecIndex::build(3, JSON_SPEC, false);
    expect![[r#"
        OpenApi { version: "3.1.0" } title=Some("Pets \"API\"") errors=[]
        GET /pets/{petId} ["get" @ "/pets/{petId}"] summary=Some("Get a pet") id=Some("getPet") deprecated=false hidden=false excluded=false params=["petId:path:true", "v:query:true"]
        DELETE /pets/{petId} ["delete" @ "/pets/{petId}"] summary=None id=None deprecated=true hidden=true excluded=false params=["petId:path:true", "v:query:false"]
        POST /v1/exports/get/ ["post" @ "/v1/exports/get/"] summary=None id=None deprecated=false hidden=false excluded=true params=[]
        PATCH /users/{user_id} ["patch" @ "/users/{user_id}"] summary=Some("Patch user") id=None deprecated=false hidden=false excluded=false params=[]
        webhook orderUpdated POST ["orderUpdated"] Some("Order")"#]]
    .assert_eq(&summary(&idx, JSON_SPEC));
    // The pruned fast path and the full tree give the same index.
    let full = json::parse(3, JSON_SPEC).root.unwrap();
    assert_eq!(SpecIndex::from_node(&full), idx);
}

#[test]
fn yaml_spec_index() {
    let text = "openapi: 3.0\ninfo:\n  title: Y\npaths:\n  /a:\n    parameters:\n      - name: id\n        in: path\n    get:\n      summary: A\n    x-foo: 1\n  '/b/':\n    post: {operationId: b}\nwebhooks:\n  w1:\n    put: {}\n";
    let idx = SpecIndex::build(0, text, true);
    expect![[r#"
        OpenApi { version: "3.0" } title=Some("Y") errors=[]
        GET /a [get @ /a] summary=Some("A") id=None deprecated=false hidden=false excluded=false params=["id:path:true"]
        POST /b/ [post @ '/b/'] summary=None id=Some("b") deprecated=false hidden=false excluded=false params=[]
        webhook w1 PUT [w1] None"#]]
    .assert_eq(&summary(&idx, text));
}

#[test]
fn asyncapi_channels() {
    let text = "asyncapi: 3.0.0\ninfo: {title: WS}\nchannels:\n  channelOne:\n    title: Test channel\n    address: /\n    messages: {}\n  two:\n    $ref: '#/components/channels/two'\ncomponents:\n  channels:\n    two: {address: '/two', title: Two}\n";
    let idx = SpecIndex::build(0, text, true);
    expect![[r#"
        AsyncApi { version: "3.0.0" } title=Some("WS") errors=[]
        channel channelOne [channelOne] address=Some("/") title=Some("Test channel")
        channel two [two] address=Some("/two") title=Some("Two")"#]]
    .assert_eq(&summary(&idx, text));
    assert_eq!(
        idx.find_channel("channelOne")
            .and_then(|c| c.title.as_deref()),
        Some("Test channel")
    );
    assert!(idx.find_channel("channelone").is_none());
    assert_eq!(
        idx.suggest_channel("channelone").as_deref(),
        Some("channelOne")
    );
}

#[test]
fn not_a_spec_and_broken_files() {
    let cases: [(&str, bool); 6] = [
        ("{\"name\": \"package\"}", false),
        ("[1, 2]", false),
        (
            "{\"openapi\": \"3.0.0\", \"paths\": {\"/a\": {\"get\": {}}}, }",
            false,
        ), // JSONC: full reader
        ("{\"openapi\": \"3.0.0\", \"paths\": {", false),
        ("openapi: [", true),
        ("just text", true),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(t, y)| {
            let idx = SpecIndex::build(0, t, *y);
            format!(
                "{t:?}: {:?} ops={} errors={:?}",
                idx.kind,
                idx.operations.len(),
                idx.errors
            )
        })
        .collect();
    expect![[r#"
        "{\"name\": \"package\"}": Unknown ops=0 errors=[SyntaxError { range: 0..1, message: "not an OpenAPI or AsyncAPI document: no top-level `openapi` or `asyncapi` key" }]
        "[1, 2]": Unknown ops=0 errors=[SyntaxError { range: 0..1, message: "not an OpenAPI or AsyncAPI document: no top-level `openapi` or `asyncapi` key" }]
        "{\"openapi\": \"3.0.0\", \"paths\": {\"/a\": {\"get\": {}}}, }": OpenApi { version: "3.0.0" } ops=1 errors=[]
        "{\"openapi\": \"3.0.0\", \"paths\": {": Unknown ops=0 errors=[SyntaxError { range: 30..31, message: "invalid JSON: Unterminated object" }]
        "openapi: [": Unknown ops=0 errors=[SyntaxError { range: 10..10, message: "invalid YAML: while parsing a node, did not find expected node content" }]
        "just text": Unknown ops=0 errors=[SyntaxError { range: 0..1, message: "not an OpenAPI or AsyncAPI document: no top-level `openapi` or `asyncapi` key" }]"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn find_and_suggest() {
    let idx = SpecIndex::build(0, JSON_SPEC, false);
    assert!(idx.find("get", "/pets/{petId}").is_some());
    assert!(idx.find("GET", "/pets/{petId}/").is_none());
    assert!(idx.find("post", "/v1/exports/get").is_none());
    assert!(idx.find_webhook("orderUpdated").is_some());
    let cases = [
        ("post", "/v1/exports/get"),
        ("put", "/pets/{petId}"),
        ("get", "/pets/{id}"),
        ("get", "/Pets/{petId}"),
        ("get", "/pets/{id}/"),
        ("patch", "/users/{userId}"),
        ("get", "/petz/{petId}"),
        ("get", "/nothing/like/it/at/all"),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(m, p)| format!("{m} {p} -> {:?}", idx.suggest(m, p)))
        .collect();
    expect![[r#"
        post /v1/exports/get -> Some("POST /v1/exports/get/")
        put /pets/{petId} -> Some("GET /pets/{petId}")
        get /pets/{id} -> Some("GET /pets/{petId}")
        get /Pets/{petId} -> Some("GET /pets/{petId}")
        get /pets/{id}/ -> Some("GET /pets/{petId}")
        patch /users/{userId} -> Some("PATCH /users/{user_id}")
        get /petz/{petId} -> Some("GET /pets/{petId}")
        get /nothing/like/it/at/all -> None"#]]
    .assert_eq(&out.join("\n"));
    assert_eq!(
        idx.suggest_webhook("orderupdated").as_deref(),
        Some("orderUpdated")
    );
    assert_eq!(
        idx.suggest_webhook("orderUpdate").as_deref(),
        Some("orderUpdated")
    );
}

#[path = "support/corpus.rs"]
mod corpus;

/// A spec of the shared corpus, for the test `test`.
fn big_spec(name: &str, test: &str) -> Option<String> {
    let path = corpus::shared(&format!("corpus/specs/{name}"), test)?;
    Some(std::fs::read_to_string(path).unwrap())
}

fn timed(name: &str, text: &str, yaml: bool) -> SpecIndex {
    let t = Instant::now();
    let idx = SpecIndex::build(0, text, yaml);
    eprintln!(
        "{name}: indexed in {:?} (debug build; see examples/spec_index_timing)",
        t.elapsed()
    );
    idx
}

#[test]
fn github_rest_spec() {
    let Some(text) = big_spec("github-api.github.com.json", "github_rest_spec") else {
        return;
    };
    let idx = timed("github", &text, false);
    assert!(idx.errors.is_empty(), "{:?}", idx.errors);
    assert_eq!(
        idx.kind,
        SpecKind::OpenApi {
            version: "3.0.3".into()
        }
    );
    assert_eq!(idx.operations.len(), 1223);
    assert_eq!(idx.operations.iter().filter(|o| o.deprecated).count(), 37);
    for o in &idx.operations {
        assert_eq!(
            &text[o.method_range.clone()],
            format!("\"{}\"", o.method.to_lowercase())
        );
        assert_eq!(&text[o.path_range.clone()], format!("\"{}\"", o.path));
    }
    let op = idx
        .find("GET", "/repos/{owner}/{repo}/issues/{issue_number}")
        .unwrap();
    let params: Vec<&str> = op.parameters.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(params, ["owner", "repo", "issue_number"]);
    assert!(
        op.parameters
            .iter()
            .all(|p| p.required && p.location == "path")
    );
    assert_eq!(op.operation_id.as_deref(), Some("issues/get"));
}

#[test]
fn github_webhooks_spec() {
    let Some(text) = big_spec(
        "github-webhooks-api.github.com.json",
        "github_webhooks_spec",
    ) else {
        return;
    };
    let idx = timed("github webhooks", &text, false);
    assert!(idx.errors.is_empty(), "{:?}", idx.errors);
    assert_eq!((idx.operations.len(), idx.webhooks.len()), (0, 261));
    for w in &idx.webhooks {
        assert_eq!(&text[w.range.clone()], format!("\"{}\"", w.name));
    }
}

#[test]
fn openai_yaml_spec() {
    let Some(text) = big_spec("openai-openapi.yaml", "openai_yaml_spec") else {
        return;
    };
    let idx = timed("openai", &text, true);
    assert!(idx.errors.is_empty(), "{:?}", idx.errors);
    assert_eq!(
        idx.kind,
        SpecKind::OpenApi {
            version: "3.1.0".into()
        }
    );
    assert_eq!((idx.operations.len(), idx.webhooks.len()), (288, 16));
    for o in &idx.operations {
        assert_eq!(&text[o.method_range.clone()], o.method.to_lowercase());
        let key = &text[o.path_range.clone()];
        assert_eq!(key.trim_matches(|c| c == '"' || c == '\''), o.path);
    }
}

/// A wrong method on a path that has others: the suggestion is the path's
/// method of the same kind (PATCH for PUT), not merely its first (GET).
#[test]
fn wrong_method_suggests_the_same_kind() {
    let spec = r#"{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {
        "/containers/{id}": {"get": {"responses": {}}, "patch": {"responses": {}}, "delete": {"responses": {}}}}}"#;
    let idx = SpecIndex::build(0, spec, false);
    assert_eq!(
        idx.suggest("put", "/containers/{id}").as_deref(),
        Some("PATCH /containers/{id}")
    );
    assert_eq!(
        idx.suggest("head", "/containers/{id}").as_deref(),
        Some("GET /containers/{id}")
    );
}
