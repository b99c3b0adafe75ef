//! Cross-file deduplication never weakens a guard: the one run of a command configured in two
//! files is as strict as the strictest copy (mode, failure posture, timeout), or both copies run.

use serde_json::json;

use crate::harness::{Case, claude_settings};

/// How many times the hook script ran (it appends one line per run).
fn runs(case: &Case) -> usize {
    std::fs::read_to_string(case.at("runs")).map_or(0, |text| text.lines().count())
}

#[test]
fn an_observe_copy_does_not_swallow_a_blocking_copy_of_the_same_command() {
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"audit\"\nevents = [\"PreToolUse\"]\ncommand = \"./guard.sh\"\nmode = \"observe\"\n",
        )
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Bash", "./guard.sh", ""),
        )
        .hook(
            "guard.sh",
            "#!/bin/sh\necho run >> runs\necho 'rm is not allowed' >&2\nexit 2\n",
        );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}));
    let run = case
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("rm is not allowed"));
    assert_eq!(run.hook("guard")["outcome"], "blocking", "{}", run.stdout);
    assert_eq!(run.hook("audit")["outcome"], "success", "{}", run.stdout);
    assert_eq!(
        runs(&case),
        2,
        "an observe run cannot stand for a blocking one"
    );
}

#[test]
fn a_fail_closed_copy_makes_the_merged_run_fail_closed() {
    let cursor = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"first\"\nevents = [\"beforeShellExecution\"]\ncommand = \"./broken.sh\"\n",
        )
        .file(
            ".cursor/hooks.json",
            r#"{"version": 1, "hooks": {"beforeShellExecution": [{"command": "./broken.sh", "failClosed": true}]}}"#,
        )
        .hook(
            "broken.sh",
            "#!/bin/sh\necho run >> runs\necho crashed >&2\nexit 1\n",
        );
    cursor.payload(json!({"command": "ls"}));
    let run = cursor.fire("beforeShellExecution").exit(2).decision("deny");
    assert_eq!(run.hook("first")["outcome"], "blocking", "{}", run.stdout);
    assert_eq!(runs(&cursor), 1, "the copies are merged into one run");

    let claude = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"first\"\nevents = [\"PreToolUse\"]\ncommand = \"./broken.sh\"\n",
        )
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./broken.sh", r#""onFailure": "block""#),
        )
        .hook(
            "broken.sh",
            "#!/bin/sh\necho run >> runs\necho crashed >&2\nexit 1\n",
        );
    claude.payload(json!({"tool_name": "Bash"}));
    claude
        .fire("PreToolUse")
        .exit(2)
        .decision("deny")
        .field("/reason", &json!("exited with code 1: crashed"));
    assert_eq!(runs(&claude), 1);
}

#[test]
fn the_merged_run_takes_the_shortest_timeout() {
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"first\"\nevents = [\"Stop\"]\ncommand = \"./slow.sh\"\ntimeout = \"30s\"\n",
        )
        .file(
            ".claude/settings.json",
            &claude_settings("Stop", "", "./slow.sh", r#""timeout": 1"#),
        )
        .hook("slow.sh", "#!/bin/sh\necho run >> runs\nexec sleep 30\n");
    let run = case.fire("Stop").exit(0);
    let first = run.hook("first");
    assert_eq!(first["timed_out_after_ms"], 1000, "{}", run.stdout);
    assert_eq!(first["outcome"], "cancelled");
    assert_eq!(runs(&case), 1);
    assert!(
        run.hook("slow")["skipped_reason"]
            .as_str()
            .is_some_and(|reason| reason.starts_with("deduplicated")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_weaker_later_copy_is_still_merged() {
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"first\"\nevents = [\"PreToolUse\"]\ncommand = \"./guard.sh\"\non_error = \"deny\"\ntimeout = \"5s\"\n",
        )
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "", "./guard.sh", ""),
        )
        .hook("guard.sh", "#!/bin/sh\necho run >> runs\nexit 0\n");
    case.payload(json!({"tool_name": "Bash"}));
    case.fire("PreToolUse").exit(0).decision("none");
    assert_eq!(runs(&case), 1);
}

#[test]
fn a_claude_command_listed_in_two_matching_groups_runs_once() {
    // Claude Code deduplicates identical command handlers across the groups that match.
    let settings = json!({"hooks": {"PreToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "./count.sh"}]},
        {"matcher": "Ba.*", "hooks": [{"type": "command", "command": "./count.sh"}]},
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "./other.sh"}]}
    ]}});
    let case = Case::new()
        .file(".claude/settings.json", &settings.to_string())
        .hook("count.sh", "#!/bin/sh\necho run >> runs\n")
        .hook("other.sh", "#!/bin/sh\necho run >> runs\n");
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    case.fire("PreToolUse").exit(0);
    assert_eq!(runs(&case), 2, "count.sh once, other.sh once");
}
