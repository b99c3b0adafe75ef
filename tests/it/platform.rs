//! What hookrun says about its build, and the world a runner may be started in on any Unix.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::Case;

#[test]
fn version_names_the_target_and_the_runner_backend() {
    let run = Case::new().run(&["--version"]).exit(0);
    let version = run.stdout.trim();
    assert!(
        version.starts_with(&format!("hookrun {} (", env!("CARGO_PKG_VERSION"))),
        "{version}"
    );
    assert!(
        version.contains(std::env::consts::ARCH) && version.contains(std::env::consts::OS),
        "names the target: {version}"
    );
    let portable = version.contains("runner: posix, SIGCHLD self-pipe + process-group sweep");
    let linux = version.contains("runner: linux, pidfd + child subreaper");
    assert!(portable != linux, "names one runner backend: {version}");
    let cargo_build = std::env::var("HOOKRUN_TEST_BIN").map_or(true, |bin| bin.is_empty());
    if cargo_build {
        assert_eq!(
            portable,
            cfg!(feature = "portable-runner"),
            "cargo's build of this package has the backend its features choose: {version}"
        );
    }
}

#[test]
fn a_sigchld_ignored_by_hookruns_parent_still_lets_it_read_each_hooks_exit() {
    // With SIGCHLD ignored (inherited through exec) the kernel reaps children itself and their
    // exit status is lost: hookrun used to wait forever for it.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"h\"\nevents = [\"Stop\"]\n\
             command = \"echo '{\\\"reason\\\": \\\"no\\\"}'; exit 2\"\n",
        )
        .file("payload.json", "{}");
    let inner = case.command(&["fire", "Stop", "--payload", "payload.json"]);
    // perl sets SIG_IGN for `IGNORE` (dash's `trap '' CHLD` does not), and exec keeps it.
    let mut outer = Command::new("perl");
    outer
        .arg("-e")
        .arg("$SIG{CHLD} = 'IGNORE'; exec { $ARGV[0] } @ARGV or die $!")
        .arg(inner.get_program())
        .args(inner.get_args())
        .current_dir(case.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => outer.env(key, value),
            None => outer.env_remove(key),
        };
    }
    let start = Instant::now();
    let mut child = outer.spawn().expect("sh runs");
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("hookrun did not return within 10 s with SIGCHLD ignored");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    let document: Value = serde_json::from_str(stdout.trim()).expect("a decision document");
    assert_eq!(document["hooks"][0]["exit_code"], 2, "{document}");
    assert_eq!(document["decision"], "deny", "{document}");
}
