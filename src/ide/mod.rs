//! Editor questions answered as plain data: diagnostics, completion, hover,
//! definition, references, rename, code actions, symbols. Functions of a
//! site snapshot and a position; no protocol types.

pub mod completion;
pub mod completion_item;
pub mod lookup;

pub mod change;
pub mod definition;
pub mod document_links;
pub mod find_references;
pub mod fixes;
#[cfg(test)]
pub(crate) mod fixture;
pub mod folding;
pub mod heading_rename;
pub mod hover;
pub mod icons;
pub mod inbound_lens;
pub mod inlay_hints;
pub mod location;
pub mod outline_items;
pub mod page_components;
pub mod page_links;
pub mod page_outline;
pub mod rename;
pub mod subject;
pub mod symbols;
#[cfg(test)]
mod tests;
pub mod translation_lens;
