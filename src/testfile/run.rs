//! Runs one test case through the real pipeline: this very binary, as a child
//! `hookrun -C DIR [-c FILE…] --no-user-config fire EVENT`, with the payload on stdin.
//!
//! A child process rather than an in-process call keeps every test exactly faithful to what an
//! agent sees (argument parsing, exit code, stdout bytes), and isolates what `fire` does to the
//! process — signal handlers, `HOOKRUN_DEPTH`, temp files — from the test runner and from the other
//! tests. The cost is one extra process start per test (~1 ms).

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{PayloadSource, TestCase, TestFile};

/// The variable naming each test's scratch directory, for `fire`, its hooks and `env` values.
pub(crate) const TMPDIR_VAR: &str = "HOOKRUN_TEST_TMPDIR";

/// `value` with `${HOOKRUN_TEST_TMPDIR}` and `$HOOKRUN_TEST_TMPDIR` replaced by `tmpdir`: an `env`
/// value is no shell text, and this one variable is all it may refer to (a hook's shell expands
/// the rest itself).
fn with_tmpdir(value: &str, tmpdir: &str) -> String {
    value
        .replace(&format!("${{{TMPDIR_VAR}}}"), tmpdir)
        .replace(&format!("${TMPDIR_VAR}"), tmpdir)
}

/// What `fire` did.
#[derive(Debug)]
pub(crate) struct Actual {
    /// `None` when the process died by a signal.
    pub(crate) exit_code: Option<i32>,
    /// The printed document, when stdout was one JSON value.
    pub(crate) document: Option<Value>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) duration: Duration,
    /// How many requests the test's server answered (`None`: the test names no server).
    pub(crate) requests: Option<u64>,
}

/// Fires `case` with the binary at `exe`.
/// With `trust_project`, the project's hook files run without a trust record (`--trust-project`
/// given to `hookrun test` is passed on).
pub(crate) fn fire(
    exe: &Path,
    file: &TestFile,
    case: &TestCase,
    trust_project: bool,
) -> std::io::Result<Actual> {
    let mut command = Command::new(exe);
    if trust_project {
        command.arg("--trust-project");
    }
    command.arg("-C").arg(&file.project_dir);
    for config in &file.config {
        command.arg("-c").arg(config);
    }
    command.args(["--no-user-config", "--color", "never", "fire", &case.event]);
    if let Some(output) = &case.output {
        command.args(["--output", output]);
    }
    if case.strict {
        command.arg("--strict");
    }
    let stdin = match &case.payload {
        PayloadSource::Inline(map) => {
            command.stdin(Stdio::piped());
            let mut json = serde_json::to_vec(map).map_err(std::io::Error::other)?;
            json.push(b'\n');
            Some(json)
        }
        PayloadSource::File(path) => {
            command.arg("--payload").arg(path).stdin(Stdio::null());
            None
        }
    };
    // A test run must not append to the user's fire log, nor inherit another project dir.
    command
        .env_remove("HOOKRUN_LOG")
        .env_remove("HOOKRUN_PROJECT_DIR")
        .env_remove(crate::execute::http::TEST_SERVER);
    let server = match &case.server {
        Some(spec) => {
            let server = super::server::Server::start(spec)?;
            command.env(crate::execute::http::TEST_SERVER, &server.url);
            // The user's real key never goes to the test's server.
            command.env("ANTHROPIC_API_KEY", "hookrun-test");
            Some(server)
        }
        None => None,
    };
    // A scratch directory of this test's own, removed when it ends: hooks write there, not into
    // the project (the starter's audit log, through the test file's `env`).
    let scratch = tempfile::Builder::new().prefix("hookrun-test-").tempdir()?;
    let tmpdir = scratch.path().to_string_lossy();
    command.env(TMPDIR_VAR, &*tmpdir);
    for (key, value) in file.env.iter().chain(&case.env) {
        command.env(key, with_tmpdir(value, &tmpdir));
    }
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn()?;
    let writer = match (stdin, child.stdin.take()) {
        (Some(bytes), Some(mut pipe)) => Some(std::thread::spawn(move || {
            // fire may stop reading early (a config error): a closed pipe is not our failure.
            let _ = pipe.write_all(&bytes);
        })),
        _ => None,
    };
    let output = child.wait_with_output()?;
    let duration = started.elapsed();
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let document = serde_json::from_str(stdout.trim()).ok();
    Ok(Actual {
        exit_code: output.status.code(),
        document,
        stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        duration,
        requests: server.map(super::server::Server::stop),
    })
}

#[cfg(test)]
mod tests {
    use super::with_tmpdir;

    #[test]
    fn an_env_value_may_name_the_tests_temporary_directory_braced_or_not() {
        assert_eq!(
            with_tmpdir("${HOOKRUN_TEST_TMPDIR}/audit.jsonl", "/tmp/t1"),
            "/tmp/t1/audit.jsonl"
        );
        assert_eq!(
            with_tmpdir("$HOOKRUN_TEST_TMPDIR/a", "/tmp/t1"),
            "/tmp/t1/a"
        );
        assert_eq!(with_tmpdir("$HOME/x", "/tmp/t1"), "$HOME/x");
    }
}
