//! The tree format of `docs-lsp nav`: one node a line, indented by depth:
//! kind, label, then the page or the method and path, the spec, the link,
//! the icon, the directory, and marks for what is generated, hidden, or has
//! a problem.

use super::nav_node::{NavNode, NodeKind};

pub fn tree_text(nodes: &[NavNode]) -> String {
    let mut out = String::new();
    write_tree(nodes, 0, &mut out);
    out
}

fn write_tree(nodes: &[NavNode], depth: usize, out: &mut String) {
    use std::fmt::Write;
    for n in nodes {
        let _ = write!(out, "{}{} {:?}", "  ".repeat(depth), n.kind.name(), n.label);
        match (&n.method, &n.api_path) {
            (Some(m), Some(p)) => {
                let _ = write!(out, " {m} {p}");
            }
            (None, Some(p)) => {
                let _ = write!(out, " {p}");
            }
            _ => {}
        }
        if let Some(page) = &n.page {
            let _ = write!(out, " -> {page}");
        } else if n.kind == NodeKind::Page {
            out.push_str(" (no file)");
        }
        if let Some(spec) = &n.spec {
            let _ = write!(out, " <- {spec}");
        }
        if let Some(href) = &n.href {
            let _ = write!(out, " href={href}");
        }
        if let Some(icon) = &n.icon {
            let _ = write!(out, " icon={icon}");
        }
        if let Some(dir) = &n.directory {
            let _ = write!(out, " directory={dir}");
        }
        if n.generated {
            out.push_str(" [generated]");
        }
        if n.hidden {
            out.push_str(" [hidden]");
        }
        if let Some(mark) = n.mark {
            let _ = write!(out, " [{}]", mark.name());
        }
        out.push('\n');
        write_tree(&n.children, depth + 1, out);
    }
}
