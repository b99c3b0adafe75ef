//! `hookrun hooks` on GitHub Copilot's files: a hooks file in `.github/hooks/` (flat entries
//! under camelCase events, the command under `bash`, `timeoutSec`, `env`, `disableAllHooks`, and
//! `"version": 1`, which Copilot reads the file by) and the inline `hooks` of
//! `.github/copilot/settings.json`. Each state is fired through the real binary; every other key
//! is kept; an entry that also has a `powershell` command keeps its command.

use serde_json::{Value, json};

use super::{added_id, listing};
use crate::harness::Case;

const HOOKS: &str = ".github/hooks/guard.json";
const SETTINGS: &str = ".github/copilot/settings.json";

/// A guard that records its arguments, `$A` and the tool it saw, one line per run.
const GUARD: &str = "#!/bin/sh\nprintf '%s|%s|' \"$*\" \"$A\" >> runs.txt\ngrep -o '\"toolName\":\"[^\"]*\"' | cut -d'\"' -f4 >> runs.txt\n";

fn run_ok(case: &Case, args: &[&str]) -> String {
    let run = case.run(args);
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    run.stdout
}

/// Fires `preToolUse` for `tool` and returns what the guard recorded so far.
fn fire_for(case: &Case, tool: &str) -> String {
    case.payload(
        json!({"sessionId": "s1", "timestamp": 1, "cwd": case.path(),
        "toolName": tool, "toolArgs": {"command": "ls"}}),
    );
    let run = case.fire("preToolUse");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    std::fs::read_to_string(case.at("runs.txt")).unwrap_or_default()
}

fn read(case: &Case, rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(case.at(rel)).unwrap()).expect("JSON")
}

fn hooks_of(case: &Case, rel: &str) -> Vec<Value> {
    let doc = listing(case)
        .into_iter()
        .find(|doc| doc["file"] == rel)
        .unwrap_or_else(|| panic!("{rel} is not listed"));
    assert_eq!(doc["dialect"], "copilot");
    doc["hooks"].as_array().unwrap().clone()
}

#[test]
fn a_copilot_hook_is_added_listed_updated_switched_and_removed_and_fires_as_written() {
    let case = Case::new().hook("guard.sh", GUARD);
    let id = added_id(&run_ok(
        &case,
        &[
            "hooks",
            "add",
            "preToolUse",
            "--file",
            HOOKS,
            "--matcher",
            "bash",
            "--timeout",
            "5s",
            "--env",
            "A=1",
            "--",
            "./guard.sh",
            "two words",
        ],
    ));
    // A new hooks file starts with the version Copilot reads it by.
    let text = std::fs::read_to_string(case.at(HOOKS)).unwrap();
    assert!(
        text.trim_start().starts_with("{\n  \"version\": 1,"),
        "{text}"
    );
    assert_eq!(
        read(&case, HOOKS)["hooks"]["preToolUse"],
        json!([{"type": "command", "bash": "./guard.sh 'two words'", "matcher": "bash",
            "timeoutSec": 5, "env": {"A": "1"}}])
    );
    let hooks = hooks_of(&case, HOOKS);
    assert_eq!(hooks.len(), 1);
    assert_eq!(hooks[0]["id"], id.as_str());
    assert_eq!(hooks[0]["matcher"], "bash");
    assert_eq!(hooks[0]["action"]["timeout_ms"], 5000);
    assert_eq!(hooks[0]["action"]["env"], json!({"A": "1"}));
    assert!(run_ok(&case, &["validate"]).contains("0 errors"));
    assert_eq!(fire_for(&case, "bash"), "two words|1|bash\n");
    assert_eq!(
        fire_for(&case, "edit"),
        "two words|1|bash\n",
        "the matcher was ignored"
    );

    // An update rewrites `bash` in place and keeps the rest of the entry.
    let out = run_ok(
        &case,
        &[
            "hooks",
            "update",
            &id,
            "--env",
            "A=2",
            "--",
            "./guard.sh",
            "new",
        ],
    );
    let id = out
        .split("(now ")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let entry = &read(&case, HOOKS)["hooks"]["preToolUse"][0];
    assert_eq!(entry["bash"], "./guard.sh new");
    assert_eq!(entry["matcher"], "bash");
    assert_eq!(fire_for(&case, "bash"), "two words|1|bash\nnew|2|bash\n");

    // No per-hook switch; the file's `disableAllHooks` turns it off and back on.
    let run = case.run(&["hooks", "disable", id]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("no per-hook switch"), "{}", run.stderr);
    run_ok(&case, &["hooks", "disable", "--all", "--file", HOOKS]);
    assert_eq!(read(&case, HOOKS)["disableAllHooks"], true);
    assert_eq!(listing(&case)[0]["enabled"], false);
    assert_eq!(
        fire_for(&case, "bash").lines().count(),
        2,
        "a switched-off hook ran"
    );
    run_ok(&case, &["hooks", "enable", "--all", "--file", HOOKS]);
    assert_eq!(read(&case, HOOKS).get("disableAllHooks"), None);
    assert_eq!(fire_for(&case, "bash").lines().count(), 3);

    run_ok(&case, &["hooks", "rm", id]);
    assert_eq!(read(&case, HOOKS), json!({"version": 1, "hooks": {}}));
    assert_eq!(
        fire_for(&case, "bash").lines().count(),
        3,
        "a removed hook ran"
    );
}

