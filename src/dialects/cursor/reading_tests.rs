//! How a Cursor hook's exit code decides whether its JSON is read: only exit 0 is read, exit 2
//! denies, every other exit is a failure that fails open unless `failClosed`; a deny printed
//! before such an exit still blocks in hookrun (the book, "Differences from Cursor").

use std::path::PathBuf;
use std::time::Duration;

use super::CURSOR;
use crate::model::answer::Decision;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::runner::Finished;
use crate::verdict::{Limits, Outcome, Verdict, judge_process};

fn hook(fail_closed: bool) -> Hook {
    let mut hook = Hook::new(
        CURSOR,
        0,
        EventSelector::Named("beforeShellExecution".into()),
        Handler::Command(CommandForm::Shell("./guard.sh".into())),
        PathBuf::from("/p"),
        Duration::from_secs(30),
        &[],
    );
    hook.fail_closed = fail_closed;
    hook
}

/// How hookrun judges a Cursor hook that printed `stdout`, then exited with `code`.
fn judged(fail_closed: bool, code: i32, stdout: &str) -> Verdict {
    let run = Finished::exited(
        code,
        stdout.as_bytes(),
        b"guard broke",
        Duration::from_millis(3),
    );
    let limits = Limits {
        timeout: Duration::from_secs(30),
        grace: Duration::from_secs(2),
    };
    let hook = hook(fail_closed);
    let policy = CURSOR.policy(&hook, "beforeShellExecution");
    judge_process(&run, policy, limits, "guard")
}

const ALLOW_REWRITE: &str = r#"{"permission": "allow", "updated_input": {"command": "ls"}}"#;
const DENY: &str = r#"{"permission": "deny", "user_message": "no curl"}"#;

#[test]
fn exit_0_reads_the_json() {
    let verdict = judged(false, 0, ALLOW_REWRITE);
    assert_eq!(verdict.outcome, Outcome::Success);
    assert_eq!(verdict.decision, Decision::Allow);
    assert!(verdict.said.updated_input.is_some());
}

#[test]
fn other_exits_are_failures_whose_json_is_not_read() {
    for code in [1, 3, 127] {
        let verdict = judged(false, code, ALLOW_REWRITE);
        assert_eq!(verdict.outcome, Outcome::NonBlockingError, "exit {code}");
        assert_eq!(verdict.decision, Decision::None, "exit {code}");
        assert_eq!(verdict.said.updated_input, None, "exit {code}: no rewrite");
        assert_eq!(
            verdict.error.as_deref(),
            Some(format!("exited with code {code}: guard broke").as_str())
        );
    }
}

#[test]
fn a_failure_blocks_when_the_hook_fails_closed() {
    let verdict = judged(true, 3, ALLOW_REWRITE);
    assert_eq!(verdict.outcome, Outcome::Blocking);
    assert_eq!(verdict.decision, Decision::Deny);
}

#[test]
fn a_deny_printed_before_exit_1_or_3_still_blocks() {
    // Cursor fails open here (failClosed unset); the hook said deny, so hookrun blocks.
    for code in [1, 3] {
        let verdict = judged(false, code, DENY);
        assert_eq!(verdict.outcome, Outcome::Blocking, "exit {code}");
        assert_eq!(verdict.decision, Decision::Deny, "exit {code}");
        assert_eq!(verdict.reason.as_deref(), Some("no curl"), "exit {code}");
    }
}
