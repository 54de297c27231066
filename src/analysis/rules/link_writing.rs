//! Writing a path the way a link already is written (relative, absolute,
//! with or without the extension), for fixes that replace a link's target.

use crate::model::links::Style;

/// A site path written the way the link was: `/a/b`, `../b`, `b`.
pub fn write_like(from: &str, style: Style, path: &str) -> String {
    match style {
        Style::Absolute => format!("/{path}"),
        Style::Relative | Style::Bare => {
            let rel = relative_path(crate::model::paths::dir_of(from), path);
            if style == Style::Relative && !rel.starts_with("../") {
                format!("./{rel}")
            } else {
                rel
            }
        }
    }
}

/// `path` relative to the folder `dir` (both root-relative).
pub fn relative_path(dir: &str, path: &str) -> String {
    let d: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let p: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let common = d.iter().zip(&p).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; d.len() - common];
    parts.extend(&p[common..]);
    parts.join("/")
}
