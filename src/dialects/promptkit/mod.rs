//! PromptKit: RuntimeConfig YAML (`runtime.yaml`, `spec.hooks.<name>`), exec hooks of four
//! types that each own phases. `provider` and `tool` filter hooks block in every phase they own
//! (`after_call` fails the call with `HookDeniedError`), and only `{"allow": true}` allows;
//! `session` filter hooks block when their process fails (their output is not read); a deny skips
//! the rest of the type's chain. Hooks receive `{hook, phase, request|response|event}`;
//! `--output promptkit` answers `{"allow"}`, and exits 2 as well where only the exit code is read.

mod answer;
mod install;
mod load;

use serde_json::{Map, json};

use crate::config::format::Format;
use crate::matching::Target;
use crate::model::Dialect;
use crate::model::answer::{Answer, Merged, Policy, block_reason, object};
use crate::model::dialect::{AgentOutput, DialectSpec, EventContext, Shape, Sniff, TimeoutRule};
use crate::model::hook::{EventSelector, Hook};
use crate::model::load::{DialectLoad, LoadContext};

/// The PromptKit dialect.
pub(crate) const PROMPTKIT: Dialect = Dialect::new(&Promptkit);

struct Promptkit;

/// promptkit phases, their `<hook>.<phase>` forms, and `eval`.
const EVENTS: &[&str] = &[
    "before_call",
    "after_call",
    "before_execution",
    "after_execution",
    "session_start",
    "session_update",
    "session_end",
    "provider.before_call",
    "provider.after_call",
    "tool.before_execution",
    "tool.after_execution",
    "session.session_start",
    "session.session_update",
    "session.session_end",
    "eval",
];

/// PromptKit's hook types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PromptkitHook {
    Provider,
    Tool,
    Session,
    Eval,
}

impl PromptkitHook {
    const ALL: [PromptkitHook; 4] = [
        PromptkitHook::Provider,
        PromptkitHook::Tool,
        PromptkitHook::Session,
        PromptkitHook::Eval,
    ];

    /// The type as the file names it (and as an event names it: `tool.before_execution`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            PromptkitHook::Provider => "provider",
            PromptkitHook::Tool => "tool",
            PromptkitHook::Session => "session",
            PromptkitHook::Eval => "eval",
        }
    }

    /// The phases the type owns.
    pub(crate) fn phases(self) -> &'static [&'static str] {
        match self {
            PromptkitHook::Provider => &["before_call", "after_call"],
            PromptkitHook::Tool => &["before_execution", "after_execution"],
            PromptkitHook::Session => &["session_start", "session_update", "session_end"],
            PromptkitHook::Eval => &["eval"],
        }
    }

    fn of(hook: &Hook) -> Option<PromptkitHook> {
        match &hook.events {
            EventSelector::Typed { kind, .. } => {
                PromptkitHook::ALL.into_iter().find(|k| k.name() == *kind)
            }
            _ => None,
        }
    }

    /// A filter hook of this type can stop PromptKit: provider and tool hooks in every phase
    /// (`RunAfterProviderCall` fails the call; `RunAfterToolExecution`'s deny is what PromptKit's
    /// documentation promises, though its pipeline discards it), session hooks by failing
    /// (`RunSession*` returns the first error and stops the chain). Eval hooks never gate.
    fn gates(self) -> bool {
        self != PromptkitHook::Eval
    }

    /// PromptKit reads this type's `{"allow": …}` answer (a session hook's output is not read).
    fn answers(self) -> bool {
        matches!(self, PromptkitHook::Provider | PromptkitHook::Tool)
    }
}

impl DialectSpec for Promptkit {
    fn installer(&self) -> Option<&'static dyn crate::install::Installer> {
        Some(&install::INSTALL)
    }

    fn name(&self) -> &'static str {
        "promptkit"
    }

    fn discovery(&self) -> &'static [&'static str] {
        &["runtime.yaml", "runtime.yml"]
    }

    fn claims_path(&self, _parent: &str, file: &str) -> bool {
        matches!(file, "runtime.yaml" | "runtime.yml")
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.runtime_config
    }

    fn format(&self) -> Format {
        Format::Yaml
    }

    fn entry_is_key(&self) -> bool {
        // A hook is a mapping entry: its name (the key) is where it starts.
        true
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn fires_on(&self, selector: &EventSelector, event: &str) -> bool {
        let EventSelector::Typed { kind, phases } = selector else {
            return false;
        };
        let Some(kind) = PromptkitHook::ALL.into_iter().find(|k| k.name() == *kind) else {
            return false;
        };
        if kind == PromptkitHook::Eval {
            return event == "eval" || event == "eval.eval";
        }
        if let Some((named, _)) = event.split_once('.')
            && named != kind.name()
        {
            return false;
        }
        let phase = phase(event);
        kind.phases().contains(&phase) && phases.iter().any(|p| p == phase)
    }

    fn target(&self, _event: &str) -> Target {
        Target::None
    }

    fn shape(&self, hook: &Hook) -> Shape {
        match PromptkitHook::of(hook) {
            Some(PromptkitHook::Provider) => PROVIDER,
            Some(PromptkitHook::Tool) => TOOL,
            Some(PromptkitHook::Session) => SESSION,
            Some(PromptkitHook::Eval) | None => AS_IS,
        }
    }

    fn environment(&self, _: &Hook, _: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        Vec::new()
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        let kind = PromptkitHook::of(hook);
        let filter = Policy::filter(hook);
        let can_block = filter.can_block && kind.is_some_and(PromptkitHook::gates);
        let answers = kind.is_some_and(PromptkitHook::answers);
        Policy {
            can_block,
            // Every non-zero exit is a failure; only `{"allow": true}` allows.
            exit2_blocks: false,
            require_allow: can_block && answers,
            decodes: Some(answer::undecodable),
            ignore_stdout: !answers,
            ..filter
        }
    }

    fn deny_ends_chain(&self, hook: &Hook, _event: &str) -> bool {
        PromptkitHook::of(hook).is_some_and(PromptkitHook::gates)
    }

    fn output(&self) -> Option<&'static dyn AgentOutput> {
        Some(&PromptkitOutput)
    }

    fn timeout_rule(&self) -> TimeoutRule {
        TimeoutRule {
            key: "timeout_ms",
            unit: "milliseconds",
            ..crate::model::dialect::default_timeout_rule()
        }
    }
}

