//! Cline (the VS Code extension, cline/cline `apps/vscode/src/core/hooks/`): a hook is one
//! executable file named after its event, in `.clinerules/hooks/` of the workspace and in
//! `~/Documents/Cline/Hooks/` for the user ([`load`]). The file is the whole configuration: no
//! matcher, no timeout (30 s, `hook-factory.ts` `HOOK_EXECUTION_TIMEOUT_MS`), no options. It gets
//! Cline's payload on stdin ([`payload`]); only its JSON on exit 0 counts, and it asks for a stop
//! with `cancel: true` ([`answers`]); `--output cline` answers so ([`output`]).

mod answers;
mod install;
mod load;
mod output;
mod payload;

#[cfg(test)]
mod answers_tests;
#[cfg(test)]
mod load_tests;

use std::path::PathBuf;
use std::time::Duration;

use crate::config::sources::{env_dir, home_path};
use crate::matching::Target;
use crate::model::answer::Policy;
use crate::model::dialect::{
    AgentOutput, DialectSpec, EventContext, FileOrder, Shape, Sniff, SourceFile,
};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level};

/// The Cline dialect.
pub(crate) const CLINE: Dialect = Dialect::new(&Cline);

struct Cline;

/// Cline's hook names (`apps/vscode/src/core/hooks/utils.ts` `VALID_HOOK_TYPES`), each the name
/// of its file.
pub(crate) const EVENTS: &[&str] = &[
    "TaskStart",
    "TaskResume",
    "TaskCancel",
    "TaskComplete",
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "Notification",
    "PreCompact",
];

/// Every project hook file Cline looks for: one per event in the workspace's `.clinerules/hooks`
/// (`utils.ts` `resolveHooksDirectory`, `storage/disk.ts` `getWorkspaceHooksDirs`).
const DISCOVERY: &[&str] = &[
    ".clinerules/hooks/TaskStart",
    ".clinerules/hooks/TaskResume",
    ".clinerules/hooks/TaskCancel",
    ".clinerules/hooks/TaskComplete",
    ".clinerules/hooks/PreToolUse",
    ".clinerules/hooks/PostToolUse",
    ".clinerules/hooks/UserPromptSubmit",
    ".clinerules/hooks/Notification",
    ".clinerules/hooks/PreCompact",
];

/// How long Cline waits for a hook (`hook-factory.ts` `HOOK_EXECUTION_TIMEOUT_MS`).
pub(crate) const TIMEOUT: Duration = Duration::from_secs(30);

impl DialectSpec for Cline {
    fn name(&self) -> &'static str {
        "cline"
    }

    fn discovery(&self) -> &'static [&'static str] {
        DISCOVERY
    }

    /// The user's hooks, one file per event in [`user_hooks_dir`].
    fn outside_files(&self) -> Vec<SourceFile> {
        let Some(dir) = user_hooks_dir() else {
            return Vec::new();
        };
        EVENTS
            .iter()
            .map(|event| SourceFile::at(dir.join(event), Level::User))
            .collect()
    }

    /// The user's folder before the workspace's, as `storage/disk.ts` `getAllHooksDirs` lists
    /// them (Cline runs them at once and merges their answers; hookrun one after the other).
    fn file_order(&self) -> FileOrder {
        FileOrder::OutsideFirst
    }

    /// A file named after a Cline event in a `hooks` or `Hooks` folder.
    fn claims_path(&self, parent: &str, file: &str) -> bool {
        matches!(parent, "hooks" | "Hooks") && EVENTS.contains(&file)
    }

    /// A hook file may be any executable, a compiled one too.
    fn files_are_programs(&self) -> bool {
        true
    }

    /// A hook file is a program, not a configuration: its content never tells.
    fn recognises(&self, _sniff: Sniff) -> bool {
        false
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    /// Cline hooks have no matcher: every hook of an event runs on it.
    fn target(&self, _event: &str) -> Target {
        Target::None
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        payload::SHAPE
    }

    /// Cline sets no variable of its own: its hook gets the extension host's environment
    /// (`HookProcess.ts` spawns without `env`).
    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    fn policy(&self, hook: &Hook, event: &str) -> Policy {
        answers::policy(hook, event)
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&output::ClineOutput)
    }

    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }
}

/// `~/Documents/Cline/Hooks` (`storage/disk.ts` `ensureHooksDirectoryExists`), the documents
/// folder being `$XDG_DOCUMENTS_DIR` when set (Cline asks `xdg-user-dir DOCUMENTS` on Linux,
/// `storage/documents-path.ts`), else `~/Documents`.
pub(crate) fn user_hooks_dir() -> Option<PathBuf> {
    let documents = env_dir("XDG_DOCUMENTS_DIR").or_else(|| home_path("Documents"))?;
    Some(documents.join("Cline").join("Hooks"))
}
