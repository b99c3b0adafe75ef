//! How Claude Code's answers count: what it drops (the hook fails, the action proceeds), where
//! hookrun keeps a block Claude would drop, and which reason an exit-2 deny gives.

use std::path::PathBuf;
use std::time::Duration;

use super::super::CLAUDE;
use crate::model::answer::{Decision, Policy};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook};
use crate::runner::Finished;
use crate::verdict::{Limits, Outcome, Verdict, judge_process};

fn hook(event: &str) -> Hook {
    Hook::new(
        CLAUDE,
        0,
        EventSelector::Named(event.into()),
        Handler::Command(CommandForm::Shell("./guard.sh".into())),
        PathBuf::from("/p"),
        Duration::from_secs(600),
        &[],
    )
}

fn policy_on(event: &str) -> Policy {
    CLAUDE.policy(&hook(event), event)
}

/// Why Claude drops `stdout` on `event` (`None`: hookrun reads it).
fn refusal(event: &str, stdout: &str) -> Option<String> {
    let refuses = policy_on(event)
        .refuses
        .expect("Claude screens every event");
    refuses(stdout)
}

/// How hookrun judges a Claude hook on `event` that printed `stdout` and `stderr`, then exited.
fn judged(event: &str, code: i32, stdout: &str, stderr: &str) -> Verdict {
    let run = Finished::exited(
        code,
        stdout.as_bytes(),
        stderr.as_bytes(),
        Duration::from_millis(3),
    );
    let limits = Limits {
        timeout: Duration::from_secs(600),
        grace: Duration::from_secs(2),
    };
    judge_process(&run, policy_on(event), limits, "guard")
}

#[test]
fn hook_specific_output_without_its_event_name_is_dropped_as_claude_drops_it() {
    let answer =
        r#"{"hookSpecificOutput": {"additionalContext": "remember"}, "systemMessage": "hi"}"#;
    assert_eq!(
        refusal("PreToolUse", answer).as_deref(),
        Some(
            "Claude Code drops this answer: hookSpecificOutput is missing required field \"hookEventName\""
        )
    );
    let verdict = judged("PreToolUse", 0, answer, "");
    assert_eq!(verdict.outcome, Outcome::NonBlockingError);
    assert_eq!(verdict.decision, Decision::None);
    assert_eq!(
        verdict.said.additional_context, None,
        "the context is dropped"
    );
    assert_eq!(verdict.said.system_message, None, "so is every other field");
}

#[test]
fn hook_specific_output_naming_another_event_is_dropped() {
    let answer = r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedInput": {"command": "ls"}}}"#;
    assert_eq!(
        refusal("PreToolUse", answer).as_deref(),
        Some("Claude Code drops this answer: its hookEventName is 'PostToolUse', not 'PreToolUse'")
    );
    let verdict = judged("PreToolUse", 0, answer, "");
    assert_eq!(verdict.outcome, Outcome::NonBlockingError);
    assert_eq!(
        verdict.said.updated_input, None,
        "the rewrite is not applied"
    );
    assert!(
        refusal(
            "Notification",
            r#"{"hookSpecificOutput": {"hookEventName": "Notification"}}"#
        )
        .is_some()
    );
}

#[test]
fn an_answer_with_its_own_event_name_is_read() {
    for (event, answer) in [
        (
            "PreToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}"#,
        ),
        (
            "PostToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "x"}}"#,
        ),
        (
            "Notification",
            r#"{"systemMessage": "no hookSpecificOutput at all"}"#,
        ),
        ("PreToolUse", "plain words"),
    ] {
        assert_eq!(refusal(event, answer), None, "{event}: {answer}");
    }
}

#[test]
fn a_deny_without_its_event_name_still_blocks() {
    // Claude 2.1.332 drops this answer and runs the tool call; the guard meant to stop it.
    for answer in [
        r#"{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no rm"}}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no rm"}}"#,
        r#"{"decision": "block", "reason": "no rm", "hookSpecificOutput": {"additionalContext": "x"}}"#,
    ] {
        let verdict = judged("PreToolUse", 0, answer, "");
        assert_eq!(verdict.decision, Decision::Deny, "{answer}");
        assert_eq!(verdict.reason.as_deref(), Some("no rm"), "{answer}");
    }
    let stop = judged(
        "PreToolUse",
        0,
        r#"{"continue": false, "hookSpecificOutput": {}}"#,
        "",
    );
    assert_eq!(stop.outcome, Outcome::Blocking);
}

#[test]
fn a_permission_decision_on_post_tool_use_still_blocks() {
    // Claude reads `permissionDecision` on PreToolUse only; hookrun keeps the hook's deny.
    let answer = r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny", "permissionDecisionReason": "secret in output"}}"#;
    let verdict = judged("PostToolUse", 0, answer, "");
    assert_eq!(verdict.outcome, Outcome::Blocking);
    assert_eq!(verdict.decision, Decision::Deny);
    assert_eq!(verdict.reason.as_deref(), Some("secret in output"));
}

#[test]
fn exit_2_with_a_json_deny_gives_the_json_reason_not_stderr() {
    let deny = r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "json reason"}}"#;
    let verdict = judged("PreToolUse", 2, deny, "stderr reason");
    assert_eq!(verdict.decision, Decision::Deny);
    assert_eq!(verdict.reason.as_deref(), Some("json reason"));
    let block = judged(
        "PostToolUse",
        2,
        r#"{"decision": "block", "reason": "legacy"}"#,
        "text",
    );
    assert_eq!(block.reason.as_deref(), Some("legacy"));
}

#[test]
fn exit_2_with_a_json_allow_or_a_reasonless_deny_gives_stderr() {
    let allow = r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "fine"}}"#;
    let verdict = judged("PreToolUse", 2, allow, "stderr wins");
    assert_eq!(verdict.decision, Decision::Deny);
    assert_eq!(verdict.reason.as_deref(), Some("stderr wins"));
    let bare =
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}"#;
    assert_eq!(
        judged("PreToolUse", 2, bare, "from stderr")
            .reason
            .as_deref(),
        Some("from stderr")
    );
}
