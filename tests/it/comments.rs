//! Comments in the agents' JSON files, as each agent's own reader takes them: Gemini CLI strips
//! `//` and `/* */` comments (not trailing commas) from `.gemini/settings.json`, so `fire`,
//! `validate`, `list` and `hookrun hooks list` read such a file, with every position still
//! pointing into it as written; `install` and `hookrun hooks` refuse to rewrite it rather than
//! drop the comments. The other agents parse plain JSON, and so does hookrun for their files.

use serde_json::{Value, json};

use crate::harness::Case;

/// A Gemini settings file with line and block comments, a `//` inside a string, and an unknown
/// handler key (`timout`) on line 9 after a block comment.
const COMMENTED: &str = r#"{
  // Gemini CLI reads comments in its settings.
  "hooks": {
    /* before every tool,
       across two lines */
    "BeforeTool": [
      {"hooks": [{"type": "command", "name": "note",
                  "command": "echo http://example.test/a > seen.txt"}, // a URL, not a comment
                 {"type": "command", /* typo: */ "timout": 5, "command": "true"}]}
    ]
  }
}
"#;

fn commented() -> Case {
    Case::new().file(".gemini/settings.json", COMMENTED)
}

#[test]
fn a_gemini_settings_file_with_comments_fires_its_hooks() {
    let case = commented();
    case.payload(json!({"tool_name": "run_shell_command"}))
        .fire("BeforeTool")
        .exit(0);
    let seen = std::fs::read_to_string(case.at("seen.txt")).unwrap();
    assert_eq!(
        seen, "http://example.test/a\n",
        "a `//` in a string is kept"
    );
}

#[test]
fn a_gemini_settings_file_with_comments_validates_with_positions_in_the_file_as_written() {
    let run = commented().run(&["validate", "--format", "json"]).exit(0);
    let Value::Array(diagnostics) = run.json() else {
        panic!("validate --format json prints an array")
    };
    assert!(
        diagnostics.iter().all(|d| d["severity"] != "error"),
        "{diagnostics:#?}"
    );
    let typo = diagnostics
        .iter()
        .find(|d| {
            d["message"]
                .as_str()
                .is_some_and(|m| m.contains("`timout`"))
        })
        .unwrap_or_else(|| panic!("the typo is reported: {diagnostics:#?}"));
    assert_eq!((&typo["line"], &typo["column"]), (&json!(9), &json!(50)));
    assert!(
        typo["snippet"]
            .as_str()
            .is_none_or(|s| s.contains("/* typo: */")),
        "the snippet shows the line as written: {typo:#}"
    );
}

#[test]
fn a_gemini_settings_file_with_comments_is_listed() {
    let listed = commented()
        .run(&["list", "--format", "json"])
        .exit(0)
        .json();
    let gemini = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|source| source["source"] == ".gemini/settings.json")
        .unwrap_or_else(|| panic!("the Gemini file is listed: {listed:#}"));
    assert_eq!(
        gemini["hooks"].as_array().map(Vec::len),
        Some(2),
        "{gemini:#}"
    );
    let case = commented();
    let run = case.run(&["hooks", "list", "--format", "json"]).exit(0);
    assert!(
        run.stdout.contains("http://example.test/a"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_trailing_comma_is_an_error_in_gemini_settings_as_in_gemini_cli() {
    let text = "{\n  \"hooks\": {}, // strip-json-comments 3.1.1 keeps the comma\n}\n";
    let run = Case::new()
        .file(".gemini/settings.json", text)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let Value::Array(diagnostics) = run.json() else {
        panic!("validate --format json prints an array")
    };
    let error = &diagnostics[0];
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("trailing comma")),
        "{error:#}"
    );
    assert_eq!(error["line"], 3, "{error:#}");
}

#[test]
fn comments_stay_an_error_in_agents_that_parse_plain_json() {
    let text = "{\n  // Claude Code parses settings with JSON.parse\n  \"hooks\": {}\n}\n";
    let run = Case::new()
        .file(".claude/settings.json", text)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let Value::Array(diagnostics) = run.json() else {
        panic!("validate --format json prints an array")
    };
    assert_eq!(
        (&diagnostics[0]["line"], &diagnostics[0]["column"]),
        (&json!(2), &json!(3))
    );
}

#[test]
fn install_and_hooks_refuse_to_rewrite_a_file_with_comments_and_leave_it_alone() {
    let case = commented();
    let refused = case.run(&["install", "gemini"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(refused.stderr.contains("comments"), "{}", refused.stderr);
    let run = case.run(&["hooks", "list", "--format", "json"]).exit(0);
    let listing: Value = serde_json::from_str(&run.stdout).unwrap();
    let id = listing[0]["hooks"][0]["id"].as_str().unwrap().to_owned();
    let refused = case.run(&["hooks", "rm", &id]);
    assert_ne!(refused.code, Some(0), "{}", refused.stderr);
    assert!(refused.stderr.contains("cannot keep"), "{}", refused.stderr);
    assert_eq!(
        std::fs::read_to_string(case.at(".gemini/settings.json")).unwrap(),
        COMMENTED
    );
}
