use serde_json::{Value, json};

use super::answers::{CrushOutput, read};
use crate::model::answer::{Decision, Merged};
use crate::model::dialect::AgentOutput;

fn said(code: Option<i32>, stdout: &str, stderr: &str) -> Option<Value> {
    read(code, stdout, stderr).map(Value::Object)
}

#[test]
fn exit_2_blocks_the_call_and_exit_49_halts_the_turn_with_stderr_as_the_reason() {
    assert_eq!(
        said(Some(2), "", "no haskell"),
        Some(json!({"decision": "deny", "reason": "no haskell"}))
    );
    assert_eq!(
        said(Some(49), "", ""),
        Some(json!({"decision": "deny", "reason": "turn halted by hook",
            "continue": false, "stopReason": "turn halted by hook"}))
    );
    assert_eq!(
        said(Some(2), "", ""),
        Some(json!({"decision": "deny", "reason": "blocked by hook"}))
    );
}

#[test]
fn other_exits_and_signals_are_no_opinion() {
    assert_eq!(said(Some(1), r#"{"decision":"deny"}"#, "boom"), None);
    assert_eq!(said(None, "", ""), None);
}

#[test]
fn crushs_envelope_is_read_with_halt_context_lists_and_string_patches() {
    let stdout = r#"{"version": 1, "decision": "ALLOW", "context": ["a", "", "b"],
        "updated_input": "{\"command\": \"bun test\"}"}"#;
    assert_eq!(
        said(Some(0), stdout, ""),
        Some(json!({"decision": "allow", "additionalContext": "a\nb",
            "updatedInput": {"command": "bun test"}}))
    );
    assert_eq!(
        said(Some(0), r#"{"halt": true, "reason": "stop"}"#, ""),
        Some(
            json!({"decision": "deny", "reason": "stop", "continue": false, "stopReason": "stop"})
        )
    );
}

#[test]
fn hook_specific_output_is_read_as_claudes_four_fields_and_nothing_else() {
    let stdout = r#"{"decision": "deny", "hookSpecificOutput": {"permissionDecision": "allow",
        "permissionDecisionReason": "fine", "updatedInput": {"command": "ls"},
        "additionalContext": "note"}}"#;
    assert_eq!(
        said(Some(0), stdout, ""),
        Some(json!({"decision": "allow", "reason": "fine",
            "updatedInput": {"command": "ls"}, "additionalContext": "note"}))
    );
    // `ask` is not one of Crush's decisions.
    assert_eq!(
        said(
            Some(0),
            r#"{"hookSpecificOutput": {"permissionDecision": "ask"}}"#,
            ""
        ),
        Some(json!({}))
    );
}

#[test]
fn output_crush_speaks_the_envelope_and_leaves_ask_to_crushs_prompt() {
    let base = Merged {
        continue_: true,
        ..Merged::default()
    };
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no".into()),
        ..base.clone()
    };
    assert_eq!(
        CrushOutput.answer("PreToolUse", &deny).json,
        Some(json!({"version": 1, "decision": "deny", "reason": "no"}))
    );
    let ask = Merged {
        decision: Decision::Ask,
        ..base.clone()
    };
    assert_eq!(
        CrushOutput.answer("PreToolUse", &ask).json,
        Some(json!({"version": 1}))
    );
    let halt = Merged {
        continue_: false,
        stop_reason: Some("enough".into()),
        ..Merged::default()
    };
    assert_eq!(
        CrushOutput.answer("PreToolUse", &halt).json,
        Some(json!({"version": 1, "decision": "deny", "halt": true, "reason": "enough"}))
    );
    let rewrite = Merged {
        updated_input: Some(json!({"command": "bun test"})),
        additional_context: Some("scrubbed".into()),
        ..base
    };
    assert_eq!(
        CrushOutput.answer("PreToolUse", &rewrite).json,
        Some(
            json!({"version": 1, "updated_input": {"command": "bun test"}, "context": "scrubbed"})
        )
    );
    assert_eq!(CrushOutput.failure("broken").code, 2);
}
