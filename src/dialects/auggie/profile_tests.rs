use std::path::Path;
use std::time::Duration;

use super::AUGGIE;
use crate::dialects::json_file::load_for_test;
use crate::matching::Target;
use crate::model::load::DialectLoad;

fn load(text: &str) -> DialectLoad {
    load_for_test(
        |ctx| AUGGIE.load(ctx),
        ".augment/settings.json",
        AUGGIE,
        text,
    )
}

#[test]
fn timeout_counts_milliseconds_and_defaults_to_sixty_seconds() {
    // `xao(process, t.timeout || Sao)` with `Sao = 6e4` and `setTimeout(…, e)`.
    let loaded = load(
        r#"{"hooks":{"PreToolUse":[{"matcher":".*","hooks":[
            {"type":"command","command":"a","timeout":1500},
            {"type":"command","command":"b"}]}]}}"#,
    );
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let timeouts: Vec<Duration> = loaded.hooks.iter().map(|h| h.timeout).collect();
    assert_eq!(
        timeouts,
        [Duration::from_millis(1500), Duration::from_secs(60)]
    );
}

#[test]
fn the_seven_events_load_and_claudes_user_prompt_submit_is_unknown() {
    for event in super::EVENTS {
        let loaded = load(&format!(
            r#"{{"hooks":{{"{event}":[{{"hooks":[{{"type":"command","command":"x"}}]}}]}}}}"#
        ));
        assert!(
            loaded.diagnostics.is_empty(),
            "{event}: {:?}",
            loaded.diagnostics
        );
    }
    let loaded = load(r#"{"hooks":{"UserPromptSubmit":[{"hooks":[{"command":"x"}]}]}}"#);
    assert!(
        loaded
            .diagnostics
            .iter()
            .any(|d| d.message.contains("UserPromptSubmit")),
        "{:?}",
        loaded.diagnostics
    );
}

#[test]
fn tool_matchers_are_unanchored_regexes_and_other_events_have_none() {
    // `f7n`: `new RegExp(t).test(e.tool_name)`; `aao` passes every non-tool event.
    assert_eq!(AUGGIE.target("PostToolUse"), Target::Name("tool_name"));
    assert_eq!(AUGGIE.target("SessionStart"), Target::None);
    let loaded =
        load(r#"{"hooks":{"PreToolUse":[{"matcher":"launch","hooks":[{"command":"x"}]}]}}"#);
    let matcher = &loaded.hooks[0].matcher;
    assert_eq!(matcher.is_match("launch-process"), Ok(true));
    assert_eq!(matcher.is_match("save-file"), Ok(false));
}

#[test]
fn an_args_list_runs_the_command_without_a_shell() {
    let loaded = load(
        r#"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"node","args":["stop.js"]}]}]}}"#,
    );
    assert!(matches!(
        &loaded.hooks[0].handler,
        crate::model::hook::Handler::Command(crate::model::hook::CommandForm::Exec { program, args })
            if program == "node" && args == &["stop.js"]
    ));
}

#[test]
fn augment_settings_files_are_auggies_by_their_path() {
    use crate::dialects::by_path;
    for path in [
        ".augment/settings.json",
        ".augment/settings.local.json",
        "/home/u/.augment/settings.json",
    ] {
        assert_eq!(by_path(Path::new(path)), Some(AUGGIE), "{path}");
    }
}

#[test]
fn the_launch_process_tool_is_a_shell_for_guards_and_if_rules() {
    // `launch-process` requires `command` among its inputs.
    let call = serde_json::json!({"tool_name": "launch-process", "tool_input": {"command": "ls"}});
    assert_eq!(crate::matching::shell_command(&call).as_deref(), Some("ls"));
}

#[test]
fn plain_stdout_is_context_on_session_start_only() {
    // `Wao`: `e === "SessionStart" ? agentMessages : userMessages`.
    let loaded = load(r#"{"hooks":{"SessionStart":[{"hooks":[{"command":"x"}]}]}}"#);
    let hook = &loaded.hooks[0];
    assert!(AUGGIE.policy(hook, "SessionStart").text_is_context);
    assert!(!AUGGIE.policy(hook, "PromptSubmit").text_is_context);
}
