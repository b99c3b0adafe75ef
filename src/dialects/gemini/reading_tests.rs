use serde_json::{Value, json};

use super::read;

fn answer(code: Option<i32>, stdout: &str, stderr: &str) -> Value {
    read(code, stdout, stderr).map_or(Value::Null, Value::Object)
}

#[test]
fn plain_text_becomes_an_answer_by_exit_code() {
    assert_eq!(
        answer(Some(0), "hook ran fine", ""),
        json!({"decision": "allow", "systemMessage": "hook ran fine"})
    );
    assert_eq!(
        answer(Some(1), "", "oops"),
        json!({"decision": "allow", "systemMessage": "Warning: oops"})
    );
    assert_eq!(
        answer(Some(3), "", "odd code"),
        json!({"decision": "deny", "reason": "odd code"})
    );
    assert_eq!(
        answer(Some(127), "", "sh: /nonexistent/hook.sh: not found"),
        json!({"decision": "deny", "reason": "sh: /nonexistent/hook.sh: not found"})
    );
}

#[test]
fn stdout_wins_over_stderr_and_blank_output_is_no_answer() {
    assert_eq!(
        answer(Some(0), "out", "err"),
        json!({"decision": "allow", "systemMessage": "out"})
    );
    assert_eq!(answer(Some(0), "", ""), Value::Null);
    assert_eq!(answer(Some(1), "", ""), Value::Null);
}

#[test]
fn json_is_read_from_stderr_double_encoded_and_whatever_the_code() {
    let deny = r#"{"decision":"deny","reason":"said on stderr"}"#;
    assert_eq!(
        answer(Some(0), "", deny),
        json!({"decision": "deny", "reason": "said on stderr"})
    );
    let double = serde_json::to_string(r#"{"decision":"deny","reason":"double"}"#).unwrap();
    assert_eq!(
        answer(Some(0), &double, ""),
        json!({"decision": "deny", "reason": "double"})
    );
    assert_eq!(
        answer(Some(1), r#"{"systemMessage":"x"}"#, "warn"),
        json!({"systemMessage": "x"})
    );
    assert_eq!(answer(Some(0), "42", ""), Value::Null);
    assert_eq!(answer(Some(0), "[1,2]", ""), json!({}));
    // Broken JSON and text around JSON are plain text.
    assert_eq!(
        answer(Some(0), r#"{"decision":"#, ""),
        json!({"decision": "allow", "systemMessage": "{\"decision\":"})
    );
    // A JSON string that is not JSON inside is plain text, the whole of it.
    assert_eq!(
        answer(Some(0), r#""hello""#, ""),
        json!({"decision": "allow", "systemMessage": "\"hello\""})
    );
}

#[test]
fn a_hook_ended_by_a_signal_is_read_as_exit_zero() {
    let deny = r#"{"decision":"deny","reason":"said before dying"}"#;
    assert_eq!(
        answer(None, deny, ""),
        json!({"decision": "deny", "reason": "said before dying"})
    );
    assert_eq!(
        answer(None, "last words", ""),
        json!({"decision": "allow", "systemMessage": "last words"})
    );
}

#[test]
fn exit_two_blocks_even_when_the_output_does_not() {
    assert_eq!(answer(Some(2), "", ""), json!({"decision": "deny"}));
    assert_eq!(
        answer(Some(2), r#"{"decision":"allow"}"#, "ignored stderr"),
        json!({"decision": "deny", "reason": "ignored stderr"})
    );
    assert_eq!(
        answer(Some(2), r#"{"decision":"allow"}"#, ""),
        json!({"decision": "deny"})
    );
    assert_eq!(
        answer(Some(2), "", "blocked by policy"),
        json!({"decision": "deny", "reason": "blocked by policy"})
    );
    let deny = r#"{"decision":"block","reason":"mine"}"#;
    assert_eq!(
        answer(Some(2), deny, "other"),
        json!({"decision": "block", "reason": "mine"})
    );
}

#[test]
fn ignored_fields_are_dropped() {
    assert_eq!(
        answer(
            Some(0),
            r#"{"hookSpecificOutput":{"tool_input":"echo x"}}"#,
            ""
        ),
        json!({"hookSpecificOutput": {}})
    );
    assert_eq!(
        answer(
            Some(0),
            r#"{"systemMessage":"hidden","suppressOutput":true}"#,
            ""
        ),
        json!({"suppressOutput": true})
    );
}

#[test]
fn a_stop_without_a_stop_reason_stops_with_its_reason() {
    assert_eq!(
        answer(
            Some(0),
            r#"{"continue":false,"reason":"just the reason"}"#,
            ""
        ),
        json!({"continue": false, "reason": "just the reason", "stopReason": "just the reason"})
    );
    assert_eq!(
        answer(
            Some(0),
            r#"{"continue":false,"reason":"r","stopReason":"s"}"#,
            ""
        ),
        json!({"continue": false, "reason": "r", "stopReason": "s"})
    );
    assert_eq!(
        answer(Some(0), r#"{"continue":true,"reason":"r"}"#, ""),
        json!({"continue": true, "reason": "r"})
    );
}
