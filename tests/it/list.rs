//! `hookrun list [EVENT]` through the binary: hooks grouped by source in discovery order, with
//! dialect, events, matcher kind, `if`, command, normalised timeout, mode and enabled.

use serde_json::{Value, json};

use crate::harness::Case;

fn project() -> Case {
    Case::new()
        .file(
            "hookrun.toml",
            "timeout = \"1500ms\"\n\n[[hook]]\nname = \"everything\"\nevents = [\"*\"]\ncommand = \"./audit.sh\"\nmode = \"observe\"\n",
        )
        .file(
            ".claude/settings.json",
            r#"{"hooks": {
                "PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 5, "if": "Bash(rm *)"}]}],
                "Stop": [{"hooks": [{"type": "prompt", "prompt": "done?"}]}]}}"#,
        )
        .file(
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_.*", "hooks": [{"type": "command", "command": "lint --fast", "timeout": 500}]}]}}"#,
        )
        .file(
            ".proxyai/settings.json",
            r#"{"hooks": {"beforeShellExecution": [{"command": "./shell.sh", "enabled": false}]}}"#,
        )
}

fn sources(value: &Value) -> Vec<(String, usize)> {
    value
        .as_array()
        .expect("an array of sources")
        .iter()
        .map(|s| {
            (
                s["source"].as_str().unwrap().to_owned(),
                s["hooks"].as_array().unwrap().len(),
            )
        })
        .collect()
}

#[test]
fn json_lists_every_hook_grouped_by_source() {
    // The `prompt` hook cannot ask a model (no provider is configured), an error `validate`
    // reports: listed, and the exit code is 1.
    let listed = project()
        .env("ANTHROPIC_API_KEY", "")
        .run(&["list", "--format", "json"])
        .exit(1)
        .json();
    assert_eq!(
        sources(&listed),
        [
            ("hookrun.toml".to_owned(), 1),
            (".claude/settings.json".to_owned(), 2),
            (".gemini/settings.json".to_owned(), 1),
            (".proxyai/settings.json".to_owned(), 1),
        ]
    );
    assert_eq!(
        listed[0]["hooks"][0],
        json!({"name": "everything", "events": ["*"], "handler": "command", "command": "./audit.sh",
               "timeout": "1.5s", "timeout_ms": 1500, "mode": "observe", "enabled": true,
               "fail_closed": false})
    );
    let guard = &listed[1]["hooks"][0];
    assert_eq!(
        guard["matcher"],
        json!({"pattern": "Bash|Edit", "kind": "exact"})
    );
    assert_eq!(guard["if"], "Bash(rm *)");
    assert_eq!(guard["timeout"], "5s");
    assert_eq!(listed[1]["dialect"], "claude");
    let prompt = &listed[1]["hooks"][1];
    assert_eq!(prompt["handler"], "prompt");
    assert!(prompt.get("command").is_none());
    let lint = &listed[2]["hooks"][0];
    assert_eq!(lint["command"], "lint --fast");
    assert_eq!(lint["timeout"], "500ms");
    assert_eq!(lint["matcher"]["kind"], "regex");
    let shell = &listed[3]["hooks"][0];
    assert_eq!(shell["enabled"], false);
    assert_eq!(shell["fail_closed"], true);
}

#[test]
fn an_event_lists_only_the_hooks_registered_for_it() {
    let listed = project()
        .run(&["list", "PreToolUse", "--format", "json"])
        .exit(1)
        .json();
    assert_eq!(
        sources(&listed),
        [
            ("hookrun.toml".to_owned(), 1),
            (".claude/settings.json".to_owned(), 1)
        ],
        "`*` matches every event; other sources have nothing for PreToolUse"
    );
    assert_eq!(listed[1]["hooks"][0]["command"], "./guard.sh");
    let none = project()
        .run(&["list", "NoSuchEvent", "--format", "json"])
        .exit(1)
        .json();
    assert_eq!(sources(&none), [("hookrun.toml".to_owned(), 1)]);
}

