//! The test harness: a temporary project with config files and hook scripts, the real `hookrun`
//! binary run against it, and assertions that report every mismatch at once.
//!
//! ```ignore
//! Case::new()
//!     .file(".claude/settings.json", SETTINGS)
//!     .hook("hooks/deny.sh", "#!/bin/sh\nexit 2\n")
//!     .payload(json!({"tool_name": "Bash"}))
//!     .fire("PreToolUse")
//!     .exit(2)
//!     .decision("deny");
//! ```
#![allow(
    dead_code,
    reason = "each test module uses a different part of the harness"
)]

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The hookrun binary under test: cargo's build of this package, or the binary named by
/// `HOOKRUN_TEST_BIN` (CI runs the suite a second time against the static release binary).
pub(crate) fn hookrun_bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        std::env::var("HOOKRUN_TEST_BIN")
            .ok()
            .filter(|bin| !bin.is_empty())
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_hookrun").to_owned())
    })
}

/// Whether the binary under test is one `HOOKRUN_TEST_BIN` named (the release binary in CI)
/// rather than cargo's debug build: test-only knobs compiled into debug builds alone (such as
/// `HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS`) are not in it.
pub(crate) fn testing_a_named_binary() -> bool {
    hookrun_bin() != env!("CARGO_BIN_EXE_hookrun")
}

