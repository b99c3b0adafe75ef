//! `hookrun validate` through the binary: every problem of every file in one run, each
//! at its `file:line:col` with a fix; did-you-mean; `--strict`; `--format json`; exit 0/1.

use serde_json::Value;

use crate::harness::{Case, Run};

/// A Claude settings file with one problem per line that validate must find.
const BROKEN_CLAUDE: &str = r#"{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash(",
        "hooks": [
          {"type": "command", "command": "./hooks/missing.sh", "timout": 5},
          {"type": "mcp_tool", "server": "s", "tool": "t"}
        ]
      }
    ],
    "PreTooluse": [
      {"hooks": [{"type": "command", "command": "true", "if": "Bash(ls", "timeout": 7200}]}
    ]
  }
}
"#;

fn diagnostics(run: &Run) -> Vec<Value> {
    match run.json() {
        Value::Array(items) => items,
        other => panic!("validate --format json printed {other}"),
    }
}

/// The diagnostic whose message contains `text`, asserted to sit at `line:column`.
#[track_caller]
fn at(diagnostics: &[Value], text: &str, severity: &str, line: u64, column: u64) -> Value {
    let found = diagnostics
        .iter()
        .find(|d| d["message"].as_str().is_some_and(|m| m.contains(text)))
        .unwrap_or_else(|| panic!("no diagnostic mentions {text:?} in {diagnostics:#?}"))
        .clone();
    assert_eq!(
        (&found["severity"], &found["line"], &found["column"]),
        (
            &Value::from(severity),
            &Value::from(line),
            &Value::from(column)
        ),
        "{found:#}"
    );
    found
}

#[test]
fn every_problem_of_a_claude_file_is_reported_at_its_position() {
    let run = Case::new()
        .file(".claude/settings.json", BROKEN_CLAUDE)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    at(&all, "invalid matcher regex `Bash(`", "error", 5, 20);
    at(&all, "`./hooks/missing.sh` not found", "warning", 7, 42);
    let key = at(&all, "unknown key `timout`", "warning", 7, 64);
    assert_eq!(key["help"], "did you mean `timeout`?");
    at(
        &all,
        "handler type `mcp_tool` is not supported",
        "error",
        8,
        20,
    );
    let event = at(&all, "unknown claude event `PreTooluse`", "warning", 12, 5);
    assert_eq!(event["help"], "did you mean `PreToolUse`?");
    at(
        &all,
        "`if` rule `Bash(ls` has unbalanced parentheses",
        "error",
        13,
        63,
    );
    at(
        &all,
        "timeout 7200s is over the claude maximum",
        "warning",
        13,
        85,
    );
    assert_eq!(all.len(), 7, "{all:#?}");
    assert!(all.iter().all(|d| d["file"] == ".claude/settings.json"));
}

#[test]
fn human_report_shows_the_line_a_caret_and_a_summary() {
    let run = Case::new()
        .file(".claude/settings.json", BROKEN_CLAUDE)
        .run(&["validate"])
        .exit(1);
    let run = run.stdout_has("error: invalid matcher regex `Bash(`: Unbalanced parenthesis\n  ——▶ .claude/settings.json:5:20")
        .stdout_has(" 5 |         \"matcher\": \"Bash(\",\n   |                    ^")
        .stdout_has("= help: did you mean `PreToolUse`?")
        .stdout_has("3 errors, 4 warnings in 1 file\n");
    assert!(
        !run.stdout.contains('\u{1b}'),
        "no colour when stdout is not a terminal"
    );
    let forced = Case::new()
        .file(".claude/settings.json", BROKEN_CLAUDE)
        .run(&["--color", "always", "validate"]);
    forced.stdout_has("\u{1b}[");
}

#[test]
fn every_file_with_a_syntax_error_is_reported_in_one_run() {
    let run = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"a\nevents = [\"Stop\"]\n",
        )
        .file(
            ".claude/settings.json",
            "{\n  \"hooks\": {\n    \"Stop\": [\n  }\n}\n",
        )
        .file(
            ".proxyai/settings.json",
            "{\"hooks\": {\"stop\": [{\"command\": 5}]}}",
        )
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    let files: Vec<&str> = all.iter().map(|d| d["file"].as_str().unwrap()).collect();
    assert_eq!(
        files,
        [
            "hookrun.toml",
            ".claude/settings.json",
            ".proxyai/settings.json"
        ],
        "{all:#?}"
    );
    at(&all, "invalid TOML", "error", 2, 10);
    at(&all, "invalid JSON", "error", 4, 3);
    at(&all, "must be a string, found the number 5", "error", 1, 33);
}

