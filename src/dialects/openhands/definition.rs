//! One `HookDefinition` of OpenHands' hook file (`config.py`): `type` (`command` by default,
//! `prompt`, `agent`), `command`, `timeout` in whole seconds (default 60), `async`, `name`, with
//! `_validate_type_fields`' checks as errors, since pydantic's failure refuses the whole file.

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Mode};
use crate::model::load::LoadContext;

use super::OPENHANDS;

/// `HookDefinition`'s fields (`async_` is its name, `async` its alias).
const HANDLER_KEYS: &[&str] = &[
    "type",
    "name",
    "command",
    "prompt",
    "system_prompt",
    "tools",
    "timeout",
    "max_iterations",
    "async",
    "async_",
];
/// `HookDefinition.timeout: int = 60`, handed to `subprocess.run(timeout=…)` in seconds.
const DEFAULT_TIMEOUT_SECS: u64 = 60;
/// One `HookDefinition`, with `_validate_type_fields`' checks.
pub(super) fn read_handler(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    handler: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(handler, HANDLER_KEYS, path, "a hook definition");
    let kind = reader.opt_str(handler, "type", path).unwrap_or("command");
    let command = reader.opt_str(handler, "command", path).unwrap_or("");
    let run_async = reader
        .opt_bool(handler, "async", path)
        .or_else(|| reader.opt_bool(handler, "async_", path))
        .unwrap_or(false);
    let handler_kind = match kind {
        "command" if command.is_empty() => {
            reader.error(path, "'command' is required when type is 'command'");
            return None;
        }
        "command" => Handler::Command(CommandForm::Shell(command.to_owned())),
        "prompt" | "agent" => {
            model_hook(reader, kind, handler, path, !command.is_empty(), run_async)?
        }
        other => {
            reader.error(
                &child(path, "type"),
                format!("`type` must be \"command\", \"prompt\" or \"agent\", found {other:?}"),
            );
            return None;
        }
    };
    // A bad `timeout` fails the whole definition, as pydantic's validation does.
    let seconds = match handler.get("timeout") {
        None => DEFAULT_TIMEOUT_SECS,
        Some(_) => timeout(reader, handler, path)?,
    };
    let mut hook = Hook::new(
        OPENHANDS,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler_kind,
        ctx.project_dir.to_path_buf(),
        std::time::Duration::from_secs(seconds),
        path,
    );
    if run_async {
        // `subprocess.Popen` with stdout to `DEVNULL`: nothing it says is read.
        hook.mode = Mode::Observe;
        hook.run_async = true;
    }
    hook.name = match reader.opt_str(handler, "name", path) {
        Some(name) => name.to_owned(),
        None => hook.handler.default_name(),
    };
    Some(hook)
}

/// A `prompt` or `agent` hook: checked as the SDK checks it, then left unrun. The SDK asks the
/// conversation's own LLM, and without one allows (`HookExecutor._fall_open`); hookrun has no
/// conversation to ask, so it runs neither kind, as the SDK without an LLM.
fn model_hook(
    reader: &mut Reader<'_>,
    kind: &str,
    handler: &Object<'_>,
    path: &[Step],
    has_command: bool,
    run_async: bool,
) -> Option<Handler> {
    let refusal = if has_command {
        let instead = if kind == "agent" {
            "; use 'system_prompt' instead"
        } else {
            ""
        };
        Some(format!(
            "'command' must not be set when type is '{kind}'{instead}"
        ))
    } else if run_async {
        Some(format!("'async' is not supported for {kind} hooks"))
    } else {
        None
    };
    if let Some(message) = refusal {
        reader.error(path, message);
        return None;
    }
    if kind == "prompt"
        && reader
            .opt_str(handler, "prompt", path)
            .is_none_or(str::is_empty)
    {
        reader.error(path, "'prompt' is required when type is 'prompt'");
        return None;
    }
    Some(Handler::Unsupported {
        kind: kind.to_owned(),
    })
}

/// `timeout: int`: a whole number (pydantic's lax mode also takes `60.0`, `"60"`, `"60.0"` and
/// `true`); none below one second, where `subprocess.run` would end the hook at once.
fn timeout(reader: &mut Reader<'_>, handler: &Object<'_>, path: &[Step]) -> Option<u64> {
    let value = handler.get("timeout")?;
    let at = child(path, "timeout");
    let whole = match value {
        // `60.0` prints as `60`; a fraction does not parse.
        Node::Number(number) => number.as_i64().or_else(|| {
            number
                .as_f64()
                .and_then(|float| float.to_string().parse::<i64>().ok())
        }),
        Node::String(text) => text.trim().parse::<i64>().ok().or_else(|| {
            text.trim()
                .parse::<f64>()
                .ok()
                .and_then(|float| float.to_string().parse::<i64>().ok())
        }),
        // pydantic's lax `int` takes `true` as 1 (and `false` as 0, refused below).
        Node::Bool(flag) => Some(i64::from(*flag)),
        _ => None,
    };
    match whole {
        Some(seconds) if seconds > 0 => u64::try_from(seconds).ok(),
        Some(_) => {
            reader.error(
                &at,
                "`timeout` must be at least 1 (seconds): OpenHands would end the hook at once",
            );
            None
        }
        None => {
            reader.error(&at, "`timeout` must be a whole number of seconds");
            None
        }
    }
}
