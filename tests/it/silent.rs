//! No silent nothing: what hookrun cannot read, run or understand is said on stderr (and in the
//! record), is an error in `validate`, and blocks under `--strict`; files in another agent's
//! layout are refused naming it; and the rough edges of the command line (exit codes, columns,
//! the `-v` trace, flags that mean nothing, derived names, an empty `--output` answer).

use std::io::Write as _;

use serde_json::{Value, json};

use crate::harness::{Case, claude_settings};

/// A Claude file with a hook of a kind hookrun cannot run, prompt and agent hooks that cannot
/// ask a model (no provider is configured), and a command.
fn unsupported_kinds() -> Case {
    Case::new().env("ANTHROPIC_API_KEY", "").file(
        ".claude/settings.json",
        r#"{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "mcp_tool", "server": "s", "tool": "t"},
            {"type": "prompt", "prompt": "is this safe?"},
            {"type": "agent", "prompt": "review it"},
            {"type": "command", "command": "true"}]}]}}"#,
    )
}

#[test]
fn unsupported_hook_kinds_are_said_on_stderr_and_in_the_record_when_they_would_run() {
    let case = unsupported_kinds();
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .decision("none")
        .stderr_has("hook `mcp_tool-hook` (.claude/settings.json): handler type `mcp_tool` is not supported by hookrun: not run")
        .stderr_has("hook `prompt-hook` (.claude/settings.json): prompt hook: no model provider is configured: set ANTHROPIC_API_KEY")
        .stderr_has("hook `agent-hook` (.claude/settings.json): agent hook: no model provider");
    let http = run.hook("mcp_tool-hook");
    assert_eq!(http["outcome"], "non_blocking_error", "{http}");
    assert!(
        http["error"]
            .as_str()
            .is_some_and(|e| e.contains("not supported")),
        "{http}"
    );
    // Not for an event where it would not run.
    case.payload(json!({"tool_name": "Edit"}));
    let quiet = case.fire("PreToolUse").exit(0);
    assert!(!quiet.stderr.contains("not supported"), "{}", quiet.stderr);
}

#[test]
fn unsupported_hook_kinds_block_under_strict_and_are_logged() {
    let case = unsupported_kinds();
    case.payload(json!({"tool_name": "Bash"}));
    let log = case.at("fires.jsonl");
    let run = case
        .fire_with("PreToolUse", &["--strict", "--log", log.to_str().unwrap()])
        .exit(2)
        .decision("deny");
    assert!(
        run.json()["reason"]
            .as_str()
            .is_some_and(|r| r.contains("handler type `mcp_tool` is not supported")),
        "{}",
        run.stdout
    );
    let line: Value = serde_json::from_str(std::fs::read_to_string(&log).unwrap().trim()).unwrap();
    let logged = line["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["name"] == "prompt-hook")
        .cloned()
        .unwrap_or_default();
    assert_eq!(logged["outcome"], "blocking", "{line}");
}

#[test]
fn unsupported_hook_kinds_are_errors_in_validate() {
    let run = unsupported_kinds().run(&["validate"]).exit(1).stdout_has(
        "error: hook `mcp_tool-hook`: handler type `mcp_tool` is not supported by hookrun",
    );
    assert!(run.stdout.contains("3 errors"), "{}", run.stdout);
}

#[test]
fn an_event_no_agent_fires_gets_a_did_you_mean_unless_quiet() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "", "true", ""),
    );
    case.fire("PreTooluse")
        .exit(0)
        .stderr_has("no agent fires an event named `PreTooluse`")
        .stderr_has("did you mean `PreToolUse`?");
    let quiet = case.fire_with("PreTooluse", &["--quiet"]).exit(0);
    assert_eq!(quiet.stderr, "");
    // A known event, and an event of the project's own, say nothing.
    assert_eq!(case.fire("PreToolUse").exit(0).stderr, "");
    let own = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nevents = [\"my-ci-step\"]\ncommand = \"true\"\n",
    );
    assert_eq!(own.fire("my-ci-step").exit(0).stderr, "");
}

#[test]
fn a_project_without_configuration_says_so_on_stderr() {
    let case = Case::new();
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .decision("none")
        .stderr_has("no hook configuration found");
    assert!(run.stdout.starts_with('{'), "stdout stays the document");
    assert_eq!(case.fire_with("PreToolUse", &["--quiet"]).stderr, "");
}

#[test]
fn fire_on_a_terminal_stdin_says_what_it_waits_for() {
    // `script` gives hookrun a pseudo-terminal as stdin; Ctrl-D (EOF) after the object ends it.
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        return;
    }
    let case = Case::new();
    let command = format!(
        "printf '{{}}\\n' | (sleep 0.3; cat) >/dev/null; {} -C {} fire PreToolUse",
        crate::harness::hookrun_bin(),
        case.path().display()
    );
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .envs(crate::harness::home_env(case.home()))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("script");
    let mut stdin = child.stdin.take().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let _ = stdin.write_all(b"{}\n\x04");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("reading the PreToolUse payload (a JSON object) from the terminal"),
        "{text}"
    );
}

