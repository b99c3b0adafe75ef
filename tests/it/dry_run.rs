//! `fire --dry-run` (the plan, spawning nothing) and `fire --log` / `$HOOKRUN_LOG` (one JSON
//! line per fire, whole even when many processes append at once) through the binary.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::Stdio;

use serde_json::{Value, json};

use crate::harness::{Case, Run, claude_settings};

/// One hook per skip kind, each of which would leave a file behind if it ran.
fn every_skip() -> Case {
    Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"first\"\nevents = [\"PreToolUse\"]\ncommand = \"touch ran-dedup\"\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [
                {"matcher": "Bash", "hooks": [
                    {"type": "command", "command": "touch ran-matched"},
                    {"type": "command", "command": "touch ran-if", "if": "Bash(rm *)"},
                    {"type": "command", "command": "touch ran-dedup"},
                    {"type": "command", "command": "hookrun fire PreToolUse"},
                    {"type": "mcp_tool", "server": "s", "tool": "t"}]},
                {"matcher": "Edit", "hooks": [{"type": "command", "command": "touch ran-matcher"}]}],
              "Stop": [{"hooks": [{"type": "command", "command": "touch ran-event"}]}]}}"#,
        )
        .file(
            ".proxyai/settings.json",
            r#"{"hooks": {"beforeToolUse": [{"command": "touch ran-disabled", "enabled": false}]}}"#,
        )
}

fn records(run: &Run) -> Vec<(String, bool, Option<String>)> {
    run.json()["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .map(|h| {
            (
                h["command"].as_str().unwrap_or("").to_owned(),
                h["matched"].as_bool().expect("matched"),
                h["skipped_reason"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[test]
fn dry_run_gives_every_hook_its_reason_and_spawns_nothing() {
    let case = every_skip();
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls -la"}}));
    let run = case
        .fire_with("PreToolUse", &["--dry-run"])
        .exit(0)
        .decision("none");
    let reason = |r: &str| Some(r.to_owned());
    assert_eq!(
        records(&run),
        [
            ("touch ran-dedup".into(), true, None),
            ("touch ran-matched".into(), true, None),
            (
                "touch ran-if".into(),
                false,
                reason("if: `Bash(rm *)` does not match")
            ),
            (
                "touch ran-dedup".into(),
                false,
                reason("deduplicated: same command as hook `first`")
            ),
            (
                "hookrun fire PreToolUse".into(),
                false,
                reason("recursion: the hook runs hookrun itself")
            ),
            (
                String::new(),
                false,
                reason("unsupported: handler type `mcp_tool` is not supported yet")
            ),
            (
                "touch ran-matcher".into(),
                false,
                reason("matcher: `Edit` does not match")
            ),
            (
                "touch ran-event".into(),
                false,
                reason("event: not registered for this event")
            ),
            ("touch ran-disabled".into(), false, reason("disabled")),
        ]
    );
    let hook = run.hook("first");
    assert_eq!(
        (&hook["source"], &hook["dialect"]),
        (&json!("hookrun.toml"), &json!("hookrun"))
    );
    let left: Vec<_> = std::fs::read_dir(case.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("ran-"))
        .collect();
    assert!(left.is_empty(), "a dry run spawned hooks: {left:?}");
}

#[test]
fn dry_run_at_the_depth_limit_skips_for_recursion() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "touch ran", ""),
        )
        .env("HOOKRUN_DEPTH", "8");
    let run = case.fire_with("Stop", &["--dry-run"]).exit(0);
    assert_eq!(
        run.hook("touch")["skipped_reason"],
        "recursion: HOOKRUN_DEPTH is 8 (limit 8)"
    );
    assert!(!case.at("ran").exists());
}

#[test]
fn dry_run_as_an_agent_skips_that_agents_own_hooks() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "touch ran-claude", ""),
        )
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"policy\"\nevents = [\"Stop\"]\ncommand = \"touch ran-policy\"\n",
        );
    let run = case
        .fire_with("Stop", &["--output", "claude", "--dry-run"])
        .exit(0);
    assert_eq!(
        run.hook("touch")["skipped_reason"],
        "own-dialect: claude runs its own hooks"
    );
    assert_eq!(run.hook("policy")["matched"], true);
    assert!(!case.at("ran-claude").exists() && !case.at("ran-policy").exists());
}

#[test]
fn dry_run_with_a_broken_configuration_exits_1() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "Bash(", "true", ""),
    );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case.fire_with("PreToolUse", &["--dry-run"]).exit(1);
    assert!(run.stdout.is_empty());
    run.stderr_has("invalid matcher regex `Bash(`");
}

fn log_lines(case: &Case, name: &str) -> Vec<Value> {
    std::fs::read_to_string(case.at(name))
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}")))
        .collect()
}

