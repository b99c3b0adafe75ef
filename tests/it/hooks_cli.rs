//! `hookrun hooks`: editing the agents' own files — every other key kept, ids stable, invalid
//! hooks refused, concurrent edits serialised, and a writer killed mid-edit leaving a whole file.

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::Case;

mod codex;
mod copilot;
mod toml;

/// `hookrun hooks list --format json`, as one document per file.
pub(super) fn listing(case: &Case) -> Vec<Value> {
    let run = case.run(&["hooks", "list", "--format", "json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str::<Vec<Value>>(&run.stdout).expect("a JSON listing")
}

/// The ids of `file`'s hooks, in file order.
pub(super) fn ids(case: &Case, file: &str) -> Vec<String> {
    listing(case)
        .into_iter()
        .find(|doc| doc["file"] == file)
        .map(|doc| {
            doc["hooks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h["id"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The id `hookrun hooks add` printed.
pub(super) fn added_id(stdout: &str) -> String {
    stdout
        .strip_prefix("added ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no id in {stdout:?}"))
        .to_owned()
}

const FILES: &[(&str, &str, &str, &[&str])] = &[
    (
        "hooks.json",
        "{\n  \"enabled\": true,\n  \"x-owner\": {\"team\": [1, 2]},\n  \"timeout_ms\": 5000,\n  \"hooks\": {\n    \"agent_start\": [{\"command\": \"echo\", \"args\": [\"hi\"], \"x-note\": \"keep me\"}]\n  }\n}\n",
        "tool_call",
        &["--timeout", "2s", "--stdin-json", "--env", "A=1"],
    ),
    (
        ".claude/settings.json",
        "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\", \"x\": 1}]}]\n  },\n  \"zzz\": null\n}\n",
        "PreToolUse",
        &["--matcher", "Bash", "--timeout", "5s"],
    ),
    (
        ".gemini/settings.json",
        "{\n    \"theme\": \"dark\",\n    \"hooks\": {\n        \"BeforeTool\": [{\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}]\n    }\n}\n",
        "AfterTool",
        &["--matcher", "write_file", "--timeout", "1500ms"],
    ),
    (
        ".cursor/hooks.json",
        "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"true\", \"failClosed\": true}]}, \"extra\": [true]}",
        "beforeShellExecution",
        &["--matcher", "curl", "--timeout", "3s"],
    ),
    (
        ".proxyai/settings.json",
        "{\n  \"hooks\": {\n    \"afterToolUse\": [{\"command\": \"true\", \"loopLimit\": 3}]\n  },\n  \"ui\": {\"compact\": true}\n}\n",
        "beforeToolUse",
        &["--matcher", "Bash", "--timeout", "4s"],
    ),
];

#[test]
fn every_dialect_file_round_trips_keeping_unknown_keys_and_order() {
    for (rel, original, event, flags) in FILES {
        let case = Case::new().file(rel, original);
        let before = ids(&case, rel);
        assert_eq!(before.len(), 1, "{rel}");
        let mut args = vec!["hooks", "add", event, "--file", rel];
        args.extend_from_slice(flags);
        args.extend_from_slice(&["--", "./check.sh", "two words"]);
        let run = case.run(&args);
        assert_eq!(run.code, Some(0), "{rel}: {}", run.stderr);
        let id = added_id(&run.stdout);
        let doc = listing(&case)
            .into_iter()
            .find(|d| d["file"] == *rel)
            .unwrap();
        let hook = doc["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["id"] == id.as_str())
            .unwrap_or_else(|| panic!("{rel}: {id} not listed in {doc}"))
            .clone();
        assert_eq!(hook["event"], *event, "{rel}");
        assert!(hook["action"]["timeout_ms"].is_u64(), "{rel}: {hook}");
        // The rest of the file as it was: every original key, in its order, with its value.
        let text = std::fs::read_to_string(case.at(rel)).unwrap();
        let old: Value = serde_json::from_str(original).unwrap();
        let new: Value = serde_json::from_str(&text).unwrap();
        for (key, value) in old.as_object().unwrap() {
            if key != "hooks" {
                assert_eq!(&new[key], value, "{rel}: {key}");
            }
        }
        // Top-level keys by where they first appear (serde_json's map sorts them).
        let order = |text: &str| {
            let mut keys: Vec<(usize, &String)> = old
                .as_object()
                .unwrap()
                .keys()
                .map(|k| (text.find(&format!("\"{k}\"")).unwrap(), k))
                .collect();
            keys.sort();
            keys.into_iter().map(|(_, k)| k.clone()).collect::<Vec<_>>()
        };
        assert_eq!(
            order(&text),
            order(original),
            "{rel}: key order changed:\n{text}"
        );
        // `hookrun validate` accepts what was written.
        let valid = case.run(&["validate"]);
        assert_eq!(valid.code, Some(0), "{rel}: {}", valid.stdout);
        // Removing it gives back the original: byte for byte for a file written as the agents
        // write theirs, the same keys in the same order for a one-line file (which the add
        // rewrote one value per line).
        let run = case.run(&["hooks", "rm", &id]);
        assert_eq!(run.code, Some(0), "{rel}: {}", run.stderr);
        let back = std::fs::read_to_string(case.at(rel)).unwrap();
        if original.contains('\n') {
            assert_eq!(back, *original, "{rel}");
        } else {
            assert_eq!(serde_json::from_str::<Value>(&back).unwrap(), old, "{rel}");
            assert_eq!(order(&back), order(original), "{rel}");
        }
        assert_eq!(ids(&case, rel), before, "{rel}");
    }
}

#[test]
fn ids_stay_the_same_when_an_earlier_hook_is_deleted_or_switched_off() {
    let case = Case::new();
    for word in ["a", "b", "c"] {
        let run = case.run(&[
            "hooks",
            "add",
            "tool_call",
            "--file",
            "hooks.json",
            "--",
            "echo",
            word,
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
    }
    let all = ids(&case, "hooks.json");
    assert_eq!(all.len(), 3);
    let run = case.run(&["hooks", "disable", &all[1]]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(ids(&case, "hooks.json"), all);
    let run = case.run(&["hooks", "rm", &all[0]]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(ids(&case, "hooks.json"), all[1..]);
    // The old id of a removed hook names nothing any more.
    let run = case.run(&["hooks", "rm", &all[0]]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("no hook has the id"), "{}", run.stderr);
    // An update gives the hook a new id and leaves the others alone.
    let run = case.run(&["hooks", "update", &all[2], "--", "echo", "z"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let now = ids(&case, "hooks.json");
    assert_eq!(now[0], all[1]);
    assert_ne!(now[1], all[2]);
}

#[test]
fn a_disabled_hook_does_not_run_and_enable_brings_it_back() {
    let case = Case::new();
    let run = case.run(&[
        "hooks",
        "add",
        "tool_call",
        "--file",
        "hooks.json",
        "--",
        "touch",
        "ran",
    ]);
    let id = added_id(&run.stdout);
    case.run(&["hooks", "disable", &id]);
    case.fire("tool_call");
    assert!(!case.at("ran").exists(), "a disabled hook ran");
    case.run(&["hooks", "enable", &id]);
    case.fire("tool_call");
    assert!(case.at("ran").exists(), "the enabled hook did not run");
    std::fs::remove_file(case.at("ran")).unwrap();
    let run = case.run(&["hooks", "disable", "--all", "--file", "hooks.json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    case.fire("tool_call");
    assert!(
        !case.at("ran").exists(),
        "a hook of a switched-off file ran"
    );
    assert_eq!(listing(&case)[0]["enabled"], false);
}

#[test]
fn hooks_that_validate_refuses_are_never_written() {
    let original = "{\"hooks\": {\"agent_start\": [{\"command\": \"echo\"}]}}";
    let case = Case::new().file("hooks.json", original);
    let refused: &[&[&str]] = &[
        &["tool_call", "--", "echo hi; rm -rf /"],
        &["tool_call", "--env", "LD_PRELOAD=/tmp/x.so", "--", "echo"],
        &["tool_call", "--timeout", "10m", "--", "echo"],
        &["tool_call", "--matcher", "x", "--", "echo"],
        &["tool_call", "--", ""],
    ];
    for args in refused {
        let mut full = vec!["hooks", "add", "--file", "hooks.json"];
        full.extend_from_slice(args);
        let run = case.run(&full);
        assert_eq!(run.code, Some(1), "{args:?} was accepted: {}", run.stdout);
        assert!(
            !run.stderr.is_empty(),
            "{args:?}: refused without saying why"
        );
        assert_eq!(
            std::fs::read_to_string(case.at("hooks.json")).unwrap(),
            original
        );
    }
    let claude = Case::new();
    let run = claude.run(&[
        "hooks",
        "add",
        "PreToolUse",
        "--file",
        ".claude/settings.json",
        "--stdin-json",
        "--",
        "x",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(!claude.at(".claude/settings.json").exists());
}

#[test]
fn two_hundred_concurrent_adds_keep_every_hook_and_the_file_always_whole() {
    let case = Case::new().file("hooks.json", "{\"hooks\": {}}\n");
    let path = case.at("hooks.json");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (path, stop) = (path.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut reads = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let text = std::fs::read_to_string(&path).expect("the file is always there");
                serde_json::from_str::<Value>(&text)
                    .unwrap_or_else(|e| panic!("a reader saw broken JSON ({e}):\n{text}"));
                reads += 1;
            }
            reads
        })
    };
    let mut children = Vec::new();
    for i in 0..200 {
        let word = format!("w{i}");
        let mut command = case.command(&[
            "hooks",
            "add",
            "tool_call",
            "--file",
            "hooks.json",
            "--",
            "echo",
            &word,
        ]);
        command.stdout(Stdio::null()).stderr(Stdio::piped());
        children.push(command.spawn().expect("spawn"));
    }
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let reads = reader
        .join()
        .expect("the reader saw a whole file every time");
    assert!(reads > 0);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let actions = doc["hooks"]["tool_call"].as_array().unwrap();
    assert_eq!(actions.len(), 200);
    let mut words: Vec<&str> = actions
        .iter()
        .map(|a| a["args"][0].as_str().unwrap())
        .collect();
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), 200);
}

#[test]
fn a_writer_killed_in_the_middle_of_an_edit_leaves_the_old_file() {
    if crate::harness::testing_a_named_binary() {
        // The pause that opens the window is compiled into debug builds only; the debug pass of
        // the suite runs this test.
        eprintln!("skipped: the binary under test has no HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS");
        return;
    }
    let original = "{\"hooks\": {\"agent_start\": [{\"command\": \"echo\"}]}}\n";
    let case = Case::new()
        .file("hooks.json", original)
        .env("HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS", "10000");
    let mut child = case
        .command(&[
            "hooks",
            "add",
            "tool_call",
            "--file",
            "hooks.json",
            "--",
            "echo",
            "new",
        ])
        .spawn()
        .unwrap();
    // Wait until the new text is written and synced to its temporary file.
    let start = Instant::now();
    let temp = loop {
        let found = std::fs::read_dir(case.path())
            .unwrap()
            .filter_map(Result::ok)
            .find(|e| e.file_name().to_string_lossy().ends_with(".tmp"));
        if let Some(entry) = found
            && std::fs::read_to_string(entry.path()).is_ok_and(|t| t.contains("\"new\""))
        {
            break entry.path();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no temporary file appeared"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert_eq!(
        std::fs::read_to_string(case.at("hooks.json")).unwrap(),
        original
    );
    // The next edit is not blocked by the dead writer's lock, and the leftover is only litter.
    let case = case.env("HOOKRUN_TEST_PAUSE_BEFORE_RENAME_MS", "0");
    let run = case.run(&[
        "hooks",
        "add",
        "tool_call",
        "--file",
        "hooks.json",
        "--",
        "echo",
        "next",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(temp.with_file_name("hooks.json")).unwrap())
            .unwrap();
    assert_eq!(doc["hooks"]["tool_call"][0]["args"][0], "next");
}
