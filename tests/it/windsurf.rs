//! Windsurf Cascade's hooks through the real binary, as its documentation describes them
//! (<https://docs.windsurf.com/windsurf/cascade/hooks>; Windsurf is closed source): the
//! workspace's `.windsurf/hooks.json`, exit 2 blocking a pre-hook only, stdout never an answer,
//! the system → user → workspace order, and `hookrun install windsurf` fired as Windsurf fires it.

use serde_json::json;

use crate::harness::Case;

const FILE: &str = ".windsurf/hooks.json";

/// Windsurf's `pre_run_command` input (the hooks page, common fields and `tool_info`).
fn run_command(command: &str) -> serde_json::Value {
    json!({"agent_action_name": "pre_run_command", "trajectory_id": "t1", "execution_id": "e1",
        "timestamp": "2026-11-28T05:00:00Z", "tool_info": {"command_line": command, "cwd": "/p"}})
}

fn hooks(event: &str, command: &str) -> String {
    json!({"hooks": {event: [{"command": command, "show_output": true}]}}).to_string()
}

const NO_RM_RF: &str =
    "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0";

#[test]
fn a_workspace_pre_run_command_hook_blocks_rm_rf_with_exit_two_and_its_stderr() {
    let case = Case::new().file(FILE, &hooks("pre_run_command", NO_RM_RF));
    case.payload(run_command("rm -rf /"));
    let run = case.fire("pre_run_command").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "rm -rf is not allowed");
    case.payload(run_command("ls"));
    case.fire("pre_run_command").exit(0).decision("none");
}

#[test]
fn exit_two_on_a_post_hook_blocks_nothing() {
    let case = Case::new().file(FILE, &hooks("post_run_command", "echo late >&2; exit 2"));
    case.payload(run_command("ls"));
    case.fire("post_run_command").exit(0).decision("none");
}

#[test]
fn a_json_deny_on_stdout_is_not_an_answer() {
    let deny = r#"echo '{"decision":"deny","reason":"r"}'"#;
    let case = Case::new().file(FILE, &hooks("pre_write_code", deny));
    case.payload(json!({"tool_info": {"file_path": "a.ts", "edits": []}}));
    case.fire("pre_write_code").exit(0).decision("none");
}

#[test]
fn the_hook_gets_the_event_as_agent_action_name() {
    let case = Case::new().file(FILE, &hooks("post_setup_worktree", "cat > payload.json"));
    case.payload(json!({"tool_info": {"worktree_path": "/w"}}));
    case.fire("post_setup_worktree").exit(0);
    let payload: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("payload.json")).unwrap()).unwrap();
    assert_eq!(payload["agent_action_name"], "post_setup_worktree");
    assert_eq!(payload["tool_info"]["worktree_path"], "/w");
}

#[test]
fn system_then_user_then_workspace_hooks_all_run_in_that_order() {
    let log = |who: &str| hooks("pre_user_prompt", &format!("echo {who} >> order.txt"));
    // The harness roots system files in its home's `system/` (HOOKRUN_SYSTEM_ROOT).
    let case = Case::new()
        .home_file("system/etc/windsurf/hooks.json", &log("system"))
        .home_file(".codeium/windsurf/hooks.json", &log("user"))
        .file(FILE, &log("workspace"));
    case.payload(json!({"tool_info": {"user_prompt": "hi"}}));
    case.fire("pre_user_prompt").exit(0);
    let order = std::fs::read_to_string(case.at("order.txt")).unwrap();
    assert_eq!(order, "system\nuser\nworkspace\n");
}

#[test]
fn an_untrusted_workspace_runs_no_workspace_hook() {
    let case = Case::new()
        .untrusted()
        .file(FILE, &hooks("pre_read_code", "touch ran"));
    case.payload(json!({"tool_info": {"file_path": "a"}}));
    case.fire("pre_read_code");
    assert!(!case.at("ran").exists());
}

#[test]
fn installed_for_windsurf_the_entry_fires_the_projects_policy_and_answers_by_exit_code() {
    let policy = format!(
        "[[hook]]\nname = \"no-rm-rf\"\nevents = [\"pre_run_command\"]\ncommand = \"{}\"\n",
        NO_RM_RF.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let case = Case::new().file("hookrun.toml", &policy);
    case.run(&["install", "windsurf"]).exit(0);
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    let installed: serde_json::Value = serde_json::from_str(&text).unwrap();
    let command = installed["hooks"]["pre_run_command"][0]["command"]
        .as_str()
        .unwrap();
    assert!(
        command.ends_with(" fire --output windsurf pre_run_command"),
        "{command}"
    );
    assert_eq!(installed["hooks"].as_object().unwrap().len(), 12);
    // What the entry runs: Windsurf's own file is skipped, hookrun.toml's hook answers.
    case.payload(run_command("rm -rf /"));
    case.fire_with("pre_run_command", &["--output", "windsurf"])
        .exit(2)
        .stderr_has("rm -rf is not allowed")
        .stdout_lacks("{");
    case.payload(run_command("ls"));
    case.fire_with("pre_run_command", &["--output", "windsurf"])
        .exit(0)
        .stdout_lacks("{");
}

#[test]
fn list_and_validate_read_the_three_levels_as_windsurfs() {
    let case = Case::new()
        .home_file(
            ".codeium/windsurf/hooks.json",
            &hooks("post_write_code", "true"),
        )
        .file(FILE, &hooks("pre_run_command", "exit 0"));
    case.run(&["list"])
        .exit(0)
        .stdout_has(".windsurf/hooks.json (windsurf, project level")
        .stdout_has(".codeium/windsurf/hooks.json (windsurf, user level");
    case.run(&["validate"])
        .exit(0)
        .stdout_has("0 errors, 0 warnings");
}
