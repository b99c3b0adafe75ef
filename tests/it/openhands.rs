//! OpenHands' hooks through the real binary: `.openhands/hooks.json` in the SDK's wrapped and
//! bare forms, the `HookEvent` JSON and `OPENHANDS_*` variables a hook gets, exit 2 and a JSON
//! `deny` (on any exit code) blocking where other exit codes let the action through, the first
//! file of the project's and the user's winning, matchers that only a `*` lets past a tool-less
//! event, `--output openhands`, and the installed entry run as the SDK runs it (`sh -c` with the
//! event on stdin).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::harness::{Case, home_env, hookrun_bin};

const FILE: &str = ".openhands/hooks.json";

/// The SDK's `PreToolUse` event for its `terminal` tool (`HookEvent.model_dump_json()`).
fn terminal(command: &str) -> Value {
    json!({"event_type": "PreToolUse", "tool_name": "terminal",
        "tool_input": {"command": command}, "tool_response": null, "message": null,
        "session_id": "s1", "working_dir": "/w", "metadata": {}})
}

/// A wrapped-form file with one matcher group for `event`.
fn hooks_file(event: &str, matcher: &str, command: &str) -> String {
    json!({"hooks": {event: [{"matcher": matcher,
        "hooks": [{"type": "command", "command": command}]}]}})
    .to_string()
}

const GUARD: &str = "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || exit 0";

#[test]
fn an_exit_2_guard_on_the_terminal_tool_denies_rm_rf_and_lets_ls_through() {
    let case = Case::new().file(FILE, &hooks_file("PreToolUse", "terminal", GUARD));
    case.payload(terminal("rm -rf /"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "no rm -rf");
    case.payload(terminal("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    // The matcher is the exact tool name: `file_editor` is not the terminal.
    case.payload(
        json!({"event_type": "PreToolUse", "tool_name": "file_editor",
        "tool_input": {"command": "rm -rf /"}}),
    );
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn the_hook_gets_the_hook_event_and_the_openhands_variables() {
    let case = Case::new().file(
        FILE,
        &hooks_file(
            "PreToolUse",
            "term.*",
            r#"cat > got.json; echo "$OPENHANDS_PROJECT_DIR|$OPENHANDS_SESSION_ID|$OPENHANDS_EVENT_TYPE|$OPENHANDS_TOOL_NAME|$AI_AGENT" > vars.txt"#,
        ),
    );
    case.payload(terminal("ls"));
    case.fire("PreToolUse").exit(0);
    let got: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("got.json")).unwrap()).unwrap();
    assert_eq!(got, terminal("ls"));
    let dir = case.path().to_str().unwrap().to_owned();
    let vars = std::fs::read_to_string(case.at("vars.txt")).unwrap();
    assert_eq!(
        vars.trim(),
        format!("{dir}|s1|PreToolUse|terminal|openhands")
    );
}

#[test]
fn a_claude_shaped_payload_reaches_the_hook_in_openhands_fields() {
    let case = Case::new().file(FILE, &hooks_file("UserPromptSubmit", "*", "cat > got.json"));
    case.payload(
        json!({"hook_event_name": "UserPromptSubmit", "prompt": "hi",
        "session_id": "s2", "cwd": "/w"}),
    );
    case.fire("UserPromptSubmit").exit(0);
    let got: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at("got.json")).unwrap()).unwrap();
    assert_eq!(
        got,
        json!({"event_type": "UserPromptSubmit", "tool_name": null, "tool_input": null,
            "tool_response": null, "message": "hi", "session_id": "s2", "working_dir": "/w",
            "metadata": {}})
    );
}

#[test]
fn exit_1_lets_the_action_through_but_a_json_deny_blocks_on_any_exit_code() {
    let case = Case::new().file(
        FILE,
        &hooks_file("PreToolUse", "*", "echo oops >&2; exit 1"),
    );
    case.payload(terminal("ls"));
    case.fire("PreToolUse").exit(0).decision("none");
    let case = Case::new().file(
        FILE,
        &hooks_file(
            "PreToolUse",
            "*",
            r#"echo '{"decision": "DENY", "reason": "policy"}'; exit 1"#,
        ),
    );
    case.payload(terminal("ls"));
    let run = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(run.json()["reason"], "policy");
}

#[test]
fn a_block_on_post_tool_use_is_not_acted_on_and_every_hook_runs() {
    let file = r#"{"hooks": {"PostToolUse": [{"hooks": [
        {"command": "touch first; exit 2"}, {"command": "touch second"}]}]}}"#;
    let case = Case::new().file(FILE, file);
    case.payload(json!({"event_type": "PostToolUse", "tool_name": "terminal"}));
    case.fire("PostToolUse").exit(0);
    assert!(case.at("first").exists() && case.at("second").exists());
}

#[test]
fn a_block_on_pre_tool_use_ends_the_chain() {
    let file = r#"{"PreToolUse": [{"hooks": [
        {"command": "touch first; exit 2"}, {"command": "touch second"}]}]}"#;
    let case = Case::new().file(FILE, file);
    case.payload(terminal("ls"));
    case.fire("PreToolUse").exit(2);
    assert!(case.at("first").exists());
    assert!(!case.at("second").exists());
}

#[test]
fn a_named_matcher_never_selects_a_hook_of_an_event_without_a_tool() {
    let file = r#"{"stop": [
        {"matcher": "terminal", "hooks": [{"command": "touch named"}]},
        {"matcher": "*", "hooks": [{"command": "touch all"}]}]}"#;
    let case = Case::new().file(FILE, file);
    case.payload(json!({"event_type": "Stop", "metadata": {}}));
    case.fire("Stop").exit(0);
    assert!(case.at("all").exists());
    assert!(!case.at("named").exists());
}