#[test]
fn a_copilot_edit_keeps_every_other_key_and_each_entry_s_own_command_key() {
    let original = r#"{
  "version": 1,
  "x-team": {"owner": "infra"},
  "hooks": {
    "sessionStart": [{"type": "command", "command": "true", "cwd": ".", "timeoutSec": 9}],
    "postToolUse": [{"type": "command", "exec": "true", "args": ["a"]}]
  }
}
"#;
    let case = Case::new().file(HOOKS, original);
    let hooks = hooks_of(&case, HOOKS);
    let (start, post) = (
        hooks[0]["id"].as_str().unwrap(),
        hooks[1]["id"].as_str().unwrap(),
    );
    assert_eq!(hooks[1]["action"]["command"], "true");
    assert_eq!(hooks[1]["action"]["args"], json!(["a"]));
    // `command` stays `command`, `exec` stays a program with its `args`, `timeout` replaces
    // nothing but the timeout.
    run_ok(
        &case,
        &[
            "hooks",
            "update",
            start,
            "--timeout",
            "3s",
            "--",
            "echo",
            "hi there",
        ],
    );
    run_ok(&case, &["hooks", "update", post, "--", "printf", "%s", "b"]);
    let file = read(&case, HOOKS);
    assert_eq!(
        file["hooks"]["sessionStart"][0],
        json!({"type": "command", "command": "echo 'hi there'", "cwd": ".", "timeoutSec": 3})
    );
    assert_eq!(
        file["hooks"]["postToolUse"][0],
        json!({"type": "command", "exec": "printf", "args": ["%s", "b"]})
    );
    assert_eq!(file["x-team"], json!({"owner": "infra"}));
    let text = std::fs::read_to_string(case.at(HOOKS)).unwrap();
    let at = |key: &str| text.find(&format!("\"{key}\"")).unwrap();
    assert!(
        at("version") < at("x-team") && at("x-team") < at("hooks"),
        "{text}"
    );

    // The inline hooks of the settings file: no version is added, the settings stay.
    let settings = "{\n  \"model\": \"gpt-5\",\n  \"trusted_folders\": [\"/p\"]\n}\n";
    let case = Case::new().file(SETTINGS, settings).hook("guard.sh", GUARD);
    let id = added_id(&run_ok(
        &case,
        &[
            "hooks",
            "add",
            "preToolUse",
            "--file",
            SETTINGS,
            "--",
            "./guard.sh",
            "s",
        ],
    ));
    let file = read(&case, SETTINGS);
    assert_eq!(file.get("version"), None);
    assert_eq!(file["model"], "gpt-5");
    assert_eq!(fire_for(&case, "bash"), "s||bash\n");
    run_ok(&case, &["hooks", "rm", &id]);
    assert_eq!(read(&case, SETTINGS)["hooks"], json!({}));
    assert_eq!(read(&case, SETTINGS)["trusted_folders"], json!(["/p"]));
}

#[test]
fn a_copilot_file_is_not_edited_where_the_edit_would_be_unsafe() {
    // Another version: Copilot ignores the file, so hookrun does not write hooks into it.
    let other = r#"{"version": 2, "hooks": {}}"#;
    let case = Case::new().file(HOOKS, other);
    let run = case.run(&["hooks", "add", "preToolUse", "--file", HOOKS, "--", "true"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains("`version` is 2, not 1"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(case.at(HOOKS)).unwrap(), other);

    // A `powershell` command beside `bash`: changing one would leave Windows running the old
    // command, so the command is refused; other fields may change.
    let both =
        r#"{"version": 1, "hooks": {"preToolUse": [{"bash": "./a.sh", "powershell": "./a.ps1"}]}}"#;
    let case = Case::new().file(HOOKS, both);
    let id = hooks_of(&case, HOOKS)[0]["id"].as_str().unwrap().to_owned();
    let run = case.run(&["hooks", "update", &id, "--", "./b.sh"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains("`powershell` command"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(case.at(HOOKS)).unwrap(), both);
    run_ok(&case, &["hooks", "update", &id, "--timeout", "7s"]);
    let entry = &read(&case, HOOKS)["hooks"]["preToolUse"][0];
    assert_eq!(entry["powershell"], "./a.ps1");
    assert_eq!(entry["timeoutSec"], 7);
}
