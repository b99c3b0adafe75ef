//! hookrun's own `hookrun.toml` (docs/dialects/hookrun.md): file-level defaults, the file's
//! `enabled` switch, and `[[hook]]` tables.

use crate::model::hook::Switches;
use std::collections::HashMap;
use std::time::Duration;

use super::kinds::Kind;
use crate::config::duration::{parse_duration, seconds_to_duration};
use crate::config::locate::Step;
use crate::config::locate_toml::locate_toml;
use crate::config::reader::{Reader, child, child_index, kind_of};
use crate::config::tree::{Node, Object};
use crate::matching::Matcher;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, HttpHook, Mode, StdinMode};
use crate::model::load::{DialectLoad, LoadContext};

const FILE_KEYS: &[&str] = &[
    "timeout",
    "kill_grace",
    "enabled",
    "hook",
    "trust",
    "http",
    "llm",
];
const HOOK_KEYS: &[&str] = &[
    "name",
    "events",
    "matcher",
    "if",
    "condition",
    "command",
    "args",
    "url",
    "headers",
    "allowed_env_vars",
    "payload_template",
    "async",
    "async_mode",
    "env",
    "timeout",
    "kill_grace",
    "mode",
    "on_error",
    "enabled",
    "payload_file",
    "sanitize_env",
    "kind",
    "prompt",
    "model",
];
/// A hook's timeout when neither it nor its file sets one.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    let root = match crate::model::load::parse_toml(source) {
        Ok(root) => root,
        Err(failed) => return failed,
    };
    let mut reader = Reader::new(&source.display, &source.text, locate_toml);
    let mut hooks = Vec::new();
    // A TOML document is always a table.
    let root = root.as_object().expect("TOML parses to a table");
    reader.unknown_keys(root, FILE_KEYS, &[], "hookrun.toml");
    let switches = Switches {
        untrusted_blocks: read_trust(ctx, &mut reader, root),
        llm: super::kinds::read_llm(ctx, &mut reader, root),
        http_allow: super::http::read(ctx, &mut reader, root),
        ..Switches::default()
    };
    let timeout = duration(&mut reader, root, "timeout", &[]).unwrap_or(DEFAULT_TIMEOUT);
    let grace = duration(&mut reader, root, "kill_grace", &[]);
    // The file's switch (`hookrun hooks disable --all`): `false` switches every hook off.
    let file_enabled = reader.opt_bool(root, "enabled", &[]) != Some(false);
    let path = vec![Step::Key("hook".into())];
    let tables = root
        .get("hook")
        .and_then(|tables| reader.array(tables, &path, "the [[hook]] tables"));
    let mut names: HashMap<String, usize> = HashMap::new();
    for (index, table) in tables.into_iter().flatten().enumerate() {
        let hook_path = child_index(&path, index);
        let Some(table) = reader.object(table, &hook_path, "a [[hook]] table") else {
            continue;
        };
        let file_sets_timeout = root.get("timeout").is_some();
        let Some(mut hook) = read_hook(
            ctx,
            &mut reader,
            table,
            &hook_path,
            timeout,
            file_sets_timeout,
        ) else {
            continue;
        };
        if let Some(grace) = grace {
            hook.kill_grace = grace;
        }
        if let Some(grace) = duration(&mut reader, table, "kill_grace", &hook_path) {
            hook.kill_grace = grace;
        }
        hook.enabled &= file_enabled;
        if let Some(first) = names.insert(hook.name.clone(), index) {
            reader
                .error(
                    &child(&hook_path, "name"),
                    format!(
                        "hook name `{}` is already used by hook #{}",
                        hook.name,
                        first + 1
                    ),
                )
                .help = Some("give every [[hook]] a unique `name`".into());
        }
        hooks.push(hook);
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches,
    }
}

