//! `hookrun hooks` on `hookrun.toml`: comments, key order and the other tables kept byte for
//! byte outside the edited hook, ids stable, invalid hooks refused, the per-hook and file-wide
//! switches honoured by `fire`, and concurrent adds serialised.

use std::process::Stdio;

use super::{added_id, ids, listing};
use crate::harness::Case;

/// A hookrun.toml as a person writes one: comments everywhere, unknown keys, other tables
/// between and after the hooks.
const ORIGINAL: &str = r#"# Team hooks — keep this comment.
timeout = "20s"   # the file's default
x-owner = { team = "infra", since = 2024 }

# The guard.
[[hook]]
name = "guard"
events = ["PreToolUse"]
matcher = "Bash"    # shell only
command = "true"
'x-note' = "unknown, kept"

[llm]
model = "m"   # only this counts here

[[hook]]
events = [
    "Stop",   # multi-line, commented
]
command = "true"
args = ["--quiet"]

[http]
allow = ["https://audit.example.com/*"]
"#;

/// `validate` reports the file's own unknown keys (`x-owner`, `x-note`: errors in hookrun.toml,
/// where a typo must not pass) and no error the edits brought.
#[track_caller]
fn only_its_own_unknown_keys_fail_validate(case: &Case) {
    let run = case.run(&["validate", "--format", "json"]);
    let all = run.json();
    let errors: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        errors,
        [
            "unknown key `x-owner` in hookrun.toml",
            "unknown key `x-note` in a [[hook]] table"
        ],
        "{}",
        run.stdout
    );
}

fn run_ok(case: &Case, args: &[&str]) -> String {
    let run = case.run(args);
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    run.stdout
}

fn text(case: &Case) -> String {
    std::fs::read_to_string(case.at("hookrun.toml")).unwrap()
}

#[test]
fn every_operation_keeps_the_rest_of_the_file_byte_for_byte() {
    let case = Case::new().file("hookrun.toml", ORIGINAL);
    let before = ids(&case, "hookrun.toml");
    assert_eq!(before.len(), 2);
    let added = added_id(&run_ok(
        &case,
        &[
            "hooks",
            "add",
            "PreToolUse,beforeShellExecution",
            "--file",
            "hookrun.toml",
            "--matcher",
            "Write",
            "--timeout",
            "5s",
            "--stdin-json",
            "--env",
            "MODE=audit",
            "--",
            "./check.sh",
            "two words",
        ],
    ));
    // The new table goes after the last [[hook]]; everything around it is the original's.
    let after_add = text(&case);
    let at = ORIGINAL.find("\n[http]").unwrap();
    let inserted = "\n[[hook]]\nevents = [\"PreToolUse\", \"beforeShellExecution\"]\nmatcher = \"Write\"\ncommand = \"./check.sh\"\nargs = [\"two words\"]\ntimeout = \"5s\"\nenv = { MODE = \"audit\" }\n";
    assert_eq!(
        after_add,
        format!("{}{inserted}{}", &ORIGINAL[..at], &ORIGINAL[at..])
    );
    let doc = &listing(&case)[0];
    assert_eq!(doc["dialect"], "hookrun");
    let hook = &doc["hooks"][2];
    assert_eq!(hook["id"], added.as_str());
    assert_eq!(hook["event"], "PreToolUse,beforeShellExecution");
    assert_eq!(hook["matcher"], "Write");
    assert_eq!(hook["action"]["command"], "./check.sh");
    assert_eq!(hook["action"]["args"][0], "two words");
    assert_eq!(hook["action"]["timeout_ms"], 5000);
    assert_eq!(hook["action"]["stdin_json"], true);
    assert_eq!(hook["action"]["env"]["MODE"], "audit");
    only_its_own_unknown_keys_fail_validate(&case);

    // Switching the commented first hook off adds one line to it, and on takes it away.
    run_ok(&case, &["hooks", "disable", &before[0]]);
    assert_eq!(
        text(&case),
        after_add.replacen(
            "'x-note' = \"unknown, kept\"\n",
            "'x-note' = \"unknown, kept\"\nenabled = false\n",
            1
        )
    );
    assert_eq!(ids(&case, "hookrun.toml")[0], before[0]);
    run_ok(&case, &["hooks", "enable", &before[0]]);
    assert_eq!(text(&case), after_add);

    // An update replaces a value in place, keeping the comment after it.
    let now = run_ok(
        &case,
        &["hooks", "update", &before[0], "--matcher", "Bash|Write"],
    );
    assert!(now.contains("(now "), "{now}");
    assert_eq!(
        text(&case),
        after_add.replacen(
            "matcher = \"Bash\"    # shell only",
            "matcher = \"Bash|Write\"    # shell only",
            1
        )
    );
    let updated = ids(&case, "hookrun.toml")[0].clone();
    assert_ne!(updated, before[0]);
    run_ok(&case, &["hooks", "update", &updated, "--matcher", "Bash"]);
    assert_eq!(text(&case), after_add);

    // The whole file: the top-level switch, before the first table.
    run_ok(
        &case,
        &["hooks", "disable", "--all", "--file", "hookrun.toml"],
    );
    assert!(
        text(&case).contains("x-owner = { team = \"infra\", since = 2024 }\nenabled = false\n")
    );
    assert_eq!(listing(&case)[0]["enabled"], false);
    run_ok(
        &case,
        &["hooks", "enable", "--all", "--file", "hookrun.toml"],
    );
    assert_eq!(text(&case), after_add);

    run_ok(&case, &["hooks", "rm", &added]);
    assert_eq!(text(&case), ORIGINAL);
    assert_eq!(ids(&case, "hookrun.toml"), before);
}

