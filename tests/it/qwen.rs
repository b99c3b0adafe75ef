//! Qwen Code's hooks through the real binary: a project's `.qwen/settings.json` (Claude's matcher
//! groups over Qwen's tool ids and their aliases), its timeout unit (seconds, but 1000 or more
//! milliseconds), the three project-directory variables, `disableAllHooks`, `--output qwen`, and
//! the installed entry run as Qwen runs it.

use std::time::Duration;

use serde_json::json;

use crate::harness::{Case, claude_settings};

const FILE: &str = ".qwen/settings.json";

/// Qwen's `PreToolUse` payload for a shell call (its tool id, not Claude's `Bash`).
fn shell_call(command: &str) -> serde_json::Value {
    json!({"session_id": "s1", "cwd": "/p", "hook_event_name": "PreToolUse",
        "permission_mode": "default", "tool_name": "run_shell_command",
        "tool_input": {"command": command}})
}

const DENY_RM_RF: &str = r#"grep -q 'rm -rf' && { echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'; } || true"#;

#[test]
fn a_qwen_project_hook_denies_rm_rf_on_its_shell_tool_id_and_lets_ls_through() {
    let case = Case::new().file(
        FILE,
        &claude_settings("PreToolUse", "^run_shell_command$", DENY_RM_RF, ""),
    );
    case.payload(shell_call("rm -rf /"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no rm -rf");
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    // The matcher is tested against `tool_name`: Qwen's `write_file` is not its shell.
    case.payload(json!({"tool_name": "write_file", "tool_input": {"command": "rm -rf /"}}));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn a_claude_tool_name_or_display_name_as_matcher_selects_qwens_shell_but_not_as_a_regex() {
    // Qwen's `matchesHookPattern` compares `getToolMatcherTargets(tool)` exactly: `Bash`
    // (`TOOL_NAME_ALIASES`), `Shell` and `ShellTool` name `run_shell_command`; a regex tests
    // the tool id alone.
    for matcher in ["Bash", "Shell", "ShellTool", "Write|Bash"] {
        let case = Case::new().file(FILE, &claude_settings("PreToolUse", matcher, "exit 2", ""));
        case.payload(shell_call("ls"));
        case.fire("PreToolUse").exit(2).decision("deny");
    }
    for matcher in ["Write", "^Ba.*", "bash"] {
        let case = Case::new().file(FILE, &claude_settings("PreToolUse", matcher, "exit 2", ""));
        case.payload(shell_call("ls"));
        case.fire("PreToolUse").exit(0).decision("none");
    }
}

#[test]
fn plain_stdout_is_context_on_session_start_and_each_hook_sees_the_three_variables() {
    let case = Case::new().file(
        FILE,
        &claude_settings(
            "SessionStart",
            "startup",
            r#"echo "$QWEN_PROJECT_DIR|$CLAUDE_PROJECT_DIR|$GEMINI_PROJECT_DIR" > vars.txt; echo 'use pnpm'"#,
            "",
        ),
    );
    case.payload(json!({"hook_event_name": "SessionStart", "source": "startup"}));
    case.fire("SessionStart")
        .exit(0)
        .field("/additional_context", &json!("use pnpm"));
    let dir = case.path().to_str().unwrap().to_owned();
    let vars = std::fs::read_to_string(case.at("vars.txt")).unwrap();
    assert_eq!(vars.trim(), format!("{dir}|{dir}|{dir}"));
}

#[test]
fn a_timeout_below_1000_counts_seconds_and_from_1000_milliseconds() {
    for (timeout, ms) in [("1", 1000), ("1500", 1500)] {
        Case::new()
            .file(
                FILE,
                &claude_settings(
                    "Stop",
                    "",
                    "exec sleep 5",
                    &format!(r#""timeout": {timeout}"#),
                ),
            )
            .fire("Stop")
            .within(Duration::from_secs(4))
            .field("/hooks/0/outcome", &json!("cancelled"))
            .field("/hooks/0/timed_out_after_ms", &json!(ms));
    }
}

#[test]
fn disable_all_hooks_in_the_project_file_turns_its_hooks_off() {
    let file = r#"{"disableAllHooks": true, "hooks": {"PreToolUse": [{"hooks": [
        {"type": "command", "command": "touch ran"}]}]}}"#;
    let case = Case::new().file(FILE, file);
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0);
    assert!(!case.at("ran").exists());
}

#[test]
fn the_users_qwen_home_settings_run_beside_the_projects() {
    let case = Case::new()
        .home_file(
            ".qwen/settings.json",
            &claude_settings("PreToolUse", "", "touch user-ran", ""),
        )
        .file(
            FILE,
            &claude_settings("PreToolUse", "", "touch project-ran", ""),
        );
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0);
    assert!(case.at("user-ran").exists());
    assert!(case.at("project-ran").exists());
}

