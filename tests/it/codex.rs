//! The Codex dialect through the real binary: `.codex/hooks.json` and the inline hooks of
//! `.codex/config.toml` (whose other keys are Codex's), the user level under a scratch
//! `CODEX_HOME`/`HOME` and `--no-user-config`, each of Codex's answer rules with hookrun's stricter
//! readings, and `--output codex` per event (the README's Codex recipe is run in `recipes.rs`).

use serde_json::{Value, json};

use crate::harness::{Case, Run};

/// A `hooks.json` with one group of `commands` on `event`.
fn hooks_json(event: &str, commands: &[&str]) -> String {
    let handlers: Vec<Value> = commands
        .iter()
        .map(|command| json!({"type": "command", "command": command}))
        .collect();
    json!({"hooks": {event: [{"hooks": handlers}]}}).to_string()
}

/// A `config.toml` with Codex settings of its own and one inline hook on `event`.
fn config_toml(event: &str, command: &str) -> String {
    format!(
        "model = \"o3\"\napproval_policy = \"on-request\"\n\n[features]\nhooks = true\n\n\
         [[hooks.{event}]]\n\n[[hooks.{event}.hooks]]\ntype = \"command\"\ncommand = {command:?}\n"
    )
}

fn lines(case: &Case, file: &str) -> Vec<String> {
    std::fs::read_to_string(case.at(file))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A project whose one Codex hook on `event` prints `stdout` and exits with `code`.
fn answering(event: &str, stdout: &str, code: i32) -> Case {
    let script = format!("#!/bin/sh\ncat >/dev/null\ncat <<'EOF'\n{stdout}\nEOF\nexit {code}\n");
    Case::new()
        .file(".codex/hooks.json", &hooks_json(event, &["./answer.sh"]))
        .hook("answer.sh", &script)
}

fn fire_tool(case: &Case, event: &str) -> Run {
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}))
        .fire(event)
}

