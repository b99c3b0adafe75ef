//! Reading Copilot's hook configuration: a hooks file (`{"version": 1, "disableAllHooks"?,
//! "hooks": {event: [entry…]}}`, in `.github/hooks/`, `~/.copilot/hooks/`, the policy
//! directory, or named with `-c`) or a settings file whose top-level `hooks` holds the same event
//! map (`.github/copilot/settings.json`, `settings.local.json`, `~/.copilot/settings.json`).
//!
//! An entry is `{"type": "command", "bash" | "command" | "exec" + "args", "powershell"?, "cwd"?,
//! "env"?, "timeoutSec"? (or `timeout`), "matcher"?}`, `{"type": "http", "url", "headers"?,
//! "allowedEnvVars"?}` or `{"type": "prompt", "prompt"}` (`sessionStart` only). On Linux and
//! macOS Copilot runs `bash`, else `command`, through bash; an entry with only `powershell` is
//! Windows's and is reported, not run.
//!
//! Under a PascalCase key an entry may also be Claude's matcher group (`{"matcher"?, "hooks":
//! [entry…]}`), as the CLI reads it.
//!
//! Copilot drops an invalid entry of a hooks file and keeps its siblings, while one invalid entry
//! in a settings file rejects the whole `hooks` block; hookrun reports every invalid entry as an
//! error (so `fire` says so and `validate` fails) and runs the rest.

use std::time::Duration;

use crate::config::duration::seconds_to_duration;
use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::dialects::json_file;
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Level, Source};

use super::events;

/// The keys of an entry, any type.
const ENTRY_KEYS: &[&str] = &[
    "type",
    "bash",
    "powershell",
    "command",
    "exec",
    "args",
    "cwd",
    "env",
    "timeoutSec",
    "timeout",
    "matcher",
    "url",
    "headers",
    "allowedEnvVars",
    "prompt",
];
/// A hook's timeout when its entry sets none.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// Loads one Copilot file: a settings file by its name, else a hooks file.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the Copilot hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let settings = is_settings(&ctx.source.path);
    if !settings {
        check_version(&mut reader, &root);
    }
    let disable_all = reader.opt_bool(&root, "disableAllHooks", &[]);
    let mut hooks =
        json_file::read_event_map(&mut reader, &root, super::COPILOT, |r, e, entry, p| {
            if events::is_pascal(e) && entry.get("hooks").is_some() {
                read_group(ctx, r, e, entry, p)
            } else {
                read_entry(ctx, r, e, entry, p).into_iter().collect()
            }
        });
    let mut switches = Switches::default();
    if settings {
        // A settings file's switch reaches every Copilot file but the policy's ([`settle`]).
        switches.disable_all_hooks = disable_all;
    } else if disable_all == Some(true) {
        // A hooks file's switch reaches its own hooks only.
        for hook in &mut hooks {
            hook.enabled = false;
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches,
    }
}

/// Whether `path` is a settings file (`settings.json`, `settings.local.json`) rather than a
/// hooks file.
pub(super) fn is_settings(path: &std::path::Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name == "settings.json" || name == "settings.local.json")
}

/// A hooks file of another `version` than 1 is ignored by Copilot, without a word: an error
/// here (hookrun still runs its hooks). A file without `version` loads.
fn check_version(reader: &mut Reader<'_>, root: &Object<'_>) {
    match root.get("version") {
        Some(Node::Number(n)) if n.as_f64() == Some(1.0) => {}
        None => {}
        Some(_) => {
            reader
                .error(
                    &[Step::Key("version".into())],
                    "Copilot ignores hooks files of any `version` but 1",
                )
                .help = Some("set \"version\": 1".into());
        }
    }
}

