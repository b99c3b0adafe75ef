//! hookrun's own stderr and stdout when they misbehave. A stderr that is closed or whose reader
//! went away must never end hookrun (an abort after a deny was reached is a fail-open); a stdout
//! that cannot take the answer is a failure, and nothing more is written to it.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::harness::{Case, hookrun_bin};

/// A project whose one hook denies with a reason on its stderr.
fn denying_project() -> Case {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"no\"\nevents = [\"PreToolUse\"]\ncommand = \"echo 'not here' >&2; exit 2\"\n",
    );
    std::fs::write(case.at("payload.json"), r#"{"tool_name": "Bash"}"#).unwrap();
    case
}

/// Runs `hookrun -v fire PreToolUse [extra…]` in `case` with the payload file on stdin and
/// `stderr` as its stderr.
fn fire_with_stderr(case: &Case, extra: &[&str], stderr: Stdio) -> Output {
    let mut args = vec!["-v", "fire", "PreToolUse"];
    args.extend_from_slice(extra);
    let payload = std::fs::File::open(case.at("payload.json")).unwrap();
    case.command(&args)
        .stdin(payload)
        .stderr(stderr)
        .output()
        .expect("run hookrun")
}

/// The write end of a pipe whose read end is already closed: every write fails with EPIPE.
fn pipe_without_reader() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    Stdio::from(writer)
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON document ({e}): {:?}, status {}",
            String::from_utf8_lossy(&output.stdout),
            output.status
        )
    })
}

#[test]
fn a_deny_is_answered_when_the_reader_of_stderr_is_gone() {
    let case = denying_project();
    let output = fire_with_stderr(&case, &[], pipe_without_reader());
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(stdout_json(&output)["decision"], "deny");
}

#[test]
fn an_agent_deny_that_goes_to_stderr_is_answered_when_the_reader_of_stderr_is_gone() {
    // Cursor's deny is an exit 2 with the reason on stderr and the JSON on stdout.
    let case = denying_project();
    let output = fire_with_stderr(&case, &["--output", "cursor"], pipe_without_reader());
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(stdout_json(&output)["permission"], "deny");
}

#[test]
fn a_deny_is_answered_with_stderr_closed() {
    let case = denying_project();
    let command = format!(
        "exec {} -C {} --no-user-config --trust-project -v fire PreToolUse --output cursor < {} 2>&-",
        hookrun_bin(),
        case.path().display(),
        case.at("payload.json").display()
    );
    let output = Command::new("sh")
        .args(["-c", &command])
        .envs(crate::harness::home_env(case.home()))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(stdout_json(&output)["permission"], "deny");
}

#[test]
fn a_stdout_that_cannot_be_written_is_a_failure() {
    // Standard output open for reading only: every write fails with EBADF.
    let case = denying_project();
    let command = format!(
        "exec {} -C {} --no-user-config --trust-project fire PreToolUse < {} 1< {}",
        hookrun_bin(),
        case.path().display(),
        case.at("payload.json").display(),
        case.at("payload.json").display()
    );
    let output = Command::new("sh")
        .args(["-c", &command])
        .envs(crate::harness::home_env(case.home()))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot write the decision"), "{stderr}");
}

#[test]
fn a_full_stdout_under_an_agent_output_is_that_agents_failure() {
    // /dev/full takes nothing (ENOSPC): Cursor's failure answer blocks, and the message says why.
    let case = denying_project();
    let payload = std::fs::File::open(case.at("payload.json")).unwrap();
    let output = case
        .command(&["fire", "PreToolUse", "--output", "cursor"])
        .stdin(payload)
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "cursor failures block: {output:?}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot write the decision"), "{stderr}");
}

#[test]
fn a_non_blocking_stdout_pipe_gets_the_whole_answer_however_slowly_it_is_read() {
    // A reader that set O_NONBLOCK on the pipe and reads late: a 200 kB answer fills the pipe, and
    // hookrun must wait for room rather than stop half-way (EAGAIN).
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"big\"\nevents = [\"PreToolUse\"]\ncommand = \"./big.sh\"\n",
        )
        .hook(
            "big.sh",
            "#!/bin/sh\nprintf '{\"decision\": \"deny\", \"reason\": \"'\nhead -c 200000 /dev/zero | tr '\\0' r\nprintf '\"}\\n'\n",
        );
    std::fs::write(case.at("payload.json"), "{}").unwrap();
    let (mut reader, writer) = std::io::pipe().expect("pipe");
    let flags = rustix::fs::fcntl_getfl(&writer).unwrap();
    rustix::fs::fcntl_setfl(&writer, flags | rustix::fs::OFlags::NONBLOCK).unwrap();
    let mut command = case.command(&["fire", "PreToolUse"]);
    command
        .stdin(std::fs::File::open(case.at("payload.json")).unwrap())
        .stdout(writer);
    let mut child = command.spawn().unwrap();
    drop(command);
    std::thread::sleep(std::time::Duration::from_millis(500));
    let mut stdout = Vec::new();
    std::io::Read::read_to_end(&mut reader, &mut stdout).unwrap();
    let status = child.wait().unwrap();
    let document: Value = serde_json::from_slice(&stdout).unwrap_or_else(|e| {
        panic!(
            "{} bytes of stdout are not one document ({e}); {status}",
            stdout.len()
        )
    });
    assert_eq!(document["reason"].as_str().map(str::len), Some(200_000));
    assert_eq!(status.code(), Some(2));
}
