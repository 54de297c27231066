//! The server's setting defaults as the documentation and the editor
//! integrations state them: each place that names `debounceMs` with a
//! number names the server's default (once they said 100 and 150).

use docs_lsp::lsp::server::DEFAULT_DEBOUNCE_MS;
use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The numbers in `line`.
fn numbers(line: &str) -> Vec<u64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
fn every_stated_debounce_default_is_the_servers() {
    let docs = [
        "README.md",
        "editors/README.md",
        "editors/nvim/README.md",
        "editors/nvim/lua/docs_lsp/init.lua",
        "editors/vscode/README.md",
    ];
    let mut seen = 0;
    for rel in docs {
        for (i, line) in read(rel).lines().enumerate() {
            if !line.contains("debounceMs") {
                continue;
            }
            // The setting's ceiling is stated beside the default.
            let stated: Vec<u64> = numbers(line).into_iter().filter(|n| *n != 5000).collect();
            assert!(
                stated.iter().all(|n| *n == DEFAULT_DEBOUNCE_MS),
                "{rel}:{}: {line} (the server's default is {DEFAULT_DEBOUNCE_MS})",
                i + 1
            );
            seen += stated.len();
        }
    }
    assert!(seen >= 5, "found {seen} stated defaults");
    // VS Code sends its setting's default to the server, so it must be the
    // server's own.
    let pkg: serde_json::Value =
        serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let setting =
        &pkg["contributes"]["configuration"]["properties"]["docsLsp.diagnostics.debounceMs"];
    assert_eq!(setting["default"], DEFAULT_DEBOUNCE_MS);
    let description = setting["description"].as_str().unwrap();
    assert!(
        description.contains(&format!("Default {DEFAULT_DEBOUNCE_MS}")),
        "{description}"
    );
}

/// The settings the server reads, as the VS Code extension contributes them
/// and the README's table lists them: the same keys (the extension's own,
/// client-only settings aside).
#[test]
fn the_readme_table_lists_every_server_setting_the_extension_contributes() {
    let pkg: serde_json::Value =
        serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let client_only = ["serverPath", "trace.server", "jsonSchemaMapping"];
    let mut contributed: Vec<String> = pkg["contributes"]["configuration"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|k| k.strip_prefix("docsLsp."))
        .filter(|k| !client_only.contains(k))
        .map(str::to_string)
        .collect();
    contributed.sort();
    let readme = read("README.md");
    let table = readme
        .split("## Server settings (`docsLsp.*`)")
        .nth(1)
        .and_then(|t| t.split("\n\n").next())
        .unwrap();
    let mut listed: Vec<String> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next().map(str::to_string))
        .collect();
    listed.sort();
    assert_eq!(contributed, listed);
}