/// Claude's matcher group (`{"matcher"?, "hooks": [entry…]}`), which Copilot reads under a
/// PascalCase key too: each entry with the group's matcher.
fn read_group(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    group: &Object<'_>,
    path: &[Step],
) -> Vec<Hook> {
    reader.unknown_keys(group, &["matcher", "hooks"], path, "a matcher group");
    let matcher = reader.opt_str(group, "matcher", path).map(str::to_owned);
    let mut hooks = Vec::new();
    if let Some(entries) = group.get("hooks") {
        json_file::read_entries(
            reader,
            entries,
            &child(path, "hooks"),
            &mut hooks,
            |r, e, p| read_entry(ctx, r, event, e, p),
        );
    }
    for hook in &mut hooks {
        hook.matcher = Matcher::new(matcher.as_deref(), super::PASCAL_FLAVOUR);
    }
    hooks
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a Copilot hook");
    let kind = reader.opt_str(entry, "type", path).unwrap_or("command");
    let handler = match kind {
        "command" => Handler::Command(command_form(reader, entry, path)?),
        "http" => Handler::Http(json_file::http_hook(reader, entry, path)?),
        "prompt" => {
            reader.req_str(entry, "prompt", path, "the prompt hook")?;
            if events::camel(event) != "sessionStart" {
                reader.error(
                    &child(path, "type"),
                    "Copilot runs `prompt` hooks on `sessionStart` only",
                );
            }
            // It types its text into a new interactive session: nothing hookrun can do.
            Handler::Unsupported {
                kind: "prompt".to_owned(),
            }
        }
        other => {
            reader.error(
                &child(path, "type"),
                format!("unknown Copilot hook type `{other}`: \"command\", \"http\" or \"prompt\""),
            );
            return None;
        }
    };
    let mut hook = Hook::new(
        super::COPILOT,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler,
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = hook.handler.default_name();
    let flavour = if events::is_pascal(event) {
        super::PASCAL_FLAVOUR
    } else {
        super::FLAVOUR
    };
    hook.matcher = Matcher::new(reader.opt_str(entry, "matcher", path), flavour);
    if let Some(timeout) = timeout(reader, entry, path) {
        hook.timeout = timeout;
    }
    if let Some(cwd) = reader.opt_str(entry, "cwd", path) {
        hook.cwd = ctx.project_dir.join(cwd);
    }
    if let Some(dir) = ctx.source.path.parent() {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        hook.env.push((
            "COPILOT_HOOK_DIR".to_owned(),
            dir.to_string_lossy().into_owned(),
        ));
    }
    if let Some(env) = reader.opt_str_map(entry, "env", path) {
        hook.env.extend(env);
    }
    Some(hook)
}

/// The command a `command` entry runs here: `bash`, else `command`, through bash; or `exec`
/// with its `args`, without a shell. `None` (reported) when there is none for this platform.
fn command_form(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Option<CommandForm> {
    let bash = reader.opt_str(entry, "bash", path);
    let command = reader.opt_str(entry, "command", path);
    let powershell = reader.opt_str(entry, "powershell", path);
    if let Some(program) = reader.opt_str(entry, "exec", path) {
        if bash.is_some() || command.is_some() || powershell.is_some() {
            reader.error(
                &child(path, "exec"),
                "`exec` runs a program without a shell: it cannot be combined with `bash`, \
                 `powershell` or `command`",
            );
            return None;
        }
        let args = reader.opt_str_list(entry, "args", path).unwrap_or_default();
        return Some(CommandForm::Exec {
            program: program.to_owned(),
            args,
        });
    }
    if entry.get("args").is_some() {
        reader.warn(
            &child(path, "args"),
            "`args` goes with `exec`; Copilot ignores it beside a shell command",
        );
    }
    match bash.or(command) {
        Some(text) => Some(CommandForm::Shell(text.to_owned())),
        None if powershell.is_some() => {
            reader
                .warn(
                    path,
                    "this hook has only a `powershell` command: Copilot runs it on Windows only",
                )
                .help = Some("add a `bash` command for Linux and macOS".into());
            None
        }
        None => {
            reader.error(
                path,
                "a Copilot command hook needs `bash`, `command` or `exec`",
            );
            None
        }
    }
}

/// `timeoutSec`, else its alias `timeout`, in seconds; not positive is an error.
fn timeout(reader: &mut Reader<'_>, entry: &Object<'_>, path: &[Step]) -> Option<Duration> {
    let key = if entry.get("timeoutSec").is_some() {
        "timeoutSec"
    } else {
        "timeout"
    };
    let seconds = reader.opt_number(entry, key, path)?;
    let duration = seconds_to_duration(seconds);
    if duration.is_none() {
        reader.error(
            &child(path, key),
            format!("`{key}` must be greater than 0 (seconds)"),
        );
    }
    duration
}

/// A project settings file's `disableAllHooks: true` turns off every Copilot hook but the policy
/// files' (the last project file to set it, project before local, decides); the user's
/// `settings.json` turns off the user's own hooks only (the CLI still runs the repository's).
pub(crate) fn settle(sources: &[Source], hooks: &mut [Hook]) {
    let last = |levels: &[Level]| {
        sources
            .iter()
            .filter(|source| source.dialect == super::COPILOT && levels.contains(&source.level))
            .filter_map(|source| {
                source
                    .switches
                    .disable_all_hooks
                    .map(|on| (source.level, on))
            })
            .max_by_key(|(level, _)| *level == Level::Local)
            .map(|(_, on)| on)
    };
    // A settings file named with `-c` counts as the project's.
    let project_off = last(&[Level::Project, Level::Local, Level::Named]) == Some(true);
    let user_off = last(&[Level::User]) == Some(true);
    for hook in hooks
        .iter_mut()
        .filter(|hook| hook.dialect == super::COPILOT)
    {
        let level = sources[hook.source].level;
        if (project_off && level != Level::Managed) || (user_off && level == Level::User) {
            hook.enabled = false;
        }
    }
}
