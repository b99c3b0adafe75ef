//! Kiro CLI v3 hooks: one file per set of hooks, `.kiro/hooks/<name>.json`, each
//! `{"version": "v1", "hooks": [{"name"?, "trigger", "matcher"?, "action": {"type": "command",
//! "command"} | {"type": "agent", "prompt"}, "timeout"?, "enabled"?}]}`, applying to every agent
//! of the workspace. A command hook gets `{hook_event_name, cwd, tool_name?, tool_input?}` on
//! stdin and answers by its exit code: 2 blocks where the trigger can block (stderr goes to the
//! model), any other code lets the action go on. `--output kiro` answers the same way.
//!
//! Rules are from Kiro's documentation, <https://kiro.dev/docs/cli/v3/hooks/> ("the v3 page")
//! and <https://kiro.dev/docs/cli/hooks> (the hook event and output, "the CLI hooks page"), and
//! the default timeout from the code of its open-source predecessor, aws/amazon-q-developer-cli
//! (`crates/chat-cli/src/cli/agent/hook.rs`, `DEFAULT_TIMEOUT_MS = 30_000`). Kiro CLI v3 itself is
//! closed: nothing was checked by running it.

mod install;
mod load;

use std::path::{Path, PathBuf};

use crate::matching::{Flavour, Syntax, Target};
use crate::model::Dialect;
use crate::model::answer::Policy;
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff};
use crate::model::hook::{Hook, Mode};
use crate::model::load::{DialectLoad, LoadContext};

/// The Kiro dialect.
pub(crate) const KIRO: Dialect = Dialect::new(&Kiro);

/// The v3 page: a matcher is a "Tool name (regex)" or a "File path (regex)" (`\\.ts$`,
/// `fs_write|str_replace`): an unanchored regex, in Rust's syntax (Kiro CLI is Rust, as its
/// predecessor is).
pub(crate) const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::Rust);

struct Kiro;

/// The v3 page's "Trigger reference", in its order.
const EVENTS: &[&str] = &[
    "SessionStart",
    "Stop",
    "PreToolUse",
    "PostToolUse",
    "PreTaskExec",
    "PostTaskExec",
    "UserPromptSubmit",
    "PostFileCreate",
    "PostFileSave",
    "PostFileDelete",
    "Manual",
];

/// The v3 page's "Can block?" column: `PreToolUse`, `PreTaskExec` and `UserPromptSubmit`.
fn can_block(event: &str) -> bool {
    matches!(event, "PreToolUse" | "PreTaskExec" | "UserPromptSubmit")
}

/// The hooks directory, relative to the project.
const HOOKS_DIR: &str = ".kiro/hooks";

impl DialectSpec for Kiro {
    fn name(&self) -> &'static str {
        "kiro"
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[]
    }

    /// Every `.kiro/hooks/*.json`, by name. The Kiro IDE's `*.kiro.hook` files in the same
    /// directory are another format and are not read.
    fn listed_files(&self, project_dir: &Path) -> Result<Vec<PathBuf>, String> {
        // Its `*.json` files, sorted by name (hidden ones skipped); none when it does not exist.
        Ok(crate::config::sources::drop_in_files(
            &project_dir.join(HOOKS_DIR),
        ))
    }

    fn claims_path(&self, _parent: &str, _file: &str) -> bool {
        false
    }

    /// `….kiro/hooks/<name>.json`: a bare `hooks/<name>.json` is also Copilot's.
    fn claims_nested_path(&self, path: &str) -> bool {
        let Some((dir, file)) = path.rsplit_once('/') else {
            return false;
        };
        let json = Path::new(file)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        json && (dir == HOOKS_DIR || dir.ends_with(&format!("/{HOOKS_DIR}")))
    }

    /// Told by its place only: a `hooks` array is PraisonAI's shape too.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// The v3 page's "Matcher matches": the tool name on the tool triggers, the file path on the
    /// file triggers, nothing elsewhere.
    fn target(&self, event: &str) -> Target {
        match event {
            "PreToolUse" | "PostToolUse" => Target::Name("tool_name"),
            "PostFileCreate" | "PostFileSave" | "PostFileDelete" => Target::Text("file_path"),
            _ => Target::None,
        }
    }

    /// The CLI hooks page: the hook event names itself in `hook_event_name`.
    fn shape(&self, _hook: &Hook) -> Shape {
        crate::dialects::payload::EVENT_NAME
    }

    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The v3 page: "Exit code determines behavior (0 = success, 2 = block …)"; the CLI hooks
    /// page: on exit 2 "STDERR is returned to the LLM", other codes are a failed hook shown as a
    /// warning, and stdout is "captured but not shown" — never an answer.
    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        let blocks = can_block(event);
        Policy {
            can_block: blocks && hook.mode == Mode::Filter,
            exit2_blocks: blocks,
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