#[test]
fn ids_stay_the_same_when_an_earlier_hook_is_deleted() {
    let case = Case::new().file("hookrun.toml", ORIGINAL);
    for word in ["a", "b"] {
        run_ok(
            &case,
            &[
                "hooks",
                "add",
                "Stop",
                "--file",
                "hookrun.toml",
                "--",
                "echo",
                word,
            ],
        );
    }
    let all = ids(&case, "hookrun.toml");
    assert_eq!(all.len(), 4);
    run_ok(&case, &["hooks", "rm", &all[0]]);
    assert_eq!(ids(&case, "hookrun.toml"), all[1..]);
    run_ok(&case, &["hooks", "rm", &all[2]]);
    assert_eq!(ids(&case, "hookrun.toml"), [all[1].clone(), all[3].clone()]);
    let run = case.run(&["hooks", "rm", &all[0]]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("no hook has the id"), "{}", run.stderr);
}

#[test]
fn hooks_that_validate_refuses_are_never_written() {
    let case = Case::new().file("hookrun.toml", ORIGINAL);
    let id = ids(&case, "hookrun.toml")[0].clone();
    let refused: &[&[&str]] = &[
        &[
            "add",
            "Stop",
            "--file",
            "hookrun.toml",
            "--matcher",
            "(",
            "--",
            "true",
        ],
        &["add", ",", "--file", "hookrun.toml", "--", "true"],
        &["add", "Stop", "--file", "hookrun.toml", "--", ""],
        &["update", &id, "--stdin-json", "false"],
        &["update", &id, "--matcher", "["],
    ];
    for args in refused {
        let mut full = vec!["hooks"];
        full.extend_from_slice(args);
        let run = case.run(&full);
        assert_eq!(run.code, Some(1), "{args:?} was accepted: {}", run.stdout);
        assert!(
            !run.stderr.is_empty(),
            "{args:?}: refused without saying why"
        );
        assert_eq!(text(&case), ORIGINAL, "{args:?}");
    }
    // A file hookrun cannot parse is named, not listed as empty, and not rewritten.
    let broken = Case::new().file("hookrun.toml", "[[hook]\n");
    let run = broken.run(&[
        "hooks",
        "add",
        "Stop",
        "--file",
        "hookrun.toml",
        "--",
        "true",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("not valid TOML"), "{}", run.stderr);
    assert_eq!(text(&broken), "[[hook]\n");
}

#[test]
fn fire_honours_the_hook_switch_and_the_file_switch() {
    let case = Case::new();
    let id = added_id(&run_ok(
        &case,
        &[
            "hooks",
            "add",
            "Stop",
            "--file",
            "hookrun.toml",
            "--",
            "touch",
            "ran",
        ],
    ));
    run_ok(&case, &["hooks", "disable", &id]);
    // Twice: the second fire reads the configuration cache.
    for _ in 0..2 {
        case.fire("Stop");
        assert!(!case.at("ran").exists(), "a disabled hook ran");
    }
    run_ok(&case, &["hooks", "enable", &id]);
    case.fire("Stop");
    assert!(case.at("ran").exists(), "the enabled hook did not run");
    std::fs::remove_file(case.at("ran")).unwrap();
    run_ok(
        &case,
        &["hooks", "disable", "--all", "--file", "hookrun.toml"],
    );
    for _ in 0..2 {
        case.fire("Stop");
        assert!(
            !case.at("ran").exists(),
            "a hook of a switched-off file ran"
        );
    }
    let list = case.run(&["list", "--format", "json"]);
    assert!(
        list.stdout.contains("\"enabled\":false") || list.stdout.contains("\"enabled\": false"),
        "{}",
        list.stdout
    );
}

#[test]
fn fifty_concurrent_adds_keep_every_hook_and_the_file_always_whole() {
    let case = Case::new().file("hookrun.toml", ORIGINAL);
    let path = case.at("hookrun.toml");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (path, stop) = (path.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut reads = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let text = std::fs::read_to_string(&path).expect("the file is always there");
                text.parse::<::toml::Table>()
                    .unwrap_or_else(|e| panic!("a reader saw broken TOML ({e}):\n{text}"));
                reads += 1;
            }
            reads
        })
    };
    let children: Vec<_> = (0..50)
        .map(|i| {
            let word = format!("w{i}");
            let mut command = case.command(&[
                "hooks",
                "add",
                "Stop",
                "--file",
                "hookrun.toml",
                "--",
                "echo",
                &word,
            ]);
            command.stdout(Stdio::null()).stderr(Stdio::piped());
            command.spawn().expect("spawn")
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(
        reader
            .join()
            .expect("the reader saw a whole file every time")
            > 0
    );
    let doc: ::toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    let hooks = doc["hook"].as_array().unwrap();
    assert_eq!(hooks.len(), 52);
    let mut words: Vec<&str> = hooks[2..]
        .iter()
        .map(|h| h["args"][0].as_str().unwrap())
        .collect();
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), 50);
    // The file's own parts are still there, and it validates.
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("# Team hooks — keep this comment.\n")
    );
    only_its_own_unknown_keys_fail_validate(&case);
}
