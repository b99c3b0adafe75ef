//! The Claude-compatible family through the real binary: Factory Droid (`.factory/hooks.json`
//! and `.factory/settings.json`, where a `hooks.json` event replaces the settings' groups of
//! that event), Augment's Auggie (`.augment/settings.json`, timeouts in milliseconds) and iFlow
//! CLI (`.iflow/settings.json`, its `SetUpEnvironment` event): a deny on `rm -rf`, each agent's
//! timeout unit and file levels, and `install` then `fire --output <agent>` as the agent runs it.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{Case, claude_settings};

const DENY_RM_RF: &str = r"grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || true";

fn tool_call(tool: &str, command: &str) -> Value {
    json!({"session_id": "s1", "cwd": "/p", "hook_event_name": "PreToolUse",
        "tool_name": tool, "tool_input": {"command": command}})
}

/// A Droid `hooks.json`: the event map at the top level.
fn droid_hooks(event: &str, matcher: &str, command: &str, extra: &str) -> String {
    let settings = claude_settings(event, matcher, command, extra);
    let value: Value = serde_json::from_str(&settings).unwrap();
    value["hooks"].to_string()
}

#[test]
fn a_droid_hooks_json_denies_rm_rf_on_execute_and_lets_ls_through() {
    let case = Case::new().file(
        ".factory/hooks.json",
        &droid_hooks("PreToolUse", "Execute", DENY_RM_RF, ""),
    );
    case.payload(tool_call("Execute", "rm -rf /"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no rm -rf");
    case.payload(tool_call("Execute", "ls"));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn a_droid_hooks_json_event_replaces_the_settings_groups_of_that_event_only() {
    let settings = r#"{"hooks":{
        "PreToolUse":[{"hooks":[{"type":"command","command":"touch settings-pre"}]}],
        "Stop":[{"hooks":[{"type":"command","command":"touch settings-stop"}]}]}}"#;
    let case = Case::new().file(".factory/settings.json", settings).file(
        ".factory/hooks.json",
        &droid_hooks("PreToolUse", "", "touch hooks-pre", ""),
    );
    case.payload(tool_call("Execute", "ls"));
    case.fire("PreToolUse").exit(0);
    assert!(case.at("hooks-pre").exists());
    assert!(!case.at("settings-pre").exists());
    case.payload(json!({"hook_event_name": "Stop"}));
    case.fire("Stop").exit(0);
    assert!(case.at("settings-stop").exists());
}

#[test]
fn droids_timeout_counts_seconds_and_its_hooks_see_factory_project_dir() {
    Case::new()
        .file(
            ".factory/hooks.json",
            &droid_hooks("Stop", "", "exec sleep 5", r#""timeout": 1"#),
        )
        .fire("Stop")
        .within(Duration::from_secs(4))
        .field("/hooks/0/outcome", &json!("cancelled"))
        .field("/hooks/0/timed_out_after_ms", &json!(1000));
    let case = Case::new().file(
        ".factory/hooks.json",
        &droid_hooks(
            "Stop",
            "",
            r#"echo "$FACTORY_PROJECT_DIR|$DROID_PROJECT_DIR|$CLAUDE_PROJECT_DIR" > vars.txt"#,
            "",
        ),
    );
    case.fire("Stop").exit(0);
    let dir = case.path().to_str().unwrap().to_owned();
    let vars = std::fs::read_to_string(case.at("vars.txt")).unwrap();
    assert_eq!(vars.trim(), format!("{dir}|{dir}|{dir}"));
}

#[test]
fn the_users_factory_folder_runs_beside_the_projects_and_hooks_disabled_stops_both() {
    let case = Case::new()
        .home_file(
            ".factory/hooks.json",
            &droid_hooks("PreToolUse", "", "touch user-ran", ""),
        )
        .file(
            ".factory/settings.json",
            &claude_settings("PreToolUse", "", "touch project-ran", ""),
        );
    case.payload(tool_call("Execute", "ls"));
    case.fire("PreToolUse").exit(0);
    assert!(case.at("user-ran").exists());
    assert!(case.at("project-ran").exists());
    let off = Case::new().file(
        ".factory/hooks.json",
        r#"{"hooksDisabled": true, "PreToolUse": [{"hooks": [
            {"type": "command", "command": "touch ran"}]}]}"#,
    );
    off.payload(tool_call("Execute", "ls"));
    off.fire("PreToolUse").exit(0);
    assert!(!off.at("ran").exists());
}

