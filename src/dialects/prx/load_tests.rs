//! The PRX loader: shapes, defaults, and every security rule of docs/dialects/prx.md as a
//! diagnostic.

use std::path::Path;
use std::time::Duration;

use super::*;
use crate::config::diagnostics::Diagnostic;
use crate::model::hook::Source;

fn load_in(dir: &Path, text: &str) -> DialectLoad {
    let source = Source::new(
        dir.join("hooks.json"),
        "hooks.json".into(),
        crate::dialects::PRX,
        text.into(),
        crate::model::Level::Project,
    );
    load(&LoadContext {
        source: &source,
        index: 0,
        project_dir: dir,
    })
}

fn load_text(text: &str) -> DialectLoad {
    let dir = tempfile::tempdir().unwrap();
    load_in(dir.path(), text)
}

fn errors(load: &DialectLoad) -> Vec<&Diagnostic> {
    load.diagnostics.iter().filter(|d| d.is_error()).collect()
}

#[test]
fn actions_default_to_exec_form_observe_sanitised_30s_null_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let load = load_in(
        dir.path(),
        r#"{"hooks": {"Tool-Call-Start": [{"command": "./hooks/audit.sh", "args": ["--x"]}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    let hook = &load.hooks[0];
    let expected_program = dir.path().join("hooks/audit.sh");
    assert!(matches!(
        hook.command(),
        Some(CommandForm::Exec { program, args })
            if Path::new(program) == expected_program && args == &["--x"]
    ));
    assert!(matches!(&hook.events, EventSelector::Named(e) if e == "tool_call_start"));
    assert_eq!(hook.timeout, Duration::from_secs(30));
    assert_eq!(hook.kill_grace, Duration::from_secs(5));
    assert_eq!(hook.mode, Mode::Observe);
    assert!(hook.sanitize_env);
    assert!(!hook.fail_closed);
    assert_eq!(hook.stdin, StdinMode::Null);
    assert_eq!(hook.cwd, dir.path());
    assert_eq!(hook.name, "audit");
}

#[test]
fn timeouts_are_milliseconds_file_level_then_action() {
    let load = load_text(
        r#"{"timeout_ms": 1500, "hooks": {"error": [
            {"command": "a", "stdin_json": true},
            {"command": "b", "timeout_ms": 250}]}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", load.diagnostics);
    assert_eq!(load.hooks[0].timeout, Duration::from_millis(1500));
    assert_eq!(load.hooks[0].stdin, StdinMode::Payload);
    assert_eq!(load.hooks[1].timeout, Duration::from_millis(250));
}

