use crate::harness::{Harness, caps, copy_site, run};
use serde_json::json;

#[test]
fn initialize_capabilities_progress_shutdown_exit() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let c = &h.init_result["capabilities"];
        assert_eq!(h.init_result["serverInfo"]["name"], "docs-lsp");
        assert_eq!(c["positionEncoding"], "utf-16");
        // 2 = incremental
        assert_eq!(c["textDocumentSync"]["change"], 2, "{c:#}");
        assert_eq!(c["textDocumentSync"]["openClose"], true);
        assert!(c["completionProvider"].is_object(), "{c:#}");
        for k in [
            "hoverProvider",
            "definitionProvider",
            "documentSymbolProvider",
            "workspaceSymbolProvider",
            "foldingRangeProvider",
            "codeActionProvider",
        ] {
            assert_eq!(c[k], true, "{k}: {c:#}");
        }
        assert!(c["documentLinkProvider"].is_object(), "{c:#}");
        // A client that does not say it pulls is not offered pull: it gets
        // every diagnostic pushed (VS Code's extension; see diagnostics.rs).
        assert!(c["diagnosticProvider"].is_null(), "{c:#}");
        let cmds = c["executeCommandProvider"]["commands"].as_array().unwrap();
        for want in ["docsLsp.askAssistant", "docsLsp.newConversation"] {
            assert!(cmds.iter().any(|c| c == want), "{want} in {cmds:?}");
        }
        // initialized: watchers registered, configuration asked, progress shown.
        let reg = h.server_requests("client/registerCapability");
        assert_eq!(
            reg[0]["registrations"][0]["method"],
            "workspace/didChangeWatchedFiles"
        );
        assert_eq!(
            h.server_requests("workspace/configuration")[0]["items"][0]["section"],
            "docsLsp"
        );
        assert!(
            !h.server_requests("window/workDoneProgress/create")
                .is_empty()
        );
        let progress = h.notifications("$/progress");
        let kinds: Vec<_> = progress
            .iter()
            .filter(|p| p["token"] == "docs-lsp/index")
            .map(|p| p["value"]["kind"].as_str().unwrap_or("").to_string())
            .collect();
        assert_eq!(
            kinds.first().map(String::as_str),
            Some("begin"),
            "{kinds:?}"
        );
        assert_eq!(kinds.last().map(String::as_str), Some("end"), "{kinds:?}");
        h.shutdown().await;
    });
}

#[test]
fn utf8_is_negotiated_when_offered() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(site.path(), json!({}), caps(true)).await;
        assert_eq!(h.init_result["capabilities"]["positionEncoding"], "utf-8");
        h.shutdown().await;
    });
}
