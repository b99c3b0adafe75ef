//! `hookrun test` and `fire --record` through the binary: passing and failing suites,
//! malformed test files, every report format, `--filter`, discovery, colour, and recording a
//! fire that then passes as a test.

use serde_json::Value;

use crate::harness::{Case, Run, claude_settings, fixture};

const DENY_RM: &str =
    "#!/bin/sh\ncase \"$(cat)\" in *'rm -rf'*) echo 'rm -rf is not allowed' >&2; exit 2;; esac\n";

/// A project whose claude settings run `hooks/deny-rm.sh` on Bash PreToolUse.
fn project() -> Case {
    Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash", "./hooks/deny-rm.sh", ""),
        )
        .hook("hooks/deny-rm.sh", DENY_RM)
}

const PASSING: &str = r#"
[[test]]
name = "rm -rf is denied"
event = "PreToolUse"
payload = { tool_name = "Bash", tool_input = { command = "rm -rf /" } }
expect.decision = "deny"
expect.reason = { contains = "rm -rf" }
expect.exit_code = 2
expect.hooks = { deny-rm = "blocking" }

[[test]]
name = "ls is fine"
event = "PreToolUse"
payload = { tool_name = "Bash", tool_input = { command = "ls" } }
expect.decision = "none"
expect.exit_code = 0
"#;

const FAILING: &str = r#"
[[test]]
name = "rm -rf is allowed (wrong on purpose)"
event = "PreToolUse"
payload = { tool_name = "Bash", tool_input = { command = "rm -rf /" } }
expect.decision = "allow"
expect.reason = { matches = "^fine$" }
"#;

fn last_line(run: &Run) -> &str {
    run.stdout.trim_end().lines().last().unwrap_or("")
}

#[test]
fn passing_suite_prints_a_line_per_test_and_exits_0() {
    let case = project().file("policy.hooktest.toml", PASSING);
    let run = case.run(&["test"]).exit(0);
    assert!(
        run.stdout.contains("policy.hooktest.toml\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("✓ rm -rf is denied ("),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("✓ ls is fine ("), "{}", run.stdout);
    assert!(!run.stdout.contains('\x1b'), "no colour into a pipe");
    assert_eq!(last_line(&run), "2 passed, 0 failed");
}

#[test]
fn failing_suite_shows_expected_and_actual_side_by_side_and_exits_1() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["test"]).exit(1);
    assert!(
        run.stdout
            .contains("✗ rm -rf is allowed (wrong on purpose) ("),
        "{}",
        run.stdout
    );
    let rows: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert!(
        rows.contains(&vec!["field", "expected", "actual"]),
        "{}",
        run.stdout
    );
    assert!(
        rows.contains(&vec!["decision", "\"allow\"", "\"deny\""]),
        "{}",
        run.stdout
    );
    assert!(
        rows.contains(&vec![
            "reason",
            "matches /^fine$/",
            "\"rm -rf is not allowed\""
        ]),
        "{}",
        run.stdout
    );
    assert_eq!(last_line(&run), "2 passed, 1 failed");
}

#[test]
fn malformed_test_files_are_reported_with_file_line_col() {
    let bad_toml = "[[test]]\nname = \"a\"\nevent = \"PreToolUse\"\nexpect.decision = \"dney\"\n";
    let bad_yaml =
        "test:\n  - name: b\n    event: PreToolUse\n    expect:\n      exit_code: \"2\"\n";
    let case = project()
        .file("bad.hooktest.toml", bad_toml)
        .file("bad.hooktest.yaml", bad_yaml)
        .file(
            "broken.hooktest.json",
            "{\"test\": [\n  {\"name\": \"x\",,}\n]}",
        )
        .file("good.hooktest.toml", PASSING);
    let run = case
        .run(&["test"])
        .exit(1)
        .stderr_has("unknown decision \"dney\"\n  ——▶ bad.hooktest.toml:4:1")
        .stderr_has("did you mean `deny`?")
        .stderr_has("must be a number, found the string \"2\"\n  ——▶ bad.hooktest.yaml:5:7")
        .stderr_has("invalid JSON")
        .stderr_has("——▶ broken.hooktest.json:2:");
    assert_eq!(
        last_line(&run),
        "2 passed, 3 failed",
        "the good file still runs"
    );
}

#[test]
fn yaml_and_json_test_files_run_like_toml() {
    let yaml = "test:\n  - name: yaml deny\n    event: PreToolUse\n    payload: {tool_name: Bash, tool_input: {command: rm -rf x}}\n    expect:\n      decision: deny\n      hooks: {deny-rm: blocking}\n";
    let json = r#"{"test": [{"name": "json allow", "event": "PreToolUse",
        "payload": {"tool_name": "Bash", "tool_input": {"command": "ls"}},
        "expect": {"decision": "none", "hooks": {"deny-rm": "success"}}}]}"#;
    let case = project()
        .file("a.hooktest.yaml", yaml)
        .file("b.hooktest.json", json);
    let run = case.run(&["test"]).exit(0);
    assert_eq!(last_line(&run), "2 passed, 0 failed", "{}", run.stdout);
}

