//! `fire --output claude|gemini|cursor|proxyai|promptkit`: each agent's answer per event
//! kind and its exit codes, the own-dialect skip, and hookrun's failures under each mode (the
//! README's "single hook" recipes are run in `recipes.rs`).

use serde_json::{Value, json};

use crate::harness::{Case, Run};

/// A project whose one hook (in hookrun.toml) answers `answer` (a JSON object) on every event.
fn answering(answer: &str) -> Case {
    Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"policy\"\nevents = [\"*\"]\ncommand = \"./answer.sh\"\n",
        )
        .hook(
            "answer.sh",
            &format!("#!/bin/sh\ncat <<'EOF'\n{answer}\nEOF\n"),
        )
}

fn answer_as(case: &Case, event: &str, output: &str) -> Run {
    case.fire_with(event, &["--output", output])
}

fn stdout_json(run: &Run) -> Value {
    run.json()
}

#[test]
fn claude_pre_tool_use_answers_with_hook_specific_output() {
    let case =
        answering(r#"{"decision": "deny", "reason": "no rm", "additionalContext": "see policy"}"#);
    let run = answer_as(&case, "PreToolUse", "claude").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
            "permissionDecisionReason": "no rm", "additionalContext": "see policy"}})
    );
    let rewrite = answering(r#"{"decision": "allow", "updated_input": {"command": "ls"}}"#);
    rewrite.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls -R /"}}));
    let run = answer_as(&rewrite, "PreToolUse", "claude").exit(0);
    assert_eq!(
        stdout_json(&run)["hookSpecificOutput"],
        json!({"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls"}})
    );
}

#[test]
fn claude_block_events_answer_decision_block_and_others_exit_2() {
    let case = answering(r#"{"decision": "block", "reason": "tests are failing"}"#);
    for event in ["Stop", "SubagentStop", "UserPromptSubmit", "PostToolUse"] {
        let run = answer_as(&case, event, "claude").exit(0);
        assert_eq!(
            stdout_json(&run),
            json!({"decision": "block", "reason": "tests are failing"}),
            "{event}"
        );
    }
    answer_as(&case, "TaskCreated", "claude")
        .exit(2)
        .stderr_has("tests are failing");
}

#[test]
fn claude_context_and_stop_fields() {
    let case = answering(
        r#"{"additionalContext": "branch main", "continue": false, "stopReason": "quota", "systemMessage": "heads up"}"#,
    );
    let run = answer_as(&case, "SessionStart", "claude").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"continue": false, "stopReason": "quota", "systemMessage": "heads up",
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "branch main"}})
    );
}

#[test]
fn gemini_answer_and_exit_0_even_on_deny() {
    let case = answering(
        r#"{"decision": "deny", "reason": "secret", "systemMessage": "blocked a write"}"#,
    );
    let run = answer_as(&case, "BeforeTool", "gemini").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"decision": "deny", "reason": "secret", "systemMessage": "blocked a write"})
    );
    let rewrite = answering(r#"{"hookSpecificOutput": {"tool_input": {"command": "ls"}}}"#);
    rewrite.payload(json!({"tool_name": "run_shell_command", "tool_input": {"command": "ls -la"}}));
    let run = answer_as(&rewrite, "BeforeTool", "gemini").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": {"command": "ls"}}})
    );
}

#[test]
fn cursor_deny_exits_2_and_ask_exits_0() {
    let deny = answering(r#"{"decision": "deny", "reason": "no network"}"#);
    let run = answer_as(&deny, "beforeShellExecution", "cursor")
        .exit(2)
        .stderr_has("no network");
    assert_eq!(
        stdout_json(&run),
        json!({"permission": "deny", "user_message": "no network", "agent_message": "no network"})
    );
    let ask = answering(r#"{"permission": "ask", "user_message": "really push?"}"#);
    let run = answer_as(&ask, "beforeShellExecution", "cursor").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"permission": "ask", "user_message": "really push?", "agent_message": "really push?"})
    );
}

