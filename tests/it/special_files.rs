//! Configuration paths that are not regular files: a FIFO or a character device (also behind a
//! committed symlink such as `.claude/settings.json -> /dev/stdout`) is refused at once with an
//! error naming the file, never waited on; a dangling symlink is reported, never silently "no
//! hooks". Each run has a watchdog, so that a regression fails instead of hanging the suite.

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::harness::{Case, Run};

/// Longer than any of these runs takes, far shorter than a hang.
const WATCHDOG: Duration = Duration::from_secs(20);

/// Runs `command` (stdin `{}`), killing it and failing the test if it outlives the watchdog.
fn run_guarded(mut command: Command, args: &[&str]) -> Run {
    let start = Instant::now();
    let mut child = command.spawn().expect("spawn hookrun");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let _ = stdin.write_all(b"{}");
    drop(stdin);
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("hookrun {} hung: killed after {WATCHDOG:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = std::process::Output {
        status,
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
    };
    Run::new(args, &output, start.elapsed())
}

fn guarded(case: &Case, args: &[&str]) -> Run {
    run_guarded(case.command(args), args)
}

fn mkfifo(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

fn symlink(target: &str, path: &Path) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::os::unix::fs::symlink(target, path).expect("symlink");
}

#[test]
fn a_fifo_at_a_configuration_path_is_an_error_not_a_hang() {
    let case = Case::new();
    mkfifo(&case.at(".claude/settings.json"));
    guarded(&case, &["fire", "Stop"])
        .exit(1)
        .stderr_has(".claude/settings.json")
        .stderr_has("not a regular file: a FIFO");
    guarded(&case, &["validate"])
        .exit(1)
        .stdout_has(".claude/settings.json")
        .stdout_has("not a regular file: a FIFO");
}

#[test]
fn a_committed_symlink_to_dev_stdout_is_an_error_not_a_hang() {
    let case = Case::new();
    symlink("/dev/stdout", &case.at(".claude/settings.json"));
    // hookrun's stdout is a pipe here: reading it back would wait for hookrun itself.
    guarded(&case, &["fire", "Stop"])
        .exit(1)
        .stderr_has(".claude/settings.json")
        .stderr_has("not a regular file");
    guarded(&case, &["validate"])
        .exit(1)
        .stdout_has("not a regular file");
}

#[test]
fn a_character_device_at_a_configuration_path_is_refused() {
    let case = Case::new();
    symlink("/dev/null", &case.at(".cursor/hooks.json"));
    guarded(&case, &["fire", "stop"])
        .exit(1)
        .stderr_has(".cursor/hooks.json")
        .stderr_has("not a regular file: a character device");
}

#[test]
fn a_fifo_named_with_c_or_given_to_validate_is_refused() {
    let case = Case::new();
    mkfifo(&case.at("policy/claude.json"));
    guarded(&case, &["-c", "policy/claude.json", "fire", "Stop"])
        .exit(1)
        .stderr_has("policy/claude.json")
        .stderr_has("not a regular file: a FIFO");
    guarded(&case, &["validate", "policy/claude.json"])
        .exit(1)
        .stdout_has("not a regular file: a FIFO");
}

#[test]
fn a_fifo_test_file_is_refused_by_hookrun_test() {
    let case = Case::new().file(
        "ok.hooktest.toml",
        "[[test]]\nname = \"nothing\"\nevent = \"Stop\"\nexpect.decision = \"none\"\n",
    );
    mkfifo(&case.at("tests/stuck.hooktest.toml"));
    guarded(&case, &["test"])
        .exit(1)
        .stderr_has("stuck.hooktest.toml")
        .stderr_has("not a regular file: a FIFO");
    guarded(&case, &["test", "tests/stuck.hooktest.toml"])
        .exit(1)
        .stderr_has("not a regular file: a FIFO");
}

#[test]
fn a_fifo_gitignore_does_not_hang_test_discovery() {
    let case = Case::new().file(
        "ok.hooktest.toml",
        "[[test]]\nname = \"nothing\"\nevent = \"Stop\"\nexpect.decision = \"none\"\n",
    );
    mkfifo(&case.at(".gitignore"));
    guarded(&case, &["test"]).exit(0);
}

#[test]
fn a_dangling_symlink_is_a_warning_in_fire_and_an_error_in_validate() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"kept\"\nevents = [\"Stop\"]\ncommand = \"touch ran\"\n",
    );
    symlink("../shared/settings.json", &case.at(".claude/settings.json"));
    guarded(&case, &["fire", "Stop"])
        .exit(0)
        .stderr_has("warning: ")
        .stderr_has(".claude/settings.json")
        .stderr_has("dangling symbolic link");
    assert!(case.at("ran").exists(), "the other files' hooks still run");
    guarded(&case, &["validate"])
        .exit(1)
        .stdout_has("error: ")
        .stdout_has("dangling symbolic link");
}
