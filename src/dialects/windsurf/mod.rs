//! Windsurf Cascade (`.windsurf/hooks.json`, `~/.codeium/windsurf/hooks.json`, the system file):
//! `{"hooks": {"<snake_case event>": [{command, powershell?, show_output?,
//! working_directory?}]}}`, merged and run system → user → workspace. No matchers: every hook of
//! an event runs. A hook gets `{agent_action_name, trajectory_id, execution_id, timestamp,
//! tool_info}` on stdin and answers by its exit code alone: 2 blocks a pre-hook (stderr is the
//! reason), every other code lets the action go on. `--output windsurf` answers the same way.
//!
//! Windsurf is closed source: every rule is from its documentation,
//! <https://docs.windsurf.com/windsurf/cascade/hooks> ("the hooks page"); nothing was checked by
//! running it.

mod install;
mod load;

use crate::config::sources::{home_path, system_path};
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, FileOrder, Shape, Sniff, SourceFile,
};
use crate::model::hook::{Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level};

/// The Windsurf dialect.
pub(crate) const WINDSURF: Dialect = Dialect::new(&Windsurf);

struct Windsurf;

/// The hooks page's events, pre-hooks first.
const EVENTS: &[&str] = &[
    "pre_read_code",
    "pre_write_code",
    "pre_run_command",
    "pre_mcp_tool_use",
    "pre_user_prompt",
    "post_read_code",
    "post_write_code",
    "post_run_command",
    "post_mcp_tool_use",
    "post_cascade_response",
    "post_cascade_response_with_transcript",
    "post_setup_worktree",
];

/// The hooks page: "For pre-hooks (executed before an action), your script can block the action
/// by exiting with exit code 2"; a post-hook's action has already happened.
fn is_pre_hook(event: &str) -> bool {
    event.starts_with("pre_")
}

/// Every hook gets the event as `agent_action_name` (the hooks page, "common input").
const SHAPE: Shape = Shape {
    key: "agent_action_name",
    render: |ctx| crate::dialects::payload::with_field("agent_action_name", ctx),
};

impl DialectSpec for Windsurf {
    fn name(&self) -> &'static str {
        "windsurf"
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    /// The workspace level: `.windsurf/hooks.json` at the workspace root.
    fn discovery(&self) -> &'static [&'static str] {
        &[".windsurf/hooks.json"]
    }

    /// The system level (`/etc/windsurf/hooks.json`; macOS `/Library/Application
    /// Support/Windsurf/hooks.json`), then the user level (`~/.codeium/windsurf/hooks.json`).
    fn outside_files(&self) -> Vec<SourceFile> {
        let mut files = vec![SourceFile::at(
            system_path(
                "/etc/windsurf/hooks.json",
                "/Library/Application Support/Windsurf/hooks.json",
            ),
            Level::Managed,
        )];
        if let Some(user) = home_path(".codeium/windsurf/hooks.json") {
            files.push(SourceFile::at(user, Level::User));
        }
        files
    }

    /// The hooks page: when one event is configured at several levels "all hooks run in order:
    /// system → user → workspace".
    fn file_order(&self) -> FileOrder {
        FileOrder::OutsideFirst
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        (parent == ".windsurf" || parent == "windsurf") && file == "hooks.json"
    }

    /// Told by its path only: its flat event map is also Cursor's shape.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// Windsurf has no matchers.
    fn target(&self, _event: &str) -> Target {
        Target::None
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        SHAPE
    }

    /// The hooks page names no variable of Windsurf's own.
    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The hooks page: a hook "returns a result via exit code and output streams"; exit 2 blocks
    /// a pre-hook with stderr shown, any other code lets the action go on, and stdout is only
    /// shown (`show_output`), never read as an answer.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let pre = is_pre_hook(event);
        Policy {
            can_block: pre && hook.mode == Mode::Filter,
            exit2_blocks: pre,
            ignore_stdout: true,
            ..Policy::filter(hook)
        }
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&crate::dialects::exit_code::ExitCodeOutput)
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod load_tests;
