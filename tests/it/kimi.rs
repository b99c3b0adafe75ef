//! Kimi's hooks through the real binary: `[[hooks]]` tables of the user's `~/.kimi/config.toml`
//! (Kimi has no project file), exit 2 and a `permissionDecision` deny as its only blocks, a
//! timeout that fails open, a matcher searched as `re.search` does, `Stop` going on only with a
//! reason, and `hookrun install kimi --user` fired as Kimi fires it.

use std::time::Duration;

use serde_json::json;

use crate::harness::Case;

const FILE: &str = ".kimi/config.toml";

/// One `[[hooks]]` table after Kimi's own settings.
fn config(event: &str, matcher: &str, command: &str, extra: &str) -> String {
    format!(
        "default_model = \"kimi-k2\"\n\n[[hooks]]\nevent = \"{event}\"\nmatcher = '{matcher}'\ncommand = '''{command}'''\n{extra}\n"
    )
}

fn shell_call(command: &str) -> serde_json::Value {
    json!({"hook_event_name": "PreToolUse", "session_id": "s1", "cwd": "/p",
        "tool_name": "Shell", "tool_input": {"command": command}, "tool_call_id": "c1"})
}

const DENY_RM_RF: &str = "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || true";

#[test]
fn a_users_kimi_hook_blocks_by_exit_2_with_stderr_and_its_matcher_is_searched() {
    let case = Case::new().home_file(FILE, &config("PreToolUse", "Shell", DENY_RM_RF, ""));
    case.payload(shell_call("rm -rf /"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no rm -rf");
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    // `re.search("Shell", …)` also finds `ShellTool`; `ReadFile` it does not.
    case.payload(json!({"tool_name": "ShellTool", "tool_input": {"command": "rm -rf /"}}));
    case.fire("PreToolUse").exit(2);
    case.payload(json!({"tool_name": "ReadFile", "tool_input": {"command": "rm -rf /"}}));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn only_a_permission_decision_deny_blocks_claudes_top_level_block_does_not() {
    let deny = r#"echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"from json"}}'"#;
    let case = Case::new().home_file(FILE, &config("PreToolUse", "", deny, ""));
    case.payload(shell_call("ls"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "from json");
    let block = r#"echo '{"decision":"block","reason":"ignored"}'"#;
    let case = Case::new().home_file(FILE, &config("PreToolUse", "", block, ""));
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn a_hook_that_times_out_or_exits_1_lets_the_call_through() {
    let case = Case::new().home_file(
        FILE,
        &config("PreToolUse", "", "exec sleep 5", "timeout = 1"),
    );
    case.payload(shell_call("ls"));
    case.fire("PreToolUse")
        .within(Duration::from_secs(4))
        .exit(0)
        .decision("none")
        .field("/hooks/0/outcome", &json!("cancelled"));
    let case = Case::new().home_file(
        FILE,
        &config("PreToolUse", "", "echo broken >&2; exit 1", ""),
    );
    case.payload(shell_call("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn stop_goes_on_with_the_reason_and_a_block_without_one_lets_kimi_stop() {
    let case = Case::new().home_file(
        FILE,
        &config("Stop", "", "echo 'run the tests' >&2; exit 2", ""),
    );
    case.payload(json!({"hook_event_name": "Stop", "session_id": "s1", "cwd": "/p", "stop_hook_active": false}));
    let run = case.fire("Stop").decision("deny");
    assert_eq!(run.json()["reason"], "run the tests");
    let case = Case::new().home_file(FILE, &config("Stop", "", "exit 2", ""));
    case.payload(json!({"hook_event_name": "Stop"}));
    case.fire("Stop").exit(0).decision("none");
}

#[test]
fn a_block_on_an_event_kimi_does_not_gate_is_only_recorded() {
    let case = Case::new().home_file(FILE, &config("PostToolUse", "", "echo no >&2; exit 2", ""));
    case.payload(json!({"hook_event_name": "PostToolUse", "tool_name": "Shell"}));
    case.fire("PostToolUse").exit(0).decision("none");
}

#[test]
fn kimi_installs_into_the_users_file_only_and_its_entry_answers_by_exit_2() {
    let case = Case::new().home_file(FILE, "default_model = \"kimi-k2\"\n");
    case.run(&["install", "kimi"])
        .exit(1)
        .stderr_has("kimi reads no project file");
    case.run(&["init"]).exit(0);
    case.run(&["install", "kimi", "--user", "--command", "hookrun"])
        .exit(0);
    let text = std::fs::read_to_string(case.home().join(FILE)).unwrap();
    assert!(text.starts_with("default_model = \"kimi-k2\"\n"), "{text}");
    assert!(
        text.contains(
            "event = \"PreToolUse\"\ncommand = \"hookrun fire --output kimi PreToolUse\""
        ),
        "{text}"
    );
    assert_eq!(text.matches("[[hooks]]").count(), 13, "{text}");
    // What the entry runs: Kimi's own file is skipped (no loop), the project's guard answers.
    case.payload(shell_call("rm -rf /"));
    case.fire_with("PreToolUse", &["--output", "kimi"])
        .exit(2)
        .stderr_has("rm -rf");
    case.payload(shell_call("ls"));
    case.fire_with("PreToolUse", &["--output", "kimi"])
        .exit(0)
        .stdout_lacks("deny");
    case.run(&["uninstall", "kimi", "--user"]).exit(0);
    let text = std::fs::read_to_string(case.home().join(FILE)).unwrap();
    assert_eq!(text, "default_model = \"kimi-k2\"\n");
}

#[test]
fn validate_and_list_read_the_users_kimi_file() {
    let case = Case::new().home_file(FILE, &config("BeforeTool", "", "true", "timeout = 900"));
    case.run(&["validate"])
        .exit(1)
        .stdout_has("unknown Kimi event `BeforeTool`");
    let case = Case::new().home_file(FILE, &config("PreToolUse", "Shell", "./guard.sh", ""));
    case.run(&["list"])
        .exit(0)
        .stdout_has("kimi")
        .stdout_has("./guard.sh");
}
