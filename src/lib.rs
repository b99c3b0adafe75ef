//! hookrun: one binary that runs AI-agent hooks of every dialect.
use std::process::ExitCode;

/// Entry point used by `main.rs`.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
