//! A load that warns is cached with its warnings: a fire from the cache says on stderr, byte for
//! byte, what a fire that loads the files says — the coded warnings `fire` always shows, and with
//! `-v` the others (an event name the agent's newer releases fire, say).

use serde_json::json;

use crate::harness::Case;

/// A Claude settings file with a denying hook and an event name hookrun does not know (a warning
/// shown with `-v`), beside a `hookrun.toml` with a typo in an event name (a coded warning,
/// shown always, with its line, caret and help).
fn warning_project() -> Case {
    let case = Case::new()
        .file(
            ".claude/settings.json",
            r#"{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo no >&2; exit 2"}]}],
  "SessionRewind": [{"hooks": [{"type": "command", "command": "exit 0"}]}]
}}
"#,
        )
        .file(
            "hookrun.toml",
            "[[hook]]\nname = \"typo\"\nevents = [\"PreToolUze\"]\ncommand = \"exit 0\"\n",
        );
    case.payload(json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}));
    case
}

fn cache_file(case: &Case) -> std::path::PathBuf {
    let mut files: Vec<_> = std::fs::read_dir(case.home().join("cache/hookrun"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files.remove(0)
}

#[test]
fn a_load_that_warns_is_cached_and_its_warnings_replayed_byte_for_byte() {
    let case = warning_project();
    let first = case.fire("PreToolUse").exit(2).decision("deny");
    let cache = cache_file(&case);
    let written = std::fs::read(&cache).unwrap();
    let cached = case.fire("PreToolUse").exit(2).decision("deny");
    assert_eq!(
        std::fs::read(&cache).unwrap(),
        written,
        "the second fire read the cache (a hit rewrites nothing)"
    );
    let files = case
        .fire_with("PreToolUse", &["--no-cache"])
        .exit(2)
        .decision("deny");
    assert_eq!(cached.stderr, files.stderr);
    assert_eq!(first.stderr, files.stderr);
    // The coded warning, whole: message, position, the line with its caret, the help.
    assert!(
        cached.stderr.contains(
            "warning: no agent fires an event named `PreToolUze`\n  ——▶ hookrun.toml:3:11\n"
        ),
        "{}",
        cached.stderr
    );
    assert!(cached.stderr.contains("= help: did you mean `PreToolUse`?"));
    // The uncoded one waits for -v, from the cache as from the files.
    assert!(
        !cached.stderr.contains("SessionRewind"),
        "{}",
        cached.stderr
    );
    let verbose = case.fire_with("PreToolUse", &["-v"]).exit(2);
    let verbose_files = case.fire_with("PreToolUse", &["-v", "--no-cache"]).exit(2);
    assert_eq!(verbose.stderr, verbose_files.stderr);
    assert!(
        verbose
            .stderr
            .contains("unknown claude event `SessionRewind`"),
        "{}",
        verbose.stderr
    );
    assert_eq!(
        std::fs::read(&cache).unwrap(),
        written,
        "-v changed nothing in the cache"
    );
}

#[test]
fn a_fire_of_another_event_from_the_cache_warns_as_the_files_do() {
    let case = warning_project();
    for event in ["Stop", "SessionRewind", "PreToolUse"] {
        let _ = case.fire(event);
        let cached = case.fire(event);
        let files = case.fire_with(event, &["--no-cache"]);
        assert_eq!(cached.code, files.code, "{event}");
        assert_eq!(cached.stderr, files.stderr, "{event}");
        assert!(cached.stderr.contains("PreToolUze"), "{event}");
    }
    // A warning fixed in the file is gone at once: the cache is never trusted over the files.
    std::fs::write(
        case.at("hookrun.toml"),
        "[[hook]]\nname = \"typo\"\nevents = [\"PreToolUse\"]\ncommand = \"exit 0\"\n",
    )
    .unwrap();
    let fixed = case.fire("PreToolUse").exit(2);
    assert!(!fixed.stderr.contains("warning"), "{}", fixed.stderr);
    let cached = case.fire("PreToolUse").exit(2);
    assert_eq!(cached.stderr, fixed.stderr);
}

#[test]
fn a_damaged_group_of_hooks_reports_the_warnings_once() {
    // The index holds (the warnings are printed from it), a group of hooks after it does not:
    // the files are loaded instead, and their warnings are not printed a second time.
    let case = warning_project();
    let files = case
        .fire_with("PreToolUse", &["--no-cache"])
        .exit(2)
        .decision("deny");
    case.fire("PreToolUse").exit(2);
    let cache = cache_file(&case);
    let good = std::fs::read(&cache).unwrap();
    // A byte of the denying hook's command, in the group the event reads.
    let at = good
        .windows(7)
        .position(|w| w == b"echo no")
        .expect("the command is in the cache");
    let mut bytes = good;
    bytes[at] ^= 0x01;
    std::fs::write(&cache, &bytes).unwrap();
    let damaged = case.fire("PreToolUse").exit(2).decision("deny");
    assert_ne!(
        std::fs::read(&cache).unwrap(),
        bytes,
        "the damage was seen: the files were loaded and the cache written again"
    );
    assert_eq!(damaged.stderr, files.stderr);
    assert_eq!(damaged.stderr.matches("PreToolUze`").count(), 1);
}
