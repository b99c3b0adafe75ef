//! Descendants that leave their hook's process group (a new session, a group of their own, a
//! double fork): the Linux runner adopts them as a child subreaper and ends them when their hook
//! ends, so that no process outlives its hook. Each hook writes the pids it leaves behind to a
//! file; after hookrun returns, none of them may be alive.
//!
//! The portable runner (other Unix systems, `--features portable-runner` here) ends only the
//! hook's process group: a process that surely left it before the hook ended survives, as the
//! README's platform table says, and these tests pin that too. Either way hookrun returns.

use std::time::Duration;

use serde_json::json;

use crate::harness::{Case, alive, pids, reaches_escapees};

/// A hookrun.toml with one shell-form hook `h` on `Stop`.
fn one_hook(command: &str, extra: &str) -> String {
    format!("[[hook]]\nname = \"h\"\nevents = [\"Stop\"]\ncommand = {command:?}\n{extra}\n")
}

/// Kills whatever a failing test left running, so that a red run does not leak `sleep 600`s.
struct Cleanup(Vec<u32>);

impl Drop for Cleanup {
    fn drop(&mut self) {
        for pid in &self.0 {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .stderr(std::process::Stdio::null())
                .status();
        }
    }
}

/// Whether the hook's leftovers had surely left its process group before it ended (so that the
/// portable runner cannot reach them), or may still have been in it.
#[derive(Clone, Copy, PartialEq)]
enum Escape {
    Certain,
    Racing,
}

/// Fires `Stop` in a project whose hook runs `command` (with `$PIDS` naming the pid file), and
/// checks that every pid the hook wrote is dead the moment hookrun has returned — or, with the
/// portable runner, that a certain escapee is still alive.
#[track_caller]
fn fire_and_check(command: &str, extra: &str, escape: Escape) -> serde_json::Value {
    let case = Case::new().file("hookrun.toml", &one_hook(command, extra));
    let pid_file = case.at("pids");
    let case = case.env("PIDS", pid_file.to_str().unwrap());
    let run = case.fire("Stop").within(Duration::from_secs(20)).exit(0);
    let left = pids(&pid_file);
    let _cleanup = Cleanup(left.clone());
    assert!(!left.is_empty(), "the hook wrote no pid{}", run.stderr);
    let alive: Vec<u32> = left.iter().copied().filter(|&pid| alive(pid)).collect();
    if reaches_escapees() {
        assert!(
            alive.is_empty(),
            "still alive after hookrun returned: {alive:?}\n{}",
            run.stdout
        );
    } else if escape == Escape::Certain {
        assert_eq!(
            alive, left,
            "the portable runner cannot reach a process outside the hook's group (README, \
             Platforms): if it now does, update the table\n{}",
            run.stdout
        );
    }
    run.hook("h")
}

#[test]
fn a_descendant_in_a_new_session_with_its_pipes_closed_is_ended_when_its_hook_exits() {
    let hook = fire_and_check(
        "setsid sleep 600 </dev/null >/dev/null 2>&1 & echo $! > \"$PIDS\"",
        "",
        Escape::Racing,
    );
    assert_eq!(hook["outcome"], "success", "{hook}");
    if reaches_escapees() {
        assert_eq!(
            hook["leaked"], 1,
            "one process ended after the hook: {hook}"
        );
    }
}

#[test]
fn a_descendant_in_a_new_session_keeping_stdout_is_ended_when_its_hook_exits() {
    let hook = fire_and_check(
        "setsid sleep 600 & echo $! > \"$PIDS\"; echo '{\"reason\": \"answered\"}'",
        "",
        Escape::Racing,
    );
    assert_eq!(hook["leaked"], 1, "it held the pipes: {hook}");
    assert_eq!(
        hook["reason"], "answered",
        "what the hook said is kept: {hook}"
    );
}

