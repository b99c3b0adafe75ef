//! `.praisonai/hooks.json` loaded as `HooksManager._load_config` reads it.

use std::time::Duration;

use super::*;

fn load_text(text: &str) -> DialectLoad {
    json_file::load_for_test(
        load,
        ".praisonai/hooks.json",
        crate::dialects::PRAISON,
        text,
    )
}

fn exec(hook: &Hook) -> (&str, Vec<&str>) {
    match hook.command() {
        Some(CommandForm::Exec { program, args }) => {
            (program.as_str(), args.iter().map(String::as_str).collect())
        }
        other => panic!("exec form expected, found {other:?}"),
    }
}

fn messages(load: &DialectLoad) -> Vec<String> {
    load.diagnostics.iter().map(ToString::to_string).collect()
}

#[test]
fn the_file_praisonai_hooks_init_writes_loads_three_hooks() {
    let load = load_text(
        r#"{"enabled": true, "timeout": 30, "hooks": {
            "pre_write_code": "./scripts/lint.sh",
            "post_write_code": "./scripts/format.sh",
            "pre_run_command": {"command": "./scripts/validate.sh", "timeout": 60,
                                "block_on_failure": true}}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let [lint, format, validate] = load.hooks.as_slice() else {
        panic!("three hooks expected")
    };
    assert!(fires_on(&lint.events, "pre_write_code"));
    assert!(
        !fires_on(&lint.events, "PRE_WRITE_CODE"),
        "events compare exactly"
    );
    assert!(!fires_on(&lint.events, "post_write_code"));
    assert_eq!(exec(lint), ("/p/scripts/lint.sh", vec![]));
    assert_eq!(
        (lint.timeout, lint.fail_closed),
        (Duration::from_secs(30), false)
    );
    assert_eq!(format.name, "format");
    assert_eq!(
        (validate.timeout, validate.fail_closed),
        (Duration::from_secs(60), true)
    );
    assert!(
        load.hooks
            .iter()
            .all(|h| h.enabled && h.stdin == StdinMode::Null)
    );
    assert!(load.hooks.iter().all(is_manager_hook));
}

#[test]
fn commands_are_split_as_shlex_and_resolved_as_the_manager_resolves_them() {
    let form = |command: &str| command_form(command, Path::new("/proj"));
    let exec = |program: &str, args: &[&str]| {
        Some(CommandForm::Exec {
            program: program.into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
        })
    };
    assert_eq!(
        form("./h/check.sh 'a b' c"),
        exec("/proj/h/check.sh", &["a b", "c"])
    );
    assert_eq!(form("/usr/bin/env true"), exec("/usr/bin/env", &["true"]));
    // Neither absolute nor `./`: the project directory goes in front, also of a bare program.
    assert_eq!(form("scripts/a.sh x"), exec("/proj/scripts/a.sh", &["x"]));
    assert_eq!(form("python3 a.py"), exec("/proj/python3", &["a.py"]));
    assert_eq!(form("./a.sh 'open"), None);
}

#[test]
fn lists_file_timeout_enabled_and_pass_input_are_read() {
    let load = load_text(
        r#"{"timeout": 5, "enabled": false, "hooks": {
            "pre_user_prompt": ["./a.sh", "./b.sh"],
            "post_user_prompt": {"command": "./c.sh", "enabled": false, "pass_input": false}}}"#,
    );
    assert!(load.diagnostics.is_empty(), "{:?}", messages(&load));
    let names: Vec<&str> = load.hooks.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert!(
        load.hooks.iter().all(|h| !h.enabled),
        "the file's `enabled: false` holds"
    );
    assert!(
        load.hooks
            .iter()
            .all(|h| h.timeout == Duration::from_secs(5))
    );
    assert!(matches!(&load.hooks[2].events,
        EventSelector::Typed { kind, .. } if *kind == KIND_WITHOUT_INPUT));
}

#[test]
fn what_the_manager_passes_over_or_cannot_run_is_an_error() {
    let load = load_text(
        r#"{"hooks": {"pre_run_command": [5, "./ok.sh"], "post_run_command": null,
            "pre_read_code": {"timeout": 1}, "post_read_code": "./a.sh 'x",
            "pre_write_code": {"command": "./w.sh", "timeout": 0}}}"#,
    );
    let errors: Vec<String> = load
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(ToString::to_string)
        .collect();
    for expected in [
        "in a list: PraisonAI skips it",
        "for an event: PraisonAI skips it",
        "has no command",
        "cannot be split",
        "`timeout` must be greater than 0",
    ] {
        assert!(
            errors.iter().any(|e| e.contains(expected)),
            "{expected}: {errors:?}"
        );
    }
    let names: Vec<&str> = load.hooks.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["ok", "w"]);
}

#[test]
fn unknown_events_and_keys_are_warned_about() {
    let load = load_text(
        r#"{"hooks": {"pre_run_comand": "./a.sh", "before_tool": {"command": "./b.sh", "matcher": "x"}}}"#,
    );
    let all = messages(&load);
    assert!(
        all.iter()
            .any(|m| m.contains("did you mean `pre_run_command`")),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|m| m.contains("unknown HooksManager event `before_tool`")),
        "{all:?}"
    );
    assert!(all.iter().any(|m| m.contains("matcher")), "{all:?}");
    assert!(load.diagnostics.iter().all(|d| !d.is_error()), "{all:?}");
    assert_eq!(load.hooks.len(), 2);
}