#[test]
fn installed_for_qwen_the_entry_fires_the_projects_guard_and_answers_as_claude() {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case.run(&["install", "qwen"]).exit(0);
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    let settings: serde_json::Value = serde_json::from_str(&text).unwrap();
    let command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .unwrap();
    assert!(
        command.ends_with(r#"-C "$QWEN_PROJECT_DIR" fire --output qwen PreToolUse"#),
        "{command}"
    );
    assert_eq!(settings["hooks"].as_object().unwrap().len(), 22);
    // What the entry runs: Qwen's own file is skipped, the project's guard answers in Claude's
    // fields, which Qwen reads.
    case.payload(shell_call("rm -rf /"));
    case.fire_with("PreToolUse", &["--output", "qwen"])
        .exit(0)
        .field("/hookSpecificOutput/permissionDecision", &json!("deny"));
    case.payload(shell_call("ls"));
    case.fire_with("PreToolUse", &["--output", "qwen"])
        .exit(0)
        .stdout_lacks("deny");
}

#[test]
fn an_untrusted_project_runs_no_qwen_project_hook() {
    let case = Case::new()
        .untrusted()
        .file(FILE, &claude_settings("PreToolUse", "", "touch ran", ""));
    case.payload(shell_call("ls"));
    case.fire("PreToolUse");
    assert!(!case.at("ran").exists());
}

#[test]
fn an_answer_without_hook_event_name_still_counts_for_qwen_not_for_claude() {
    let answer = r#"echo '{"hookSpecificOutput":{"additionalContext":"ctx"}}'"#;
    let settings = claude_settings("SessionStart", "", answer, "");
    let qwen = Case::new().file(FILE, &settings);
    qwen.payload(json!({"hook_event_name": "SessionStart", "source": "startup"}));
    qwen.fire("SessionStart")
        .exit(0)
        .field("/additional_context", &json!("ctx"));
    // Claude Code drops the whole answer (its schema requires `hookEventName`).
    let claude = Case::new().file(".claude/settings.json", &settings);
    claude.payload(json!({"hook_event_name": "SessionStart", "source": "startup"}));
    let run = claude.fire("SessionStart").exit(0);
    assert_ne!(
        run.json()["additional_context"],
        json!("ctx"),
        "{}",
        run.json()
    );
}

#[test]
fn exit_two_blocks_with_stderr_even_beside_a_json_deny_on_stdout() {
    let command = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"from json"}}'; echo 'from stderr' >&2; exit 2"#;
    let case = Case::new().file(FILE, &claude_settings("PreToolUse", "", command, ""));
    case.payload(shell_call("ls"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "from stderr", "{}", run.json());
}

#[test]
fn validate_reads_a_millisecond_timeout_as_qwen_does_and_names_the_rule() {
    let file = r#"{"hooks":{"Stop":[{"hooks":[
        {"type":"command","command":"true","timeout":1800000},
        {"type":"command","command":"true","timeout":5000000}]}]}}"#;
    Case::new()
        .file(FILE, file)
        .run(&["validate"])
        .exit(0)
        .stdout_has("timeout 5000s is over the qwen maximum of 3600s")
        .stdout_has("counts seconds below 1000, milliseconds from 1000 on")
        .stdout_has("0 errors, 1 warning");
}

#[test]
fn a_top_level_decision_on_pre_tool_use_reads_as_qwens_pre_tool_use_output_reads_it() {
    for (word, decision) in [
        ("deny", "deny"),
        ("block", "deny"),
        ("ask", "ask"),
        ("approve", "allow"),
        ("allow", "allow"),
    ] {
        let command = format!(r#"echo '{{"decision":"{word}","reason":"r"}}'"#);
        let case = Case::new().file(FILE, &claude_settings("PreToolUse", "", &command, ""));
        case.payload(shell_call("ls"));
        let run = case.fire("PreToolUse").decision(decision);
        assert_eq!(run.json()["reason"], "r", "{word}");
    }
}

#[test]
fn hooks_add_writes_seconds_and_from_1000_seconds_milliseconds_as_qwen_reads_them() {
    let case = Case::new().file(FILE, r#"{"model": {"name": "qwen3-coder-plus"}}"#);
    for timeout in ["5s", "20m"] {
        case.run(&[
            "hooks",
            "add",
            "Stop",
            "--file",
            FILE,
            "--timeout",
            timeout,
            "--",
            "./notify.sh",
        ])
        .exit(0);
    }
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    let settings: serde_json::Value = serde_json::from_str(&text).unwrap();
    let timeouts: Vec<&serde_json::Value> = settings["hooks"]["Stop"]
        .as_array()
        .unwrap()
        .iter()
        .map(|group| &group["hooks"][0]["timeout"])
        .collect();
    assert_eq!(timeouts, [&json!(5), &json!(1_200_000)], "{text}");
    assert_eq!(settings["model"]["name"], "qwen3-coder-plus");
    let listed = case.run(&["list"]).exit(0);
    assert!(listed.stdout.contains("1200s"), "{}", listed.stdout);
}
