//! PraisonAI: `.praison/hooks.json` (`{"hooks": [{event, command, matcher?, …}]}`). Events
//! compare case-insensitively; matchers are Python `re.match` regexes (anchored at the start; an
//! invalid one is searched as a substring). Hooks get the payload with `event_name` and
//! `PRAISON_*` variables.

mod load;

use crate::matching::{Flavour, Syntax, Target};
use crate::model::answer::Policy;
use crate::model::dialect::{DialectSpec, EventContext, Shape, Sniff};
use crate::model::hook::Hook;
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::Dialect;

/// The PraisonAI dialect.
pub(crate) const PRAISON: Dialect = Dialect::new(&Praison);
/// PraisonAI matches with Python's `re.match`; an invalid regex is searched as a substring.
pub(crate) const FLAVOUR: Flavour = Flavour::StartRegexOrSubstring(Syntax::Python);

/// The caller's payload plus `event_name` when absent.
const EVENT_NAME: Shape = Shape {
    key: "event_name",
    render: |ctx| crate::dialects::payload::with_field("event_name", ctx),
};

struct Praison;

/// praison events its hooks file may name (compared case-insensitively).
const EVENTS: &[&str] = &[
    "before_tool",
    "after_tool",
    "before_agent",
    "after_agent",
    "session_start",
    "session_end",
];

impl DialectSpec for Praison {
    fn name(&self) -> &'static str {
        "praison"
    }

    fn discovery(&self) -> &'static [&'static str] {
        &[".praison/hooks.json"]
    }

    fn claims_path(&self, parent: &str, file: &str) -> bool {
        parent == ".praison" && file == "hooks.json"
    }

    fn recognises(&self, sniff: Sniff) -> bool {
        sniff.hooks_array
    }

    fn load(&self, ctx: &LoadContext<'_>) -> DialectLoad {
        load::load(ctx)
    }

    fn known_events(&self) -> &'static [&'static str] {
        EVENTS
    }

    fn folds_event_case(&self) -> bool {
        true
    }

    fn target(&self, event: &str) -> Target {
        target(event)
    }

    fn shape(&self, _hook: &Hook) -> Shape {
        EVENT_NAME
    }

    fn environment(&self, _: &Hook, ctx: &EventContext<'_>, _: &[u8]) -> Vec<(String, String)> {
        vec![
            crate::dialects::claude::project_dir("PRAISON_PROJECT_DIR", ctx),
            ("PRAISON_EVENT".to_owned(), ctx.event.to_owned()),
        ]
    }

    fn project_dir_vars(&self) -> &'static [&'static str] {
        &["PRAISON_PROJECT_DIR"]
    }

    fn policy(&self, hook: &Hook, _event: &str) -> Policy {
        Policy::filter(hook)
    }
}

/// What a PraisonAI matcher is tested against, by event.
pub(crate) fn target(event: &str) -> Target {
    // praison passes a target (the tool name) only for tool events; elsewhere it ignores
    // matchers (seed-systems.md D1).
    if event.eq_ignore_ascii_case("before_tool") || event.eq_ignore_ascii_case("after_tool") {
        Target::Name("tool_name")
    } else {
        Target::None
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::dialects::payload::shaped;

    #[test]
    fn praison_hooks_get_event_name() {
        let payload = json!({"tool_name": "Bash"});
        assert_eq!(
            shaped(EVENT_NAME, &payload, "before_tool")["event_name"],
            "before_tool"
        );
    }
}
