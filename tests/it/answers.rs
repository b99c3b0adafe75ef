//! Reading a hook's answer at the edges: more stdout than hookrun keeps, a byte-order mark
//! before the JSON, and where the agents' readings differ (Claude's `hookEventName`, an exit-2
//! JSON deny, Cursor's exit codes).

use serde_json::json;

use crate::harness::{Case, claude_settings};

#[test]
fn exit_2_with_more_than_16_mib_of_stdout_still_denies() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./flood.sh", ""),
        )
        .hook(
            "flood.sh",
            "#!/bin/sh\nhead -c 20000000 /dev/zero | tr '\\0' x\necho 'too big to allow' >&2\nexit 2\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("too big to allow"));
    let record = run.hook("flood");
    assert_eq!(record["outcome"], "blocking", "{record}");
    assert_eq!(record["truncated"], true, "{record}");
    assert_eq!(record["exit_code"], 2, "{record}");
}

#[test]
fn exit_2_with_more_than_16_mib_of_stdout_and_no_stderr_names_the_hook() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./flood.sh", ""),
        )
        .hook(
            "flood.sh",
            "#!/bin/sh\nhead -c 20000000 /dev/zero | tr '\\0' x\nexit 2\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("blocked by hook flood"));
    assert_eq!(run.hook("flood")["truncated"], true);
}

#[test]
fn a_byte_order_mark_before_the_json_answer_is_skipped() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./bom.sh", ""),
        )
        .hook(
            "bom.sh",
            "#!/bin/sh\nprintf '\\357\\273\\277{\"decision\": \"deny\", \"reason\": \"written by PowerShell\"}\\r\\n'\n",
        );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("written by PowerShell"));
}

/// Named with `-c`, so that `--output claude` runs it rather than leaving it to Claude.
const CLAUDE_FILE: &str = ".claude/settings.json";

/// A Claude hook on `event` that prints `stdout`, writes `stderr` and exits with `code`.
fn claude_case(event: &str, stdout: &str, stderr: &str, code: i32) -> Case {
    let script =
        format!("#!/bin/sh\nprintf '%s' '{stdout}'\nprintf '%s' '{stderr}' >&2\nexit {code}\n");
    Case::new()
        .file(CLAUDE_FILE, &claude_settings(event, "", "./guard.sh", ""))
        .hook("guard.sh", &script)
}

#[test]
fn a_claude_rewrite_without_hook_event_name_fails_the_hook_and_is_not_applied() {
    let case = claude_case(
        "PreToolUse",
        r#"{"hookSpecificOutput": {"permissionDecision": "allow", "updatedInput": {"command": "ls"}}}"#,
        "",
        0,
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf x"}}));
    let run = case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(run.json().get("updated_input"), None, "{}", run.json());
    let record = run.hook("guard");
    assert_eq!(record["outcome"], "non_blocking_error", "{record}");
    let error = record["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("missing required field \"hookEventName\""),
        "{record}"
    );
}

#[test]
fn a_claude_deny_without_hook_event_name_still_blocks() {
    let case = claude_case(
        "PreToolUse",
        r#"{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no rm"}}"#,
        "",
        0,
    );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no rm"));
}

#[test]
fn a_claude_permission_decision_on_post_tool_use_still_blocks() {
    let case = claude_case(
        "PostToolUse",
        r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny", "permissionDecisionReason": "secret in output"}}"#,
        "",
        0,
    );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PostToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("secret in output"));
    // As Claude's single hook, hookrun says it in the words Claude reads on PostToolUse.
    case.run(&[
        "-c",
        CLAUDE_FILE,
        "fire",
        "PostToolUse",
        "--output",
        "claude",
    ])
    .field("/decision", &json!("block"))
    .field("/reason", &json!("secret in output"));
}

#[test]
fn claude_exit_2_with_a_json_deny_gives_the_json_reason_not_stderr() {
    let case = claude_case(
        "PreToolUse",
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "json reason"}}"#,
        "stderr reason",
        2,
    );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("json reason"));
    case.run(&[
        "-c",
        CLAUDE_FILE,
        "fire",
        "PreToolUse",
        "--output",
        "claude",
    ])
    .field(
        "/hookSpecificOutput/permissionDecisionReason",
        &json!("json reason"),
    );
}

/// A `.cursor/hooks.json` whose one `beforeShellExecution` hook prints `stdout` and exits `code`.
fn cursor_case(stdout: &str, code: i32, fail_closed: bool) -> Case {
    let script = format!("#!/bin/sh\nprintf '%s' '{stdout}'\necho broke >&2\nexit {code}\n");
    let file = json!({"version": 1, "hooks": {"beforeShellExecution": [
        {"command": "./guard.sh", "failClosed": fail_closed}
    ]}});
    let case = Case::new()
        .file(".cursor/hooks.json", &file.to_string())
        .hook("guard.sh", &script);
    case.payload(json!({"command": "curl x"}));
    case
}

#[test]
fn a_cursor_deny_printed_before_exit_1_or_3_still_blocks() {
    for code in [1, 3] {
        let run = cursor_case(
            r#"{"permission": "deny", "user_message": "no curl"}"#,
            code,
            false,
        )
        .fire("beforeShellExecution")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no curl"));
        assert_eq!(run.hook("guard")["exit_code"], code);
    }
}

#[test]
fn a_cursor_answer_before_another_exit_is_a_failure_that_fails_open_unless_fail_closed() {
    let rewrite = r#"{"permission": "allow", "updated_input": {"command": "ls"}}"#;
    let run = cursor_case(rewrite, 3, false)
        .fire("beforeShellExecution")
        .exit(0)
        .decision("none")
        .field("/hooks/0/outcome", &json!("non_blocking_error"));
    assert_eq!(run.json().get("updated_input"), None, "{}", run.json());
    cursor_case(rewrite, 3, true)
        .fire("beforeShellExecution")
        .exit(2)
        .decision("deny")
        .field("/hooks/0/outcome", &json!("blocking"));
}