#[test]
fn a_descendant_in_a_new_session_is_ended_after_its_hook_times_out() {
    let hook = fire_and_check(
        "setsid sleep 600 & echo $! > \"$PIDS\"; sleep 600",
        "timeout = \"300ms\"\nkill_grace = \"300ms\"",
        Escape::Racing,
    );
    assert_eq!(hook["timed_out_after_ms"], 300, "{hook}");
    assert_eq!(hook["leaked"], 1, "{hook}");
}

#[test]
fn a_child_that_calls_setpgid_is_ended_when_its_hook_exits() {
    let hook = fire_and_check(
        "perl -e 'setpgrp(0, 0); exec \"sleep\", \"600\"' </dev/null >/dev/null 2>&1 & \
         echo $! > \"$PIDS\"; \
         while [ \"$(cut -d' ' -f5 /proc/$!/stat)\" = \"$(cut -d' ' -f5 /proc/$$/stat)\" ]; do :; done",
        "",
        Escape::Certain,
    );
    let expected = if reaches_escapees() {
        json!(1)
    } else {
        json!(null)
    };
    assert_eq!(hook["leaked"], expected, "{hook}");
}

#[test]
fn a_double_fork_into_a_new_session_is_ended_with_its_own_child() {
    // The daemon (a shell) and its child; their parent exits at once, so both are orphans.
    let hook = fire_and_check(
        "(setsid sh -c 'sleep 600 & echo $$ $! > \"$PIDS\"; wait' </dev/null >/dev/null 2>&1 &); \
         while [ ! -s \"$PIDS\" ]; do :; done",
        "",
        Escape::Certain,
    );
    let expected = if reaches_escapees() {
        json!(2)
    } else {
        json!(null)
    };
    assert_eq!(hook["leaked"], expected, "the daemon and its child: {hook}");
}

#[test]
fn an_escaped_descendant_ignoring_sigterm_is_killed_after_the_grace() {
    let hook = fire_and_check(
        "setsid sh -c 'trap \"\" TERM; echo $$ > \"$PIDS\"; while :; do sleep 1; done' \
         </dev/null >/dev/null 2>&1 & while [ ! -s \"$PIDS\" ]; do :; done",
        "kill_grace = \"300ms\"",
        Escape::Certain,
    );
    if reaches_escapees() {
        assert!(hook["leaked"].as_u64() >= Some(1), "{hook}");
    }
}

#[test]
fn escaped_descendants_are_reaped_before_the_next_hook_runs() {
    // The second hook lists hookrun's children: only itself, no zombie and no survivor of the
    // first hook.
    let config = format!(
        "{}\n[[hook]]\nname = \"look\"\nevents = [\"Stop\"]\ncommand = {:?}\n",
        one_hook(
            "setsid sleep 600 </dev/null >/dev/null 2>&1 & echo $! > \"$PIDS\"",
            ""
        ),
        "cat /proc/$PPID/task/*/children > children; echo $$ > me",
    );
    let case = Case::new().file("hookrun.toml", &config);
    let pid_file = case.at("pids");
    let case = case.env("PIDS", pid_file.to_str().unwrap());
    case.fire("Stop").within(Duration::from_secs(20)).exit(0);
    let escaped = pids(&pid_file);
    let _cleanup = Cleanup(escaped.clone());
    if reaches_escapees() {
        assert!(
            !alive(escaped[0]),
            "the first hook's escaped process survived"
        );
    }
    let children = std::fs::read_to_string(case.at("children")).unwrap();
    let me = std::fs::read_to_string(case.at("me")).unwrap();
    assert_eq!(
        children.split_whitespace().collect::<Vec<_>>(),
        vec![me.trim()],
        "hookrun's children while the second hook runs"
    );
}

#[test]
fn a_hook_that_leaves_nothing_behind_has_no_leaked_count() {
    Case::new()
        .file("hookrun.toml", &one_hook("sleep 0 & wait; echo ok >&2", ""))
        .fire("Stop")
        .exit(0)
        .field("/hooks/0/leaked", &json!(null));
}
