//! PraisonAI's second hooks form, `HooksManager`'s, as praisonaiagents' `HooksManager`
//! (`memory/hooks.py`, 1.7.17) loads and runs it from `.praisonai/hooks.json`, and as `praisonai
//! hooks init` writes it to `.praison/hooks.json` (where praisonaiagents 1.3.1 and older read it:
//! see [`super::load`]): an object
//! `{"hooks": {"<event>": "./validate.sh" | {command, timeout?, enabled?, block_on_failure?,
//! pass_input?} | ["./a.sh", …]}, "timeout": 30, "enabled": true}`. Events are compared exactly
//! (`pre_run_command`, not `PRE_RUN_COMMAND`); matchers do not exist.
//!
//! A command is not run by a shell: a command that is neither absolute nor starts with `./` has
//! the project directory put in front of it, and the text is split as Python's `shlex.split`
//! splits it. Its hooks are marked by their selector ([`EventSelector::Typed`] of [`KIND`] or
//! [`KIND_WITHOUT_INPUT`]), so that the rest of the dialect tells them from `.praison/hooks.json`'s.

use std::path::Path;
use std::time::Duration;

use crate::config::diagnostics::{Severity, did_you_mean};
use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index, kind_of};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, StdinMode, Switches};
use crate::model::load::{DialectLoad, LoadContext, resolve_program};

/// A `HooksManager` hook that gets the context in `PRAISON_HOOK_*` variables.
pub(crate) const KIND: &str = "hooks_manager";
/// A `HooksManager` hook with `"pass_input": false`: no `PRAISON_HOOK_*` variables.
pub(crate) const KIND_WITHOUT_INPUT: &str = "hooks_manager_without_input";

/// `HooksManager`'s events (its `HookEvent` literal type).
pub(crate) const EVENTS: &[&str] = &[
    "pre_read_code",
    "post_read_code",
    "pre_write_code",
    "post_write_code",
    "pre_run_command",
    "post_run_command",
    "pre_user_prompt",
    "post_user_prompt",
    "pre_mcp_tool_use",
    "post_mcp_tool_use",
];

/// The file's and an entry's default `timeout` (`_global_timeout`).
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
const ENTRY_KEYS: &[&str] = &[
    "command",
    "timeout",
    "enabled",
    "block_on_failure",
    "pass_input",
];

/// Whether `path` is this file's (`.praisonai/hooks.json`, the directory's name decides).
pub(crate) fn is_manager_file(path: &Path) -> bool {
    path.parent()
        .and_then(Path::file_name)
        .is_some_and(|dir| dir == ".praisonai")
}

/// Whether a hook of this selector is a `HooksManager` hook that fires on `event`.
pub(crate) fn fires_on(selector: &EventSelector, event: &str) -> bool {
    matches!(selector, EventSelector::Typed { kind, phases }
        if (*kind == KIND || *kind == KIND_WITHOUT_INPUT) && phases.iter().any(|p| p == event))
}

/// Whether `hook` came from a file in `HooksManager`'s form.
pub(crate) fn is_manager_hook(hook: &Hook) -> bool {
    matches!(&hook.events, EventSelector::Typed { kind, .. } if *kind == KIND || *kind == KIND_WITHOUT_INPUT)
}

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    match json_file::root(ctx, "the hooks file") {
        Ok((reader, root)) => read(ctx, reader, &root),
        Err(done) => done,
    }
}