fn read_hook(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
    file_timeout: Duration,
    file_sets_timeout: bool,
) -> Option<Hook> {
    reader.unknown_keys(table, HOOK_KEYS, path, "a [[hook]] table");
    let (kind, mode) = super::kinds::kind_and_mode(reader, table, path);
    let handler = match kind {
        Kind::Prompt | Kind::Agent => super::kinds::ask(reader, table, path, kind)?,
        Kind::Http | Kind::Command => read_handler(reader, table, path)?,
    };
    let events = match reader.opt_str_list(table, "events", path) {
        Some(events) if !events.is_empty() => events,
        Some(_) => {
            reader
                .error(
                    &child(path, "events"),
                    "`events` is empty: the hook would never run",
                )
                .help =
                Some("list the events, e.g. events = [\"PreToolUse\"], or [\"*\"] for all".into());
            return None;
        }
        None => {
            reader.error(path, "this [[hook]] has no `events`").help =
                Some("add events = [\"PreToolUse\"] (or [\"*\"] for every event)".into());
            return None;
        }
    };
    // An agent hook gets Claude's 60 s unless its file or itself says otherwise.
    let timeout = match handler {
        Handler::Agent(_) if !file_sets_timeout => crate::dialects::claude::load::AGENT_TIMEOUT,
        _ => file_timeout,
    };
    let mut hook = Hook::new(
        crate::dialects::HOOKRUN,
        ctx.index,
        EventSelector::Patterns(events),
        handler,
        ctx.project_dir.to_path_buf(),
        timeout,
        path,
    );
    hook.name = reader
        .opt_str(table, "name", path)
        .map_or_else(|| hook.handler.default_name(), str::to_owned);
    hook.matcher = Matcher::new(reader.opt_str(table, "matcher", path), super::FLAVOUR);
    hook.condition = condition(reader, table, path);
    if let Some(env) = reader.opt_str_map(table, "env", path) {
        hook.env = env;
    }
    if let Some(timeout) = duration(reader, table, "timeout", path) {
        hook.timeout = timeout;
    }
    if mode == Some(Mode::Observe) {
        hook.mode = Mode::Observe;
    }
    match reader.opt_str(table, "on_error", path) {
        None | Some("allow") => {}
        Some("deny") => hook.fail_closed = true,
        Some(other) => {
            reader.error(
                &child(path, "on_error"),
                format!("`on_error` must be \"allow\" or \"deny\", found {other:?}"),
            );
        }
    }
    hook.enabled = reader.opt_bool(table, "enabled", path).unwrap_or(true);
    hook.payload_file = reader
        .opt_bool(table, "payload_file", path)
        .unwrap_or(false);
    hook.sanitize_env = reader
        .opt_bool(table, "sanitize_env", path)
        .unwrap_or(false);
    hook.stdin = StdinMode::Payload;
    if table.contains_key("payload_template") && !matches!(hook.handler, Handler::Http(_)) {
        reader
            .error(
                &child(path, "payload_template"),
                "`payload_template` is the body of an http hook's request: this hook sends none",
            )
            .help = Some("give the hook a `url`, or remove `payload_template`".into());
    }
    hook.run_async = read_async(reader, table, path, &hook.handler);
    Some(hook)
}

/// `async`, or the design note's `async_mode` (the same switch; both at once is an error):
/// whether a detached worker runs the hook. Refused on prompt and agent hooks.
fn read_async(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
    handler: &Handler,
) -> bool {
    // `async_mode` is the design note's name for `async`.
    let (run_async, async_key) = match (
        reader.opt_bool(table, "async", path),
        reader.opt_bool(table, "async_mode", path),
    ) {
        (Some(_), Some(_)) => {
            reader.error(
                &child(path, "async_mode"),
                "`async_mode` and `async` are the same switch: give one",
            );
            (None, "async")
        }
        (Some(run_async), None) => (Some(run_async), "async"),
        (None, async_mode) => (async_mode, "async_mode"),
    };
    let run_async = run_async.unwrap_or(false);
    if run_async && handler.asks_a_model() {
        reader.error(
            &child(path, async_key),
            format!(
                "`{async_key}` is for command and http hooks: a prompt or agent hook is always waited for"
            ),
        );
    }
    run_async
}

