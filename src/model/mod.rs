//! Typed views built from syntax trees.

pub mod endpoint;
pub mod openapi;
