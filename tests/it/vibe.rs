//! Mistral Vibe's hooks through the real binary: `[[hooks]]` of `.vibe/hooks.toml` and
//! `~/.vibe/hooks.toml`, a `decision: "deny"` answer, exit 2 as a mere failure, `strict`, a glob
//! `match` over the qualified tool name, a rewrite that replaces the arguments, the duplicate-name
//! rule, and `hookrun install vibe` fired as Vibe fires it.

use std::time::Duration;

use serde_json::json;

use crate::harness::Case;

const FILE: &str = ".vibe/hooks.toml";

fn hook(name: &str, kind: &str, matcher: &str, command: &str, extra: &str) -> String {
    format!(
        "[[hooks]]\nname = \"{name}\"\ntype = \"{kind}\"\nmatch = \"{matcher}\"\ncommand = '''{command}'''\n{extra}\n"
    )
}

fn bash_call(command: &str) -> serde_json::Value {
    json!({"hook_event_name": "pre_tool", "session_id": "s1", "parent_session_id": null,
        "transcript_path": "", "cwd": "/p", "tool_name": "file_system.bash",
        "tool_call_id": "c1", "tool_input": {"command": command}})
}

const DENY_RM_RF: &str =
    r#"grep -q 'rm -rf' && echo '{"decision":"deny","reason":"no rm -rf"}' || true"#;

#[test]
fn a_vibe_deny_blocks_and_match_is_a_glob_over_the_tools_leaf_name() {
    let case = Case::new().file(FILE, &hook("guard", "pre_tool", "BASH", DENY_RM_RF, ""));
    case.payload(bash_call("rm -rf /"));
    let run = case.fire("pre_tool").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no rm -rf");
    case.payload(bash_call("ls"));
    case.fire("pre_tool").exit(0).decision("none");
    case.payload(
        json!({"tool_name": "file_system.read_file", "tool_input": {"command": "rm -rf /"}}),
    );
    case.fire("pre_tool").exit(0).decision("none");
}

#[test]
fn exit_2_is_only_a_failure_and_strict_makes_any_failure_deny() {
    let failing = "echo 'no' >&2; exit 2";
    let case = Case::new().file(FILE, &hook("guard", "pre_tool", "*", failing, ""));
    case.payload(bash_call("ls"));
    case.fire("pre_tool").exit(0).decision("none");
    let case = Case::new().file(
        FILE,
        &hook("guard", "pre_tool", "*", failing, "strict = true"),
    );
    case.payload(bash_call("ls"));
    case.fire("pre_tool").exit(2).decision("deny");
}

#[test]
fn a_strict_hook_that_times_out_denies_and_a_lenient_one_lets_the_call_through() {
    for (strict, decision) in [("strict = true", "deny"), ("strict = false", "none")] {
        let extra = format!("timeout = 1\n{strict}");
        let case = Case::new().file(FILE, &hook("slow", "pre_tool", "*", "exec sleep 5", &extra));
        case.payload(bash_call("ls"));
        case.fire("pre_tool")
            .within(Duration::from_secs(4))
            .decision(decision);
    }
}

#[test]
fn tool_input_replaces_the_arguments_whole() {
    let rewrite = r#"echo '{"hook_specific_output":{"tool_input":{"command":"ls -a"}}}'"#;
    let case = Case::new().file(FILE, &hook("rewrite", "pre_tool", "bash", rewrite, ""));
    case.payload(json!({"tool_name": "file_system.bash",
        "tool_input": {"command": "ls", "timeout": 5}}));
    case.fire("pre_tool")
        .exit(0)
        .field("/updated_input", &json!({"command": "ls -a"}));
}

#[test]
fn the_projects_hook_wins_over_the_users_of_the_same_name() {
    let case = Case::new()
        .file(
            FILE,
            &hook("log", "post_agent", "*", "touch project-ran", ""),
        )
        .home_file(FILE, &hook("log", "post_agent", "*", "touch user-ran", ""));
    case.payload(json!({"hook_event_name": "post_agent", "agent_name": "default"}));
    case.fire("post_agent").exit(0);
    assert!(case.at("project-ran").exists());
    assert!(!case.at("user-ran").exists());
}

#[test]
fn installed_for_vibe_the_strict_entry_answers_with_a_structured_deny() {
    let case = Case::new();
    case.run(&["init"]).exit(0);
    case.run(&["install", "vibe"]).exit(0);
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    assert!(
        text.contains("name = \"hookrun-pre_tool\"\ntype = \"pre_tool\"\ncommand = \"hookrun fire --output vibe pre_tool\"\nstrict = true"),
        "{text}"
    );
    case.payload(bash_call("rm -rf /"));
    case.fire_with("pre_tool", &["--output", "vibe"])
        .exit(0)
        .field("/decision", &json!("deny"));
    case.payload(bash_call("ls"));
    case.fire_with("pre_tool", &["--output", "vibe"])
        .exit(0)
        .stdout_lacks("deny");
}

#[test]
fn validate_reports_strict_on_post_agent() {
    Case::new()
        .file(
            FILE,
            &hook("lint", "post_agent", "*", "make lint", "strict = true"),
        )
        .run(&["validate"])
        .exit(1)
        .stdout_has("strict is only valid for tool hooks");
}
