//! hookrun: one binary that runs AI-agent hooks of every dialect.
use std::process::ExitCode;

pub(crate) mod config;
#[allow(dead_code, unused_imports)] // wired in by the config/fire code
pub(crate) mod matching;

pub use config::dialect_name::Dialect;

/// Entry point used by `main.rs`.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
