//! Windsurf's rules, each pinned to <https://docs.windsurf.com/windsurf/cascade/hooks> ("the
//! hooks page"; docs only, Windsurf is closed source).

use super::*;
use crate::dialects::json_file::load_for_test;
use crate::model::answer::{Decision, Merged};
use crate::model::hook::{CommandForm, Handler};

fn load_text(text: &str) -> DialectLoad {
    load_for_test(load::load, ".windsurf/hooks.json", WINDSURF, text)
}

/// The hooks page, "Basic structure": `{"hooks": {"<event>": [{"command", "show_output"}]}}`,
/// with `powershell` and `working_directory` beside them.
#[test]
fn entries_are_shell_commands_run_where_working_directory_says() {
    let load = load_text(
        r#"{"hooks": {"pre_run_command": [
            {"command": "python3 /path/guard.py", "show_output": true},
            {"command": "./log.sh", "working_directory": "tools"},
            {"powershell": "./guard.ps1"}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let [guard, log, windows] = load.hooks.as_slice() else {
        panic!("three hooks expected")
    };
    assert!(
        matches!(&guard.handler, Handler::Command(CommandForm::Shell(c)) if c == "python3 /path/guard.py")
    );
    assert_eq!(guard.timeout, load::DEFAULT_TIMEOUT);
    assert_eq!(log.cwd, std::path::Path::new("/p/tools"));
    assert!(matches!(&windows.handler, Handler::Unsupported { kind } if kind == "powershell"));
}

#[test]
fn an_entry_without_a_command_is_an_error_and_a_tilde_directory_a_warning() {
    let load = load_text(
        r#"{"hooks": {"post_write_code": [{"show_output": true},
            {"command": "x", "working_directory": "~/logs"}]}}"#,
    );
    assert_eq!(load.hooks.len(), 1);
    assert!(load.diagnostics[0].is_error());
    assert!(!load.diagnostics[1].is_error());
    assert!(
        load.diagnostics[1]
            .to_string()
            .contains("`~` is not expanded")
    );
}

/// The hooks page lists the events; a camelCase or Claude name is a typo here.
#[test]
fn an_unknown_event_gets_a_did_you_mean() {
    let load = load_text(r#"{"hooks": {"pre_run_commands": [{"command": "x"}]}}"#);
    let message = load.diagnostics[0].to_string();
    assert!(
        message.contains("did you mean `pre_run_command`"),
        "{message}"
    );
}

/// The hooks page: "For pre-hooks … your script can block the action by exiting with exit code
/// 2"; post-hooks cannot block; the answer is the exit code, stdout is only shown.
#[test]
fn exit_two_blocks_pre_hooks_only_and_stdout_is_never_an_answer() {
    let load = load_text(r#"{"hooks": {"post_run_command": [{"command": "x"}]}}"#);
    let hook = &load.hooks[0];
    for event in [
        "pre_read_code",
        "pre_write_code",
        "pre_run_command",
        "pre_mcp_tool_use",
        "pre_user_prompt",
    ] {
        let policy = WINDSURF.policy(hook, event);
        assert!(
            policy.can_block && policy.exit2_blocks && policy.ignore_stdout,
            "{event}"
        );
    }
    for event in [
        "post_run_command",
        "post_cascade_response",
        "post_setup_worktree",
    ] {
        let policy = WINDSURF.policy(hook, event);
        assert!(!policy.can_block && !policy.exit2_blocks, "{event}");
    }
}

/// The hooks page: system → user → workspace, every level's hooks run.
#[test]
fn the_system_and_user_files_run_before_the_workspaces() {
    assert_eq!(WINDSURF.file_order(), FileOrder::OutsideFirst);
    let levels: Vec<Level> = WINDSURF.outside_files().iter().map(|f| f.level).collect();
    assert_eq!(levels.first(), Some(&Level::Managed));
}

/// The hooks page, common input: `agent_action_name` names the event.
#[test]
fn the_hook_receives_the_event_as_agent_action_name() {
    let shaped = crate::dialects::payload::shaped(
        SHAPE,
        &serde_json::json!({"trajectory_id": "t", "tool_info": {"command_line": "ls", "cwd": "/p"}}),
        "pre_run_command",
    );
    assert_eq!(shaped["agent_action_name"], "pre_run_command");
    assert_eq!(shaped["tool_info"]["command_line"], "ls");
}

#[test]
fn output_windsurf_is_exit_two_with_the_reason_on_stderr_and_nothing_on_stdout() {
    let deny = Merged {
        decision: Decision::Deny,
        reason: Some("no rm".into()),
        continue_: true,
        ..Merged::default()
    };
    let answer = WINDSURF
        .output()
        .expect("an output")
        .answer("pre_run_command", &deny);
    assert_eq!(
        (answer.json, answer.stderr.as_deref(), answer.code),
        (None, Some("no rm"), crate::exit::BLOCK)
    );
    let allow = Merged {
        continue_: true,
        ..Merged::default()
    };
    let answer = WINDSURF
        .output()
        .expect("an output")
        .answer("pre_run_command", &allow);
    assert_eq!((answer.json, answer.code), (None, crate::exit::OK));
}