#[test]
fn yaml_test_files_read_booleans_as_yaml_1_2_does() {
    // `no` is a string in YAML 1.2 (as in hookrun's PromptKit reading), not YAML 1.1's false.
    let hook = "#!/bin/sh\ncase \"$(cat)\" in *'\"force\":\"no\"'*) exit 2;; esac\n";
    let yaml = "test:\n  - name: no stays a string\n    event: PreToolUse\n    payload:\n      \
                tool_name: Bash\n      tool_input:\n        command: ls\n        force: no\n    \
                expect:\n      decision: deny\n";
    let case = Case::new()
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash", "./hooks/no.sh", ""),
        )
        .hook("hooks/no.sh", hook)
        .file("a.hooktest.yaml", yaml);
    let run = case.run(&["test"]).exit(0);
    assert_eq!(last_line(&run), "1 passed, 0 failed", "{}", run.stdout);
}

#[test]
fn json_format_is_one_document_with_every_result() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["test", "--format", "json"]).exit(1);
    let report: Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    assert_eq!(report["passed"], 2);
    assert_eq!(report["failed"], 1);
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests.len(), 3);
    let failed = &tests[2];
    assert_eq!(failed["passed"], false);
    assert_eq!(failed["mismatches"][0]["field"], "decision");
    assert_eq!(failed["mismatches"][0]["actual"], "\"deny\"");
    assert_eq!(
        run.stderr.trim_end().lines().last(),
        Some("2 passed, 1 failed")
    );
}

#[test]
fn junit_format_is_well_formed_xml_with_testcases_and_failures() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["test", "--format", "junit"]).exit(1);
    let tags = well_formed_tags(&run.stdout);
    assert_eq!(
        tags.iter().filter(|t| *t == "testcase").count(),
        3,
        "{}",
        run.stdout
    );
    assert_eq!(
        tags.iter().filter(|t| *t == "failure").count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("<testsuites name=\"hookrun\" tests=\"3\" failures=\"1\"")
    );
    assert!(
        run.stdout
            .contains("decision: expected &quot;allow&quot;, actual &quot;deny&quot;")
    );
}

#[test]
fn tap_format_has_the_plan_and_ok_lines() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["test", "--format", "tap"]).exit(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[..2], ["TAP version 14", "1..3"]);
    assert!(lines[2].starts_with("ok 1 - policy.hooktest.toml › rm -rf is denied"));
    assert!(lines[3].starts_with("ok 2 - "));
    assert!(lines[4].starts_with("not ok 3 - "));
    assert!(
        run.stdout
            .contains("    - field: \"decision\"\n      expected: \"\\\"allow\\\"\"")
    );
}

#[test]
fn filter_selects_tests_by_name_substring() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["test", "--filter", "denied"]).exit(0);
    assert!(!run.stdout.contains("ls is fine"), "{}", run.stdout);
    assert_eq!(last_line(&run), "1 passed, 0 failed");
    case.run(&["test", "--filter", "no such test"])
        .exit(1)
        .stderr_has("no test name contains \"no such test\"");
}

#[test]
fn discovery_skips_target_node_modules_git_and_gitignored_paths() {
    let case = project()
        .file("tests/policy.hooktest.toml", PASSING)
        .file(".gitignore", "# build output\n/build\nscratch/\n")
        .file("target/x.hooktest.toml", FAILING)
        .file("node_modules/pkg/x.hooktest.toml", FAILING)
        .file(".git/x.hooktest.toml", FAILING)
        .file("build/x.hooktest.toml", FAILING)
        .file("sub/scratch/x.hooktest.toml", FAILING)
        .file("tests/not-a-test.toml", FAILING);
    let run = case.run(&["test"]).exit(0);
    assert_eq!(last_line(&run), "2 passed, 0 failed", "{}", run.stdout);
    // A path given explicitly is run even when discovery would skip it.
    let explicit = case.run(&["test", "target/x.hooktest.toml"]).exit(1);
    assert_eq!(last_line(&explicit), "0 passed, 1 failed");
}

#[test]
fn no_test_files_is_a_failure_not_an_empty_success() {
    project().run(&["test"]).exit(1).stderr_has("no test files");
}

