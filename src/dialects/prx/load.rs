//! PRX `hooks.json` (docs/dialects/prx.md): a file-level `timeout_ms` and, per event key, a list of
//! actions spawned in exec form in a sanitised environment. PRX hooks are observe-only. hookrun
//! follows PRX's documentation where its code does not: stdin is
//! `/dev/null` unless `stdin_json`, commands with shell metacharacters and a `cwd` outside the
//! workspace are errors, and the blocked variables of `env` are dropped with a warning.

use crate::model::hook::Switches;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use super::{EVENTS, normalize_event};
use crate::config::diagnostics::{Severity, did_you_mean};
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index, json_syntax_error};
use crate::config::tree::{Node, Object};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode, StdinMode};
use crate::model::load::{DialectLoad, LoadContext, resolve_program};

/// An action's `env` sets a variable the sanitised environment never passes (`LD_*`,
/// `GCONV_PATH`, `PATH`, …): `fire` skips the variable with a warning, `validate` reports an error
/// (docs/dialects/prx.md).
pub(crate) const BLOCKED_ENV_CODE: &str = "prx-blocked-env";

/// `enabled` is hookrun's per-action switch (`hookrun hooks disable`); PRX's own runner ignores it.
const ACTION_KEYS: &[&str] = &[
    "command",
    "args",
    "env",
    "cwd",
    "timeout_ms",
    "stdin_json",
    "enabled",
];
/// An action's timeout when neither it nor the file sets one (PRX's documentation).
const DEFAULT_TIMEOUT_MS: u64 = 30_000;
/// PRX accepts timeouts of 1 ms up to five minutes.
const MAX_TIMEOUT_MS: u64 = 300_000;
/// SIGTERM, then SIGKILL after this (PRX's documentation).
const KILL_GRACE: Duration = Duration::from_secs(5);
/// `command` must not contain these: PRX promises commands are never shell text.
const METACHARACTERS: &[&str] = &[";", "|", "&", "`", "$(", ">", "<", "\n"];
/// Variables an action's `env` may not set (compared case-insensitively): `PATH`, `HOME`, and the
/// dynamic loader's and libc's hooks — glibc's list of variables unsafe for set-user-ID programs
/// (`unsecvars.h`, ld.so(8)) but `TMPDIR`, which loads no code and redirects nothing.
const BLOCKED_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "GCONV_PATH",
    "GETCONF_DIR",
    "GLIBC_TUNABLES",
    "HOSTALIASES",
    "LOCALDOMAIN",
    "LOCPATH",
    "NIS_PATH",
    "NLSPATH",
    "RESOLV_HOST_CONF",
    "RES_OPTIONS",
    "TZDIR",
];
/// Families blocked whole: the dynamic loader's (`LD_PRELOAD`, `LD_AUDIT`, … and macOS dyld's
/// `DYLD_*`) and malloc's (`MALLOC_TRACE`, `MALLOC_CHECK_`, …).
const BLOCKED_ENV_PREFIXES: &[&str] = &["LD_", "DYLD_", "MALLOC_"];

