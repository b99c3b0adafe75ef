//! Augment's Auggie (`@augmentcode/auggie` 0.36.0) as a Claude-shaped [`Profile`]: Claude's
//! matcher groups under seven events (`PromptSubmit` where Claude says `UserPromptSubmit`) in
//! `.augment/settings.json`, `.augment/settings.local.json`, `~/.augment/settings.json` and
//! `/etc/augment/settings.json`; `timeout` in **milliseconds** (default 60 000); the tool events'
//! matchers an unanchored regex on the tool's name; `AUGMENT_PROJECT_DIR` in every hook's
//! environment; Claude's answers, read inside `hookSpecificOutput` on `PostToolUse` and `Stop`
//! too (`--output auggie` is Claude's output with those two moved there: [`output`]).
//! Facts are from its bundled `augment.mjs` (quoted by its minified names: `cle` lists the
//! files, `Hnt`/`znt`/`jnt` are the schema, `Bao`/`wao` the executor, `f7n` the matcher).

mod install;
mod output;

use std::time::Duration;

use crate::config::sources::home_path;
use crate::dialects::claude::load::{SettingsShape, TimeoutUnit, load_settings};
use crate::dialects::claude::profile::Profile;
use crate::matching::{Flavour, Syntax, Target};
use crate::model::dialect::SourceFile;
use crate::model::{Dialect, Level};

/// The Auggie dialect.
pub(crate) const AUGGIE: Dialect = Dialect::new(&PROFILE);

/// Auggie, as data.
static PROFILE: Profile = Profile {
    name: "auggie",
    // `cle`: the workspace's `settings.local.json` before its `settings.json`.
    discovery: &[".augment/settings.local.json", ".augment/settings.json"],
    dir: ".augment",
    files: &[],
    load: load_settings,
    settle: None,
    outside_files,
    events: EVENTS,
    target,
    settings: SettingsShape {
        dialect: Dialect::new(&PROFILE),
        // `Hnt = {type: "command", command, args?, timeout?}`; `metadata` sits on the group.
        handler_keys: &["type", "command", "args", "timeout"],
        // `Sao = 6e4`, used as `xao(process, t.timeout || Sao)` with `setTimeout(…, e)`.
        default_timeout: Duration::from_secs(60),
        timeout_unit: TimeoutUnit::Milliseconds,
        kinds: &[],
        flavour: FLAVOUR,
        finish: None,
    },
    // `vao`: `AUGMENT_PROJECT_DIR: e.workspace_roots?.[0] || process.cwd()`.
    project_dir_vars: &["AUGMENT_PROJECT_DIR"],
    // `Wao`: plain stdout of an exit-0 hook goes to the agent on `SessionStart`, to the user on
    // every other event.
    text_context_events: &["SessionStart"],
    // `OIt` parses stdout against a union discriminated by `hookEventName`: an answer whose
    // `hookSpecificOutput` lacks it fails the parse and is dropped whole.
    claude_answer_screen: true,
    // `_gi` merges the groups of one matcher across files and keeps one `command:args` each.
    runs_named_command_once: true,
    disable_all_hooks: false,
    output: Some(&output::AuggieOutput),
    installer: Some(&install::INSTALL),
};

/// `f7n`: `new RegExp(matcher).test(tool_name)`, unanchored (`.*` and an empty matcher match
/// every tool).
const FLAVOUR: Flavour = Flavour::RegexOrSubstring(Syntax::EcmaScript);

/// `dgi = te.enum([...])`, in its order.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "SessionEnd",
    "Notification",
    "PromptSubmit",
];

/// Only the tool events (`pgi`) have a matcher (`znt`); the others' groups (`O6`) have none
/// and `aao` lets them all through.
fn target(event: &str) -> Target {
    match event {
        "PreToolUse" | "PostToolUse" => Target::Name("tool_name"),
        _ => Target::None,
    }
}

/// `cle`: the system's `/etc/augment/settings.json` (`n1e`), then the user's
/// `~/.augment/settings.json`; Auggie merges them all, the system's hooks first.
fn outside_files() -> Vec<SourceFile> {
    let mut files = vec![SourceFile::at(
        "/etc/augment/settings.json".into(),
        Level::Managed,
    )];
    if let Some(user) = home_path(".augment/settings.json") {
        files.push(SourceFile::at(user, Level::User));
    }
    files
}

#[cfg(test)]
#[path = "profile_tests.rs"]
mod profile_tests;
