//! How Codex's answers count, per event: what it refuses (the hook fails), what blocks, and where
//! hookrun's stricter reading keeps a block Codex would let through.

use std::path::PathBuf;
use std::time::Duration;

use super::CODEX;
use super::answers::policy;
use crate::model::answer::Policy;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode};

fn hook() -> Hook {
    Hook::new(
        CODEX,
        0,
        EventSelector::Named("PreToolUse".into()),
        Handler::Command(CommandForm::Shell("./guard.sh".into())),
        PathBuf::from("/p"),
        Duration::from_secs(600),
        &[],
    )
}

fn policy_on(event: &str) -> Policy {
    policy(&hook(), event)
}

/// Why Codex refuses `stdout` on `event` (`None`: hookrun reads it).
fn refusal(event: &str, stdout: &str) -> Option<String> {
    let refuses = policy_on(event).refuses.expect("Codex screens this event");
    refuses(stdout)
}

fn refused(event: &str, stdout: &str) -> bool {
    refusal(event, stdout).is_some()
}

#[test]
fn pre_tool_use_refuses_what_codex_does_not_support() {
    for answer in [
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "sure?"}}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "ls"}}}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecisionReason": "x"}}"#,
        r#"{"decision": "approve"}"#,
        r#"{"reason": "no decision"}"#,
        r#"{"stopReason": "x"}"#,
        r#"{"suppressOutput": true}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "Foo", "additionalContext": "x"}}"#,
        r#"{"hookSpecificOutput": {"additionalContext": "x"}}"#,
        r#"{"systemMessage": "hi", "foo": 1}"#,
        r#"{"permission": "allow"}"#,
        "[1, 2]",
    ] {
        assert!(refused("PreToolUse", answer), "{answer}");
    }
    assert_eq!(
        refusal("PreToolUse", r#"{"decision": "approve"}"#).as_deref(),
        Some("Codex refuses this PreToolUse answer: `decision: \"approve\"` is not supported")
    );
}

#[test]
fn pre_tool_use_reads_what_codex_accepts() {
    for answer in [
        "",
        "plain text is ignored",
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls"}}}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "x"}, "systemMessage": "y"}"#,
        r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "any known name"}}"#,
        r#"{"suppressOutput": false, "continue": true}"#,
        "{not json: hookrun's own reader reports it}",
    ] {
        assert_eq!(refusal("PreToolUse", answer), None, "{answer}");
    }
}

#[test]
fn a_block_stays_a_block_even_where_codex_would_let_it_through() {
    for answer in [
        // No reason: Codex fails the hook; Claude blocks.
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}"#,
        r#"{"decision": "block"}"#,
        // Not Codex's spelling or schema, but a deny in every reading.
        r#"{"decision": "deny", "reason": "no"}"#,
        r#"{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no"}}"#,
        r#"{"decision": "block", "reason": "no", "foo": 1}"#,
        // Codex refuses `continue: false` on PreToolUse; Claude stops.
        r#"{"continue": false, "stopReason": "halt"}"#,
    ] {
        assert_eq!(refusal("PreToolUse", answer), None, "{answer}");
    }
    let permission_deny = r#"{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny"}}}"#;
    assert_eq!(refusal("PermissionRequest", permission_deny), None);
}

#[test]
fn a_block_where_nothing_can_block_is_refused() {
    assert!(refused(
        "SessionStart",
        r#"{"decision": "block", "reason": "no"}"#
    ));
    assert!(refused(
        "PostCompact",
        r#"{"decision": "block", "reason": "no"}"#
    ));
    assert!(refused("Interrupt", r#"{"continue": false}"#));
    assert_eq!(refusal("SessionStart", r#"{"continue": false}"#), None);
    assert_eq!(
        refusal("PreCompact", r#"{"decision": "block", "reason": "x"}"#),
        None
    );
}

#[test]
fn other_events_check_their_own_schema() {
    let cases = [
        (
            "PermissionRequest",
            r#"{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}"#,
            false,
        ),
        (
            "PermissionRequest",
            r#"{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {}}}}"#,
            true,
        ),
        (
            "PermissionRequest",
            r#"{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "ask"}}}"#,
            true,
        ),
        (
            "PostToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "x"}}"#,
            false,
        ),
        (
            "PostToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": "x"}}"#,
            true,
        ),
        (
            "PostToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedMCPToolOutput": "x"}}"#,
            true,
        ),
        ("UserPromptSubmit", "context for the model", false),
        ("UserPromptSubmit", r#"{"decision": "allow"}"#, true),
        ("Stop", "plain text", true),
        ("Stop", r#"{"systemMessage": "bye"}"#, false),
        (
            "SubagentStop",
            r#"{"hookSpecificOutput": {"hookEventName": "SubagentStop"}}"#,
            true,
        ),
        ("SessionStart", "context for the model", false),
        ("Interrupt", "plain text", true),
        ("Interrupt", r#"{"systemMessage": "interrupted"}"#, false),
        ("PreCompact", r#"{"continue": "no"}"#, true),
    ];
    for (event, answer, refused_there) in cases {
        assert_eq!(refused(event, answer), refused_there, "{event}: {answer}");
    }
}

#[test]
fn policies_follow_each_event() {
    let pre = policy_on("PreToolUse");
    assert!(pre.can_block && pre.exit2_blocks && !pre.text_is_context);
    let start = policy_on("SessionStart");
    assert!(start.can_block && !start.exit2_blocks && start.text_is_context);
    assert!(policy_on("SubagentStart").text_is_context);
    assert!(policy_on("UserPromptSubmit").text_is_context);
    let post_compact = policy_on("PostCompact");
    assert!(post_compact.can_block && !post_compact.exit2_blocks);
    for event in [
        "Interrupt",
        "SessionEnd",
        "PreModelRequest",
        "PostModelRequest",
    ] {
        let quiet = policy_on(event);
        assert!(!quiet.can_block && !quiet.exit2_blocks, "{event}");
    }
    assert!(policy_on("PostModelRequest").ignore_stdout);
    assert!(policy_on("SessionEnd").refuses.is_none());
    let mut observer = hook();
    observer.mode = Mode::Observe;
    assert!(!policy(&observer, "PreToolUse").can_block);
    let mut closed = hook();
    closed.fail_closed = true;
    assert!(policy(&closed, "PreToolUse").fail_closed);
}
