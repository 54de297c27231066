//! Headless commands.

pub mod check;
pub mod report;