#[test]
fn hookrun_toml_problems_are_all_reported_with_fixes() {
    let toml = "[[hook]]\nname = \"guard\"\nevents = [\"PreToolUs\", \"my-ci-step\"]\ncommand = \"python3 hooks/nope.py\"\n\n[[hook]]\nname = \"guard\"\nevents = [\"Stop\"]\nmatcher = \"x[\"\ncommand = \"hooks/plain.txt\"\ntimeout = \"2h\"\n";
    let run = Case::new()
        .file("hookrun.toml", toml)
        .file("hooks/plain.txt", "not a program\n")
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    let event = at(&all, "`PreToolUs`", "error", 3, 11);
    assert_eq!(event["help"], "did you mean `PreToolUse`?");
    assert!(
        !run.stdout.contains("my-ci-step"),
        "a name of the user's own, close to no agent's event, is not a typo"
    );
    at(
        &all,
        "`hooks/nope.py` (run by python3) not found",
        "warning",
        4,
        1,
    );
    at(&all, "hook name `guard` is already used", "error", 7, 1);
    at(&all, "invalid matcher regex `x[`", "error", 9, 1);
    let chmod = at(
        &all,
        "`hooks/plain.txt` is not executable",
        "warning",
        10,
        1,
    );
    assert!(chmod["help"].as_str().unwrap().starts_with("chmod +x "));
    at(
        &all,
        "timeout 7200s is over the hookrun maximum",
        "warning",
        11,
        1,
    );
}

#[test]
fn proxyai_and_gemini_regexes_that_fall_back_are_warnings() {
    let run = Case::new()
        .file(
            ".proxyai/settings.json",
            r#"{"hooks": {"beforeToolUse": [{"command": "true", "matcher": "Bash("}], "beforeToolUze": []}}"#,
        )
        .file(
            ".gemini/settings.json",
            r#"{"hooks": {"BeforeTool": [{"matcher": "run_(", "hooks": [{"command": "true", "timeout": 9000000}]}]}}"#,
        )
        .run(&["validate", "--format", "json"])
        .exit(0);
    let all = diagnostics(&run);
    at(&all, "proxyai compares it as a substring", "warning", 1, 61);
    let typo = at(
        &all,
        "unknown proxyai event `beforeToolUze`",
        "warning",
        1,
        72,
    );
    assert_eq!(typo["help"], "did you mean `beforeToolUse`?");
    at(
        &all,
        "gemini compares it as an exact string",
        "warning",
        1,
        39,
    );
    at(&all, "over the gemini maximum", "warning", 1, 89);
}

#[test]
fn cursor_and_praison_files_report_every_problem() {
    let cursor = "{\n  \"version\": 1,\n  \"hooks\": {\n    \"beforeShellExecution\": [\n      {\"command\": \"./hooks/net.sh\", \"matcher\": \"curl|wget(\", \"failclosed\": true}\n    ],\n    \"beforeShelExecution\": [{\"command\": \"true\"}]\n  }\n}\n";
    let praison = "{\n  \"hooks\": [\n    {\"event\": \"before_tol\", \"command\": \"python3 hooks/guard.py\", \"matcher\": \"write_(\"},\n    {\"event\": \"BEFORE_TOOL\", \"command\": \"true\", \"name\": \"g\"},\n    {\"event\": \"after_tool\", \"command\": \"true\", \"name\": \"g\"}\n  ]\n}\n";
    let run = Case::new()
        .file(".cursor/hooks.json", cursor)
        .file(".praison/hooks.json", praison)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    at(&all, "`./hooks/net.sh` not found", "warning", 5, 19);
    at(&all, "invalid matcher regex `curl|wget(`", "error", 5, 48);
    let key = at(&all, "unknown key `failclosed`", "warning", 5, 62);
    assert_eq!(key["help"], "did you mean `failClosed`?");
    let event = at(
        &all,
        "unknown cursor event `beforeShelExecution`",
        "warning",
        7,
        5,
    );
    assert_eq!(event["help"], "did you mean `beforeShellExecution`?");
    let event = at(&all, "unknown praison event `before_tol`", "warning", 3, 15);
    assert_eq!(event["help"], "did you mean `before_tool`?");
    at(
        &all,
        "`hooks/guard.py` (run by python3) not found",
        "warning",
        3,
        40,
    );
    at(&all, "praison compares it as a substring", "warning", 3, 77);
    at(
        &all,
        "hook name `g` is already used in this file (line 4)",
        "error",
        5,
        56,
    );
    assert_eq!(all.len(), 8, "each problem once: {all:#?}");
}

