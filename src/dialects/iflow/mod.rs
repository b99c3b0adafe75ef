//! iFlow CLI (`@iflow-ai/iflow-cli`, not served by the npm registry here; its GitHub repository
//! holds no source) as a Claude-shaped [`Profile`], from its docs only
//! (<https://platform.iflow.cn/en/cli/examples/hooks>, `…/cli/configuration/settings`): Claude's
//! matcher groups in `.iflow/settings.json` and `~/.iflow/settings.json`, nine events of which
//! `SetUpEnvironment` is iFlow's own, Claude's answers (`--output iflow` is Claude's output).
//! What the docs leave open (the timeout's unit and default, a project-directory variable, the
//! system settings' path, the `Notification` matcher's field) is listed as open on its page.

mod install;

use std::time::Duration;

use crate::config::sources::home_path;
use crate::dialects::claude::load::{SettingsShape, TimeoutUnit, load_settings};
use crate::dialects::claude::output::ClaudeOutput;
use crate::dialects::claude::profile::Profile;
use crate::matching::Target;
use crate::model::dialect::SourceFile;
use crate::model::{Dialect, Level};

/// The iFlow CLI dialect.
pub(crate) const IFLOW: Dialect = Dialect::new(&PROFILE);

/// iFlow CLI, as data.
static PROFILE: Profile = Profile {
    name: "iflow",
    discovery: &[".iflow/settings.json"],
    dir: ".iflow",
    files: &[],
    load: load_settings,
    settle: None,
    outside_files,
    events: EVENTS,
    target,
    settings: SettingsShape {
        dialect: Dialect::new(&PROFILE),
        // The docs show `type`, `command` and `timeout` only.
        handler_keys: &["type", "command", "timeout"],
        // Open point: the docs give no default; 60 s is the default of Gemini CLI, which iFlow
        // CLI is built from.
        default_timeout: Duration::from_secs(60),
        // Open point: the docs give no unit; Claude's seconds, as the shape is Claude's.
        timeout_unit: TimeoutUnit::Seconds,
        kinds: &[],
        flavour: crate::dialects::claude::FLAVOUR,
        finish: None,
    },
    // The docs name no project-directory variable.
    project_dir_vars: &[],
    // Claude's two, and `SetUpEnvironment` ("enhance AI context information", the docs).
    text_context_events: &["SessionStart", "UserPromptSubmit", "SetUpEnvironment"],
    claude_answer_screen: false,
    runs_named_command_once: false,
    disable_all_hooks: false,
    output: Some(&ClaudeOutput),
    installer: Some(&install::INSTALL),
};

/// The nine "Hook Types" of the docs, in their order.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "SetUpEnvironment",
    "Stop",
    "SubagentStop",
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "Notification",
];

/// The docs' matchers: tool names (`Bash`, `Write|Edit`, `*`) on the tool events, a source
/// (`startup`) on `SessionStart`. Which field a `Notification` matcher tests is not documented:
/// its matcher is not applied.
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" => Target::Name("tool_name"),
        "SessionStart" => Target::Name("source"),
        _ => Target::None,
    }
}

/// The user's `~/.iflow/settings.json` (the docs' "User Global Settings").
fn outside_files() -> Vec<SourceFile> {
    home_path(".iflow/settings.json")
        .map(|user| SourceFile::at(user, Level::User))
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::IFLOW;
    use crate::dialects::json_file::load_for_test;
    use crate::matching::Target;
    use crate::model::load::DialectLoad;

    fn load(text: &str) -> DialectLoad {
        load_for_test(|ctx| IFLOW.load(ctx), ".iflow/settings.json", IFLOW, text)
    }

    #[test]
    fn set_up_environment_is_an_iflow_event_and_claudes_setup_is_not() {
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
        let loaded = load(r#"{"hooks":{"Setup":[{"hooks":[{"command":"x"}]}]}}"#);
        assert!(
            loaded
                .diagnostics
                .iter()
                .any(|d| d.message.contains("Setup"))
        );
    }

    #[test]
    fn tool_events_match_the_tool_name_and_session_start_its_source() {
        assert_eq!(IFLOW.target("PreToolUse"), Target::Name("tool_name"));
        assert_eq!(IFLOW.target("SessionStart"), Target::Name("source"));
        assert_eq!(IFLOW.target("SetUpEnvironment"), Target::None);
    }

    #[test]
    fn set_up_environment_stdout_is_context() {
        let loaded = load(r#"{"hooks":{"SetUpEnvironment":[{"hooks":[{"command":"x"}]}]}}"#);
        let hook = &loaded.hooks[0];
        assert!(IFLOW.policy(hook, "SetUpEnvironment").text_is_context);
        assert!(!IFLOW.policy(hook, "PreToolUse").text_is_context);
    }

    #[test]
    fn iflow_settings_files_are_iflows_by_their_path() {
        use crate::dialects::by_path;
        assert_eq!(by_path(Path::new(".iflow/settings.json")), Some(IFLOW));
        assert_eq!(
            by_path(Path::new("/home/u/.iflow/settings.json")),
            Some(IFLOW)
        );
    }
}
