//! Cline's reading of a hook's answer, rule by rule, each pinned to the line of cline/cline
//! (commit 21cb8d25) it comes from.

use serde_json::{Map, Value, json};

use super::answers::{answer, read};

fn map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!(),
    }
}

#[test]
fn cancel_true_stops_with_the_error_message_as_reason() {
    // hooks-adapter.ts mapStopControl: reason = errorMessage.trim() || contextModification.trim().
    let said = read(
        Some(0),
        r#"{"cancel": true, "errorMessage": " no rm "}"#,
        "",
    );
    assert_eq!(
        said,
        Some(map(json!({"continue": false, "stopReason": "no rm"})))
    );
    let said = read(
        Some(0),
        r#"{"cancel": true, "contextModification": "why"}"#,
        "",
    );
    assert_eq!(
        said,
        Some(map(json!({"continue": false, "stopReason": "why"})))
    );
    let said = read(Some(0), r#"{"cancel": true}"#, "");
    assert_eq!(said, Some(map(json!({"continue": false}))));
}

#[test]
fn a_cancelling_hooks_context_is_not_given_to_the_model() {
    // hooks-adapter.ts mapStopControl: "A cancelling hook's contextModification is never injected".
    let said = read(
        Some(0),
        r#"{"cancel": true, "errorMessage": "e", "contextModification": "c"}"#,
        "",
    )
    .unwrap();
    assert!(!said.contains_key("additionalContext"));
}

#[test]
fn context_modification_is_context_trimmed_and_error_message_alone_is_dropped() {
    // hooks-adapter.ts beforeTool: `result.contextModification?.trim()` → appendContext.
    let said = read(
        Some(0),
        r#"{"cancel": false, "contextModification": " use pnpm\n", "errorMessage": "x"}"#,
        "",
    );
    assert_eq!(said, Some(map(json!({"additionalContext": "use pnpm"}))));
    assert_eq!(
        read(Some(0), r#"{"errorMessage": "x"}"#, ""),
        Some(Map::new())
    );
}

#[test]
fn a_context_over_fifty_thousand_units_is_cut_with_clines_note() {
    // hook-factory.ts MAX_CONTEXT_MODIFICATION_SIZE = 50000, the note appended at line 370.
    let long = "a".repeat(50_001);
    let said = read(
        Some(0),
        &json!({"contextModification": long}).to_string(),
        "",
    )
    .unwrap();
    let context = said["additionalContext"].as_str().unwrap();
    assert!(context.starts_with(&"a".repeat(50_000)));
    assert!(context.ends_with("[... context truncated due to size limit ...]"));
    assert_eq!(context.len(), 50_000 + 47);
}

#[test]
fn any_non_zero_exit_or_signal_is_read_as_no_answer_even_with_json() {
    // HookProcess.ts `close`: code !== 0 rejects; hook-factory.ts throws HookExecutionError;
    // hooks-adapter.ts catches it and returns undefined.
    for code in [Some(1), Some(2), Some(130), None] {
        assert_eq!(
            read(code, r#"{"cancel": true, "errorMessage": "x"}"#, ""),
            None
        );
    }
}

#[test]
fn debug_lines_before_the_answer_are_skipped() {
    // hook-factory.ts parseJsonOutput: the last complete `{…}` block, scanned from the end.
    let stdout =
        "checking...\nstill checking\n{\n  \"cancel\": true,\n  \"errorMessage\": \"no\"\n}";
    assert_eq!(
        read(Some(0), stdout, ""),
        Some(map(json!({"continue": false, "stopReason": "no"})))
    );
    let stdout = "{\"cancel\": false}\nlog {\"cancel\": true}";
    assert_eq!(answer(stdout), Some(map(json!({"cancel": true}))));
}

#[test]
fn an_answer_of_the_wrong_types_or_with_should_continue_is_refused() {
    // hook-factory.ts validateHookOutput, lines 41, 64, 76, 88.
    for stdout in [
        r#"{"shouldContinue": false}"#,
        r#"{"cancel": "true"}"#,
        r#"{"contextModification": 5}"#,
        r#"{"errorMessage": null}"#,
    ] {
        assert_eq!(read(Some(0), stdout, ""), None, "{stdout}");
    }
}

#[test]
fn plain_text_and_empty_stdout_on_exit_0_are_no_answer() {
    // hook-factory.ts line 503: no JSON on exit 0 is `cancel: false`.
    assert_eq!(read(Some(0), "all good", ""), None);
    assert_eq!(read(Some(0), "", ""), None);
}