#[test]
fn log_appends_one_line_per_fire() {
    let case = Case::new()
        .hook("deny.sh", "#!/bin/sh\necho 'no rm' >&2\nexit 2\n")
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash", "./deny.sh", ""),
        );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire_with("PreToolUse", &["--log", "fires.jsonl"])
        .exit(2);
    case.fire_with("PreToolUse", &["--log", "fires.jsonl", "--dry-run"])
        .exit(0);
    case.fire_with("Stop", &["--log", "fires.jsonl"]).exit(0);
    let lines = log_lines(&case, "fires.jsonl");
    assert_eq!(lines.len(), 2, "a dry run is not logged: {lines:#?}");
    let first = &lines[0];
    let time = first["time"].as_str().unwrap();
    assert!(
        time.len() == 24 && time.ends_with('Z') && time.as_bytes()[10] == b'T',
        "RFC 3339 with milliseconds: {time}"
    );
    assert_eq!(first["event"], "PreToolUse");
    assert_eq!(first["decision"], "deny");
    assert_eq!(first["exit_code"], 2);
    assert_eq!(first["hooks"][0]["outcome"], "blocking");
    assert_eq!(first["hooks"][0]["exit_code"], 2);
    assert!(first["hooks"][0]["duration_ms"].is_u64());
    assert!(
        first["hooks"][0].get("stderr").is_none(),
        "log lines stay small"
    );
    assert_eq!(
        (&lines[1]["event"], &lines[1]["decision"]),
        (&json!("Stop"), &json!("none"))
    );
}

#[test]
fn log_records_the_exit_code_of_an_agent_protocol_answer() {
    let case = Case::new().hook("deny.sh", "#!/bin/sh\nexit 2\n").file(
        "hookrun.toml",
        "[[hook]]\nname = \"deny\"\nevents = [\"PreToolUse\"]\ncommand = \"./deny.sh\"\n",
    );
    case.payload(json!({"tool_name": "Bash"}));
    case.fire_with("PreToolUse", &["--output", "claude", "--log", "a.jsonl"])
        .exit(0);
    let lines = log_lines(&case, "a.jsonl");
    assert_eq!(
        (&lines[0]["decision"], &lines[0]["exit_code"]),
        (&json!("deny"), &json!(0))
    );
    assert_eq!(lines[0]["hooks"][0]["name"], "deny");
}

#[test]
fn hookrun_log_names_the_file_and_failures_are_logged_too() {
    let case = Case::new()
        .file(".claude/settings.json", "{ broken")
        .env("HOOKRUN_LOG", "env.jsonl");
    case.fire("Stop").exit(1);
    let lines = log_lines(&case, "env.jsonl");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["exit_code"], 1);
    assert!(lines[0].get("decision").is_none());
    assert!(
        lines[0]["error"].as_str().unwrap().contains("invalid JSON"),
        "{:#}",
        lines[0]
    );
}

#[test]
fn a_log_that_cannot_be_written_is_only_a_warning() {
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "true", ""),
        )
        .fire_with("Stop", &["--log", "no/such/dir/log.jsonl"])
        .exit(0)
        .decision("none")
        .stderr_has("warning: cannot write the log no/such/dir/log.jsonl");
}

#[test]
fn concurrent_fires_append_whole_lines() {
    const PROCESSES: usize = 20;
    let mut case = Case::new();
    // Several hooks make each line long (well over a kilobyte) so that torn writes would show.
    for index in 0..8 {
        let name = format!("hooks/h{index}-with-a-rather-long-name-to-grow-the-log-line.sh");
        case = case.hook(&name, "#!/bin/sh\nexit 0\n");
    }
    let mut toml = String::new();
    for i in 0..8 {
        let _ = write!(
            toml,
            "[[hook]]\nname = \"hook-{i}-{}\"\nevents = [\"Stop\"]\ncommand = \"./hooks/h{i}-with-a-rather-long-name-to-grow-the-log-line.sh\"\n\n",
            "x".repeat(60)
        );
    }
    let case = case.file("hookrun.toml", &toml);
    let log = case.at("shared.jsonl");
    let children: Vec<_> = (0..PROCESSES)
        .map(|_| {
            let mut command = case.command(&["fire", "Stop"]);
            command.env("HOOKRUN_LOG", &log).stdout(Stdio::null());
            let mut child = command.spawn().expect("spawn hookrun");
            child.stdin.take().unwrap().write_all(b"{}").unwrap();
            child
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let lines = log_lines(&case, "shared.jsonl");
    assert_eq!(lines.len(), PROCESSES);
    let mut pids: Vec<u64> = lines.iter().map(|l| l["pid"].as_u64().unwrap()).collect();
    pids.sort_unstable();
    pids.dedup();
    assert_eq!(pids.len(), PROCESSES, "one line from each process");
    assert!(
        lines
            .iter()
            .all(|l| l["hooks"].as_array().unwrap().len() == 8)
    );
}
