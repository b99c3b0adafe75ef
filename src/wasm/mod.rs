//! `hookrun-wasm`: PRX WASM plugin hooks in a wasmtime sandbox (cargo feature `plugins`).
//!
//! `hookrun` starts this program only when a plugin hook matches an event (and `validate` to
//! check plugins), so the per-event binary never links the engine. Two commands:
//!
//! - `run`: a JSON work order on stdin (`order.rs`), one JSON answer on stdout. Exit 0 when the
//!   plugin's `on-event` returned `ok`, 1 when it failed in any way (its `err`, a trap, a limit,
//!   a load error), 3 when the order itself is unusable (stderr says why).
//! - `check WASM_FILE`: whether the file is a component exporting PRX's hook interface
//!   (`check.rs`); exit 0 or 1 with one JSON object.
//!
//! The pipeline of a run: order → engine and linker (`limits.rs`, `host.rs`) → component, from
//! the cache when it can be (`cache.rs`) → a limited store per plugin → `on-event`, whose
//! nested publishes run the subscribers in this process (`dispatch.rs`) → the answer.

mod cache;
mod check;
mod dispatch;
mod host;
mod kv;
mod limits;
mod order;
mod run;

use std::ffi::OsString;
use std::io::{Read as _, Write as _};
use std::process::ExitCode;

/// `on-event` returned `ok` (or `check` passed).
const OK: u8 = 0;
/// The plugin failed: its `err`, a trap, a limit, or it could not be loaded (or `check` failed).
const PLUGIN_FAILED: u8 = 1;
/// The command line is wrong.
const USAGE: u8 = 2;
/// The work order is unusable (not JSON, another protocol version, a field missing or unknown).
const BAD_ORDER: u8 = 3;

const HELP: &str = "\
hookrun-wasm: runs PRX WASM plugin hooks for hookrun

Usage:
  hookrun-wasm run               read a work order (JSON) on stdin, print the answer (JSON)
  hookrun-wasm check WASM_FILE   check that a file is a hook component hookrun can run

hookrun starts this program itself; see docs/reference/hook-kinds.md in hookrun's repository, \"Plugin hooks (PRX WASM)\".
";

/// Entry point used by `src/bin/hookrun-wasm.rs`.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let args: Vec<&str> = args
        .iter()
        .map(|arg| arg.to_str().unwrap_or("\u{fffd}"))
        .collect();
    let code = match args.as_slice() {
        ["run"] => run_command(),
        ["check", file] => check_command(std::path::Path::new(file)),
        ["--help" | "-h" | "help"] => {
            write_stdout(HELP.as_bytes());
            OK
        }
        ["--version" | "-V"] => {
            write_stdout(format!("hookrun-wasm {}\n", env!("CARGO_PKG_VERSION")).as_bytes());
            OK
        }
        _ => {
            crate::stderr::say!("hookrun-wasm: unknown command line\n\n{HELP}");
            USAGE
        }
    };
    ExitCode::from(code)
}

fn run_command() -> u8 {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut input) {
        crate::stderr::say!("hookrun-wasm: the work order could not be read: {error}");
        return BAD_ORDER;
    }
    match run::run(&input) {
        Ok(answer) => {
            let mut text = serde_json::to_vec(&answer).expect("the answer serialises");
            text.push(b'\n');
            write_stdout(&text);
            if answer.kind.is_some() {
                PLUGIN_FAILED
            } else {
                OK
            }
        }
        Err(why) => {
            crate::stderr::say!("hookrun-wasm: {why}");
            BAD_ORDER
        }
    }
}

fn check_command(file: &std::path::Path) -> u8 {
    let passed = match limits::engine() {
        Ok(engine) => {
            let (report, passed) = check::check(&engine, file);
            write_stdout(format!("{report}\n").as_bytes());
            passed
        }
        Err(error) => {
            let report = serde_json::json!({
                "error": format!("the WebAssembly engine could not start: {error:#}")
            });
            write_stdout(format!("{report}\n").as_bytes());
            false
        }
    };
    if passed { OK } else { PLUGIN_FAILED }
}

/// Stdout is the answer; a closed stdout (EPIPE) is hookrun's choice, not an error to report.
fn write_stdout(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
}
