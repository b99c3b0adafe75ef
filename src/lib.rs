//! hookrun: one binary that runs AI-agent hooks of every dialect.
use std::process::ExitCode;

pub(crate) mod config;

pub use config::dialect_name::Dialect;

/// Entry point used by `main.rs`.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
