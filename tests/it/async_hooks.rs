//! Async hooks: `fire` hands them to a detached worker and returns at once; the worker's result
//! lands in the fire log afterwards, and nothing is left behind.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::Case;
use crate::webhook::{Answer, Webhook};

/// The log's lines once one of them is an async result (or after `limit`).
fn async_lines(log: &Path, limit: Duration) -> Vec<Value> {
    let deadline = Instant::now() + limit;
    loop {
        let lines: Vec<Value> = std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .filter(|line: &Value| line.get("async").is_some())
            .collect();
        if !lines.is_empty() || Instant::now() > deadline {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn scratch_tmp(case: &Case) -> std::path::PathBuf {
    let tmp = case.home().join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    tmp
}

#[test]
fn fire_returns_before_an_async_command_hook_ends_and_its_line_lands_in_the_log_later() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"hooks": [
            {"type": "command", "command": "sleep 1.5; cat > seen.json; echo '{\"decision\": \"deny\"}'", "async": true}]}]}}"#,
    );
    let case = {
        let tmp = scratch_tmp(&case);
        case.env("TMPDIR", tmp.to_str().unwrap())
    };
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    let log = case.at("fires.jsonl");
    let run = case
        .fire_with("PreToolUse", &["--log", log.to_str().unwrap()])
        .exit(0)
        .decision("none")
        .within(Duration::from_secs(1));
    assert_eq!(run.hook("sleep")["outcome"], "started", "{}", run.stdout);
    assert!(!case.at("seen.json").exists(), "fire waited for the hook");
    let lines = async_lines(&log, Duration::from_secs(10));
    assert_eq!(lines.len(), 1, "{lines:?}");
    let hook = &lines[0]["async"];
    assert_eq!(hook["name"], "sleep", "{hook}");
    assert_eq!(hook["exit_code"], 0, "{hook}");
    // It cannot block: the fire is over.
    assert_eq!(hook["decision"], "none", "{hook}");
    assert_eq!(hook["ignored_decision"], "deny", "{hook}");
    assert!(
        std::fs::read_to_string(case.at("seen.json"))
            .unwrap()
            .contains("\"Bash\"")
    );
    let left: Vec<_> = std::fs::read_dir(case.home().join("tmp"))
        .unwrap()
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn an_async_hook_keeps_its_payload_file_until_it_is_done() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"later\"\nevents = [\"Stop\"]\nasync = true\npayload_file = true\ncommand = 'sleep 1; cp \"$HOOKRUN_PAYLOAD_FILE\" copy.json'\n",
    );
    let case = {
        let tmp = scratch_tmp(&case);
        case.env("TMPDIR", tmp.to_str().unwrap())
    };
    case.payload(json!({"session_id": "s9"}));
    let log = case.at("fires.jsonl");
    case.fire_with("Stop", &["--log", log.to_str().unwrap()])
        .exit(0)
        .within(Duration::from_secs(1));
    let lines = async_lines(&log, Duration::from_secs(10));
    assert_eq!(lines[0]["async"]["outcome"], "success", "{lines:?}");
    assert!(
        std::fs::read_to_string(case.at("copy.json"))
            .unwrap()
            .contains("s9")
    );
    let left: Vec<_> = std::fs::read_dir(case.home().join("tmp"))
        .unwrap()
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn an_async_http_hook_never_blocks_and_logs_its_status() {
    let server = Webhook::start(|_| {
        std::thread::sleep(Duration::from_millis(1500));
        Answer::Reply(
            200,
            "",
            r#"{"decision": "deny", "reason": "too late"}"#.into(),
        )
    });
    let case = Case::new().file(
        "hookrun.toml",
        &format!(
            "[[hook]]\nname = \"notify\"\nevents = [\"PreToolUse\"]\nasync = true\nurl = \"{}\"\n",
            server.url
        ),
    );
    case.payload(json!({"tool_name": "Bash"}));
    let log = case.at("fires.jsonl");
    let run = case
        .fire_with("PreToolUse", &["--log", log.to_str().unwrap()])
        .exit(0)
        .decision("none")
        .within(Duration::from_secs(1));
    assert_eq!(run.hook("notify")["outcome"], "started");
    let lines = async_lines(&log, Duration::from_secs(10));
    let hook = &lines[0]["async"];
    assert_eq!(hook["http_status"], 200, "{hook}");
    assert_eq!(hook["decision"], "none", "{hook}");
    assert_eq!(server.received().len(), 1);
}

#[test]
fn async_mode_is_the_design_notes_name_for_async() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"later\"\nevents = [\"Stop\"]\nasync_mode = true\ncommand = 'sleep 1; echo done > done.txt'\n",
    );
    case.payload(json!({}));
    let log = case.at("fires.jsonl");
    let run = case
        .fire_with("Stop", &["--log", log.to_str().unwrap()])
        .exit(0)
        .within(Duration::from_millis(900));
    assert_eq!(run.hook("later")["outcome"], "started", "{}", run.stdout);
    assert!(!case.at("done.txt").exists(), "fire did not wait");
    let lines = async_lines(&log, Duration::from_secs(10));
    assert_eq!(lines[0]["async"]["outcome"], "success", "{lines:?}");
    assert!(case.at("done.txt").exists());
    let dry = case.fire_with("Stop", &["--dry-run"]).exit(0);
    assert_eq!(dry.hook("later")["async"], true, "{}", dry.stdout);
}

#[test]
fn async_and_async_mode_together_are_a_validate_error() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nevents = [\"Stop\"]\nasync = true\nasync_mode = true\ncommand = 'true'\n",
    );
    case.run(&["validate"])
        .exit(1)
        .stdout_has("`async_mode` and `async` are the same switch: give one")
        .stdout_has("hookrun.toml:4:");
}

#[test]
fn async_on_a_prompt_or_agent_hook_is_a_validate_error_in_claude_settings_and_hookrun_toml() {
    let settings = r#"{"hooks": {"Stop": [{"hooks": [
  {"type": "prompt", "prompt": "ok?", "async": true},
  {"type": "agent", "prompt": "done?", "async": true}]}]}}"#;
    let run = Case::new()
        .file(".claude/settings.json", settings)
        .run(&["validate"])
        .exit(1)
        .stdout_has(".claude/settings.json:2:")
        .stdout_has(".claude/settings.json:3:");
    assert_eq!(
        run.stdout
            .matches("`async` is for command and http hooks")
            .count(),
        2,
        "{}",
        run.stdout
    );
    let toml = "[[hook]]\nevents = [\"Stop\"]\nprompt = \"ok?\"\nasync = true\n\n\
                [[hook]]\nevents = [\"Stop\"]\nkind = \"agent\"\nprompt = \"done?\"\nasync_mode = true\n";
    Case::new()
        .file("hookrun.toml", toml)
        .run(&["validate"])
        .exit(1)
        .stdout_has("hookrun.toml:4:")
        .stdout_has("`async` is for command and http hooks")
        .stdout_has("hookrun.toml:10:")
        .stdout_has("`async_mode` is for command and http hooks");
}
