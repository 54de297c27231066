//! Typed views of a site, built from syntax trees. Pure: no I/O, no protocol.

pub mod config;
pub mod endpoint;
pub mod languages;
pub mod links;
pub mod nav;
pub mod openapi;
pub mod overlay;
pub mod overlays;
pub mod paths;
pub mod site;
pub mod slug;