/// Reads the parsed file `root` as `HooksManager._load_config` does (also `.praison/hooks.json`
/// in this form: [`super::load::load`]).
pub(crate) fn read(
    ctx: &LoadContext<'_>,
    mut reader: Reader<'_>,
    root: &Object<'_>,
) -> DialectLoad {
    reader.unknown_keys(
        root,
        &["hooks", "timeout", "enabled"],
        &[],
        "the hooks file",
    );
    // `if not self._enabled`: hooks still load, and none runs.
    let enabled = reader.opt_bool(root, "enabled", &[]) != Some(false);
    let timeout = timeout(&mut reader, root, &[]).unwrap_or(DEFAULT_TIMEOUT);
    let mut hooks = Vec::new();
    let path = vec![Step::Key("hooks".into())];
    if let Some(events) = root.get("hooks")
        && let Some(events) = reader.object(events, &path, "the hooks of each event")
    {
        for (event, value) in events.iter() {
            let at = child(&path, event);
            warn_unknown_event(&mut reader, event, &at);
            let mut entry = |reader: &mut Reader<'_>, command: &str, at: &[Step]| {
                hook(ctx, reader, event, command, at, timeout)
            };
            match value {
                Node::String(command) => hooks.extend(entry(&mut reader, command, &at)),
                Node::Object(map) => hooks.extend(read_entry(&mut reader, map, &at, &mut entry)),
                Node::Array(items) => {
                    for (index, item) in items.iter().enumerate() {
                        let at = child_index(&at, index);
                        match item.as_str() {
                            Some(command) => hooks.extend(entry(&mut reader, command, &at)),
                            None => skipped(&mut reader, &at, item, "in a list"),
                        }
                    }
                }
                other => skipped(&mut reader, &at, other, "for an event"),
            }
        }
    }
    for hook in &mut hooks {
        hook.enabled &= enabled;
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// `HooksManager` runs whatever event name its caller passes, but its callers pass its own.
fn warn_unknown_event(reader: &mut Reader<'_>, event: &str, at: &[Step]) {
    if EVENTS.contains(&event) {
        return;
    }
    let help = did_you_mean(event, EVENTS).map_or_else(
        || format!("its events: {}", EVENTS.join(", ")),
        |known| format!("did you mean `{known}`?"),
    );
    reader
        .report(
            Severity::Warning,
            at,
            true,
            format!("unknown HooksManager event `{event}`"),
        )
        .help = Some(help);
}

/// `HooksManager` passes over what is neither a command nor an entry: an error, as hookrun would
/// otherwise drop a hook without a word.
fn skipped(reader: &mut Reader<'_>, at: &[Step], found: &Node<'_>, place: &str) {
    let allowed = if place == "in a list" {
        "a command string"
    } else {
        "a command string, an entry object or a list of command strings"
    };
    reader
        .error(
            at,
            format!("{} {place}: PraisonAI skips it", kind_of(found)),
        )
        .help = Some(format!("write {allowed}"));
}

/// The detailed form `{command, timeout?, enabled?, block_on_failure?, pass_input?}`.
fn read_entry(
    reader: &mut Reader<'_>,
    map: &Object<'_>,
    at: &[Step],
    entry: &mut impl FnMut(&mut Reader<'_>, &str, &[Step]) -> Option<Hook>,
) -> Option<Hook> {
    reader.unknown_keys(map, ENTRY_KEYS, at, "a praisonai hook");
    let command = reader.opt_str(map, "command", at).unwrap_or_default();
    let entry_timeout = timeout(reader, map, at);
    let enabled = reader.opt_bool(map, "enabled", at);
    let block_on_failure = reader.opt_bool(map, "block_on_failure", at);
    let pass_input = reader.opt_bool(map, "pass_input", at);
    let mut hook = entry(reader, command, at)?;
    if let Some(timeout) = entry_timeout {
        hook.timeout = timeout;
    }
    hook.enabled = enabled != Some(false);
    hook.fail_closed = block_on_failure == Some(true);
    if pass_input == Some(false)
        && let EventSelector::Typed { kind, .. } = &mut hook.events
    {
        *kind = KIND_WITHOUT_INPUT;
    }
    Some(hook)
}

/// One command of `event` as `HooksManager._execute_script` runs it.
fn hook(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    command: &str,
    at: &[Step],
    timeout: Duration,
) -> Option<Hook> {
    if command.trim().is_empty() {
        reader
            .error(at, "this hook has no command: PraisonAI runs the project directory itself, which fails")
            .help = Some("write the program to run, such as \"./scripts/validate.sh\"".into());
        return None;
    }
    let Some(form) = command_form(command, ctx.project_dir) else {
        reader.error(at, "this command cannot be split (`shlex.split`: a quote or a backslash is not closed)")
            .help = Some("PraisonAI runs it without a shell: close the quote".into());
        return None;
    };
    let relative = !command.starts_with('/') && !command.starts_with("./");
    if relative
        && ctx
            .project_dir
            .to_string_lossy()
            .contains(char::is_whitespace)
    {
        reader.warn(at, "PraisonAI puts the project directory in front of this command before splitting it: with a blank in the project's path it cannot start there")
            .help = Some("start the command with `./` or an absolute path".into());
    }
    let mut hook = Hook::new(
        crate::dialects::PRAISON,
        ctx.index,
        EventSelector::Typed {
            kind: KIND,
            phases: vec![event.to_owned()],
        },
        Handler::Command(form),
        ctx.project_dir.to_path_buf(),
        timeout,
        at,
    );
    hook.name = hook.handler.default_name();
    // `subprocess.run` without `input`: the hook reads whatever its parent's stdin holds.
    hook.stdin = StdinMode::Null;
    Some(hook)
}

/// The command's words as `shlex.split` gives them, its program resolved as `HooksManager`
/// resolves it: an absolute one or one starting with `./` as it is (`./` from the project
/// directory, the hooks' working directory), any other with the project directory in front.
/// `None` when the text cannot be split.
pub(crate) fn command_form(command: &str, project_dir: &Path) -> Option<CommandForm> {
    let mut words = super::shlex::split(command)?.into_iter();
    let first = words.next()?;
    let program = if command.starts_with('/') || command.starts_with("./") {
        resolve_program(&first, || project_dir.to_path_buf())
    } else {
        project_dir.join(&first).to_string_lossy().into_owned()
    };
    Some(CommandForm::Exec {
        program,
        args: words.collect(),
    })
}

/// `timeout` in seconds, when written; not a positive number is an error (Python hands it to
/// `subprocess.run`, where 0 times out at once and a string fails the hook).
fn timeout(reader: &mut Reader<'_>, map: &Object<'_>, at: &[Step]) -> Option<Duration> {
    let seconds = reader.opt_number(map, "timeout", at)?;
    let duration = seconds_to_duration(seconds);
    if duration.is_none() {
        reader.error(
            &child(at, "timeout"),
            "`timeout` must be greater than 0 (seconds)",
        );
    }
    duration
}

#[cfg(test)]
#[path = "manager_tests.rs"]
mod tests;