/// What every action of the file shares.
struct FileContext<'a> {
    ctx: &'a LoadContext<'a>,
    /// The directory of `hooks.json`: relative programs resolve against it.
    dir: PathBuf,
    /// The workspace with symlinks resolved: every `cwd` must stay inside it.
    workspace: PathBuf,
    timeout_ms: u64,
    /// The file's `enabled` (PRX's switch for every hook of the file).
    enabled: bool,
}

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    let root = match Node::from_json(&source.text) {
        Ok(value) => value,
        Err(error) => {
            return DialectLoad::failed(json_syntax_error(&source.display, &source.text, &error));
        }
    };
    let mut reader = Reader::json(&source.display, &source.text);
    let mut hooks = Vec::new();
    if let Some(root) = reader.object(&root, &[], "hooks.json") {
        let file_timeout = timeout_ms(&mut reader, root, &[]).unwrap_or(DEFAULT_TIMEOUT_MS);
        let file = FileContext {
            ctx,
            dir: crate::model::load::source_dir(source),
            workspace: ctx
                .project_dir
                .canonicalize()
                .unwrap_or_else(|_| ctx.project_dir.to_path_buf()),
            timeout_ms: file_timeout,
            enabled: reader.opt_bool(root, "enabled", &[]) != Some(false),
        };
        if let Some(events) = root.get("hooks") {
            let path = vec![Step::Key("hooks".into())];
            if let Some(events) = reader.object(events, &path, "hooks") {
                read_events(&file, &mut reader, events, &path, &mut hooks);
            }
        }
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

fn read_events(
    file: &FileContext<'_>,
    reader: &mut Reader<'_>,
    events: &Object<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
) {
    let known = EVENTS;
    for (key, actions) in events {
        let event_path = child(path, key);
        let event = normalize_event(key);
        let bare = event
            .strip_prefix(super::topic::LIFECYCLE_PREFIX)
            .unwrap_or(&event);
        if !known.contains(&bare) {
            let help = did_you_mean(bare, known).map_or_else(
                || format!("prx events: {}", known.join(", ")),
                |e| format!("did you mean `{e}`?"),
            );
            reader
                .report(
                    Severity::Warning,
                    &event_path,
                    true,
                    format!("unknown prx event `{key}`: its hooks fire only when hookrun is fired with this name"),
                )
                .help = Some(help);
        }
        let Some(actions) = reader.array(actions, &event_path, "the event's actions") else {
            continue;
        };
        for (index, action) in actions.iter().enumerate() {
            let action_path = child_index(&event_path, index);
            let Some(action) = reader.object(action, &action_path, "a prx action") else {
                continue;
            };
            if let Some(hook) = read_action(file, reader, &event, action, &action_path) {
                hooks.push(hook);
            }
        }
    }
}

fn read_action(
    file: &FileContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    action: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(action, ACTION_KEYS, path, "a prx action");
    let command = reader
        .req_str(action, "command", path, "the action")?
        .trim();
    let command_path = child(path, "command");
    if command.is_empty() {
        reader.error(&command_path, "the action's `command` is empty");
        return None;
    }
    if let Some(found) = METACHARACTERS.iter().find(|m| command.contains(**m)) {
        let shown = if *found == "\n" { "a newline" } else { found };
        reader
            .error(
                &command_path,
                format!("prx `command` contains the shell metacharacter {shown:?}: PRX runs commands without a shell"),
            )
            .help = Some(
            "put the program in `command` and each argument in `args`, or move the pipeline into a script"
                .into(),
        );
        return None;
    }
    let args = reader
        .opt_str_list(action, "args", path)
        .unwrap_or_default();
    let form = CommandForm::Exec {
        program: resolve_program(command, || file.dir.clone()),
        args,
    };
    let cwd = match reader.opt_str(action, "cwd", path) {
        Some(cwd) => inside_workspace(&file.workspace, cwd).or_else(|| {
            reader
                .error(
                    &child(path, "cwd"),
                    format!(
                        "prx `cwd` {cwd:?} leaves the workspace {}",
                        file.workspace.display()
                    ),
                )
                .help = Some("use a directory inside the project".into());
            None
        })?,
        None => file.ctx.project_dir.to_path_buf(),
    };
    let timeout = timeout_ms(reader, action, path).unwrap_or(file.timeout_ms);
    let mut hook = Hook::new(
        crate::dialects::PRX,
        file.ctx.index,
        EventSelector::Named(event.to_owned()),
        Handler::Command(form),
        cwd,
        Duration::from_millis(timeout),
        path,
    );
    hook.name = hook.handler.default_name();
    hook.env = allowed_env(reader, action, path);
    hook.kill_grace = KILL_GRACE;
    hook.mode = Mode::Observe;
    hook.sanitize_env = true;
    hook.enabled = file.enabled && reader.opt_bool(action, "enabled", path) != Some(false);
    hook.stdin = if reader.opt_bool(action, "stdin_json", path) == Some(true) {
        StdinMode::Payload
    } else {
        StdinMode::Null
    };
    Some(hook)
}

/// `timeout_ms` of the file or an action: a whole number of milliseconds in 1..=300000.
fn timeout_ms(reader: &mut Reader<'_>, map: &Object<'_>, path: &[Step]) -> Option<u64> {
    let value = reader.opt_number(map, "timeout_ms", path)?;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked whole and in range first"
    )]
    let valid =
        (value.fract() == 0.0 && (1.0..=300_000.0).contains(&value)).then_some(value as u64);
    if valid.is_none() {
        reader
            .error(
                &child(path, "timeout_ms"),
                format!("`timeout_ms` must be between 1 and {MAX_TIMEOUT_MS} (milliseconds), found {value}"),
            )
            .help = Some(format!(
            "PRX timeouts are milliseconds: 5000 is five seconds (default {DEFAULT_TIMEOUT_MS})"
        ));
    }
    valid
}

/// The action's `env`, without the variables PRX never lets a hook set (each a warning).
fn allowed_env(
    reader: &mut Reader<'_>,
    action: &Object<'_>,
    path: &[Step],
) -> Vec<(String, String)> {
    let env = reader.opt_str_map(action, "env", path).unwrap_or_default();
    let env_path = child(path, "env");
    env.into_iter()
        .filter(|(key, _)| {
            let blocked = BLOCKED_ENV.iter().any(|b| b.eq_ignore_ascii_case(key))
                || BLOCKED_ENV_PREFIXES.iter().any(|prefix| {
                    key.get(..prefix.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
                });
            if blocked {
                let diagnostic = reader.report(
                    Severity::Warning,
                    &child(&env_path, key),
                    true,
                    format!("prx `env` may not set `{key}`: the variable is skipped"),
                );
                diagnostic.help = Some(format!(
                    "remove `{key}`; PRX hooks never set {}*, {}",
                    BLOCKED_ENV_PREFIXES.join("*, "),
                    BLOCKED_ENV.join(", ")
                ));
                diagnostic.code = Some(BLOCKED_ENV_CODE);
            }
            !blocked
        })
        .collect()
}

/// `cwd` resolved against the workspace (`..` and symlinks resolved as the OS would), when it
/// stays inside it.
fn inside_workspace(workspace: &Path, cwd: &str) -> Option<PathBuf> {
    let mut resolved = workspace.to_path_buf();
    for component in Path::new(cwd).components() {
        match component {
            Component::RootDir | Component::Prefix(_) => resolved = PathBuf::from("/"),
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            Component::Normal(name) => {
                resolved.push(name);
                if let Ok(real) = crate::config::sources::canonical(&resolved) {
                    resolved = real;
                }
            }
        }
    }
    resolved.starts_with(workspace).then_some(resolved)
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