/// The variables that point hookrun (and what it runs) at a home: `HOME`, and the XDG
/// directories under it (`config/`, `state/`, `cache/`, `data/`), so no test's run writes in the
/// real ones (the cache, the trust store, loop-limit state) or reads the user's configuration.
pub(crate) fn home_env(home: &Path) -> [(&'static str, PathBuf); 5] {
    [
        ("HOME", home.to_path_buf()),
        ("XDG_CONFIG_HOME", home.join("config")),
        ("XDG_STATE_HOME", home.join("state")),
        ("XDG_CACHE_HOME", home.join("cache")),
        ("XDG_DATA_HOME", home.join("data")),
    ]
}

/// The hookrun under test, for the tests that run it without a [`Case`]: with a scratch home
/// under cargo's temporary directory for integration tests (`CARGO_TARGET_TMPDIR`), shared by
/// those runs, and never the real one.
pub(crate) fn hookrun_command() -> Command {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch-home");
    let mut command = Command::new(hookrun_bin());
    // In CI held-back hooks block (the book, "Trust"), and CI runs this suite with `CI` set.
    command.envs(home_env(&home)).env_remove("CI");
    command
}

/// Whether the binary under test reaches a descendant that left its hook's process group (the
/// Linux runner, a child subreaper), as its `--version` says. The portable runner
/// (`--features portable-runner`, and every other Unix) ends only the hook's group.
pub(crate) fn reaches_escapees() -> bool {
    static REACHES: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *REACHES.get_or_init(|| {
        let output = Command::new(hookrun_bin())
            .arg("--version")
            .output()
            .expect("hookrun --version runs");
        let version = String::from_utf8_lossy(&output.stdout);
        assert!(version.contains("runner: "), "names its runner: {version}");
        version.contains("child subreaper")
    })
}

/// A shipped fixture file, by path relative to `fixtures/`.
pub(crate) fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

/// A temporary project plus the command line to run against it.
pub(crate) struct Case {
    dir: tempfile::TempDir,
    home: tempfile::TempDir,
    stdin: std::cell::RefCell<Vec<u8>>,
    env: Vec<(String, String)>,
    args: Vec<String>,
}

impl Default for Case {
    fn default() -> Self {
        Self::new()
    }
}

impl Case {
    pub(crate) fn new() -> Case {
        Case {
            dir: tempfile::Builder::new()
                .prefix("hookrun-it-")
                .tempdir()
                .expect("temp project"),
            home: tempfile::Builder::new()
                .prefix("hookrun-home-")
                .tempdir()
                .expect("temp home"),
            stdin: std::cell::RefCell::new(b"{}".to_vec()),
            env: Vec::new(),
            args: Vec::new(),
        }
    }

    /// The project directory.
    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The scratch home directory (`HOME`; `XDG_CONFIG_HOME` is its `config/`, `XDG_STATE_HOME`
    /// its `state/`, `XDG_CACHE_HOME` its `cache/`, and `HOOKRUN_SYSTEM_ROOT` its `system/`).
    pub(crate) fn home(&self) -> &Path {
        self.home.path()
    }

    /// Runs hookrun without `HOOKRUN_TRUST_PROJECT`: the project's files need `hookrun trust`.
    pub(crate) fn untrusted(self) -> Case {
        self.env("HOOKRUN_TRUST_PROJECT", "0")
    }

    /// Writes `contents` to `rel` under the scratch home (directories made as needed).
    pub(crate) fn home_file(self, rel: &str, contents: &str) -> Case {
        let path = self.home.path().join(rel);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write");
        self
    }

    /// A path inside the project.
    pub(crate) fn at(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// A file in the project (parents created).
    pub(crate) fn file(self, rel: &str, contents: &str) -> Case {
        let path = self.at(rel);
        std::fs::create_dir_all(path.parent().expect("file has a parent")).expect("mkdir");
        std::fs::write(&path, contents).expect("write file");
        self
    }

    /// An executable script in the project.
    pub(crate) fn hook(self, rel: &str, script: &str) -> Case {
        let case = self.file(rel, script);
        let path = case.at(rel);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        case
    }

    /// Raw bytes for hookrun's stdin (for this and later runs).
    pub(crate) fn stdin(&self, bytes: impl Into<Vec<u8>>) -> &Case {
        *self.stdin.borrow_mut() = bytes.into();
        self
    }

    /// A JSON payload on stdin (for this and later runs).
    #[expect(clippy::needless_pass_by_value, reason = "callers pass json! literals")]
    pub(crate) fn payload(&self, value: Value) -> &Case {
        self.stdin(value.to_string())
    }

    pub(crate) fn env(mut self, key: &str, value: &str) -> Case {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// An extra argument placed before the subcommand's own (global options such as `-c`).
    pub(crate) fn arg(mut self, arg: &str) -> Case {
        self.args.push(arg.to_owned());
        self
    }

    /// The command that runs hookrun in this project, without stdin.
    pub(crate) fn command(&self, args: &[&str]) -> Command {
        self.command_of(Path::new(hookrun_bin()), args)
    }

    /// [`Case::command`] with another hookrun executable (a copy elsewhere: another install).
    pub(crate) fn command_of(&self, program: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(self.path())
            .env_remove("HOOKRUN_PROJECT_DIR")
            .env_remove("HOOKRUN_DEPTH")
            .env_remove("HOOKRUN_LOG")
            .envs(home_env(self.home.path()))
            // The machine's own managed policy (`/etc/claude-code`, …) never reaches a test.
            .env("HOOKRUN_SYSTEM_ROOT", self.home.path().join("system"))
            .env_remove("CLAUDE_CONFIG_DIR")
            // Run inside Claude Code, the tests must not write to its session's env file.
            .env_remove("CLAUDE_ENV_FILE")
            .env_remove("CODEX_HOME")
            .env_remove("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
            .env_remove("GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
            // In CI held-back hooks block (the book, "Trust"): a test that means CI says so.
            .env_remove("CI")
            // The scratch project is the test's own: its hooks run as if trusted (`untrusted()`
            // takes that back, for the trust tests).
            .env("HOOKRUN_TRUST_PROJECT", "1")
            .arg("-C")
            .arg(self.path())
            .args(&self.args)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in &self.env {
            command.env(key, value);
        }
        command
    }

    /// `hookrun fire EVENT [extra…]` with the case's stdin.
    pub(crate) fn fire_with(&self, event: &str, extra: &[&str]) -> Run {
        let mut args = vec!["fire", event];
        args.extend_from_slice(extra);
        self.run(&args)
    }

    pub(crate) fn fire(&self, event: &str) -> Run {
        self.fire_with(event, &[])
    }

    /// Runs hookrun with `args` (after `-C dir` and the case's extra arguments).
    pub(crate) fn run(&self, args: &[&str]) -> Run {
        self.run_of(Path::new(hookrun_bin()), args)
    }

    /// [`Case::run`] with another hookrun executable.
    pub(crate) fn run_of(&self, program: &Path, args: &[&str]) -> Run {
        let start = Instant::now();
        let mut child = self
            .command_of(program, args)
            .spawn()
            .expect("spawn hookrun");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let bytes = self.stdin.borrow().clone();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
        let output = child.wait_with_output().expect("wait for hookrun");
        let _ = writer.join();
        Run::new(args, &output, start.elapsed())
    }
}

/// One finished run of hookrun.
pub(crate) struct Run {
    pub(crate) args: String,
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) elapsed: Duration,
}

impl Run {
    pub(crate) fn new(args: &[&str], output: &std::process::Output, elapsed: Duration) -> Run {
        Run {
            args: args.join(" "),
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            elapsed,
        }
    }

    fn context(&self) -> String {
        format!(
            "\n  hookrun {}\n  exit: {:?} after {:?}\n  stdout: {}\n  stderr: {}",
            self.args,
            self.code,
            self.elapsed,
            self.stdout.trim_end(),
            self.stderr.trim_end()
        )
    }

    /// The decision document on stdout.
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}){}", self.context()))
    }

    /// Asserts the exit code.
    #[track_caller]
    pub(crate) fn exit(self, code: i32) -> Run {
        assert_eq!(self.code, Some(code), "exit code{}", self.context());
        self
    }

    /// Asserts the merged decision.
    #[track_caller]
    pub(crate) fn decision(self, decision: &str) -> Run {
        assert_eq!(
            self.json()["decision"],
            decision,
            "decision{}",
            self.context()
        );
        self
    }

    /// Asserts a field of the document by JSON pointer (`/reason`, `/hooks/0/outcome`).
    #[track_caller]
    pub(crate) fn field(self, pointer: &str, expected: &Value) -> Run {
        let json = self.json();
        let actual = json.pointer(pointer).unwrap_or(&Value::Null);
        assert_eq!(actual, expected, "field {pointer}{}", self.context());
        self
    }

    /// Asserts that stderr contains `text`.
    #[track_caller]
    pub(crate) fn stderr_has(self, text: &str) -> Run {
        assert!(
            self.stderr.contains(text),
            "stderr lacks {text:?}{}",
            self.context()
        );
        self
    }

    /// Asserts that stdout does not contain `text`.
    #[track_caller]
    pub(crate) fn stdout_lacks(self, text: &str) -> Run {
        assert!(
            !self.stdout.contains(text),
            "stdout has {text:?}{}",
            self.context()
        );
        self
    }

    /// Asserts that stdout contains `text`.
    #[track_caller]
    pub(crate) fn stdout_has(self, text: &str) -> Run {
        assert!(
            self.stdout.contains(text),
            "stdout lacks {text:?}{}",
            self.context()
        );
        self
    }

    /// The names of the hooks in the document, in record order.
    pub(crate) fn hook_names(&self) -> Vec<String> {
        self.json()["hooks"]
            .as_array()
            .unwrap_or_else(|| panic!("no hooks array{}", self.context()))
            .iter()
            .map(|h| h["name"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// The record of the hook named `name`.
    #[track_caller]
    pub(crate) fn hook(&self, name: &str) -> Value {
        let json = self.json();
        json["hooks"]
            .as_array()
            .and_then(|hooks| hooks.iter().find(|h| h["name"] == name).cloned())
            .unwrap_or_else(|| panic!("no hook record named {name}{}", self.context()))
    }

    /// Asserts an upper bound on the wall time: only where a hang is the bug.
    #[track_caller]
    pub(crate) fn within(self, limit: Duration) -> Run {
        assert!(
            self.elapsed < limit,
            "took {:?}, limit {limit:?}{}",
            self.elapsed,
            self.context()
        );
        self
    }
}

/// Whether a process is still alive (a zombie counts as dead).
pub(crate) fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Waits (up to `limit`) until `pid` is dead; returns whether it died.
pub(crate) fn wait_dead(pid: u32, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    !alive(pid)
}

/// Reads whitespace-separated pids from a file written by a fixture hook.
pub(crate) fn pids(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("pid file {}: {e}", path.display()))
        .split_whitespace()
        .map(|p| p.parse().expect("pid"))
        .collect()
}

/// A `.claude/settings.json` with one command hook for `event`.
pub(crate) fn claude_settings(event: &str, matcher: &str, command: &str, extra: &str) -> String {
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(", {extra}")
    };
    format!(
        r#"{{"hooks":{{"{event}":[{{"matcher":{matcher:?},"hooks":[{{"type":"command","command":{command:?}{extra}}}]}}]}}}}"#
    )
}
