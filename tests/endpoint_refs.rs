//! Endpoint reference parsing and spec-token resolution, as tables.

use docs_lsp::model::endpoint::{
    normalize_path, parse_asyncapi_ref, parse_endpoint, resolve_spec_token,
};
use expect_test::expect;

fn show(s: &str) -> String {
    match parse_endpoint(s) {
        None => format!("{s:?} -> none"),
        Some(r) => {
            // The ranges must point at the parts they name.
            assert_eq!(&s[r.method_range.clone()], r.method);
            assert_eq!(&s[r.path_range.clone()], r.path);
            if let Some(sr) = &r.spec_range {
                assert_eq!(Some(&s[sr.clone()]), r.spec);
            }
            let kind = if r.webhook { "webhook" } else { "op" };
            format!(
                "{s:?} -> {kind} spec={:?} method={} path={}",
                r.spec, r.method, r.path
            )
        }
    }
}

#[test]
fn parse_endpoint_table() {
    let cases = [
        "GET /users",
        "get /containers",
        "Post /v1/exports/get",
        "  DELETE   /a/{id}  ",
        "openapi.json GET /x",
        "/es/analytics.openapi.json GET /v1/analytics/{projectId}/views",
        "../sequence-metadata.json post /rpc/get_sequence",
        "v3-openapi PUT /api/v1/schedules/{schedule_id}",
        "api-reference/openapi.yml patch /employees/{id}",
        "webhook orderUpdated",
        "WEBHOOK order.updated",
        "openapi.json webhook orderUpdated",
        "options /",
        "TRACE /t",
        "HEAD /h",
        // Not endpoints.
        "guides/intro",
        "GET",
        "GET users",
        // An upper-case method token may name an OpenAPI 3.2 `additionalOperations` operation.
        "FETCH /users",
        "/users GET",
        "webhook",
        "",
        "   ",
        "openapi.json",
    ];
    let out: Vec<String> = cases.iter().map(|c| show(c)).collect();
    expect![[r#"
        "GET /users" -> op spec=None method=GET path=/users
        "get /containers" -> op spec=None method=get path=/containers
        "Post /v1/exports/get" -> op spec=None method=Post path=/v1/exports/get
        "  DELETE   /a/{id}  " -> op spec=None method=DELETE path=/a/{id}
        "openapi.json GET /x" -> op spec=Some("openapi.json") method=GET path=/x
        "/es/analytics.openapi.json GET /v1/analytics/{projectId}/views" -> op spec=Some("/es/analytics.openapi.json") method=GET path=/v1/analytics/{projectId}/views
        "../sequence-metadata.json post /rpc/get_sequence" -> op spec=Some("../sequence-metadata.json") method=post path=/rpc/get_sequence
        "v3-openapi PUT /api/v1/schedules/{schedule_id}" -> op spec=Some("v3-openapi") method=PUT path=/api/v1/schedules/{schedule_id}
        "api-reference/openapi.yml patch /employees/{id}" -> op spec=Some("api-reference/openapi.yml") method=patch path=/employees/{id}
        "webhook orderUpdated" -> webhook spec=None method=webhook path=orderUpdated
        "WEBHOOK order.updated" -> webhook spec=None method=WEBHOOK path=order.updated
        "openapi.json webhook orderUpdated" -> webhook spec=Some("openapi.json") method=webhook path=orderUpdated
        "options /" -> op spec=None method=options path=/
        "TRACE /t" -> op spec=None method=TRACE path=/t
        "HEAD /h" -> op spec=None method=HEAD path=/h
        "guides/intro" -> none
        "GET" -> none
        "GET users" -> none
        "FETCH /users" -> op spec=None method=FETCH path=/users
        "/users GET" -> none
        "webhook" -> none
        "" -> none
        "   " -> none
        "openapi.json" -> none"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn parse_asyncapi_ref_table() {
    let cases = [
        "/asyncapi.yaml channelOne",
        "channelOne",
        " /path/to/asyncapi.json  channelName ",
        "",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|s| match parse_asyncapi_ref(s) {
            Some(r) => {
                assert_eq!(&s[r.channel_range.clone()], r.channel);
                format!("{s:?} -> spec={:?} channel={}", r.spec, r.channel)
            }
            None => format!("{s:?} -> none"),
        })
        .collect();
    expect![[r#"
        "/asyncapi.yaml channelOne" -> spec=Some("/asyncapi.yaml") channel=channelOne
        "channelOne" -> spec=None channel=channelOne
        " /path/to/asyncapi.json  channelName " -> spec=Some("/path/to/asyncapi.json") channel=channelName
        "" -> none"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn normalize_path_table() {
    let cases = [
        "a/b/../c",
        "./a//b/",
        "../x",
        "a/../../x",
        "/es/a.json",
        ".",
        "",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|c| format!("{c:?} -> {:?}", normalize_path(c)))
        .collect();
    expect![[r#"
        "a/b/../c" -> Some("a/c")
        "./a//b/" -> Some("a/b")
        "../x" -> None
        "a/../../x" -> None
        "/es/a.json" -> Some("es/a.json")
        "." -> Some("")
        "" -> Some("")"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn resolve_spec_token_table() {
    let specs = [
        "openapi.json",
        "es/analytics.openapi.json",
        "analytics.openapi.json",
        "v3-openapi.yaml",
        "openapi.yml",
        "api-reference/openapi.yml",
        "docs/sequence-metadata.json",
        "v1.15.4/enterprise-api.en.yaml",
    ];
    let cases = [
        // (token, page folder)
        ("/es/analytics.openapi.json", "es/api/analytics"),
        ("/analytics.openapi.json", "es/api"),
        ("es/analytics.openapi.json", ""),
        ("openapi.json", "api-playground"),
        ("v3-openapi", "management/schedules"),
        ("openapi", "management/batches"),
        ("../sequence-metadata.json", "docs/rpc"),
        ("../sequence-metadata.json", "rpc"),
        ("api-reference/openapi.yml", "api-reference/employees"),
        ("openapi.yml", "api-reference"),
        ("./openapi.yml", ""),
        ("/../openapi.json", ""),
        ("missing.json", ""),
        ("/v3-openapi", "a/b"),
        ("/enterprise-api.en.yaml", "edge/ar/api-reference"),
        ("enterprise-api.fr.yaml", ""),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(t, d)| {
            let got = resolve_spec_token(t, d, &specs).map(|i| specs[i]);
            format!("{t:?} from {d:?} -> {got:?}")
        })
        .collect();
    expect![[r#"
        "/es/analytics.openapi.json" from "es/api/analytics" -> Some("es/analytics.openapi.json")
        "/analytics.openapi.json" from "es/api" -> Some("analytics.openapi.json")
        "es/analytics.openapi.json" from "" -> Some("es/analytics.openapi.json")
        "openapi.json" from "api-playground" -> Some("openapi.json")
        "v3-openapi" from "management/schedules" -> Some("v3-openapi.yaml")
        "openapi" from "management/batches" -> Some("openapi.json")
        "../sequence-metadata.json" from "docs/rpc" -> Some("docs/sequence-metadata.json")
        "../sequence-metadata.json" from "rpc" -> None
        "api-reference/openapi.yml" from "api-reference/employees" -> Some("api-reference/openapi.yml")
        "openapi.yml" from "api-reference" -> Some("api-reference/openapi.yml")
        "./openapi.yml" from "" -> Some("openapi.yml")
        "/../openapi.json" from "" -> None
        "missing.json" from "" -> None
        "/v3-openapi" from "a/b" -> Some("v3-openapi.yaml")
        "/enterprise-api.en.yaml" from "edge/ar/api-reference" -> Some("v1.15.4/enterprise-api.en.yaml")
        "enterprise-api.fr.yaml" from "" -> None"#]]
    .assert_eq(&out.join("\n"));
}
