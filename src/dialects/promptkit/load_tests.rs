//! The PromptKit loader: file order, defaults, env forms, and its diagnostics.

use std::path::Path;
use std::time::Duration;

use super::*;
use crate::model::hook::Source;

fn load_text(text: &str) -> DialectLoad {
    let source = Source::new(
        Path::new("/proj/config/runtime.yaml").to_path_buf(),
        "config/runtime.yaml".into(),
        crate::dialects::PROMPTKIT,
        text.into(),
        crate::model::Level::Project,
    );
    load(&LoadContext {
        source: &source,
        index: 0,
        project_dir: Path::new("/proj"),
    })
}

const RUNTIME: &str = "\
apiVersion: promptkit.altairalabs.ai/v1alpha1
kind: RuntimeConfig
spec:
  providers: []
  hooks:
    zz-pii:
      command: ./hooks/pii.sh
      args: [--strict]
      hook: provider
      phases: [before_call]
    aa-audit:
      command: python3
      args: [hooks/audit.py]
      hook: tool
      phases:
        - before_execution
        - after_execution
      mode: observe
      timeout_ms: 250
      env:
        - LIT=1=2
        - HOSTVAR
    mm-score:
      command: /usr/bin/score
      hook: eval
";

#[test]
fn hooks_keep_the_file_order_and_their_names() {
    let load = load_text(RUNTIME);
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let names: Vec<_> = load.hooks.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["zz-pii", "aa-audit", "mm-score"]);
}

#[test]
fn filter_is_the_default_and_fails_closed() {
    let load = load_text(RUNTIME);
    let pii = &load.hooks[0];
    assert_eq!(pii.mode, Mode::Filter);
    assert!(pii.fail_closed);
    assert_eq!(pii.timeout, Duration::from_secs(10));
    assert_eq!(pii.stdin, StdinMode::Payload);
    assert_eq!(pii.cwd, Path::new("/proj"));
    assert!(
        matches!(pii.command(), Some(CommandForm::Exec { program, args })
        if program == "/proj/config/hooks/pii.sh" && args == &["--strict"])
    );
    assert!(
        matches!(&pii.events, EventSelector::Typed { kind: "provider", phases }
        if phases == &["before_call"])
    );
    let audit = &load.hooks[1];
    assert_eq!(audit.mode, Mode::Observe);
    assert!(!audit.fail_closed);
    assert_eq!(audit.timeout, Duration::from_millis(250));
    assert!(
        matches!(audit.command(), Some(CommandForm::Exec { program, .. }) if program == "python3")
    );
}

#[test]
fn env_items_set_or_forward() {
    let audit = &load_text(RUNTIME).hooks[1];
    assert_eq!(audit.env, [("LIT".to_owned(), "1=2".to_owned())]);
    assert_eq!(audit.env_forward, ["HOSTVAR"]);
}

#[test]
fn a_hook_without_phases_loads_with_a_warning() {
    let load = load_text(
        "kind: RuntimeConfig\nspec:\n  hooks:\n    idle:\n      command: /nonexistent\n      hook: tool\n",
    );
    assert_eq!(load.hooks.len(), 1);
    assert_eq!(load.diagnostics.len(), 1);
    let warning = &load.diagnostics[0];
    assert_eq!(warning.severity, Severity::Warning);
    assert!(warning.message.contains("never runs"), "{warning}");
    assert_eq!(warning.position(), "config/runtime.yaml:4:5");
}

#[test]
fn problems_are_positioned_in_the_yaml() {
    let load = load_text(
        "kind: RuntimeConfig\nspec:\n  hooks:\n    a:\n      command: x\n      hook: tools\n    b:\n      command: y\n      hook: provider\n      phases: [before_cal]\n      timeout_ms: soon\n      mode: audit\n      colour: red\n",
    );
    let shown: Vec<String> = load
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.position(), d.message))
        .collect();
    let expect = [
        "config/runtime.yaml:6:13 `hook` must be",
        "config/runtime.yaml:10:15 phase `before_cal`",
        "config/runtime.yaml:11:19 `spec.hooks.b.timeout_ms` must be a number",
        "config/runtime.yaml:12:13 `mode` \"audit\"",
        "config/runtime.yaml:13:7 unknown key `colour`",
    ];
    for line in expect {
        assert!(
            shown.iter().any(|s| s.starts_with(line)),
            "{line}\n{shown:#?}"
        );
    }
    assert_eq!(load.hooks.len(), 1);
}

#[test]
fn timeouts_must_be_positive_milliseconds() {
    let load = load_text(
        "spec:\n  hooks:\n    a:\n      command: x\n      hook: eval\n      timeout_ms: 0\n",
    );
    assert!(load.diagnostics[0].is_error());
    assert!(load.diagnostics[0].message.contains("milliseconds"));
    // Found by the config fuzz target: a number too large for a duration panicked. It is an
    // error now (1e400 already was: the YAML reader refuses non-finite numbers).
    for (timeout, says) in [
        (
            "3000111111111111111111111111111111111111111111111111111111111111111",
            "milliseconds",
        ),
        ("-5", "milliseconds"),
        ("1e400", "non-finite"),
    ] {
        let load = load_text(&format!(
            "spec:\n  hooks:\n    a:\n      command: x\n      hook: eval\n      timeout_ms: {timeout}\n"
        ));
        assert!(
            load.diagnostics
                .first()
                .is_some_and(|d| d.is_error() && d.message.contains(says)),
            "{timeout}: {:?}",
            load.diagnostics
        );
    }
}

#[test]
fn yaml_syntax_errors_fail_the_file() {
    let load = load_text("spec:\n  hooks:\n    a: [\n");
    assert!(load.hooks.is_empty());
    assert!(load.diagnostics[0].is_error());
    assert!(load.diagnostics[0].line > 0, "{}", load.diagnostics[0]);
}

#[test]
fn files_without_hooks_load_nothing_quietly() {
    for text in [
        "kind: RuntimeConfig\nspec:\n  providers: []\n",
        "kind: RuntimeConfig\nspec:\n  hooks:\n",
        "",
    ] {
        let load = load_text(text);
        assert!(load.hooks.is_empty());
        assert!(
            load.diagnostics.is_empty(),
            "{text:?}: {:?}",
            load.diagnostics
        );
    }
}