/// The phase part of a PromptKit event (`tool.before_execution` → `before_execution`).
pub(crate) fn phase(event: &str) -> &str {
    event.split_once('.').map_or(event, |(_, phase)| phase)
}

const PROVIDER: Shape = Shape {
    key: "promptkit.provider",
    render: |ctx| envelope(PromptkitHook::Provider, ctx),
};
const TOOL: Shape = Shape {
    key: "promptkit.tool",
    render: |ctx| envelope(PromptkitHook::Tool, ctx),
};
const SESSION: Shape = Shape {
    key: "promptkit.session",
    render: |ctx| envelope(PromptkitHook::Session, ctx),
};
/// The caller's payload as is (eval hooks).
const AS_IS: Shape = Shape {
    key: "as-is",
    render: crate::dialects::payload::as_is,
};

/// `{hook, phase, request|response|event}`, unless the payload already has `hook` and `phase`;
/// the inner values are the caller's payload bytes (or its `request`'s, `response`'s) as they came.
fn envelope(kind: PromptkitHook, ctx: &EventContext<'_>) -> std::rc::Rc<Vec<u8>> {
    use crate::dialects::payload::{Piece, member, object_line, whole};
    if ctx.payload.contains_key("hook") && ctx.payload.contains_key("phase") {
        return crate::dialects::payload::as_is(ctx);
    }
    let phase = phase(ctx.event);
    let head = [
        ("hook", Piece::Str(kind.name())),
        ("phase", Piece::Str(phase)),
    ];
    let field = |key: &str| member(ctx, key);
    match kind {
        PromptkitHook::Session => object_line(&[head[0], head[1], ("event", whole(ctx))]),
        _ if phase.starts_with("after_") => object_line(&[
            head[0],
            head[1],
            ("request", field("request").unwrap_or(Piece::EMPTY_OBJECT)),
            ("response", field("response").unwrap_or(Piece::EMPTY_OBJECT)),
        ]),
        _ => object_line(&[
            head[0],
            head[1],
            ("request", field("request").unwrap_or_else(|| whole(ctx))),
        ]),
    }
}

/// `--output promptkit`.
struct PromptkitOutput;

impl AgentOutput for PromptkitOutput {
    fn answer(&self, event: &str, merged: &Merged) -> Answer {
        let answer = promptkit(merged);
        if merged.blocks() && PromptkitHook::Session.phases().contains(&phase(event)) {
            // A session hook's output is not read: only a failed process stops PromptKit.
            return answer.blocking(&block_reason(merged));
        }
        answer
    }

    fn failure(&self, message: &str) -> Answer {
        // A provider or tool filter reads the JSON (its deny carries the reason); a session hook
        // reads only the exit code, and a failed process denies in every filter.
        Answer::ok(object(json!({"allow": false, "reason": message}))).blocking(message)
    }
}

fn promptkit(m: &Merged) -> Answer {
    let mut out = Map::new();
    out.insert("allow".into(), (!m.blocks()).into());
    if m.blocks() {
        out.insert("reason".into(), block_reason(m).into());
    }
    Answer::ok(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::dialects::payload::shaped;

    #[test]
    fn promptkit_receives_hook_phase_and_request_or_response() {
        let payload = json!({"request": {"q": 1}, "response": {"a": 2}});
        assert_eq!(
            shaped(TOOL, &payload, "tool.before_execution"),
            json!({"hook": "tool", "phase": "before_execution", "request": {"q": 1}})
        );
        assert_eq!(
            shaped(PROVIDER, &payload, "after_call"),
            json!({"hook": "provider", "phase": "after_call", "request": {"q": 1}, "response": {"a": 2}})
        );
        let session = json!({"session_id": "s"});
        assert_eq!(
            shaped(SESSION, &session, "session_start"),
            json!({"hook": "session", "phase": "session_start", "event": {"session_id": "s"}})
        );
        let own = json!({"hook": "tool", "phase": "x"});
        assert_eq!(shaped(TOOL, &own, "before_execution"), own);
    }
}