#[test]
fn human_output_is_a_table_per_source() {
    let run = project()
        .env("ANTHROPIC_API_KEY", "")
        .run(&["list"])
        .exit(1);
    run.stdout_has("hookrun.toml (hookrun, project level, trusted, 1 hook)\n")
        .stdout_has(".claude/settings.json (claude, project level, trusted, 2 hooks)\n")
        .stdout_has("  NAME         EVENTS      MATCHER            IF          TIMEOUT  MODE    ENABLED  COMMAND\n")
        .stdout_has("  guard        PreToolUse  Bash|Edit (exact)  Bash(rm *)  5s       filter  yes      ./guard.sh\n")
        .stdout_has("(prompt) done?")
        .stdout_has(".proxyai/settings.json (proxyai, project level, trusted, 1 hook)");
    Case::new()
        .run(&["list"])
        .exit(0)
        .stdout_has("no hook configuration found");
}

#[test]
fn a_broken_file_is_reported_and_the_rest_still_listed() {
    let run = project()
        .file(".cursor/hooks.json", "{ nope")
        .file(".claude/settings.local.json", "{ nope")
        .run(&["list", "--format", "json"])
        .exit(1);
    let run = run.stderr_has(".claude/settings.local.json:1:3");
    let listed = run.json();
    let counts: Vec<usize> = sources(&listed).into_iter().map(|(_, n)| n).collect();
    assert_eq!(
        counts,
        [1, 2, 0, 1, 0, 1],
        "a file that did not load is listed with no hooks, in its discovery place"
    );
}

#[test]
fn hooks_of_one_file_list_in_written_order_across_events() {
    // `Stop` is written before `PreToolUse`: it lists first and keeps the plain name, and a key
    // written twice keeps its first place with its last value (as serde_json reads it).
    let case = Case::new().file(
        ".claude/settings.json",
        r#"{"hooks": {
            "Stop": [{"hooks": [{"type": "command", "command": "./check.sh stop"}]}],
            "PreToolUse": [{"hooks": [{"type": "command", "command": "./ignored.sh"}]}],
            "SessionStart": [{"hooks": [{"type": "command", "command": "./other.sh"}]}],
            "PreToolUse": [{"hooks": [{"type": "command", "command": "./check.sh pre"}]}]}}"#,
    );
    let listed = case.run(&["list", "--format", "json"]).exit(0).json();
    let hooks: Vec<(String, String)> = listed[0]["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["name"].as_str().unwrap().to_owned(),
                h["command"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("check", "./check.sh stop"),
        ("check-2", "./check.sh pre"),
        ("other", "./other.sh"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(n, c)| ((*n).to_owned(), (*c).to_owned()))
        .collect();
    assert_eq!(hooks, expected);
}

#[test]
fn hookruns_installed_entries_list_as_one_row_and_json_keeps_each() {
    let case = Case::new();
    case.run(&["install", "cursor"]).exit(0);
    let run = case.run(&["list"]).exit(0);
    let rows: Vec<&str> = run.stdout.lines().filter(|l| l.contains("fire")).collect();
    assert_eq!(rows.len(), 1, "{}", run.stdout);
    let row = rows[0];
    assert!(row.trim_start().starts_with("hookrun "), "{row}");
    assert!(row.contains("20 events (20 entries)"), "{row}");
    assert!(
        row.contains("hookrun -C \"$CURSOR_PROJECT_DIR\" fire --output cursor <event>"),
        "{row}"
    );
    assert!(!run.stdout.contains("hookrun-"), "{}", run.stdout);

    let json = case.run(&["list", "--json"]).exit(0).json();
    assert_eq!(
        json[0]["hooks"].as_array().map(Vec::len),
        Some(20),
        "{json}"
    );
    let same = case.run(&["list", "--format", "json"]).exit(0).json();
    assert_eq!(json, same);
}

#[test]
fn json_is_an_alias_of_format_json_for_every_report() {
    let case = Case::new().file(
        "t.hooktest.toml",
        "[[test]]\nname = \"a\"\nevent = \"Stop\"\n",
    );
    for args in [
        &["validate", "--json"][..],
        &["hooks", "list", "--json"],
        &["test", "--json"],
    ] {
        let run = case.run(args);
        assert!(
            serde_json::from_str::<serde_json::Value>(&run.stdout).is_ok(),
            "{args:?}: {} {}",
            run.stdout,
            run.stderr
        );
    }
    let run = case.run(&["list", "--json", "--format", "human"]).exit(2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}
