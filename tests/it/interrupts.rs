//! Signals at bad moments. A hook that kills hookrun must not erase a deny reached before it; once
//! the hooks have run, SIGINT/SIGTERM/SIGHUP end hookrun at once (128+signal) whatever it is
//! waiting on; and the fire log never makes hookrun wait (a FIFO or a device is refused).

use std::io::Read as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::Case;

/// A hookrun.toml: `deny` blocks with a reason, then `killer` sends SIGTERM to hookrun (its
/// parent: shell-form hooks run under `/bin/sh -c`) and waits to be ended.
const DENY_THEN_KILL: &str = r#"
[[hook]]
name = "deny"
events = ["PreToolUse"]
command = "echo 'no rm here' >&2; exit 2"

[[hook]]
name = "killer"
events = ["PreToolUse"]
command = "kill -TERM $PPID; sleep 5"
kill_grace = "200ms"
"#;

/// Waits for `child` at most `limit`; kills it and fails when it takes longer (a hang).
#[track_caller]
fn finish_within(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("try_wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().expect("wait");
            panic!("hookrun still running after {limit:?}: {output:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().expect("wait")
}

/// Starts `hookrun -C case args…` with `stdin` bytes written to it.
fn start(case: &Case, args: &[&str], stdin: &[u8]) -> Child {
    let mut child = case.command(args).spawn().expect("spawn hookrun");
    let mut pipe = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut pipe, stdin).expect("payload");
    drop(pipe);
    child
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}): {output:?}"))
}

#[test]
fn a_deny_reached_before_a_hook_kills_hookrun_is_still_answered() {
    let case = Case::new().file("hookrun.toml", DENY_THEN_KILL);
    let output = finish_within(
        start(&case, &["fire", "PreToolUse"], br#"{"tool_name": "Bash"}"#),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let document = json(&output);
    assert_eq!(document["decision"], "deny", "{document}");
    assert_eq!(document["reason"], "no rm here");
    assert_eq!(document["hooks"][1]["outcome"], "cancelled", "{document}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("interrupted by SIGTERM"), "{stderr}");
}

#[test]
fn a_deny_reached_before_a_hook_kills_hookrun_is_still_answered_to_claude() {
    // Claude Code reads a PreToolUse deny from the JSON of an exit 0; no answer would be an allow.
    let case = Case::new().file("hookrun.toml", DENY_THEN_KILL);
    let output = finish_within(
        start(
            &case,
            &["fire", "PreToolUse", "--output", "claude"],
            br#"{"tool_name": "Bash"}"#,
        ),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let answer = json(&output);
    assert_eq!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{answer}"
    );
}

#[test]
fn a_hook_that_kills_hookrun_before_anything_blocks_still_ends_it_with_128_plus_the_signal() {
    let config = DENY_THEN_KILL.replace("exit 2", "exit 0");
    let case = Case::new().file("hookrun.toml", &config);
    let output = finish_within(
        start(&case, &["fire", "PreToolUse"], b"{}"),
        Duration::from_secs(20),
    );
    assert_eq!(output.status.code(), Some(143), "{output:?}");
    assert!(output.stdout.is_empty(), "no document: {output:?}");
}

/// A project with one hook; `fifo` is a FIFO in it.
fn project_with_fifo() -> Case {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"ok\"\nevents = [\"Stop\"]\ncommand = \"true\"\n",
    );
    let status = Command::new("mkfifo")
        .arg(case.at("fifo"))
        .status()
        .unwrap();
    assert!(status.success());
    case
}

#[test]
fn a_log_naming_a_fifo_nobody_reads_is_refused_without_waiting() {
    let case = project_with_fifo();
    let output = finish_within(
        start(&case, &["fire", "Stop", "--log", "fifo"], b"{}"),
        Duration::from_secs(10),
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(json(&output)["decision"], "none");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot write the log"), "{stderr}");
}

#[test]
fn a_log_naming_a_fifo_with_a_reader_is_refused_and_nothing_is_written_to_it() {
    let case = project_with_fifo();
    // A reader that never reads: open the FIFO without waiting for a writer.
    let mut reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits().cast_signed())
        .open(case.at("fifo"))
        .unwrap();
    let output = finish_within(
        start(&case, &["fire", "Stop", "--log", "fifo"], b"{}"),
        Duration::from_secs(10),
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a regular file"), "{stderr}");
    let mut written = Vec::new();
    let _ = reader.read_to_end(&mut written);
    assert!(written.is_empty(), "{}", String::from_utf8_lossy(&written));
}

#[test]
fn sigterm_ends_hookrun_blocked_on_a_stdout_nobody_reads_after_the_hooks() {
    // The hook answers 200 kB: more than a pipe holds, so hookrun blocks writing the document.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"big\"\nevents = [\"Stop\"]\ncommand = \"./big.sh\"\n",
        )
        .hook(
            "big.sh",
            "#!/bin/sh\nprintf '{\"decision\": \"allow\", \"reason\": \"'\nhead -c 200000 /dev/zero | tr '\\0' r\nprintf '\"}\\n'\ntouch answered\n",
        );
    let mut child = start(&case, &["fire", "Stop"], b"{}");
    let _unread_stdout = child.stdout.take().expect("stdout");
    let start = Instant::now();
    while !case.at("answered").exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "hook never ran");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = finish_within(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(143), "{output:?}");
}
