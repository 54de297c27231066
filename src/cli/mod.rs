//! Headless commands.

pub mod check;
pub mod options;
pub mod report;
