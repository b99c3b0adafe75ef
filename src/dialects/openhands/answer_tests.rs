//! OpenHands' reading of a run, row by row from `HookExecutor.execute` and
//! `HookManager.get_blocking_reason` (`openhands/sdk/hooks/executor.py`, `manager.py`).

use std::time::Duration;

use super::*;

fn run<'a>(ended: Ended<'a>, stdout: &'a [u8], stderr: &'a [u8]) -> Said {
    read(&HookRun {
        name: "guard",
        timeout: Duration::from_secs(60),
        ended,
        stdout,
        stderr,
    })
}

fn exited(code: i32, stdout: &str, stderr: &str) -> (Option<Decision>, Option<String>) {
    let said = run(Ended::Exited(code), stdout.as_bytes(), stderr.as_bytes());
    (said.decision, said.reason)
}

const DENY: Option<Decision> = Some(Decision::Deny);
const ALLOW: Option<Decision> = Some(Decision::Allow);

#[expect(
    clippy::unnecessary_wraps,
    reason = "compared with a reading's `Option`"
)]
fn reason(text: &str) -> Option<String> {
    Some(text.to_owned())
}

#[test]
fn only_exit_2_blocks_and_its_reason_is_stderr_stripped() {
    assert_eq!(exited(0, "", ""), (None, None));
    assert_eq!(exited(2, "", "  no rm -rf\n"), (DENY, reason("no rm -rf")));
    assert_eq!(exited(2, "", ""), (DENY, reason("Blocked by hook")));
    // `success=False` but not `blocked`: exit 1 and any other code let the action through.
    assert_eq!(exited(1, "", "oops"), (None, None));
    assert_eq!(exited(127, "", "not found"), (None, None));
}

#[test]
fn stdout_json_is_read_whatever_the_exit_code() {
    let deny = r#"{"decision": "deny", "reason": "policy"}"#;
    assert_eq!(exited(0, deny, ""), (DENY, reason("policy")));
    assert_eq!(exited(1, deny, "ignored"), (DENY, reason("policy")));
    // The decision word is compared in lower case.
    assert_eq!(
        exited(0, r#"{"decision": "DENY"}"#, "why"),
        (DENY, reason("why"))
    );
    assert_eq!(exited(0, r#"{"decision": "Allow"}"#, ""), (ALLOW, None));
    // An allow does not undo exit 2's block.
    assert_eq!(
        exited(2, r#"{"decision": "allow"}"#, "e"),
        (DENY, reason("e"))
    );
}

#[test]
fn only_allow_and_deny_are_decisions() {
    for word in ["block", "approve", "ask", "yes"] {
        let text = format!(r#"{{"decision": "{word}"}}"#);
        assert_eq!(exited(0, &text, ""), (None, None), "{word}");
    }
    // A decision that is not a string is no decision.
    assert_eq!(exited(0, r#"{"decision": true}"#, ""), (None, None));
}

#[test]
fn a_false_continue_blocks_as_python_counts_false() {
    for value in ["false", "0", "null", "\"\"", "[]", "{}"] {
        let text = format!(r#"{{"continue": {value}, "reason": "halt"}}"#);
        assert_eq!(exited(0, &text, ""), (DENY, reason("halt")), "{value}");
    }
    assert_eq!(exited(0, r#"{"continue": true}"#, ""), (None, None));
}

#[test]
fn an_empty_reason_gives_way_to_stderr_and_reasons_are_strd() {
    assert_eq!(
        exited(0, r#"{"decision": "deny", "reason": ""}"#, "from stderr"),
        (DENY, reason("from stderr"))
    );
    assert_eq!(
        exited(0, r#"{"decision": "deny", "reason": null}"#, ""),
        (DENY, reason("None"))
    );
    assert_eq!(
        exited(0, r#"{"decision": "deny", "reason": 5}"#, ""),
        (DENY, reason("5"))
    );
}

#[test]
fn additional_context_is_read_and_plain_text_is_not() {
    let said = run(
        Ended::Exited(0),
        br#"{"additionalContext": "use pnpm"}"#,
        b"",
    );
    assert_eq!(said.additional_context.as_deref(), Some("use pnpm"));
    let plain = run(Ended::Exited(0), b"just text", b"");
    assert_eq!(plain, Said::default());
}

#[test]
fn a_timeout_a_failure_and_undecodable_output_let_the_action_through() {
    assert_eq!(run(Ended::TimedOut, b"", b""), Said::default());
    assert_eq!(
        run(Ended::Failed("no such file"), b"", b""),
        Said::default()
    );
    assert_eq!(run(Ended::Signalled(9), b"", b""), Said::default());
    assert_eq!(run(Ended::Exited(2), b"\xff", b"bad"), Said::default());
}