#[test]
fn timeouts_outside_1_to_300000_are_errors() {
    for bad in ["0", "300001", "-5", "1.5", "\"5000\""] {
        let load = load_text(&format!(r#"{{"timeout_ms": {bad}, "hooks": {{}}}}"#));
        assert_eq!(errors(&load).len(), 1, "{bad}: {:?}", load.diagnostics);
        let load = load_text(&format!(
            r#"{{"hooks": {{"error": [{{"command": "a", "timeout_ms": {bad}}}]}}}}"#
        ));
        assert_eq!(errors(&load).len(), 1, "{bad}: {:?}", load.diagnostics);
    }
    assert!(errors(&load_text(r#"{"timeout_ms": 300000}"#)).is_empty());
}

#[test]
fn shell_metacharacters_in_command_are_errors_naming_the_position() {
    for command in [
        "echo; rm -rf x",
        "a | b",
        "a && b",
        "a `b`",
        "a $(b)",
        "a > f",
        "a < f",
        "a\\nb",
    ] {
        let text = format!(
            "{{\n  \"hooks\": {{\n    \"error\": [{{\"command\": \"{command}\"}}]\n  }}\n}}"
        );
        let load = load_text(&text);
        let errors = errors(&load);
        assert_eq!(errors.len(), 1, "{command}");
        assert!(errors[0].message.contains("metacharacter"), "{}", errors[0]);
        assert_eq!(errors[0].position(), "hooks.json:3:27", "{command}");
        assert!(load.hooks.is_empty());
    }
    // In args they are plain text: no shell ever sees them.
    let load = load_text(r#"{"hooks": {"error": [{"command": "echo", "args": ["a;b|c"]}]}}"#);
    assert!(errors(&load).is_empty());
}

#[test]
fn blocked_env_vars_are_dropped_with_a_coded_warning() {
    let load = load_text(
        r#"{"hooks": {"error": [{"command": "a", "env": {
            "PATH": "/evil", "path": "/x", "Ld_Preload": "x.so", "LD_LIBRARY_PATH": "/l",
            "DYLD_INSERT_LIBRARIES": "d", "DYLD_LIBRARY_PATH": "d", "HOME": "/h", "FOO": "bar"}}]}}"#,
    );
    assert!(errors(&load).is_empty());
    assert_eq!(load.diagnostics.len(), 7, "{:?}", load.diagnostics);
    assert!(
        load.diagnostics
            .iter()
            .all(|d| d.code == Some(BLOCKED_ENV_CODE))
    );
    assert_eq!(load.hooks[0].env, [("FOO".to_owned(), "bar".to_owned())]);
}

#[test]
fn cwd_must_stay_inside_the_workspace() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sub/deeper")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("escape")).unwrap();
    let workspace = dir.path().canonicalize().unwrap();
    let ok = [
        ("sub", workspace.join("sub")),
        ("sub/deeper/..", workspace.join("sub")),
        ("./sub/../sub/deeper", workspace.join("sub/deeper")),
        ("new/dir", workspace.join("new/dir")),
        (".", workspace.clone()),
    ];
    for (cwd, expected) in ok {
        let text = format!(r#"{{"hooks": {{"error": [{{"command": "a", "cwd": "{cwd}"}}]}}}}"#);
        let load = load_in(dir.path(), &text);
        assert!(errors(&load).is_empty(), "{cwd}: {:?}", load.diagnostics);
        assert_eq!(load.hooks[0].cwd, expected, "{cwd}");
    }
    let outside_path = outside.path().to_string_lossy().into_owned();
    for cwd in [
        "..",
        "sub/../../x",
        "escape",
        "escape/inner",
        "/",
        &outside_path,
    ] {
        let text = format!(r#"{{"hooks": {{"error": [{{"command": "a", "cwd": "{cwd}"}}]}}}}"#);
        let load = load_in(dir.path(), &text);
        let errors = errors(&load);
        assert_eq!(errors.len(), 1, "{cwd}: {:?}", load.diagnostics);
        assert!(
            errors[0].message.contains("leaves the workspace"),
            "{}",
            errors[0]
        );
        assert!(load.hooks.is_empty(), "{cwd}");
    }
}

#[test]
fn event_keys_are_normalised_and_unknown_ones_warned() {
    let load = load_text(
        r#"{"hooks": {" Turn-Complete ": [{"command": "a"}], "prx.lifecycle.agent_start": [{"command": "b"}],
            "tool_cal": [{"command": "c"}]}}"#,
    );
    let names: Vec<_> = load
        .hooks
        .iter()
        .map(|h| match &h.events {
            EventSelector::Named(e) => e.clone(),
            _ => String::new(),
        })
        .collect();
    assert!(names.contains(&"turn_complete".to_owned()), "{names:?}");
    assert!(names.contains(&"prx.lifecycle.agent_start".to_owned()));
    assert_eq!(load.diagnostics.len(), 1, "{:?}", load.diagnostics);
    assert_eq!(
        load.diagnostics[0].help.as_deref(),
        Some("did you mean `tool_call`?")
    );
}

#[test]
fn shape_errors_are_reported_and_the_rest_still_loads() {
    let load = load_text(
        r#"{"hooks": {"error": [{"args": []}, {"command": "  "}, {"command": "ok", "stdin_json": "yes", "bogus": 1}]}}"#,
    );
    let messages: Vec<_> = load
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(load.hooks.len(), 1, "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("has no `command`")));
    assert!(messages.iter().any(|m| m.contains("is empty")));
    assert!(messages.iter().any(|m| m.contains("true or false")));
    assert!(messages.iter().any(|m| m.contains("unknown key `bogus`")));
    assert!(load_text("{\"hooks\": [").diagnostics[0].is_error());
}
