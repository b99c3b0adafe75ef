//! `hookrun hooks` on Codex's `.codex/hooks.json` (Claude's matcher groups, `type` required,
//! timeouts in whole seconds, no switches): a hook added, listed, moved, changed and removed, each
//! state fired through the real binary, and every other key of the file kept. The inline hooks of
//! `.codex/config.toml` are Codex's TOML, which `hookrun hooks` does not edit.

use serde_json::{Value, json};

use super::{added_id, listing};
use crate::harness::Case;

const FILE: &str = ".codex/hooks.json";

/// A hooks.json as Codex's documentation writes one: a description, and a `Stop` hook.
const ORIGINAL: &str = r#"{
  "description": "team guards",
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "true",
            "statusMessage": "checking"
          }
        ]
      }
    ]
  }
}
"#;

/// A guard that records its arguments and the tool it saw, one line per run.
const GUARD: &str = "#!/bin/sh\nprintf '%s|' \"$*\" >> runs.txt\ngrep -o '\"tool_name\":\"[^\"]*\"' | cut -d'\"' -f4 >> runs.txt\n";

fn run_ok(case: &Case, args: &[&str]) -> String {
    let run = case.run(args);
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    run.stdout
}

/// Fires `PreToolUse` for `tool` and returns what the guard recorded so far.
fn fire_for(case: &Case, tool: &str) -> String {
    case.payload(json!({"tool_name": tool, "tool_input": {"command": "ls"}}));
    let run = case.fire("PreToolUse");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    std::fs::read_to_string(case.at("runs.txt")).unwrap_or_default()
}

fn the_hook(case: &Case) -> Value {
    let doc = listing(case)
        .into_iter()
        .find(|doc| doc["file"] == FILE)
        .expect("the Codex file is listed");
    assert_eq!(doc["dialect"], "codex");
    doc["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["event"] == "PreToolUse")
        .cloned()
        .expect("the added hook is listed")
}

#[test]
fn a_codex_hook_is_added_listed_moved_and_removed_and_fires_as_written() {
    let case = Case::new().file(FILE, ORIGINAL).hook("guard.sh", GUARD);
    let out = run_ok(
        &case,
        &[
            "hooks",
            "add",
            "PreToolUse",
            "--file",
            FILE,
            "--matcher",
            "Bash",
            "--timeout",
            "5s",
            "--",
            "./guard.sh",
            "two words",
        ],
    );
    let id = added_id(&out);
    let hook = the_hook(&case);
    assert_eq!(hook["id"], id.as_str());
    assert_eq!(hook["matcher"], "Bash");
    assert_eq!(hook["action"]["command"], "./guard.sh 'two words'");
    assert_eq!(hook["action"]["timeout_ms"], 5000);
    // Written as Codex reads it: a group of its own, a `type`d handler, whole seconds.
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(case.at(FILE)).unwrap()).expect("JSON");
    assert_eq!(
        written["hooks"]["PreToolUse"],
        json!([{"matcher": "Bash", "hooks": [
            {"type": "command", "command": "./guard.sh 'two words'", "timeout": 5}
        ]}])
    );
    assert_eq!(
        run_ok(&case, &["validate"]).lines().last(),
        Some("0 errors, 0 warnings in 1 file")
    );
    assert_eq!(fire_for(&case, "Bash"), "two words|Bash\n");
    assert_eq!(
        fire_for(&case, "Edit"),
        "two words|Bash\n",
        "the matcher was ignored"
    );

    // A new matcher moves the hook into a group of its own; the old group goes with it.
    let out = run_ok(&case, &["hooks", "update", &id, "--matcher", "Edit"]);
    let moved = out
        .split("(now ")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    assert_eq!(the_hook(&case)["matcher"], "Edit");
    assert_eq!(fire_for(&case, "Bash"), "two words|Bash\n");
    assert_eq!(fire_for(&case, "Edit"), "two words|Bash\ntwo words|Edit\n");

    // What Codex cannot hold is refused, and nothing is written.
    let before = std::fs::read_to_string(case.at(FILE)).unwrap();
    for refused in [
        vec!["hooks", "update", moved, "--timeout", "1500ms"],
        vec!["hooks", "update", moved, "--stdin-json", "true"],
        vec!["hooks", "disable", moved],
        vec!["hooks", "disable", "--all", "--file", FILE],
    ] {
        let run = case.run(&refused);
        assert_eq!(
            run.code,
            Some(1),
            "{refused:?} was accepted: {}",
            run.stdout
        );
        assert!(run.stderr.contains("codex"), "{refused:?}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(case.at(FILE)).unwrap(), before);
    }

    run_ok(&case, &["hooks", "rm", moved]);
    assert_eq!(std::fs::read_to_string(case.at(FILE)).unwrap(), ORIGINAL);
    fire_for(&case, "Edit");
    assert_eq!(
        std::fs::read_to_string(case.at("runs.txt"))
            .unwrap()
            .lines()
            .count(),
        2,
        "a removed hook ran"
    );
}

#[test]
fn a_codex_edit_keeps_every_other_key_and_leaves_config_toml_alone() {
    let toml = "model = \"o3\"\n\n[[hooks.Stop]]\n\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"true\"\n";
    let case = Case::new()
        .file(FILE, ORIGINAL)
        .file(".codex/config.toml", toml);
    // Only the JSON file is offered for editing.
    let files: Vec<Value> = listing(&case).iter().map(|d| d["file"].clone()).collect();
    assert_eq!(files, [json!(FILE)]);
    let run = case.run(&["hooks", "list", "--file", ".codex/config.toml"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("cannot edit"), "{}", run.stderr);

    let id = added_id(&run_ok(
        &case,
        &["hooks", "add", "Stop", "--file", FILE, "--", "./after.sh"],
    ));
    let text = std::fs::read_to_string(case.at(FILE)).unwrap();
    let written: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(written["description"], "team guards");
    assert_eq!(
        written["hooks"]["Stop"][0]["hooks"][0]["statusMessage"],
        "checking"
    );
    assert!(
        text.find("\"description\"") < text.find("\"hooks\""),
        "key order changed:\n{text}"
    );
    assert_eq!(
        std::fs::read_to_string(case.at(".codex/config.toml")).unwrap(),
        toml
    );
    run_ok(&case, &["hooks", "rm", &id]);
    assert_eq!(std::fs::read_to_string(case.at(FILE)).unwrap(), ORIGINAL);
}