#[test]
fn hooks_json_and_inline_config_toml_hooks_both_run_in_that_order() {
    let case = Case::new()
        .file(
            ".codex/hooks.json",
            &hooks_json("PreToolUse", &["echo json >> order"]),
        )
        .file(
            ".codex/config.toml",
            &config_toml("PreToolUse", "echo toml >> order"),
        );
    let run = fire_tool(&case, "PreToolUse").exit(0);
    assert_eq!(lines(&case, "order"), ["json", "toml"]);
    let sources: Vec<Value> = run.json()["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hook| json!([hook["source"], hook["dialect"]]))
        .collect();
    assert_eq!(
        sources,
        [
            json!([".codex/hooks.json", "codex"]),
            json!([".codex/config.toml", "codex"])
        ]
    );
}

#[test]
fn config_tomls_other_keys_are_left_alone() {
    let case = Case::new().file(
        ".codex/config.toml",
        &config_toml("Stop", "echo stop >> order"),
    );
    let run = case.run(&["validate", "--format", "json"]).exit(0);
    assert_eq!(run.json(), json!([]), "no warning about Codex's own keys");
    case.fire("Stop").exit(0);
    assert_eq!(lines(&case, "order"), ["stop"]);
}

#[test]
fn user_level_files_come_from_codex_home_after_the_project_and_not_under_no_user_config() {
    let case = Case::new()
        .file(
            ".codex/hooks.json",
            &hooks_json("Stop", &["echo project >> order"]),
        )
        .file(
            "codex-home/hooks.json",
            &hooks_json("Stop", &["echo user-json >> order"]),
        )
        .file(
            "codex-home/config.toml",
            &config_toml("Stop", "echo user-toml >> order"),
        );
    let codex_home = case.at("codex-home").display().to_string();
    let case = case.env("CODEX_HOME", &codex_home);
    case.fire("Stop").exit(0);
    assert_eq!(lines(&case, "order"), ["project", "user-json", "user-toml"]);
    std::fs::remove_file(case.at("order")).unwrap();
    case.fire_with("Stop", &["--no-user-config"]).exit(0);
    assert_eq!(lines(&case, "order"), ["project"]);
}

#[test]
fn without_codex_home_the_user_level_is_home_dot_codex() {
    let case = Case::new().file(
        "home/.codex/config.toml",
        &config_toml("Stop", "echo home >> order"),
    );
    let home = case.at("home").display().to_string();
    let case = case.env("HOME", &home).env("CODEX_HOME", "");
    case.fire("Stop").exit(0);
    assert_eq!(lines(&case, "order"), ["home"]);
}

#[test]
fn a_codex_file_named_with_c_is_read_as_codex() {
    let case = Case::new()
        .file(
            "elsewhere/.codex/config.toml",
            &config_toml("Stop", "echo named-toml >> order"),
        )
        .file(
            "elsewhere/.codex/hooks.json",
            &hooks_json("Stop", &["echo named-json >> order"]),
        );
    let run = case.fire_with(
        "Stop",
        &[
            "-c",
            "elsewhere/.codex/config.toml",
            "-c",
            "elsewhere/.codex/hooks.json",
        ],
    );
    let run = run.exit(0);
    assert_eq!(lines(&case, "order"), ["named-toml", "named-json"]);
    assert_eq!(run.json()["hooks"][0]["dialect"], "codex");
}

#[test]
fn what_codex_refuses_counts_as_a_failed_hook_and_the_action_proceeds() {
    let refused = [
        (
            "PreToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "sure?"}}"#,
        ),
        (
            "PreToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}"#,
        ),
        ("PreToolUse", r#"{"decision": "approve", "reason": "fine"}"#),
        (
            "PreToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "ctx"}, "foo": 1}"#,
        ),
        (
            "PostToolUse",
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": "x"}}"#,
        ),
        ("Stop", "plain text"),
    ];
    for (event, answer) in refused {
        let run = fire_tool(&answering(event, answer, 0), event).exit(0);
        let run = run.decision("none");
        assert_eq!(run.json()["additional_context"], Value::Null, "{answer}");
        let hook = run.hook("answer");
        assert_eq!(hook["outcome"], "non_blocking_error", "{answer}");
        assert!(
            hook["error"].as_str().unwrap().starts_with("Codex refuses"),
            "{hook}"
        );
    }
}

#[test]
fn a_refused_answer_of_a_hook_that_fails_closed_blocks() {
    let file = json!({"hooks": {"PreToolUse": [{"hooks": [
        {"type": "command", "command": "./answer.sh", "onFailure": "block"}]}]}});
    let case = answering(
        "PreToolUse",
        r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}"#,
        0,
    )
    .file(".codex/hooks.json", &file.to_string());
    fire_tool(&case, "PreToolUse").exit(2).decision("deny");
}

#[test]
fn what_codex_accepts_counts_as_codex_reads_it() {
    let deny = r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no"}}"#;
    fire_tool(&answering("PreToolUse", deny, 0), "PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("no"));
    let rewrite = r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls -l"}}}"#;
    fire_tool(&answering("PreToolUse", rewrite, 0), "PreToolUse")
        .exit(0)
        .field("/updated_input", &json!({"command": "ls -l"}));
    fire_tool(
        &answering("UserPromptSubmit", "branch: main", 0),
        "UserPromptSubmit",
    )
    .exit(0)
    .field("/additional_context", &json!("branch: main"));
    fire_tool(
        &answering("SubagentStart", "you review code", 0),
        "SubagentStart",
    )
    .exit(0)
    .field("/additional_context", &json!("you review code"));
    let stop = r#"{"continue": false, "stopReason": "done"}"#;
    fire_tool(&answering("SessionStart", stop, 0), "SessionStart")
        .field("/continue", &json!(false));
}

#[test]
fn exit_2_blocks_only_where_codex_lets_it_and_never_on_session_start() {
    let case = answering("SessionStart", "", 2);
    let run = fire_tool(&case, "SessionStart").exit(0).decision("none");
    assert_eq!(run.hook("answer")["outcome"], "non_blocking_error");
    for event in [
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "UserPromptSubmit",
        "Stop",
    ] {
        fire_tool(&answering(event, "", 2), event)
            .exit(2)
            .decision("deny");
    }
}

#[test]
fn blocks_codex_would_let_through_still_block() {
    // A deny with no reason, exit 2 with empty stderr, and a JSON deny with exit 1 (Claude's
    // reading) all block; Codex would count each hook as failed.
    let cases = [
        (
            r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}"#,
            0,
        ),
        (r#"{"decision": "block"}"#, 0),
        ("", 2),
        (r#"{"decision": "block", "reason": "no"}"#, 1),
        (r#"{"continue": false, "stopReason": "halt"}"#, 0),
    ];
    for (answer, code) in cases {
        let run = fire_tool(&answering("PreToolUse", answer, code), "PreToolUse");
        assert_eq!(run.code, Some(2), "{answer} exit {code}: {}", run.stdout);
    }
}

#[test]
fn output_codex_answers_each_event_in_codex_words() {
    let policy = |answer: &str| {
        Case::new()
            .file(
                "hookrun.toml",
                "[[hook]]\nname = \"policy\"\nevents = [\"*\"]\ncommand = \"./answer.sh\"\n",
            )
            .hook(
                "answer.sh",
                &format!("#!/bin/sh\ncat <<'EOF'\n{answer}\nEOF\n"),
            )
    };
    let as_codex = |case: &Case, event: &str| {
        case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}))
            .fire_with(event, &["--output", "codex"])
            .exit(0)
            .json()
    };
    let deny = policy(r#"{"decision": "deny", "reason": "no rm"}"#);
    let ask = policy(r#"{"decision": "ask", "reason": "sure?"}"#);
    let cases = [
        (
            &deny,
            "PreToolUse",
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny", "permissionDecisionReason": "no rm"}}),
        ),
        (
            &ask,
            "PreToolUse",
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny", "permissionDecisionReason": "sure?"}}),
        ),
        (
            &deny,
            "PermissionRequest",
            json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
            "decision": {"behavior": "deny", "message": "no rm"}}}),
        ),
        (&ask, "PermissionRequest", json!({})),
        (
            &deny,
            "PostToolUse",
            json!({"decision": "block", "reason": "no rm"}),
        ),
        (
            &deny,
            "UserPromptSubmit",
            json!({"decision": "block", "reason": "no rm"}),
        ),
        (
            &deny,
            "Stop",
            json!({"decision": "block", "reason": "no rm"}),
        ),
        (
            &deny,
            "SessionStart",
            json!({"continue": false, "stopReason": "no rm"}),
        ),
        (
            &deny,
            "PreCompact",
            json!({"continue": false, "stopReason": "no rm"}),
        ),
        (&deny, "Interrupt", json!({})),
        (&deny, "SessionEnd", json!({})),
    ];
    for (case, event, expected) in cases {
        assert_eq!(as_codex(case, event), expected, "{event}");
    }
    let rewrite = policy(r#"{"hookSpecificOutput": {"updatedInput": {"command": "ls -l"}}}"#);
    assert_eq!(
        as_codex(&rewrite, "PreToolUse"),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "allow", "updatedInput": {"command": "ls -l"}}})
    );
}

#[test]
fn output_codex_blocks_with_exit_2_when_hookrun_itself_fails() {
    let case = Case::new().file("hookrun.toml", "[[hook]\n");
    case.fire_with("PreToolUse", &["--output", "codex"])
        .exit(2)
        .stderr_has("invalid TOML");
}
