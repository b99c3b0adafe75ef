//! GitHub Copilot CLI's hooks through the real binary: its files and both event spellings, its
//! reading of exit codes and answers (learnt from the 1.0.102 CLI), `--output copilot`, and the
//! starter guard on Copilot's own payload.

use serde_json::json;

use crate::harness::Case;

/// Copilot's `preToolUse` payload for a bash call.
fn bash_call(command: &str) -> serde_json::Value {
    json!({"sessionId": "s1", "timestamp": 1_795_814_275_696_u64, "cwd": "/p",
        "toolName": "bash", "toolArgs": {"command": command, "description": "run it"}})
}

fn hooks_file(entries: &str) -> String {
    format!(r#"{{"version": 1, "hooks": {{"preToolUse": [{entries}]}}}}"#)
}

#[test]
fn a_failing_pre_tool_use_hook_denies_and_a_timed_out_one_lets_the_call_through() {
    for (entry, decision, reason) in [
        (r#"{"bash": "exit 1"}"#, "deny", Some("hook errored")),
        (r#"{"bash": "kill -9 $$"}"#, "deny", Some("hook errored")),
        (
            r#"{"bash": "echo '{\"permissionDecision\":\"allow\"}'; echo no >&2; exit 2"}"#,
            "deny",
            Some("hook exited with code 2"),
        ),
        (r#"{"bash": "sleep 5", "timeoutSec": 1}"#, "none", None),
        (r#"{"bash": "echo not json"}"#, "none", None),
    ] {
        let case = Case::new().file(".github/hooks/policy.json", &hooks_file(entry));
        case.payload(bash_call("ls"));
        let run = case.fire("preToolUse").decision(decision);
        assert_eq!(
            run.json()["reason"].as_str(),
            reason,
            "{entry}: {}",
            run.json()
        );
    }
}

#[test]
fn the_first_deny_ends_the_chain_and_a_rewrite_reaches_the_next_hook() {
    let deny = r#"{"bash": "echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"first\"}'"}"#;
    let case = Case::new().file(
        ".github/hooks/policy.json",
        &hooks_file(&format!(r#"{deny}, {{"bash": "touch second-ran"}}"#)),
    );
    case.payload(bash_call("ls"));
    case.fire("preToolUse").exit(2).decision("deny");
    assert!(!case.at("second-ran").exists());

    let rewrite = r#"{"bash": "echo '{\"modifiedArgs\":{\"command\":\"echo safe\"}}'"}"#;
    let case = Case::new().file(
        ".github/hooks/policy.json",
        &hooks_file(&format!(r#"{rewrite}, {{"bash": "cat > seen.json"}}"#)),
    );
    case.payload(bash_call("rm -rf /"));
    // `--output copilot` leaves Copilot's own files to Copilot, unless named with `-c`.
    let file = [".github/hooks/policy.json"];
    case.fire_with("preToolUse", &["-c", file[0], "--output", "copilot"])
        .exit(0)
        .field("/modifiedArgs", &json!({"command": "echo safe"}));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("seen.json")).unwrap()).unwrap();
    assert_eq!(seen["toolArgs"], json!({"command": "echo safe"}));
}

#[test]
fn pascal_case_keys_get_the_vscode_payload_and_claude_matchers_in_bash() {
    let case = Case::new().file(
        ".github/hooks/policy.json",
        r#"{"version": 1, "hooks": {
            "PreToolUse": [{"bash": "cat > pascal.json; echo \"$BASH_VERSION|$COPILOT_PROJECT_DIR|$COPILOT_HOOK_DIR\" > env.txt", "matcher": "Bash"}],
            "preToolUse": [{"bash": "cat > camel.json", "matcher": "Bash"}]}}"#,
    );
    case.payload(bash_call("ls"));
    case.fire("preToolUse").exit(0);
    let pascal: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("pascal.json")).unwrap()).unwrap();
    assert_eq!(pascal["hook_event_name"], "PreToolUse");
    assert_eq!(pascal["tool_name"], "Bash");
    assert_eq!(pascal["session_id"], "s1");
    assert_eq!(pascal["timestamp"], "2026-11-27T21:17:55.696Z");
    let env = std::fs::read_to_string(case.at("env.txt")).unwrap();
    let parts: Vec<&str> = env.trim().split('|').collect();
    assert!(!parts[0].is_empty(), "run by bash: {env}");
    assert_eq!(parts[1], case.path().to_str().unwrap());
    assert!(parts[2].ends_with(".github/hooks"), "{env}");
    // A camelCase matcher is a regex over the runtime name: `Bash` is not `bash`.
    assert!(!case.at("camel.json").exists());
}

#[test]
fn the_starter_guard_blocks_rm_rf_in_copilots_own_payload_and_answers_in_its_fields() {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case.payload(bash_call("rm -rf /"));
    case.fire_with("preToolUse", &["--output", "copilot"])
        .exit(0)
        .field("/permissionDecision", &json!("deny"));
    // The arguments as JSON text, as an older Copilot sent them.
    case.payload(json!({"toolName": "bash", "toolArgs": "{\"command\":\"sudo rm -rf ~\"}"}));
    case.fire("preToolUse").exit(2).decision("deny");
    case.payload(bash_call("ls -la"));
    case.fire_with("preToolUse", &["--output", "copilot"])
        .exit(0)
        .stdout_lacks("deny");
}

#[test]
fn hooks_files_run_in_reverse_name_order_as_copilot_runs_them() {
    let deny = |reason: &str| {
        hooks_file(&format!(
            r#"{{"bash": "echo '{{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"{reason}\"}}'"}}"#
        ))
    };
    let case = Case::new()
        .file(".github/hooks/a.json", &deny("a first"))
        .file(".github/hooks/z.json", &deny("z first"));
    case.payload(bash_call("ls"));
    let run = case.fire("preToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "z first");
}

#[test]
fn user_files_run_before_the_repositorys_and_hooks_files_before_its_settings() {
    let deny = |reason: &str| {
        format!(
            r#"{{"bash": "echo '{{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"{reason}\"}}'"}}"#
        )
    };
    let case = Case::new()
        .home_file(".copilot/hooks/u.json", &hooks_file(&deny("user first")))
        .file(".github/hooks/a.json", &hooks_file(&deny("repo")));
    case.payload(bash_call("ls"));
    let run = case.fire("preToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "user first");
    // The repository's hook did not run: the user's deny ended the chain.
    let hooks = run.json()["hooks"].clone();
    assert_eq!(hooks[1]["source"], ".github/hooks/a.json", "{hooks}");
    assert!(hooks[1]["skipped_reason"].is_string(), "{hooks}");
    assert!(hooks[1].get("exit_code").is_none(), "{hooks}");

    let case = Case::new()
        .file(
            ".github/copilot/settings.json",
            &format!(r#"{{"hooks": {{"preToolUse": [{}]}}}}"#, deny("settings")),
        )
        .file(".github/hooks/a.json", &hooks_file(&deny("hooks file")));
    case.payload(bash_call("ls"));
    let run = case.fire("preToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "hooks file");
}

#[test]
fn a_settings_files_disable_all_hooks_switches_off_every_copilot_file_but_the_policys() {
    let case = Case::new()
        .file(
            ".github/hooks/policy.json",
            &hooks_file(r#"{"bash": "exit 1"}"#),
        )
        .file(
            ".github/copilot/settings.json",
            r#"{"disableAllHooks": true}"#,
        );
    case.payload(bash_call("ls"));
    case.fire("preToolUse").exit(0).decision("none");
    // Named with `-c`, the settings file still counts as the project's.
    let files = [".github/hooks/policy.json", ".github/copilot/settings.json"];
    case.fire_with("preToolUse", &["-c", files[0], "-c", files[1]])
        .exit(0)
        .decision("none");
}

#[test]
fn a_trusted_file_stays_trusted_when_another_file_with_the_same_hook_names_arrives() {
    let case = Case::new().untrusted();
    case.run(&["install", "copilot"]).exit(0);
    // Cursor's file comes earlier in discovery and names its entries `hookrun` too.
    case.run(&["install", "cursor"]).exit(0);
    case.run(&["trust", "--list"])
        .exit(0)
        .stdout_has(".github/hooks/hookrun.json");
    case.run(&["validate"])
        .exit(0)
        .stdout_lacks("changed since");
}

#[test]
fn with_claude_and_copilot_installed_a_copilot_event_runs_the_policy_once() {
    // Copilot runs the Claude entry with the VS Code payload, and says so in COPILOT_HOOK_DIR.
    let case = Case::new();
    let claude_dir = case.at(".claude");
    let case = case.env("COPILOT_HOOK_DIR", claude_dir.to_str().unwrap());
    case.run(&["init"]).exit(0);
    case.run(&["install", "claude"]).exit(0);
    let audit = || std::fs::read_to_string(case.at(".hookrun/audit.jsonl")).unwrap_or_default();
    let vscode = json!({"hook_event_name": "PreToolUse", "session_id": "s1", "tool_name": "Bash",
        "tool_input": {"command": "rm -rf /"}});
    // Without hookrun's Copilot entry, the Claude entry is the one that answers.
    case.payload(vscode.clone());
    case.fire_with("PreToolUse", &["--output", "claude"])
        .exit(0)
        .stdout_has("\"permissionDecision\":\"deny\"");
    assert_eq!(audit().lines().count(), 1);
    // With it, the Claude entry answers nothing and hookrun's Copilot entry runs the policy.
    case.run(&["install", "copilot"]).exit(0);
    case.payload(vscode);
    case.fire_with("PreToolUse", &["--output", "claude"])
        .exit(0)
        .stdout_lacks("deny")
        .stderr_has("no hook runs twice");
    assert_eq!(audit().lines().count(), 1);
    case.payload(bash_call("rm -rf /"));
    case.fire_with("preToolUse", &["--output", "copilot"])
        .exit(0)
        .field("/permissionDecision", &json!("deny"));
    assert_eq!(audit().lines().count(), 2);
}

#[test]
fn a_rewritten_prompt_and_several_contexts_reach_copilot_in_its_own_fields() {
    let said = |json: &str| format!(r#"{{"bash": "echo '{json}'"}}"#);
    let file = ".github/hooks/prompt.json";
    let case = Case::new().file(
        file,
        &format!(
            r#"{{"version": 1, "hooks": {{"userPromptSubmitted": [{}, {}]}}}}"#,
            said(r#"{\"modifiedPrompt\":\"say hello\",\"additionalContext\":\"one\"}"#),
            said(r#"{\"additionalContext\":\"two\"}"#)
        ),
    );
    case.payload(json!({"sessionId": "s1", "timestamp": 1, "cwd": "/p", "prompt": "hi"}));
    let run = case
        .fire_with("userPromptSubmitted", &["-c", file, "--output", "copilot"])
        .exit(0);
    assert_eq!(
        run.json(),
        json!({"modifiedPrompt": "say hello", "additionalContext": "one\n\ntwo"})
    );
    // The decision document names the rewrite in hookrun's words.
    case.fire_with("userPromptSubmitted", &["-c", file])
        .exit(0)
        .field("/updated_prompt", &json!("say hello"))
        .field("/additional_context", &json!("one\ntwo"));
}
