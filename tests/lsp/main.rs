//! The language server driven through the protocol, in process: see
//! `harness.rs`. One module per area.

#[path = "../support/mod.rs"]
mod support;

mod assistant;
mod diagnostics;
mod edits;
mod features;
mod harness;
mod headings;
mod lifecycle;
mod navigation;
mod page_components;
mod robustness;
mod since;
mod translations;
mod view_refresh;