/// What the hook runs: `command` (with `args`: exec form) or `url` (an http hook), never both.
fn read_handler(reader: &mut Reader<'_>, table: &Object<'_>, path: &[Step]) -> Option<Handler> {
    if table.contains_key("url") {
        let url = reader.req_str(table, "url", path, "the http hook")?;
        if table.contains_key("command") {
            reader.error(
                &child(path, "command"),
                "a hook has either `command` or `url`, not both",
            );
            return None;
        }
        return Some(Handler::Http(HttpHook {
            url: url.to_owned(),
            headers: reader
                .opt_str_map(table, "headers", path)
                .unwrap_or_default(),
            allowed_env_vars: reader
                .opt_str_list(table, "allowed_env_vars", path)
                .unwrap_or_default(),
            payload_template: payload_template(reader, table, path),
        }));
    }
    for key in ["headers", "allowed_env_vars"] {
        if table.contains_key(key) {
            reader.warn(
                &child(path, key),
                format!("`{key}` belongs to an http hook (`url = …`): ignored"),
            );
        }
    }
    let command = reader.req_str(table, "command", path, "the hook")?;
    Some(Handler::Command(
        match reader.opt_str_list(table, "args", path) {
            Some(args) => CommandForm::Exec {
                program: command.to_owned(),
                args,
            },
            None => CommandForm::Shell(command.to_owned()),
        },
    ))
}

/// An http hook's `payload_template`: a table sent as the body instead of the payload, its
/// placeholders filled in at each fire.
fn payload_template(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    path: &[Step],
) -> Option<Box<serde_json::Map<String, serde_json::Value>>> {
    let node = table.get("payload_template")?;
    if let serde_json::Value::Object(map) = node.to_value() {
        return Some(Box::new(map));
    }
    reader
        .error(
            &child(path, "payload_template"),
            format!(
                "`payload_template` must be a table, found {}",
                kind_of(node)
            ),
        )
        .help =
        Some("payload_template = { event = \"file_written\", path = \"$tool_input_path\" }".into());
    None
}

/// The `if` rule, or the design note's `condition` (the same rule; both at once is an error).
fn condition(reader: &mut Reader<'_>, table: &Object<'_>, path: &[Step]) -> Option<String> {
    let rule = reader.opt_str(table, "if", path);
    let condition = reader.opt_str(table, "condition", path);
    if rule.is_some() && condition.is_some() {
        reader.error(
            &child(path, "condition"),
            "`condition` and `if` are the same rule: give one",
        );
    }
    rule.or(condition).map(str::to_owned)
}

/// A duration field: a string such as `"5s"` or a number of seconds.
fn duration(
    reader: &mut Reader<'_>,
    table: &Object<'_>,
    key: &str,
    path: &[Step],
) -> Option<Duration> {
    let value = table.get(key)?;
    let at = child(path, key);
    let parsed = match value {
        Node::String(text) => parse_duration(text),
        Node::Number(number) => number
            .as_f64()
            .and_then(seconds_to_duration)
            .ok_or_else(|| format!("`{key}` must be greater than 0")),
        other => Err(format!(
            "`{key}` must be a duration like \"5s\", found {}",
            kind_of(other)
        )),
    };
    match parsed {
        Ok(duration) => Some(duration),
        Err(message) => {
            reader.error(&at, message).help =
                Some("durations: \"500ms\", \"5s\", \"2m\", or a number of seconds".into());
            None
        }
    }
}

/// `[trust] untrusted = "hold" | "block"`: what a hook of an untrusted project file does (README,
/// "Trust"). Only the user-level file's counts: a project cannot loosen or set its own trust.
/// Whether it says `block` where it counts.
fn read_trust(ctx: &LoadContext<'_>, reader: &mut Reader<'_>, root: &Object<'_>) -> bool {
    let Some(trust) = root.get("trust") else {
        return false;
    };
    let path = vec![Step::Key("trust".into())];
    let Some(table) = reader.object(trust, &path, "the [trust] table") else {
        return false;
    };
    reader.unknown_keys(table, &["untrusted"], &path, "the [trust] table");
    let at = child(&path, "untrusted");
    let mut block = false;
    match table.get("untrusted") {
        Some(Node::String(word)) if matches!(&**word, "hold" | "block") => {
            block = &**word == "block";
        }
        Some(other) => {
            reader.error(
                &at,
                format!("`untrusted` must be \"hold\" or \"block\", found {other}"),
            );
        }
        None => {}
    }
    if ctx.source.level != crate::model::Level::User {
        reader
            .warn(
                &path,
                "[trust] counts only in the user-level hookrun.toml: ignored here",
            )
            .help = Some("move it to ~/.config/hookrun/hookrun.toml".into());
        return false;
    }
    block
}
