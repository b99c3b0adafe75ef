//! PRX: `hooks.json` (a file-level `timeout_ms` and, per event key, actions spawned in exec form
//! in a sanitised environment). PRX hooks are observe-only and have no matchers. They receive
//! PRX's envelope `{event, timestamp, session_id, payload}`, always a payload file
//! (`ZERO_HOOK_PAYLOAD_FILE`), and `ZERO_HOOK_*` variables. Event keys compare normalised, and
//! `prx.lifecycle.<event>` fires `<event>`. PRX's WebAssembly plugins (`plugins/*/plugin.toml`)
//! are its hooks too: each manifest with a hook capability loads into one plugin hook, whose
//! event patterns are matched by `topic.rs` and which `hookrun-wasm` runs.

mod install;
mod load;
pub(crate) mod plugin;
pub(crate) mod topic;

use std::path::PathBuf;

use serde_json::{Map, Value};

use crate::config::diagnostics::Severity;
use crate::matching::Target;
use crate::model::Dialect;
use crate::model::answer::Policy;
use crate::model::dialect::{DialectSpec, EventContext, Shape, Sniff, TimeoutRule};
use crate::model::editing::{CommandKeys, Editing, Layout, Switch, TimeUnit, TimeoutKey};
use crate::model::hook::{EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};

/// The PRX dialect.
pub(crate) const PRX: Dialect = Dialect::new(&Prx);
/// `ZERO_HOOK_PAYLOAD` is set only for payloads up to this size (PRX's limit).
pub(crate) const ENV_PAYLOAD_MAX: usize = 8 * 1024;

/// `{event, timestamp, session_id, payload}` unless the payload already is one.
const ENVELOPE: Shape = Shape {
    key: "prx",
    render: envelope,
};

struct Prx;

/// PRX events (`HookEvent`), in their normalised spelling.
const EVENTS: &[&str] = &[
    "agent_start",
    "agent_end",
    "llm_request",
    "llm_response",
    "tool_call_start",
    "tool_call",
    "turn_complete",
    "error",
];

impl DialectSpec for Prx {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "prx"
    }

    /// Its `hooks.json`; a plugin's manifest is not edited.
    fn editing(&self, path: &std::path::Path) -> Option<Editing> {
        (!is_manifest(path)).then_some(EDITING)
    }

    fn discovery(&self) -> &'static [&'static str] {
        &["hooks.json"]
    }

    fn listed_files(&self, project_dir: &std::path::Path) -> Result<Vec<PathBuf>, String> {
        plugin::manifests(project_dir)
    }

    fn claims_path(&self, _parent: &str, file: &str) -> bool {
        // `hooks.json` is also Cursor's and Codex's name: a PRX file is told by its content. A
        // plugin manifest is told by its name.
        file == plugin::MANIFEST
    }

    fn format_of(&self, path: &std::path::Path) -> crate::config::format::Format {
        if is_manifest(path) {
            crate::config::format::Format::Toml
        } else {
            crate::config::format::Format::Json
        }
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_object && !sniff.nested_hooks && sniff.exec_keys && !sniff.shell_fields
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        if is_manifest(&ctx.source.path) {
            plugin::load(ctx)
        } else {
            load::load(ctx)
        }
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn is_known_event(&self, event: &str) -> bool {
        EVENTS.contains(&normalize_event(event).as_str())
    }

    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        match selector {
            EventSelector::Named(name) => lifecycle_event(name) == lifecycle_event(event),
            // A plugin's patterns, against the event's name and its lifecycle topic.
            EventSelector::Patterns(patterns) => {
                topic::delivery(patterns, &lifecycle_event(event)).is_some()
            }
            EventSelector::Typed { .. } => false,
        }
    }

    fn target(&self, _event: &str) -> Target {
        Target::None
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        ENVELOPE
    }

    fn environment(
        &self,
        _: &Hook,
        ctx: &EventContext<'_>,
        payload: &[u8],
    ) -> Vec<(String, String)> {
        let session = ctx
            .payload
            .get("session_id")
            .and_then(Value::as_str)
            .unwrap_or("");
        let mut env = vec![
            ("ZERO_HOOK_EVENT".to_owned(), lifecycle_event(ctx.event)),
            ("ZERO_HOOK_SESSION".to_owned(), session.to_owned()),
            ("ZERO_HOOK_TIMESTAMP".to_owned(), ctx.timestamp.to_owned()),
        ];
        // The JSON itself only when it is at most 8 KiB.
        let json = payload.strip_suffix(b"\n").unwrap_or(payload);
        if json.len() <= ENV_PAYLOAD_MAX {
            env.push((
                "ZERO_HOOK_PAYLOAD".to_owned(),
                String::from_utf8_lossy(json).into_owned(),
            ));
        } else {
            env.push(("ZERO_HOOK_PAYLOAD_TRUNCATED".to_owned(), "1".to_owned()));
        }
        env
    }

    fn payload_file_var(&self, _hook: &Hook) -> Option<&'static str> {
        Some("ZERO_HOOK_PAYLOAD_FILE")
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        // Observe-only: nothing a PRX hook says reaches the decision, and every non-zero exit is
        // a failure of the hook.
        Policy {
            can_block: false,
            exit2_blocks: false,
            observe_only: true,
            ..Policy::filter(hook)
        }
    }

    /// A plugin gets the event under the name or the `prx.lifecycle.` topic its patterns
    /// select ([`topic::delivery`]).
    fn plugin_event(&self, patterns: &[String], event: &str) -> Result<String, String> {
        let event = lifecycle_event(event);
        topic::delivery(patterns, &event).ok_or(event)
    }

    fn validate_errors(&self) -> &'static [&'static str] {
        &[load::BLOCKED_ENV_CODE]
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            max: std::time::Duration::from_secs(300),
            severity: Severity::Error,
            key: "timeout_ms",
            unit: "milliseconds",
        }
    }
}