#[test]
fn the_project_file_wins_over_the_users_which_runs_only_without_it() {
    let user = hooks_file(
        "PreToolUse",
        "*",
        "touch \"$OPENHANDS_PROJECT_DIR/user-ran\"",
    );
    let case = Case::new()
        .env("OH_PERSISTENCE_DIR", "")
        .home_file(FILE, &user)
        .file(FILE, &hooks_file("PreToolUse", "*", "touch project-ran"));
    case.payload(terminal("ls"));
    case.fire("PreToolUse").exit(0);
    assert!(case.at("project-ran").exists());
    assert!(
        !case.at("user-ran").exists(),
        "not merged: the first file wins"
    );
    let alone = Case::new()
        .env("OH_PERSISTENCE_DIR", "")
        .home_file(FILE, &user);
    alone.payload(terminal("ls"));
    alone.fire("PreToolUse").exit(0);
    assert!(alone.at("user-ran").exists());
}

#[test]
fn oh_persistence_dir_holds_the_users_file() {
    let case = Case::new();
    let dir = case.home().join("persist");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("hooks.json"),
        hooks_file("Stop", "", "touch \"$OPENHANDS_PROJECT_DIR/ran\""),
    )
    .unwrap();
    let case = case.env("OH_PERSISTENCE_DIR", dir.to_str().unwrap());
    case.payload(json!({"event_type": "Stop"}));
    case.fire("Stop").exit(0);
    assert!(case.at("ran").exists());
}

#[test]
fn output_openhands_answers_in_the_sdks_fields() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command",
            "command": "echo '{\"additionalContext\": \"use pnpm\"}'"}]}],
          "PreToolUse": [{"hooks": [{"type": "command", "command": "echo nope >&2; exit 2"}]}]}}"#,
    );
    case.payload(json!({"event_type": "UserPromptSubmit", "message": "hi"}));
    case.fire_with("UserPromptSubmit", &["--output", "openhands"])
        .exit(0)
        .field("/additionalContext", &json!("use pnpm"));
    case.payload(terminal("ls"));
    case.fire_with("PreToolUse", &["--output", "openhands"])
        .exit(0)
        .field("/decision", &json!("deny"))
        .field("/reason", &json!("nope"));
}

#[test]
fn validate_refuses_an_unknown_event_and_list_shows_the_hooks() {
    let case = Case::new().file(FILE, &hooks_file("Notification", "*", "true"));
    case.run(&["validate"])
        .stdout_has("unknown OpenHands event");
    let case = Case::new().file(FILE, &hooks_file("pre_tool_use", "terminal", "true"));
    case.run(&["validate"]).exit(0);
    case.run(&["list"]).exit(0).stdout_has("PreToolUse");
}

#[test]
fn an_untrusted_project_runs_no_openhands_project_hook() {
    let case = Case::new()
        .untrusted()
        .file(FILE, &hooks_file("PreToolUse", "*", "touch ran"));
    case.payload(terminal("ls"));
    case.fire("PreToolUse");
    assert!(!case.at("ran").exists());
}

/// Runs `command` as `HookExecutor.execute` does: `sh -c`, in `dir`, with `OPENHANDS_*` set and
/// the event JSON on stdin; gives the exit code and stdout.
fn run_as_openhands(case: &Case, command: &str, event: &Value) -> (i32, String) {
    let dir = case.path();
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path_with_hookrun())
        .envs(home_env(case.home()))
        .env("OPENHANDS_PROJECT_DIR", dir)
        .env(
            "OPENHANDS_EVENT_TYPE",
            event["event_type"].as_str().unwrap(),
        )
        .env("HOOKRUN_TRUST_PROJECT", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(event.to_string().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `PATH` with the directory of the hookrun under test first, as for a user who installed it.
fn path_with_hookrun() -> String {
    let dir = std::path::Path::new(hookrun_bin()).parent().unwrap();
    format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

#[test]
fn installed_for_openhands_the_entry_fires_the_projects_guard_as_the_sdk_runs_it() {
    let case = Case::new().env("PATH", &path_with_hookrun());
    case.run(&["init"]).exit(0);
    case.run(&["install", "openhands"]).exit(0);
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["hooks"].as_object().unwrap().len(), 6);
    let command = file["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        command.ends_with(r#"-C "$OPENHANDS_PROJECT_DIR" fire --output openhands PreToolUse"#),
        "{command}"
    );
    // The installed file is valid OpenHands and hookrun skips it under `--output openhands`.
    case.run(&["validate"]).exit(0);
    let (code, out) = run_as_openhands(&case, &command, &terminal("rm -rf /"));
    assert_eq!(code, 0, "{out}");
    let answer: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["decision"], "deny", "{out}");
    let (code, out) = run_as_openhands(&case, &command, &terminal("ls"));
    assert_eq!(code, 0);
    assert!(!out.contains("deny"), "{out}");
}

#[test]
fn an_empty_bare_file_is_valid_and_a_refused_wrapped_one_is_not_called_claudes() {
    Case::new()
        .file(FILE, r#"{"stop": []}"#)
        .run(&["validate"])
        .exit(0);
    let refused = Case::new().file(FILE, &hooks_file("Notification", "*", "true"));
    refused
        .run(&["validate"])
        .stdout_has("unknown OpenHands event")
        .stdout_lacks("claude's layout");
}