#[test]
fn proxyai_blocks_with_exit_2_and_a_reason() {
    let case = answering(r#"{"decision": "ask", "reason": "needs review"}"#);
    let run = answer_as(&case, "beforeToolUse", "proxyai").exit(2);
    assert_eq!(
        stdout_json(&run),
        json!({"decision": "deny", "reason": "needs review"})
    );
    let allow = answering(r#"{"updated_output": "redacted"}"#);
    let run = answer_as(&allow, "afterToolUse", "proxyai").exit(0);
    assert_eq!(stdout_json(&run), json!({"updated_output": "redacted"}));
}

#[test]
fn promptkit_answers_allow_with_exit_0() {
    let deny = answering(r#"{"decision": "deny", "reason": "PII detected"}"#);
    let run = answer_as(&deny, "before_call", "promptkit").exit(0);
    assert_eq!(
        stdout_json(&run),
        json!({"allow": false, "reason": "PII detected"})
    );
    let run = answer_as(&Case::new(), "before_call", "promptkit").exit(0);
    assert_eq!(stdout_json(&run), json!({"allow": true}));
}

/// With `--output <agent>`, that agent's own files are not run (it runs them itself), unless
/// they are named with `-c`.
#[test]
fn the_calling_agents_own_hooks_are_not_run_twice() {
    let deny = "touch ran.txt; echo own >&2; exit 2";
    let rows = [
        ("claude", ".claude/settings.json", "PreToolUse"),
        ("codex", ".codex/hooks.json", "PreToolUse"),
        ("gemini", ".gemini/settings.json", "BeforeTool"),
        ("cursor", ".cursor/hooks.json", "beforeShellExecution"),
        ("proxyai", ".proxyai/settings.json", "beforeShellExecution"),
    ];
    for (agent, path, event) in rows {
        let file = match agent {
            "claude" | "codex" | "gemini" => format!(
                r#"{{"hooks":{{"{event}":[{{"hooks":[{{"type":"command","command":"{deny}"}}]}}]}}}}"#
            ),
            _ => format!(r#"{{"version":1,"hooks":{{"{event}":[{{"command":"{deny}"}}]}}}}"#),
        };
        let case = Case::new().file(path, &file);
        let run = answer_as(&case, event, agent);
        assert!(
            !case.at("ran.txt").exists(),
            "{agent} ran {path}: {}",
            run.stdout
        );
        assert!(run.code == Some(0), "{agent}: {}", run.stderr);
        // Under hookrun's own output the same file runs.
        case.fire(event).exit(2);
        std::fs::remove_file(case.at("ran.txt")).unwrap();
        // Named with -c, it runs under the agent's output too.
        let named = case.fire_with(event, &["--output", agent, "-c", path]);
        assert!(
            case.at("ran.txt").exists(),
            "{agent} -c {path}: {}",
            named.stderr
        );
    }
}

/// A configuration error must not read as "proceed" in any agent's protocol.
#[test]
fn a_configuration_error_blocks_under_every_output_mode() {
    let case = Case::new().file("hookrun.toml", "[[hook]\nname = ");
    let rows: [(&str, i32, Option<Value>); 6] = [
        ("hookrun", 1, None),
        ("claude", 2, None),
        ("gemini", 2, None),
        ("cursor", 2, Some(json!("deny"))),
        ("proxyai", 2, Some(json!("deny"))),
        ("promptkit", 2, Some(json!(false))),
    ];
    for (mode, code, verdict) in rows {
        let run = answer_as(&case, "PreToolUse", mode)
            .exit(code)
            .stderr_has("hookrun.toml:");
        match verdict {
            None => assert_eq!(run.stdout, "", "{mode}"),
            Some(verdict) => {
                let json = stdout_json(&run);
                let got = &json[match mode {
                    "cursor" => "permission",
                    "proxyai" => "decision",
                    _ => "allow",
                }];
                assert_eq!(got, &verdict, "{mode}");
                assert!(json.to_string().contains("hookrun.toml:"), "{mode}: {json}");
            }
        }
    }
    // A payload that is not JSON is hookrun's failure too.
    let bad = Case::new();
    bad.stdin("not json");
    answer_as(&bad, "PreToolUse", "claude")
        .exit(2)
        .stderr_has("not valid JSON");
}
