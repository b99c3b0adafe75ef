//! Matching: which configured hooks an event selects, decided before anything is spawned
//! (SPEC §3). Pure functions over the event name, the payload JSON and a hook's `matcher` and
//! `if` texts; no I/O, no processes.
//!
//! A hook runs for a payload when [`matcher_target`] of its dialect and event, asked through
//! [`Target::allows`](target::Target::allows), accepts its [`Matcher`], and then its `if` [`Rule`] (if any) matches.
//! Regexes and globs are compiled lazily, only for the hooks an event actually asks about, so
//! loading a configuration never pays for them.

mod events;
mod matcher;
mod path_rule;
mod prefilter;
mod rule;
mod shell;
mod target;
mod wildcard;

pub(crate) use matcher::{Matcher, MatcherError};
pub(crate) use rule::{Rule, RuleContext};
pub(crate) use target::{is_known_event, known_events, matcher_target, normalize_prx_event};
