//! Configuration files with thousands of hooks or problems: `validate` locates every hook in one
//! pass (not one rescan of the file per hook), and reports keep a bounded excerpt of each line and
//! at most a set number of problems per file, so a minified one-line file cannot make hookrun
//! print (or hold) a copy of the line per problem.

use std::fmt::Write as _;
use std::time::Duration;

use crate::harness::Case;

/// A `.claude/settings.json` with `count` hooks, each running a program that does not exist
/// (one warning per hook, each pointing at its `command`); on one line when `one_line`.
fn settings_with_missing_programs(count: usize, one_line: bool) -> String {
    let newline = if one_line { "" } else { "\n" };
    let mut text = format!("{{{newline}\"hooks\": {{{newline}\"PreToolUse\": [{newline}");
    for n in 0..count {
        if n > 0 {
            let _ = write!(text, ",{newline}");
        }
        let _ = write!(
            text,
            r#"{{"matcher": "Bash", "hooks": [{{"type": "command", "command": "./missing-{n}.sh"}}]}}"#
        );
    }
    let _ = write!(text, "{newline}]}}}}{newline}");
    text
}

#[test]
fn validate_locates_10000_hooks_in_one_pass() {
    let case = Case::new().file(
        ".claude/settings.json",
        &settings_with_missing_programs(10_000, false),
    );
    // A hang guard, not a benchmark: the rescanning locator took minutes here.
    let run = case
        .run(&["--no-user-config", "validate"])
        .within(Duration::from_secs(20))
        .exit(0)
        .stdout_has("0 errors, 10000 warnings in 1 file")
        .stdout_has("… and 9950 more in .claude/settings.json");
    // The last hook is pointed at exactly.
    let json = case
        .run(&["--no-user-config", "validate", "--format", "json"])
        .within(Duration::from_secs(20));
    let all: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON report");
    let last = all
        .as_array()
        .and_then(|all| {
            all.iter().find(|d| {
                d["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("missing-9999.sh"))
            })
        })
        .unwrap_or_else(|| panic!("no report for the last hook: {}", run.stdout.len()));
    assert_eq!(
        (&last["line"], &last["column"]),
        (&10_003.into(), &62.into()),
        "{last}"
    );
}

#[test]
fn validate_on_a_one_line_settings_file_prints_bounded_excerpts() {
    let case = Case::new().file(
        ".claude/settings.json",
        &settings_with_missing_programs(1_500, true),
    );
    let run = case
        .run(&["--no-user-config", "validate"])
        .within(Duration::from_secs(20))
        .exit(0)
        .stdout_has("0 errors, 1500 warnings in 1 file")
        .stdout_has("… and 1450 more in .claude/settings.json");
    // 50 shown, each with an excerpt of about 120 characters: not 50 copies of a 130 kB line.
    assert!(run.stdout.len() < 64 * 1024, "{} bytes", run.stdout.len());
    let longest = run
        .stdout
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    assert!(longest < 200, "a line of {longest} characters");
    // The caret stands under the command's opening quote.
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(" 1 | "))
        .expect("an excerpt line");
    let caret = lines[at + 1].chars().count() - 1;
    let under: String = lines[at].chars().skip(caret).take(12).collect();
    assert!(
        under.starts_with("\"./missing-"),
        "{under:?}\n{}\n{}",
        lines[at],
        lines[at + 1]
    );
}

#[test]
fn fire_on_a_one_line_prx_file_with_3000_rejected_commands_prints_a_bounded_report() {
    let mut text = String::from(r#"{"hooks": {"tool_call": ["#);
    for n in 0..3_000 {
        if n > 0 {
            text.push(',');
        }
        let _ = write!(text, r#"{{"command": "echo {n}; rm -rf /"}}"#);
    }
    text.push_str("]}}");
    let case = Case::new().file("hooks.json", &text);
    let run = case
        .fire_with("tool_call", &["--no-user-config"])
        .within(Duration::from_secs(20))
        .exit(1)
        .stderr_has("hooks.json:1:")
        .stderr_has("… and 2950 more in hooks.json");
    assert!(run.stderr.len() < 64 * 1024, "{} bytes", run.stderr.len());
}
