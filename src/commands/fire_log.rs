//! `fire --log FILE` / `$HOOKRUN_LOG`: one JSON line per fire, appended. Many hookrun processes
//! may log to one file at once (every hook of every agent session), so the file is opened with
//! `O_APPEND` and each line goes out in a single `write` call: the kernel appends it whole, never
//! interleaved with another process's line. A log that cannot be written is a warning on
//! stderr, never a failed fire; so is a log that is not a regular file (a FIFO, a device), which
//! is opened without waiting and refused.

use std::io::Write as _;
use std::os::unix::fs::{FileTypeExt as _, OpenOptionsExt};
use std::path::Path;
use std::time::Instant;

use rustix::fs::OFlags;
use serde::Serialize;

use crate::error::Error;
use crate::execute::record::HookRecord;
use crate::exit;
use crate::output::agents;
use crate::output::document::Document;
use crate::timestamp::rfc3339_now;
use crate::verdict::{Decision, Outcome};

#[derive(Debug, Serialize)]
struct Line<'a> {
    time: String,
    event: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    project_dir: Option<&'a Path>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision: Option<Decision>,
    #[serde(rename = "continue", skip_serializing_if = "Option::is_none")]
    continue_: Option<bool>,
    exit_code: i32,
    duration_ms: u128,
    pid: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    hooks: Vec<Hook<'a>>,
}

/// One hook of the fire, without its stderr or output: a log line stays small.
#[derive(Debug, Serialize)]
struct Hook<'a> {
    name: &'a str,
    source: &'a str,
    dialect: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    exit_code: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    duration_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped_reason: Option<&'a str>,
}

/// Logs a fire that produced a decision.
pub(crate) fn append(
    path: &Path,
    document: &Document,
    exit_code: u8,
    project_dir: &Path,
    started: Instant,
) {
    append_decided(path, document, (exit_code, None), project_dir, started);
}

/// Logs a fire that failed and still answered with a decision (`--strict` blocking on a
/// configuration error): the decision and the error both.
pub(crate) fn append_failed_closed(
    path: &Path,
    document: &Document,
    (exit_code, error): (u8, &Error),
    project_dir: &Path,
    started: Instant,
) {
    append_decided(
        path,
        document,
        (exit_code, Some(error.to_string())),
        project_dir,
        started,
    );
}

fn append_decided(
    path: &Path,
    document: &Document,
    (exit_code, error): (u8, Option<String>),
    project_dir: &Path,
    started: Instant,
) {
    let hooks = document
        .hooks
        .iter()
        .map(|record| Hook {
            name: &record.name,
            source: &record.source,
            dialect: record.dialect,
            outcome: record.outcome,
            decision: record.decision,
            exit_code: record.exit_code,
            duration_ms: record.duration_ms,
            skipped_reason: record.skipped_reason.as_deref(),
        })
        .collect();
    write(
        path,
        &Line {
            time: rfc3339_now(),
            event: &document.event,
            project_dir: Some(project_dir),
            decision: Some(document.decision),
            continue_: Some(document.continue_),
            exit_code: i32::from(exit_code),
            duration_ms: started.elapsed().as_millis(),
            pid: std::process::id(),
            error,
            hooks,
        },
    );
}

/// Logs a fire that ended in an error (bad configuration or payload, interruption).
pub(crate) fn append_failure(path: &Path, event: &str, error: &Error, started: Instant) {
    let exit_code = match error {
        Error::Interrupted(signal) => 128 + signal,
        Error::Agent { agent, .. } => i32::from(agents::failure(*agent, "").code),
        _ => i32::from(exit::FAILURE),
    };
    write(
        path,
        &Line {
            time: rfc3339_now(),
            event,
            project_dir: None,
            decision: None,
            continue_: None,
            exit_code,
            duration_ms: started.elapsed().as_millis(),
            pid: std::process::id(),
            error: Some(error.to_string()),
            hooks: Vec::new(),
        },
    );
}

fn write(path: &Path, line: &Line<'_>) {
    if let Err(error) = try_write(path, line) {
        crate::stderr::say!(
            "hookrun: warning: cannot write the log {}: {error}",
            path.display()
        );
    }
}

fn try_write(path: &Path, line: &Line<'_>) -> std::io::Result<()> {
    append_line(path, line)
}

fn append_line(path: &Path, line: &impl Serialize) -> std::io::Result<()> {
    let mut bytes = serde_json::to_vec(line).map_err(std::io::Error::other)?;
    bytes.push(b'\n');
    // Never wait on the log: a FIFO nobody reads would block a plain open forever. The type is
    // checked on the opened descriptor, so that nothing can be swapped in between.
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o644)
        .custom_flags((OFlags::NONBLOCK | OFlags::NOCTTY).bits().cast_signed())
        .open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(std::io::Error::other(format!(
            "not a regular file ({})",
            describe(kind)
        )));
    }
    // One `write` appends the whole line atomically; only a short write (disk full, a signal)
    // needs the rest, and then keeping the line whole beats keeping it atomic.
    let written = file.write(&bytes)?;
    file.write_all(&bytes[written..])
}

/// What a log path that is not a regular file is instead.
fn describe(kind: std::fs::FileType) -> &'static str {
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// One async hook's result, appended by its worker once the hook is done: the hook's record
/// under `async`, beside the fire's time, event and the worker's pid.
pub(crate) fn append_async(path: &Path, event: &str, record: &HookRecord) {
    #[derive(Serialize)]
    struct AsyncLine<'a> {
        time: String,
        event: &'a str,
        pid: u32,
        #[serde(rename = "async")]
        hook: &'a HookRecord,
    }
    let line = AsyncLine {
        time: rfc3339_now(),
        event,
        pid: std::process::id(),
        hook: record,
    };
    if let Err(error) = append_line(path, &line) {
        crate::stderr::say!(
            "hookrun: warning: cannot write the log {}: {error}",
            path.display()
        );
    }
}
