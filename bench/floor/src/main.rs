//! The floor hookrun is measured against: the least a correct hook runner must do for one event.
//!
//! `floor [N] [--cmd COMMAND] [--event EVENT] [--payload FILE]` reads a JSON object from stdin
//! (or FILE, like `hookrun fire --payload`, so hyperfine can run both without a shell), parses it,
//! adds
//! `hook_event_name`, and — when `N` > 0 — runs `/bin/sh -c COMMAND` (default `true`) N times in
//! sequence, each in its own process group, with the compact payload line on its stdin and its
//! stdout and stderr read to the end; then it prints one JSON line with each hook's exit code.
//!
//! "Correct" means what the README's "How a hook runs" asks of any runner: no payload or output
//! size can deadlock it (a payload larger than `PIPE_BUF` is written from a second thread while
//! std's poll-based
//! `wait_with_output` drains both output pipes), a hook that never reads stdin is not an error
//! (EPIPE is ignored), and every hook gets its own process group so a timeout could kill it whole.
//! It has no configuration, no matching, no timeouts and no merging: those are hookrun's own
//! costs, and the benchmark's ratios show what they add over this floor.

use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode, Stdio};

/// A write of at most `PIPE_BUF` bytes into a fresh, empty pipe never blocks, so small payloads
/// need no writer thread (the common case, and the one the start-up budgets measure).
const PIPE_BUF: usize = 4096;

struct Options {
    hooks: usize,
    command: String,
    event: String,
    payload: Option<String>,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("floor: {message}");
            ExitCode::from(1)
        }
    }
}

fn run() -> Result<(), String> {
    let options = parse_args()?;

    // from_reader, not read_to_end + from_slice: for a string with escapes serde_json builds it
    // in a scratch buffer and then copies it into the Value, so holding the whole input too
    // makes the peak 3x the payload (192 MiB for 64 MiB; 2x, 129 MiB, this way), at +80 ms.
    let input: Box<dyn io::Read> = match &options.payload {
        Some(path) => Box::new(std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?),
        None => Box::new(io::stdin().lock()),
    };
    let mut payload: serde_json::Value =
        serde_json::from_reader(io::BufReader::with_capacity(1 << 16, input))
            .map_err(|e| format!("payload: {e}"))?;
    let object = payload
        .as_object_mut()
        .ok_or("payload: not a JSON object")?;
    object
        .entry("hook_event_name")
        .or_insert_with(|| options.event.clone().into());
    let mut line = serde_json::to_vec(&payload).map_err(|e| e.to_string())?;
    drop(payload);
    line.push(b'\n');

    let mut records = Vec::with_capacity(options.hooks);
    for _ in 0..options.hooks {
        let (code, stdout_len) =
            run_hook(&options.command, &line).map_err(|e| format!("hook: {e}"))?;
        records.push(serde_json::json!({ "exit_code": code, "stdout_bytes": stdout_len }));
    }

    let document = serde_json::json!({
        "event": options.event,
        "decision": "none",
        "continue": true,
        "hooks": records,
    });
    let mut out = io::stdout().lock();
    match writeln!(out, "{document}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        hooks: 0,
        command: "true".to_owned(),
        event: "PreToolUse".to_owned(),
        payload: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cmd" => options.command = args.next().ok_or("--cmd needs a value")?,
            "--event" => options.event = args.next().ok_or("--event needs a value")?,
            "--payload" => options.payload = Some(args.next().ok_or("--payload needs a value")?),
            n => options.hooks = n.parse().map_err(|_| format!("unknown argument {n:?}"))?,
        }
    }
    Ok(options)
}

/// Runs one hook to completion; returns its exit code (None: killed by a signal) and how many
/// bytes it wrote on stdout.
fn run_hook(command: &str, payload: &[u8]) -> io::Result<(Option<i32>, usize)> {
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let stdin = child.stdin.take().expect("stdin is piped");
    let output = if payload.len() <= PIPE_BUF {
        write_payload(stdin, payload)?;
        child.wait_with_output()?
    } else {
        std::thread::scope(|scope| {
            let writer = scope.spawn(|| write_payload(stdin, payload));
            let output = child.wait_with_output();
            writer.join().expect("writer thread does not panic")?;
            output
        })?
    };
    Ok((output.status.code(), output.stdout.len()))
}

/// Writes the payload and closes the pipe; a hook that exits without reading is not an error.
fn write_payload(mut stdin: std::process::ChildStdin, payload: &[u8]) -> io::Result<()> {
    match stdin.write_all(payload) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