#[test]
fn fire_and_validate_point_at_the_same_column() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks":{"PreToolUse":[{"matcher":"Bash(","hooks":[{"type":"command","command":"true","if":"Bash(ls"}]}]}}"#,
    );
    case.payload(json!({"tool_name": "Bash"}));
    let fire = case.fire("PreToolUse").exit(1);
    let validate = case.run(&["validate"]).exit(1);
    let place = ".claude/settings.json:1:36";
    assert!(fire.stderr.contains(place), "fire: {}", fire.stderr);
    assert!(
        validate.stdout.contains(place),
        "validate: {}",
        validate.stdout
    );
    assert!(
        fire.stderr.contains("= help: escape regex"),
        "{}",
        fire.stderr
    );
    let rule = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true","if":"Bash(ls"}]}]}}"#,
    );
    let fire = rule.fire("PreToolUse").exit(1);
    let validate = rule.run(&["validate"]).exit(1);
    assert!(
        fire.stderr.contains(".claude/settings.json:1:75"),
        "{}",
        fire.stderr
    );
    assert!(
        validate.stdout.contains(".claude/settings.json:1:75"),
        "{}",
        validate.stdout
    );
}

#[test]
fn list_exits_1_when_validate_finds_errors() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "Bash(", "true", ""),
    );
    case.run(&["list"])
        .exit(1)
        .stdout_has("Bash( (regex)")
        .stderr_has("invalid matcher regex");
    case.run(&["list", "--format", "json"]).exit(1);
    // Warnings alone do not fail it.
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./missing.sh", ""),
        )
        .run(&["list"])
        .exit(0);
}

#[test]
fn verbose_traces_are_readable_lines() {
    let case = Case::new()
        .hook("deny.sh", "#!/bin/sh\necho 'no rm' >&2\nexit 2\n")
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash", "./deny.sh", ""),
        );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire_with("PreToolUse", &["-v"])
        .exit(2)
        .stderr_has("hookrun: loaded .claude/settings.json (claude): 1 hook")
        .stderr_has("hookrun: planned PreToolUse: 1 of 1 hook to run")
        .stderr_has("hookrun: hook `deny` (.claude/settings.json): running ./deny.sh")
        .stderr_has("hookrun: hook `deny` ended: exit 2, blocking, deny: no rm")
        .stderr_has("hookrun: decision: deny");
    for debug in ["Blocking", "Deny", "Some(", "{ "] {
        assert!(!run.stderr.contains(debug), "{debug}: {}", run.stderr);
    }
}

#[test]
fn schema_and_completions_refuse_options_that_mean_nothing_to_them() {
    for args in [
        &["schema", "decision", "--dialect", "claude"][..],
        &["-C", "/tmp", "schema", "test"],
        &["--no-user-config", "schema", "config"],
        &["completions", "bash", "-c", "x.json"],
        &["--dialect", "cursor", "completions", "zsh"],
    ] {
        let mut command = crate::harness::hookrun_command();
        let output = command.args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot be used with"), "{args:?}: {stderr}");
    }
    // The environment's project dir is not an option given to them; -v still traces.
    for args in [&["schema", "decision"][..], &["-v", "completions", "bash"]] {
        let output = crate::harness::hookrun_command()
            .args(args)
            .env("HOOKRUN_PROJECT_DIR", "/tmp")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn output_claude_that_skips_every_hook_says_why() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "Bash", "exit 2", ""),
    );
    case.payload(json!({"tool_name": "Bash"}));
    let run = case
        .fire_with("PreToolUse", &["--output", "claude"])
        .exit(0)
        .stderr_has("--output claude skips .claude/settings.json");
    assert_eq!(run.stdout.trim(), "{}");
    let quiet = case.fire_with("PreToolUse", &["--output", "claude", "--quiet"]);
    assert_eq!(quiet.stderr, "");
}

#[test]
fn launched_scripts_name_their_hooks() {
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks":{"Stop":[{"hooks":[
            {"type":"command","command":"uv run a.py"},
            {"type":"command","command":"uv run b.py"}]}]}}"#,
    );
    let listed = case.run(&["list", "--format", "json"]).json();
    let names: Vec<&str> = listed[0]["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "b"]);
}

/// Files at a known path in another recognisable layout: refused, naming the layout.
#[test]
fn another_agents_layout_at_a_known_path_is_an_error_naming_it() {
    let claude = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 2"}]}]}}"#;
    let praison = r#"{"hooks":[{"event":"before_tool","command":"exit 2"}]}"#;
    let cases = [
        (".cursor/hooks.json", claude, "claude"),
        (".proxyai/settings.json", claude, "claude"),
        ("hooks.json", claude, "claude"),
        (".claude/settings.json", praison, "praison"),
        (".cursor/hooks.json", praison, "praison"),
    ];
    for (path, text, layout) in cases {
        let case = Case::new().file(path, text);
        let expected = format!("is written in {layout}'s layout");
        case.fire("PreToolUse").exit(1).stderr_has(&expected);
        case.run(&["validate"]).exit(1).stdout_has(&expected);
        case.run(&["list"]).exit(1);
    }
}

#[test]
fn hooks_outside_their_key_are_never_zero_hooks() {
    let cases = [
        (
            ".claude/settings.json",
            r#"{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 2"}]}]}"#,
            "`PreToolUse` is at the top level",
        ),
        (
            ".cursor/hooks.json",
            r#"{"version":1,"beforeShellExecution":[{"command":"exit 2"}]}"#,
            "`beforeShellExecution` is at the top level",
        ),
        (
            "hookrun.toml",
            "[[hooks]]\nevents = [\"PreToolUse\"]\ncommand = \"exit 2\"\n",
            "`[[hooks]]`",
        ),
    ];
    for (path, text, expected) in cases {
        let case = Case::new().file(path, text);
        case.fire("PreToolUse").exit(1).stderr_has(expected);
        case.run(&["validate"]).exit(1).stdout_has(expected);
    }
    // A settings file with no hooks at all is not a problem.
    Case::new()
        .file(".claude/settings.json", r#"{"model": "opus", "hooks": {}}"#)
        .run(&["validate"])
        .exit(0);
}