#[test]
fn droid_files_validate_and_list_under_droid() {
    let case = Case::new()
        .file(
            ".factory/hooks.json",
            &droid_hooks("PreToolUse", "Execute", "true", r#""timeout": 5"#),
        )
        .file(
            ".factory/settings.json",
            &claude_settings("Stop", "", "true", ""),
        );
    case.run(&["validate"]).exit(0).stdout_has("0 errors");
    case.run(&["list"])
        .exit(0)
        .stdout_has(".factory/hooks.json")
        .stdout_has(".factory/settings.json")
        .stdout_has("droid");
}

/// `hookrun init`'s starter guard, reached through an agent's installed entry.
fn install_and_fire(agent: &str, file: &str, suffix: &str, events: usize, call: &Value) {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case.run(&["install", agent]).exit(0);
    let text = std::fs::read_to_string(case.at(file)).unwrap();
    let settings: Value = serde_json::from_str(&text).unwrap();
    let command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .unwrap();
    assert!(command.ends_with(suffix), "{command}");
    assert_eq!(settings["hooks"].as_object().unwrap().len(), events);
    case.payload(call.clone());
    case.fire_with("PreToolUse", &["--output", agent])
        .exit(0)
        .field("/hookSpecificOutput/permissionDecision", &json!("deny"));
    let mut harmless = call.clone();
    harmless["tool_input"]["command"] = json!("ls");
    case.payload(harmless);
    case.fire_with("PreToolUse", &["--output", agent])
        .exit(0)
        .stdout_lacks("deny");
}

#[test]
fn installed_for_droid_the_entry_fires_the_projects_guard_and_answers_as_claude() {
    install_and_fire(
        "droid",
        ".factory/settings.json",
        r#"-C "$FACTORY_PROJECT_DIR" fire --output droid PreToolUse"#,
        9,
        &tool_call("Execute", "rm -rf /"),
    );
}

#[test]
fn an_auggie_project_hook_denies_rm_rf_on_launch_process() {
    let case = Case::new().file(
        ".augment/settings.json",
        &claude_settings("PreToolUse", "launch-process", DENY_RM_RF, ""),
    );
    case.payload(tool_call("launch-process", "rm -rf /"));
    case.fire("PreToolUse").exit(2).decision("deny");
    case.payload(tool_call("launch-process", "ls"));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn auggies_timeout_counts_milliseconds() {
    Case::new()
        .file(
            ".augment/settings.json",
            &claude_settings("Stop", "", "exec sleep 5", r#""timeout": 1500"#),
        )
        .fire("Stop")
        .within(Duration::from_secs(4))
        .field("/hooks/0/outcome", &json!("cancelled"))
        .field("/hooks/0/timed_out_after_ms", &json!(1500));
}

#[test]
fn auggies_local_project_and_user_files_all_run_and_see_augment_project_dir() {
    let case = Case::new()
        .home_file(
            ".augment/settings.json",
            &claude_settings("Stop", "", "touch user-ran", ""),
        )
        .file(
            ".augment/settings.local.json",
            &claude_settings("Stop", "", "touch local-ran", ""),
        )
        .file(
            ".augment/settings.json",
            &claude_settings("Stop", "", r#"echo "$AUGMENT_PROJECT_DIR" > dir.txt"#, ""),
        );
    case.fire("Stop").exit(0);
    assert!(case.at("user-ran").exists());
    assert!(case.at("local-ran").exists());
    let dir = std::fs::read_to_string(case.at("dir.txt")).unwrap();
    assert_eq!(dir.trim(), case.path().to_str().unwrap());
}

#[test]
fn installed_for_auggie_the_entry_fires_the_projects_guard_and_answers_as_claude() {
    install_and_fire(
        "auggie",
        ".augment/settings.json",
        r#"-C "$AUGMENT_PROJECT_DIR" fire --output auggie PreToolUse"#,
        7,
        &tool_call("launch-process", "rm -rf /"),
    );
}

#[test]
fn an_iflow_project_hook_denies_rm_rf_and_its_set_up_environment_gives_context() {
    let case = Case::new().file(
        ".iflow/settings.json",
        &claude_settings("PreToolUse", "run_shell_command", DENY_RM_RF, ""),
    );
    case.payload(tool_call("run_shell_command", "rm -rf /"));
    case.fire("PreToolUse").exit(2).decision("deny");
    let setup = Case::new().file(
        ".iflow/settings.json",
        &claude_settings("SetUpEnvironment", "", "echo 'use pnpm'", ""),
    );
    setup.payload(json!({"hook_event_name": "SetUpEnvironment"}));
    setup
        .fire("SetUpEnvironment")
        .exit(0)
        .field("/additional_context", &json!("use pnpm"));
}

#[test]
fn the_users_iflow_settings_run_beside_the_projects_with_a_timeout_in_seconds() {
    let case = Case::new()
        .home_file(
            ".iflow/settings.json",
            &claude_settings("Stop", "", "touch user-ran", ""),
        )
        .file(
            ".iflow/settings.json",
            &claude_settings("Stop", "", "exec sleep 5", r#""timeout": 1"#),
        );
    case.fire("Stop")
        .within(Duration::from_secs(4))
        .field("/hooks/0/timed_out_after_ms", &json!(1000));
    assert!(case.at("user-ran").exists());
}

#[test]
fn installed_for_iflow_the_entry_fires_the_projects_guard_and_answers_as_claude() {
    install_and_fire(
        "iflow",
        ".iflow/settings.json",
        "fire --output iflow PreToolUse",
        9,
        &tool_call("run_shell_command", "rm -rf /"),
    );
}

#[test]
fn untrusted_projects_run_no_hook_of_the_family() {
    for (file, text) in [
        (
            ".factory/hooks.json",
            droid_hooks("Stop", "", "touch ran", ""),
        ),
        (
            ".augment/settings.json",
            claude_settings("Stop", "", "touch ran", ""),
        ),
        (
            ".iflow/settings.json",
            claude_settings("Stop", "", "touch ran", ""),
        ),
    ] {
        let case = Case::new().untrusted().file(file, &text);
        case.fire("Stop");
        assert!(!case.at("ran").exists(), "{file}");
    }
}