#[test]
fn colour_follows_the_color_flag() {
    let case = project().file("policy.hooktest.toml", &format!("{PASSING}{FAILING}"));
    let run = case.run(&["--color", "always", "test"]).exit(1);
    assert!(run.stdout.contains("\x1b[32m✓\x1b[0m"), "{}", run.stdout);
    assert!(run.stdout.contains("\x1b[31m✗\x1b[0m"), "{}", run.stdout);
    assert_eq!(
        last_line(&run),
        "2 passed, 1 failed",
        "closing line stays plain"
    );
    let run = case.env("NO_COLOR", "1").run(&["test"]);
    assert!(!run.stdout.contains('\x1b'), "{}", run.stdout);
}

#[test]
fn project_dir_and_config_are_relative_to_the_test_file() {
    let case = Case::new()
        .file(
            "policies/strict.json",
            &claude_settings("PreToolUse", "*", "echo 'nothing runs' >&2; exit 2", ""),
        )
        .file(
            "suite/a.hooktest.toml",
            "project_dir = \"..\"\nconfig = [\"policies/strict.json\"]\n\n[[test]]\nname = \"everything is denied\"\nevent = \"PreToolUse\"\npayload = { tool_name = \"Read\" }\nexpect.reason = \"nothing runs\"\n",
        );
    let run = case.run(&["test", "suite"]).exit(0);
    assert_eq!(
        last_line(&run),
        "1 passed, 0 failed",
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn record_appends_tests_that_then_pass() {
    let case = project();
    case.payload(serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}));
    case.fire_with("PreToolUse", &["--record", "tests/pinned.hooktest.toml"])
        .exit(2)
        .decision("deny");
    case.payload(
        serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "ls", "x": null}}),
    );
    case.fire_with("PreToolUse", &["--record", "tests/pinned.hooktest.toml"])
        .exit(0);
    let text = std::fs::read_to_string(case.at("tests/pinned.hooktest.toml")).expect("recorded");
    assert!(text.contains("project_dir = \"..\""), "{text}");
    assert!(text.contains("name = \"PreToolUse #1\""), "{text}");
    assert!(
        text.contains("expect.reason = \"rm -rf is not allowed\""),
        "{text}"
    );
    assert!(
        text.contains("expect.hooks = { deny-rm = \"blocking\" }"),
        "{text}"
    );
    assert!(
        text.contains("payload_file = \"pinned.hooktest.PreToolUse-2.payload.json\""),
        "a payload with a null goes to a JSON file: {text}"
    );
    let run = case.run(&["test"]).exit(0);
    assert_eq!(
        last_line(&run),
        "2 passed, 0 failed",
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn the_demo_suite_passes() {
    let demo = fixture("demo");
    let run = Case::new()
        .run(&["test", demo.to_str().expect("utf-8 path")])
        .exit(0);
    assert!(
        last_line(&run).ends_with(" passed, 0 failed"),
        "{}",
        run.stdout
    );
}

/// Checks that `xml` is well formed (declaration, balanced tags, quoted attributes, escaped text)
/// and returns the element names in document order.
fn well_formed_tags(xml: &str) -> Vec<String> {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .expect("XML declaration");
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        assert!(!text.contains('>'), "raw > in text: {text:?}");
        for (at, _) in text.match_indices('&') {
            let entity = &text[at..text[at..].find(';').map_or(text.len(), |e| at + e + 1)];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
                "bad entity {entity:?}"
            );
        }
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else {
            let name = tag.split([' ', '/']).next().expect("tag name").to_owned();
            names.push(name.clone());
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    assert_eq!(rest.trim(), "", "text after the root element");
    names
}

#[test]
fn record_under_an_output_mode_pins_the_agents_answer() {
    let toml =
        "[[hook]]\nname = \"no-rm\"\nevents = [\"PreToolUse\"]\ncommand = \"./hooks/deny-rm.sh\"\n";
    let case = Case::new()
        .file("hookrun.toml", toml)
        .hook("hooks/deny-rm.sh", DENY_RM);
    case.payload(serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}));
    case.fire_with(
        "PreToolUse",
        &["--output", "claude", "--record", "agent.hooktest.toml"],
    );
    let text = std::fs::read_to_string(case.at("agent.hooktest.toml")).expect("recorded");
    assert!(text.contains("output = \"claude\""), "{text}");
    assert!(
        text.contains("expect.document = { hookSpecificOutput = {"),
        "{text}"
    );
    let run = case.run(&["test"]).exit(0);
    assert_eq!(
        last_line(&run),
        "1 passed, 0 failed",
        "{}{}",
        run.stdout,
        run.stderr
    );
}
