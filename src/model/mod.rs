//! Typed views of a site, built from syntax trees. Pure: no I/O, no protocol.

pub mod anchors;
pub mod config;
pub mod derived;
pub mod docs_json;
pub mod endpoint;
pub mod file_kind;
pub mod imports;
pub mod languages;
pub mod link_targets;
pub mod link_text;
pub mod links;
pub mod lock;
pub mod memo;
pub mod nav;
pub mod openapi;
pub mod overlaid;
pub mod overlay;
pub mod overlays;
pub mod page_keys;
pub mod paths;
pub mod redirects;
pub mod site;
pub mod slug;
pub mod source_file;
