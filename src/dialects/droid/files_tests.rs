use std::path::Path;
use std::time::Duration;

use super::DROID;
use super::files::{Kind, kind, settle};
use crate::dialects::json_file::load_for_test;
use crate::matching::Target;
use crate::model::Level;
use crate::model::hook::Source;
use crate::model::load::DialectLoad;

fn load(path: &str, text: &str) -> DialectLoad {
    load_for_test(|ctx| DROID.load(ctx), path, DROID, text)
}

const GUARD: &str = r#"[{"matcher":"Execute","hooks":[{"type":"command","command":"guard"}]}]"#;

#[test]
fn hooks_json_holds_the_event_map_at_its_top_level_and_settings_json_under_hooks() {
    let hooks = load(
        ".factory/hooks.json",
        &format!(r#"{{"PreToolUse":{GUARD}}}"#),
    );
    assert!(hooks.diagnostics.is_empty(), "{:?}", hooks.diagnostics);
    assert_eq!(hooks.hooks.len(), 1);
    let settings = load(
        ".factory/settings.json",
        &format!(r#"{{"model":"x","hooks":{{"PreToolUse":{GUARD}}}}}"#),
    );
    assert!(
        settings.diagnostics.is_empty(),
        "{:?}",
        settings.diagnostics
    );
    assert_eq!(settings.hooks.len(), 1);
}

#[test]
fn hooks_disabled_beside_the_events_turns_hooks_off_and_show_hook_output_is_no_event() {
    // Both are keys of the hooks schema `xl` beside the nine events.
    let loaded = load(
        ".factory/hooks.json",
        &format!(r#"{{"hooksDisabled":true,"showHookOutput":false,"Stop":{GUARD}}}"#),
    );
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(loaded.switches.disable_all_hooks, Some(true));
    assert_eq!(loaded.hooks.len(), 1);
}

#[test]
fn timeout_counts_seconds_and_defaults_to_60() {
    let loaded = load(
        ".factory/hooks.json",
        r#"{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":5},
            {"type":"command","command":"b"}]}]}"#,
    );
    let timeouts: Vec<Duration> = loaded.hooks.iter().map(|h| h.timeout).collect();
    assert_eq!(timeouts, [Duration::from_secs(5), Duration::from_secs(60)]);
}

