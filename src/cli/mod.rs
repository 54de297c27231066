//! Headless commands.

pub mod check;
pub mod nav;
pub mod options;
pub mod report;
pub mod translations;