/// Whether `path` is a plugin manifest (`plugin.toml`) rather than `hooks.json`.
fn is_manifest(path: &std::path::Path) -> bool {
    path.file_name()
        .is_some_and(|name| name == plugin::MANIFEST)
}

/// Whether `event` is one of PRX's events, in any spelling PRX accepts (`hookrun serve`'s bus
/// publishes those as `prx.lifecycle.<event>`).
#[cfg(feature = "serve")]
pub(crate) fn is_event(event: &str) -> bool {
    EVENTS.contains(&lifecycle_event(event).as_str())
}

/// PRX's event-key normalisation: trim, ASCII-lowercase, `-` → `_`.
pub(crate) fn normalize_event(event: &str) -> String {
    event.trim().to_ascii_lowercase().replace('-', "_")
}

/// The name PRX hooks are told (`ZERO_HOOK_EVENT`, the envelope's `event`): the key normalised,
/// with `prx.lifecycle.` dropped.
pub(crate) fn lifecycle_event(name: &str) -> String {
    let normalized = normalize_event(name);
    match normalized.strip_prefix(topic::LIFECYCLE_PREFIX) {
        Some(rest) => rest.to_owned(),
        None => normalized,
    }
}

/// The envelope embeds the caller's payload bytes (and its `session_id`'s) as they came.
fn envelope(ctx: &EventContext<'_>) -> std::rc::Rc<Vec<u8>> {
    use crate::dialects::payload::{Piece, member, object_line, whole};
    if is_envelope(ctx.payload) {
        return crate::dialects::payload::as_is(ctx);
    }
    object_line(&[
        ("event", Piece::Str(&lifecycle_event(ctx.event))),
        ("timestamp", Piece::Str(ctx.timestamp)),
        (
            "session_id",
            member(ctx, "session_id").unwrap_or(Piece::NULL),
        ),
        ("payload", whole(ctx)),
    ])
}

fn is_envelope(payload: &Map<String, Value>) -> bool {
    payload.contains_key("event")
        && payload.contains_key("payload")
        && payload.contains_key("timestamp")
}

/// PRX's `hooks.json` as `hookrun hooks` edits it: exec-form actions without a matcher, a
/// switch per action and one for the file, picked first when no file is named.
const EDITING: Editing = Editing {
    layout: Layout::Entries,
    command: CommandKeys::Exec {
        program: "command",
        args: "args",
    },
    matcher: false,
    timeout: TimeoutKey {
        key: "timeout_ms",
        unit: TimeUnit::Milliseconds,
        aliases: &[],
    },
    file_switch: Some(Switch::ENABLED),
    hook_switch: Some(Switch::ENABLED),
    stdin_json: Some("stdin_json"),
    env: Some("env"),
    preferred: true,
    ..Editing::shell_entries()
};

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::dialects::payload::shaped;

    #[test]
    fn prx_receives_the_envelope_unless_given_one() {
        let payload = json!({"session_id": "s1", "x": 1});
        let envelope = shaped(ENVELOPE, &payload, "prx.lifecycle.Tool-Call");
        assert_eq!(
            envelope,
            json!({"event": "tool_call", "timestamp": "2026-11-21T00:00:00.000Z", "session_id": "s1", "payload": payload})
        );
        let already = json!({"event": "e", "timestamp": "t", "session_id": null, "payload": {}});
        assert_eq!(shaped(ENVELOPE, &already, "e"), already);
    }
}