#[test]
fn claudes_events_droid_lacks_are_unknown() {
    for event in super::EVENTS {
        let loaded = load(".factory/hooks.json", &format!(r#"{{"{event}":{GUARD}}}"#));
        assert!(
            loaded.diagnostics.is_empty(),
            "{event}: {:?}",
            loaded.diagnostics
        );
    }
    let loaded = load(
        ".factory/hooks.json",
        &format!(r#"{{"PermissionRequest":{GUARD}}}"#),
    );
    assert!(
        loaded
            .diagnostics
            .iter()
            .any(|d| d.message.contains("PermissionRequest")),
        "{:?}",
        loaded.diagnostics
    );
}

#[test]
fn a_matcher_is_an_unanchored_regex_on_the_tool_name() {
    // `cF`: `new RegExp(matcher).test(value)`.
    assert_eq!(DROID.target("PreToolUse"), Target::Name("tool_name"));
    assert_eq!(DROID.target("SessionStart"), Target::Name("source"));
    assert_eq!(DROID.target("Stop"), Target::None);
    let loaded = load(
        ".factory/hooks.json",
        r#"{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"x"}]}]}"#,
    );
    let matcher = &loaded.hooks[0].matcher;
    assert_eq!(matcher.is_match("Edit"), Ok(true));
    assert_eq!(matcher.is_match("MultiEdit"), Ok(true));
    assert_eq!(matcher.is_match("Execute"), Ok(false));
}

#[test]
fn every_file_of_a_factory_folder_is_droids_and_no_one_elses() {
    use crate::dialects::by_path;
    for path in [
        ".factory/hooks.json",
        ".factory/settings.json",
        "/home/u/.factory/hooks.json",
    ] {
        assert_eq!(by_path(Path::new(path)), Some(DROID), "{path}");
    }
    assert_eq!(
        kind(Path::new("/p/.factory/hooks/hooks.json")),
        (Kind::Legacy, "/p/.factory".into())
    );
    assert_eq!(
        kind(Path::new("/p/.factory/hooks.json")),
        (Kind::Hooks, "/p/.factory".into())
    );
}

/// Every file's hooks loaded together, as discovery gives them, then settled.
fn settled(files: &[(&str, &str)]) -> Vec<(String, bool)> {
    let mut sources = Vec::new();
    let mut hooks = Vec::new();
    for (index, (path, text)) in files.iter().enumerate() {
        let source = Source::new(
            (*path).into(),
            (*path).into(),
            DROID,
            (*text).into(),
            Level::Project,
        );
        let loaded = DROID.load(&crate::model::load::LoadContext {
            source: &source,
            index,
            project_dir: Path::new("/p"),
        });
        hooks.extend(loaded.hooks);
        sources.push(source);
    }
    settle(DROID, &sources, &mut hooks);
    hooks
        .iter()
        .map(|hook| (hook.name.clone(), hook.enabled))
        .collect()
}

fn command(event: &str, command: &str) -> String {
    format!(r#""{event}":[{{"hooks":[{{"type":"command","command":"{command}"}}]}}]"#)
}

#[test]
fn an_event_of_hooks_json_replaces_that_event_of_settings_json_and_leaves_the_others() {
    // `mergeHookSettings(hooksJson, settingsJson)` is `{...settingsJson, ...hooksJson}`.
    let settings = format!(
        r#"{{"hooks":{{{},{}}}}}"#,
        command("PreToolUse", "settings-pre"),
        command("Stop", "settings-stop")
    );
    let hooks = format!("{{{}}}", command("PreToolUse", "hooks-pre"));
    let result = settled(&[
        ("/p/.factory/hooks.json", &hooks),
        ("/p/.factory/settings.json", &settings),
    ]);
    let enabled: Vec<&str> = result
        .iter()
        .filter(|(_, on)| *on)
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        enabled.iter().any(|n| n.contains("hooks-pre")),
        "{result:?}"
    );
    assert!(
        enabled.iter().any(|n| n.contains("settings-stop")),
        "{result:?}"
    );
    assert!(
        !enabled.iter().any(|n| n.contains("settings-pre")),
        "{result:?}"
    );
}

#[test]
fn the_legacy_hooks_file_counts_only_without_hooks_json_and_folders_stay_apart() {
    let legacy = format!("{{{}}}", command("Stop", "legacy-stop"));
    let settings = format!(r#"{{"hooks":{{{}}}}}"#, command("Stop", "settings-stop"));
    // Alone, the legacy file is the folder's hooks file: its events replace the settings'.
    let alone = settled(&[
        ("/p/.factory/hooks/hooks.json", &legacy),
        ("/p/.factory/settings.json", &settings),
    ]);
    assert_eq!(alone.iter().filter(|(_, on)| *on).count(), 1, "{alone:?}");
    assert!(alone.iter().any(|(n, on)| *on && n.contains("legacy-stop")));
    // Beside hooks.json it is not read at all; the user's folder is another folder.
    let hooks = format!("{{{}}}", command("PreToolUse", "hooks-pre"));
    let user = format!(r#"{{"hooks":{{{}}}}}"#, command("PreToolUse", "user-pre"));
    let both = settled(&[
        ("/p/.factory/hooks/hooks.json", &legacy),
        ("/p/.factory/hooks.json", &hooks),
        ("/home/u/.factory/settings.json", &user),
    ]);
    assert!(
        both.iter().any(|(n, on)| !*on && n.contains("legacy-stop")),
        "{both:?}"
    );
    assert!(
        both.iter().any(|(n, on)| *on && n.contains("hooks-pre")),
        "{both:?}"
    );
    assert!(
        both.iter().any(|(n, on)| *on && n.contains("user-pre")),
        "{both:?}"
    );
}

#[test]
fn the_execute_tool_is_a_shell_for_guards_and_if_rules() {
    // `name: "Execute", input: {command, …}`: the rm-rf guard reads its command.
    let call = serde_json::json!({"tool_name": "Execute", "tool_input": {"command": "rm -rf /"}});
    assert_eq!(
        crate::matching::shell_command(&call).as_deref(),
        Some("rm -rf /")
    );
}
