use std::time::Duration;

use crate::config::diagnostics::Severity;
use crate::dialects::json_file::load_for_test;
use crate::model::hook::Handler;
use crate::model::load::DialectLoad;

fn load(text: &str) -> DialectLoad {
    load_for_test(
        super::load,
        ".gemini/settings.json",
        super::super::GEMINI,
        text,
    )
}

fn errors(load: &DialectLoad) -> Vec<&str> {
    load.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .collect()
}

fn names(load: &DialectLoad) -> Vec<(&str, bool)> {
    load.hooks
        .iter()
        .map(|h| (h.name.as_str(), h.enabled))
        .collect()
}

#[test]
fn shapes_gemini_skips_are_warnings_not_errors() {
    let loaded = load(
        r#"{"hooks": {
            "enabled": true, "disabled": [], "notifications": {},
            "AfterTool": {"hooks": [{"type": "command", "command": "x"}]},
            "BeforeModel": [{"matcher": "*"}, 5],
            "BeforeTool": [{"hooks": [
                {"type": "command", "name": "no-command"},
                {"type": "command", "command": "./zero.sh", "name": "zero", "timeout": 0},
                {"type": "plugin", "command": "./plugin.sh", "name": "plugin"},
                {"command": "./typeless.sh", "name": "typeless"},
                {"type": "command", "command": "./a.sh", "name": "a", "args": ["x"],
                 "onFailure": "block"}]}]},
          "disableAllHooks": true}"#,
    );
    assert_eq!(errors(&loaded), Vec::<&str>::new());
    assert_eq!(
        names(&loaded),
        [
            ("zero", true),
            ("plugin", true),
            ("typeless", true),
            ("a", true)
        ]
    );
    let zero = &loaded.hooks[0];
    assert_eq!(zero.timeout, Duration::from_secs(60));
    let a = &loaded.hooks[3];
    assert!(!a.fail_closed, "onFailure is not Gemini's");
    assert!(matches!(&a.handler, Handler::Command(form) if form.display() == "./a.sh"));
    let warned = |needle: &str| {
        loaded
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Warning && d.message.contains(needle))
    };
    for needle in [
        "not an array",
        "without a `hooks` array",
        "without `command`",
        "not above 0",
        "without `type`",
        "ignores `args`",
        "ignores `onFailure`",
        "disableAllHooks",
    ] {
        assert!(warned(needle), "{needle}: {:#?}", loaded.diagnostics);
    }
}

#[test]
fn disabled_names_a_named_hook_by_its_name_and_an_unnamed_one_by_its_command() {
    let loaded = load(
        r#"{"hooks": {"BeforeTool": [{"hooks": [
            {"type": "command", "command": "./guard.sh", "name": "guard"},
            {"type": "command", "command": "./audit.sh", "name": "audit"},
            {"type": "command", "command": "./log.sh"}]}]},
          "hooksConfig": {"disabled": ["./guard.sh", "audit", "./log.sh"]}}"#,
    );
    assert_eq!(
        names(&loaded),
        [("guard", true), ("audit", false), ("log", false)]
    );
    let off = load(
        r#"{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x"}]}]},
          "hooksConfig": {"enabled": false}}"#,
    );
    assert!(off.hooks.is_empty());
}
