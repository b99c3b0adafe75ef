//! Kiro CLI v3 hooks through the real binary, as Kiro's documentation describes them
//! (<https://kiro.dev/docs/cli/v3/hooks/>, <https://kiro.dev/docs/cli/hooks>): one file per set of
//! hooks in `.kiro/hooks/`, a regex matcher on the tool name or file path, exit 2 blocking where
//! the trigger can block, `enabled: false`, and `hookrun install kiro` fired as Kiro fires it.

use serde_json::json;

use crate::harness::Case;

/// Kiro's hook event for a shell tool call (the CLI hooks page).
fn shell_call(command: &str) -> serde_json::Value {
    json!({"hook_event_name": "PreToolUse", "cwd": "/p", "tool_name": "execute_bash",
        "tool_input": {"command": command}})
}

fn hooks_file(trigger: &str, matcher: &str, command: &str) -> String {
    json!({"version": "v1", "hooks": [{"name": "guard", "trigger": trigger, "matcher": matcher,
        "action": {"type": "command", "command": command}}]})
    .to_string()
}

const NO_RM_RF: &str =
    "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0";

#[test]
fn a_pre_tool_use_hook_blocks_rm_rf_on_the_shell_tool_with_exit_two() {
    let case = Case::new().file(
        ".kiro/hooks/guard.json",
        &hooks_file("PreToolUse", "execute_bash|shell", NO_RM_RF),
    );
    case.payload(shell_call("rm -rf /"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "rm -rf is not allowed");
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    // The matcher is tested against the tool name: a write is not the shell.
    case.payload(json!({"tool_name": "fs_write", "tool_input": {"command": "rm -rf /"}}));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn every_json_file_of_kiro_hooks_runs_in_name_order_and_the_ides_files_do_not() {
    let log = |who: &str| hooks_file("Stop", "", &format!("echo {who} >> order.txt"));
    let case = Case::new()
        .file(".kiro/hooks/b.json", &log("b"))
        .file(".kiro/hooks/a.json", &log("a"))
        .file(".kiro/hooks/ide.kiro.hook", &log("ide"));
    case.payload(json!({"hook_event_name": "Stop", "cwd": "/p"}));
    case.fire("Stop").exit(0);
    assert_eq!(
        std::fs::read_to_string(case.at("order.txt")).unwrap(),
        "a\nb\n"
    );
}

#[test]
fn exit_two_on_a_trigger_that_cannot_block_blocks_nothing_and_enabled_false_never_runs() {
    let file = json!({"version": "v1", "hooks": [
        {"trigger": "PostToolUse", "action": {"type": "command", "command": "echo no >&2; exit 2"}},
        {"trigger": "PostToolUse", "enabled": false,
         "action": {"type": "command", "command": "touch ran"}}]});
    let case = Case::new().file(".kiro/hooks/post.json", &file.to_string());
    case.payload(shell_call("ls"));
    case.fire("PostToolUse").exit(0).decision("none");
    assert!(!case.at("ran").exists());
}

#[test]
fn a_file_hook_matches_the_saved_files_path() {
    let case = Case::new().file(
        ".kiro/hooks/lint.json",
        &hooks_file("PostFileSave", r"\.ts$", "touch linted"),
    );
    case.payload(json!({"hook_event_name": "PostFileSave", "file_path": "src/app.tsx"}));
    case.fire("PostFileSave").exit(0);
    assert!(!case.at("linted").exists());
    case.payload(json!({"hook_event_name": "PostFileSave", "file_path": "src/app.ts"}));
    case.fire("PostFileSave").exit(0);
    assert!(case.at("linted").exists());
}

#[test]
fn an_untrusted_project_runs_no_kiro_hook() {
    let case = Case::new().untrusted().file(
        ".kiro/hooks/stop.json",
        &hooks_file("Stop", "", "touch ran"),
    );
    case.fire("Stop");
    assert!(!case.at("ran").exists());
}

#[test]
fn a_kiro_hooks_file_named_with_c_is_kiros_not_copilots() {
    let case = Case::new().file(
        ".kiro/hooks/guard.json",
        &hooks_file("PreToolUse", "", NO_RM_RF),
    );
    case.payload(shell_call("rm -rf /"));
    case.fire_with("PreToolUse", &["-c", ".kiro/hooks/guard.json"])
        .exit(2)
        .decision("deny");
}

#[test]
fn installed_for_kiro_the_file_fires_the_projects_policy_and_answers_by_exit_code() {
    let policy = format!(
        "[[hook]]\nname = \"no-rm-rf\"\nevents = [\"PreToolUse\"]\ncommand = \"{}\"\n",
        NO_RM_RF.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let case = Case::new().file("hookrun.toml", &policy);
    case.run(&["install", "kiro"]).exit(0);
    let text = std::fs::read_to_string(case.at(".kiro/hooks/hookrun.json")).unwrap();
    let installed: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(installed["version"], "v1");
    let hooks = installed["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 10);
    let pre = hooks
        .iter()
        .find(|hook| hook["trigger"] == "PreToolUse")
        .unwrap();
    let command = pre["action"]["command"].as_str().unwrap();
    assert!(
        command.ends_with(" fire --output kiro PreToolUse"),
        "{command}"
    );
    // What the entry runs: Kiro's own files are skipped, hookrun.toml's hook answers.
    case.payload(shell_call("rm -rf /"));
    case.fire_with("PreToolUse", &["--output", "kiro"])
        .exit(2)
        .stderr_has("rm -rf is not allowed");
    case.payload(shell_call("ls"));
    case.fire_with("PreToolUse", &["--output", "kiro"]).exit(0);
    // The installed file is one hookrun reads as Kiro's without a complaint.
    case.run(&["validate"]).exit(0);
}

#[test]
fn list_shows_each_hook_under_its_name_and_validate_warns_about_an_old_trigger_name() {
    let case = Case::new().file(
        ".kiro/hooks/lint.json",
        &hooks_file("PostFileSave", r"\.ts$", "npm run lint"),
    );
    case.run(&["list"])
        .exit(0)
        .stdout_has(".kiro/hooks/lint.json (kiro, project level")
        .stdout_has("guard");
    let old = json!({"version": "v1", "hooks": [{"trigger": "fileEdited",
        "action": {"type": "command", "command": "npm run lint"}}]});
    let stale = Case::new().file(".kiro/hooks/old.json", &old.to_string());
    stale
        .run(&["validate"])
        .stdout_has("unknown kiro event `fileEdited`");
}
