//! Open Plugins hooks through the real binary, as Goose runs them: a project plugin's
//! `.agents/plugins/<name>/hooks/hooks.json` with `${PLUGIN_ROOT}`, exit 2 and
//! `{"decision":"block"}` on `PreToolUse`, stdout as the decision channel with `on_failure`, the
//! user's plugins and a project plugin shadowing one of the same name, the rules Goose skips, and
//! `hookrun install openplugins` fired as Goose fires it.

use serde_json::json;

use crate::harness::Case;

const GUARD: &str = ".agents/plugins/guard/hooks/hooks.json";

/// Goose's `PreToolUse` payload for a shell call (hooks.md, "Hook Payload").
fn shell_call(command: &str) -> serde_json::Value {
    json!({"event": "PreToolUse", "session_id": "abc-123", "matcher_context": "developer__shell",
        "tool_name": "developer__shell", "tool_input": {"command": command},
        "working_dir": "/p", "tool_call_id": "t1"})
}

fn rule(event: &str, matcher: &str, action: &str) -> String {
    format!(r#"{{"hooks": {{"{event}": [{{"matcher": "{matcher}", "hooks": [{action}]}}]}}}}"#)
}

#[test]
fn a_project_plugin_script_found_by_plugin_root_blocks_sudo_with_exit_two() {
    let script = "#!/bin/sh\ngrep -q sudo && { echo 'no sudo here' >&2; exit 2; }\nexit 0\n";
    let case = Case::new()
        .file(
            GUARD,
            &rule(
                "PreToolUse",
                "^developer__shell$",
                r#"{"type": "command", "command": "${PLUGIN_ROOT}/scripts/no-sudo.sh"}"#,
            ),
        )
        .hook(".agents/plugins/guard/scripts/no-sudo.sh", script);
    case.payload(shell_call("sudo rm x"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no sudo here");
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn plugin_root_is_in_the_environment_and_the_event_in_the_payload() {
    let case = Case::new().file(
        GUARD,
        &rule(
            "SessionStart",
            ".*",
            r#"{"command": "cat > payload.json; echo \"$PLUGIN_ROOT\" > root.txt"}"#,
        ),
    );
    case.payload(json!({"session_id": "abc-123"}));
    case.fire("SessionStart").exit(0);
    let root = std::fs::read_to_string(case.at("root.txt")).unwrap();
    assert_eq!(
        root.trim(),
        case.at(".agents/plugins/guard").to_str().unwrap()
    );
    let payload: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("payload.json")).unwrap()).unwrap();
    assert_eq!(payload["event"], "SessionStart");
}

#[test]
fn a_json_block_denies_and_a_stray_line_is_no_decision_unless_on_failure_blocks() {
    let block = r#"{"command": "echo '{\"decision\":\"block\",\"reason\":\"policy\"}'"}"#;
    let case = Case::new().file(GUARD, &rule("PreToolUse", ".*", block));
    case.payload(shell_call("ls"));
    let run = case.fire("PreToolUse").decision("deny");
    assert_eq!(run.json()["reason"], "policy");

    let stray = r#"{"command": "echo checking policy"}"#;
    let open = Case::new().file(GUARD, &rule("PreToolUse", ".*", stray));
    open.payload(shell_call("ls"));
    open.fire("PreToolUse").exit(0).decision("none");

    let closed = r#"{"command": "echo checking policy", "on_failure": "block"}"#;
    let shut = Case::new().file(GUARD, &rule("PreToolUse", ".*", closed));
    shut.payload(shell_call("ls"));
    shut.fire("PreToolUse").exit(2).decision("deny");
}

#[test]
fn exit_two_on_an_observation_event_blocks_nothing() {
    let action = r#"{"command": "echo nope >&2; exit 2"}"#;
    let case = Case::new().file(GUARD, &rule("PostToolUse", ".*", action));
    case.payload(shell_call("ls"));
    case.fire("PostToolUse").exit(0).decision("none");
}

#[test]
fn a_bare_star_rule_is_skipped_and_validate_fails_on_it() {
    let case = Case::new().file(
        GUARD,
        &rule("PreToolUse", "*", r#"{"command": "touch ran"}"#),
    );
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0);
    assert!(!case.at("ran").exists());
    case.run(&["validate"])
        .stdout_has("Goose skips this rule: its matcher is not a valid regex");
}

#[test]
fn user_plugins_run_and_a_project_plugin_shadows_the_user_one_of_its_name() {
    let case = Case::new()
        .home_file(
            ".agents/plugins/guard/hooks/hooks.json",
            &rule("Stop", ".*", r#"{"command": "touch user-guard-ran"}"#),
        )
        .home_file(
            ".agents/plugins/notes/hooks/hooks.json",
            &rule("Stop", ".*", r#"{"command": "touch user-notes-ran"}"#),
        )
        .file(
            GUARD,
            &rule("Stop", ".*", r#"{"command": "touch project-guard-ran"}"#),
        );
    case.payload(json!({"session_id": "abc-123"}));
    case.fire("Stop").exit(0);
    assert!(case.at("project-guard-ran").exists());
    assert!(case.at("user-notes-ran").exists());
    assert!(!case.at("user-guard-ran").exists());
}

#[test]
fn an_untrusted_project_runs_no_project_plugin_hook() {
    let case = Case::new()
        .untrusted()
        .file(GUARD, &rule("Stop", ".*", r#"{"command": "touch ran"}"#));
    case.fire("Stop");
    assert!(!case.at("ran").exists());
}

#[test]
fn a_plugin_file_named_with_c_is_read_as_open_plugins_not_as_claude() {
    let case = Case::new().file(
        GUARD,
        &rule("PreToolUse", "*", r#"{"command": "touch ran"}"#),
    );
    case.payload(shell_call("ls"));
    case.fire_with("PreToolUse", &["-c", GUARD]).exit(0);
    // Claude would read the `*` as every tool and run it.
    assert!(!case.at("ran").exists());
}

#[test]
fn installed_as_a_goose_plugin_the_entry_fires_the_projects_guard_and_answers_as_goose() {
    // hookrun's built-in rm-rf guard does not know Goose's `developer__shell`: a command hook.
    let policy = r#"[[hook]]
name = "no-rm-rf"
events = ["PreToolUse"]
command = "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0"
"#;
    let case = Case::new().file("hookrun.toml", policy);
    case.run(&["install", "openplugins"]).exit(0);
    let file = ".agents/plugins/hookrun/hooks/hooks.json";
    let text = std::fs::read_to_string(case.at(file)).unwrap();
    let hooks: serde_json::Value = serde_json::from_str(&text).unwrap();
    let action = &hooks["hooks"]["PreToolUse"][0]["hooks"][0];
    assert!(
        action["command"]
            .as_str()
            .unwrap()
            .ends_with(" fire --output openplugins PreToolUse"),
        "{action}"
    );
    assert_eq!(action["on_failure"], "block");
    assert_eq!(hooks["hooks"].as_object().unwrap().len(), 12);
    // What the entry runs: hookrun's own plugin is skipped, hookrun.toml's hook answers.
    case.payload(shell_call("rm -rf /"));
    let run = case
        .fire_with("PreToolUse", &["--output", "openplugins"])
        .exit(2)
        .field("/decision", &json!("block"));
    assert!(run.json()["reason"].as_str().unwrap().contains("rm -rf"));
    case.payload(shell_call("ls"));
    case.fire_with("PreToolUse", &["--output", "openplugins"])
        .exit(0)
        .field("/decision", &json!("allow"));
    // Installing twice changes nothing.
    case.run(&["install", "openplugins"]).exit(0);
    assert_eq!(std::fs::read_to_string(case.at(file)).unwrap(), text);
}

#[test]
fn list_names_the_plugin_file_as_open_plugins_and_an_unknown_event_is_warned_about() {
    let case = Case::new().file(
        GUARD,
        &rule("beforeShellExecution", ".*", r#"{"command": "true"}"#),
    );
    case.run(&["list"])
        .exit(0)
        .stdout_has(".agents/plugins/guard/hooks/hooks.json (openplugins, project level");
    case.run(&["validate"])
        .stdout_has("unknown openplugins event `beforeShellExecution`");
}
