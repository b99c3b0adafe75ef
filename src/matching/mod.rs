//! Matching: which configured hooks an event selects, decided before anything is spawned (README,
//! "Matching"). Pure functions over the event name, the payload JSON and a hook's `matcher` and
//! `if` texts; no I/O, no processes.
//!
//! A hook runs for a payload when the [`Target`] its dialect gives the event, asked through
//! [`Target::allows`], accepts its [`Matcher`], and then its `if` [`Rule`] (if any) matches.
//! Regexes and globs are compiled lazily, only for the hooks an event actually asks about, so
//! loading a configuration never pays for them.

mod ecma_screen;
mod engine;
mod matcher;
mod path_rule;
mod prefilter;
mod rule;
mod shell;
mod target;
mod wildcard;

pub(crate) use engine::Syntax;
pub(crate) use matcher::{Flavour, Matcher, MatcherError};
pub(crate) use rule::{Rule, RuleContext, TOOL_INPUT_FIELDS, shell_command};
pub(crate) use shell::is_assignment;
pub(crate) use target::Target;
#[cfg(test)]
pub(crate) use target::target_value;