#[test]
fn strict_makes_warnings_errors() {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "timout": 5}]}]}}"#,
        );
    case.run(&["validate"])
        .exit(0)
        .stdout_has("warning: unknown key `timout`")
        .stdout_has("0 errors, 1 warning in 1 file");
    case.run(&["validate", "--strict"])
        .exit(1)
        .stdout_has("error: unknown key `timout`")
        .stdout_has("1 error, 0 warnings in 1 file");
    let json = case
        .run(&["validate", "--strict", "--format", "json"])
        .exit(1);
    assert_eq!(diagnostics(&json)[0]["severity"], "error");
}

#[test]
fn a_clean_configuration_exits_zero() {
    Case::new()
        .hook("hooks/guard.sh", "#!/bin/sh\nexit 0\n")
        .file(
            ".claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "FOO=1 \"$CLAUDE_PROJECT_DIR\"/hooks/guard.sh --x", "if": "Bash(rm *)"}]}]}}"#,
        )
        .file(
            "hookrun.toml",
            "[[hook]]\nevents = [\"*\"]\ncommand = \"echo hi && ./hooks/guard.sh\"\n",
        )
        .run(&["validate"])
        .exit(0)
        .stdout_has("0 errors, 0 warnings in 2 files");
}

#[test]
fn names_reused_across_files_are_notes() {
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"audit\"\nevents = [\"Stop\"]\ncommand = \"true\"\n",
        )
        .file(
            ".gemini/settings.json",
            "{\"hooks\": {\"SessionEnd\": [{\"hooks\": [\n  {\"name\": \"audit\", \"type\": \"command\", \"command\": \"true\"}\n]}]}}",
        );
    let all = diagnostics(
        &case
            .run(&["validate", "--strict", "--format", "json"])
            .exit(0),
    );
    let note = at(
        &all,
        "hook name `audit` is also used in hookrun.toml:2",
        "note",
        2,
        12,
    );
    assert!(note["message"].as_str().unwrap().contains("`audit-2`"));
    case.run(&["validate"])
        .exit(0)
        .stdout_has("0 errors, 0 warnings, 1 note in 2 files");
}

#[test]
fn paths_replace_discovery_and_detect_the_dialect() {
    let case = Case::new()
        .file(".claude/settings.json", "{ broken")
        .file(
            "ci/policy.json",
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true", "timout": 1}]}]}}"#,
        )
        .file("ci/unknown.json", r#"{"hooks": {"x": [{"command": "y"}]}}"#);
    let run = case
        .run(&["validate", "ci/policy.json", "--format", "json"])
        .exit(0);
    let all = diagnostics(&run);
    assert_eq!(all.len(), 1, "{all:#?}");
    assert_eq!(all[0]["file"], "ci/policy.json");
    case.run(&["validate", "ci/unknown.json"])
        .exit(1)
        .stdout_has("cannot tell this file's dialect")
        .stdout_has("--dialect");
    case.run(&["validate", "ci/missing.json"])
        .exit(1)
        .stdout_has("ci/missing.json")
        .stdout_has("no such file");
}

#[test]
fn no_configuration_is_clean() {
    Case::new()
        .run(&["validate"])
        .exit(0)
        .stdout_has("0 errors, 0 warnings in 0 files");
}

#[test]
fn usage_errors_exit_2() {
    Case::new()
        .run(&["validate", "--format", "xml"])
        .exit(2)
        .stderr_has("xml");
}

#[test]
fn prx_blocked_environment_variables_are_errors_for_validate_and_warnings_for_fire() {
    let hooks =
        r#"{"hooks":{"tool_call":[{"command":"true","env":{"LD_PRELOAD":"/x.so","FOO":"bar"}}]}}"#;
    let case = Case::new().file("hooks.json", hooks);
    let run = case
        .run(&["--no-user-config", "validate", "--format", "json"])
        .exit(1);
    let found = diagnostics(&run);
    assert!(
        found
            .iter()
            .any(|d| d["severity"] == "error" && d["code"] == "prx-blocked-env"),
        "{found:?}"
    );
    case.fire_with("tool_call", &["--no-user-config"])
        .exit(0)
        .stderr_has("LD_PRELOAD");
}
