//! A typo in `hookrun.toml` must not quietly weaken a guard (issue 36, item 5): an unknown key (in
//! every table of the file) or an event name no agent fires is an error in `validate`, with the
//! closest right name and the `file:line:col` of the token itself, and a warning on `fire`'s
//! stderr without `-v` while the file's hooks still run. A wrong word of a closed set (`mode`,
//! `on_error`, `kind`, …) is offered the closest right word. The agents' own files keep their
//! agents' reading: an unknown key there stays a warning.

use serde_json::Value;

use crate::harness::{Case, Run, claude_settings};

/// The file: an event, a key and a word each misspelt once.
const TYPOS: &str = "[[hook]]\nname = \"x\"\nevents = [\"PreToolUze\"]\ncommand = \"true\"\non_eror = \"deny\"\nmode = \"observ\"\n";

fn diagnostics(run: &Run) -> Vec<Value> {
    match run.json() {
        Value::Array(items) => items,
        other => panic!("validate --format json printed {other}"),
    }
}

/// The one diagnostic whose message contains `text`: its severity, `line:column` and help.
#[track_caller]
fn found(all: &[Value], text: &str) -> (String, String, String) {
    let hits: Vec<&Value> = all
        .iter()
        .filter(|d| d["message"].as_str().is_some_and(|m| m.contains(text)))
        .collect();
    assert_eq!(hits.len(), 1, "{text:?} in {all:#?}");
    let d = hits[0];
    (
        d["severity"].as_str().unwrap().to_owned(),
        format!(
            "{}:{}:{}",
            d["file"].as_str().unwrap(),
            d["line"],
            d["column"]
        ),
        d["help"].as_str().unwrap_or_default().to_owned(),
    )
}

#[test]
fn validate_fails_on_each_typo_with_the_closest_name_at_its_token() {
    let run = Case::new()
        .file("hookrun.toml", TYPOS)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    assert_eq!(
        found(&all, "`PreToolUze`"),
        (
            "error".into(),
            "hookrun.toml:3:11".into(),
            "did you mean `PreToolUse`?".into()
        )
    );
    assert_eq!(
        found(&all, "unknown key `on_eror`"),
        (
            "error".into(),
            "hookrun.toml:5:1".into(),
            "did you mean `on_error`?".into()
        )
    );
    assert_eq!(
        found(&all, "found \"observ\""),
        (
            "error".into(),
            "hookrun.toml:6:1".into(),
            "did you mean \"observe\"?".into()
        )
    );
    assert_eq!(all.len(), 3, "{all:#?}");
}

#[test]
fn the_human_report_puts_the_caret_under_the_misspelt_event() {
    let text = "[[hook]]\nevents = [\n  \"Stop\",\n  \"PreToolUze\",\n]\ncommand = \"true\"\n";
    let run = Case::new()
        .file("hookrun.toml", text)
        .run(&["validate", "--color", "never"])
        .exit(1);
    let expected = "error: no agent fires an event named `PreToolUze`\n  ——▶ hookrun.toml:4:3\n   |\n 4 |   \"PreToolUze\",\n   |   ^\n  = help: did you mean `PreToolUse`?";
    assert!(run.stdout.contains(expected), "{}", run.stdout);
    assert!(
        run.stdout.ends_with("1 error, 0 warnings in 1 file\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_unknown_key_is_an_error_in_every_table_of_the_file() {
    let text = "timout = \"5s\"\n\n[[hook]]\nevents = [\"Stop\"]\ncommand = \"true\"\n  enabeld = false\n\n[llm]\nmodle = \"m\"\n\n[trust]\nuntrusted = \"hold\"\nuntrustd = \"block\"\n\n[http]\nalow = [\"https://a.example/*\"]\n";
    let run = Case::new()
        .file("hookrun.toml", text)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    for (key, place, close) in [
        ("timout", "hookrun.toml:1:1", "timeout"),
        ("enabeld", "hookrun.toml:6:3", "enabled"),
        ("modle", "hookrun.toml:9:1", "model"),
        ("untrustd", "hookrun.toml:13:1", "untrusted"),
        ("alow", "hookrun.toml:16:1", "allow"),
    ] {
        assert_eq!(
            found(&all, &format!("unknown key `{key}`")),
            (
                "error".into(),
                place.into(),
                format!("did you mean `{close}`?")
            ),
            "{key}"
        );
    }
}

#[test]
fn fire_warns_about_each_typo_without_verbose_and_still_runs_the_hooks() {
    let text = "[[hook]]\nname = \"guard\"\nevents = [\"PreToolUse\", \"PreToolUze\"]\ncommand = \"touch ran\"\non_eror = \"deny\"\n";
    let case = Case::new().file("hookrun.toml", text);
    let run = case
        .fire("PreToolUse")
        .exit(0)
        .stderr_has("warning: unknown key `on_eror` in a [[hook]] table\n  ——▶ hookrun.toml:5:1")
        .stderr_has("did you mean `on_error`?")
        .stderr_has("warning: no agent fires an event named `PreToolUze`\n  ——▶ hookrun.toml:3:25")
        .stderr_has("did you mean `PreToolUse`?");
    assert_eq!(run.hook_names(), ["guard"]);
    assert!(case.at("ran").exists(), "the hook did not run");
    // --strict makes hook failures block, not warnings: the fire is the same.
    let strict = case.fire_with("PreToolUse", &["--strict"]).exit(0);
    assert_eq!(strict.hook_names(), ["guard"]);
    assert_eq!(strict.stderr, run.stderr);
}

#[test]
fn fire_refusing_a_broken_file_shows_its_typos_with_the_error() {
    let run = Case::new()
        .file("hookrun.toml", TYPOS)
        .fire("PreToolUse")
        .exit(1)
        .stderr_has("error: `mode` must be")
        .stderr_has("did you mean \"observe\"?")
        .stderr_has("unknown key `on_eror`")
        .stderr_has("no agent fires an event named `PreToolUze`");
    assert!(
        !run.stderr.contains("kind = \"prompt\""),
        "the help is the closest word, not an unrelated example: {}",
        run.stderr
    );
}

#[test]
fn a_wrong_word_of_each_closed_set_is_offered_the_closest_right_one() {
    let text = "[[hook]]\nevents = [\"Stop\"]\ncommand = \"true\"\non_error = \"dney\"\n\n[[hook]]\nevents = [\"Stop\"]\nkind = \"promt\"\nprompt = \"ok?\"\n\n[[hook]]\nevents = [\"Stop\"]\ncommand = \"true\"\nmode = \"filtre\"\n";
    let run = Case::new()
        .file("hookrun.toml", text)
        .run(&["validate", "--format", "json"])
        .exit(1);
    let all = diagnostics(&run);
    assert_eq!(found(&all, "found \"dney\"").2, "did you mean \"deny\"?");
    assert_eq!(found(&all, "found \"promt\"").2, "did you mean \"prompt\"?");
    assert_eq!(
        found(&all, "found \"filtre\"").2,
        "did you mean \"filter\"?"
    );
}

#[test]
fn an_unknown_key_in_an_agents_file_stays_a_warning() {
    let settings = claude_settings("PreToolUse", "", "true", "\"timout\": 5");
    let case = Case::new().file(".claude/settings.json", &settings);
    let run = case.run(&["validate", "--format", "json"]).exit(0);
    let (severity, _, help) = found(&diagnostics(&run), "unknown key `timout`");
    assert_eq!(
        (severity.as_str(), help.as_str()),
        ("warning", "did you mean `timeout`?")
    );
    assert_eq!(case.fire("PreToolUse").exit(0).stderr, "");
}
