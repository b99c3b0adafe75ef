//! Matching: which configured hooks an event selects, before anything is spawned (SPEC §3).
//! Pure functions over the event name, the payload JSON and the hook's `matcher` and `if` texts.
//! No I/O, no processes; regexes and globs are compiled lazily, only for hooks that are asked.

mod events;
mod matcher;
mod path_rule;
mod rule;
mod shell;
mod target;
mod wildcard;

pub(crate) use matcher::{Matcher, MatcherError};
pub(crate) use rule::{Rule, RuleContext, RuleError};
pub(crate) use target::{
    Target, is_known_event, known_events, matcher_target, normalize_prx_event, target_value,
};
