//! Matching: which configured hooks an event selects, before anything is spawned (SPEC §3).
//! Pure functions over the event name, the payload JSON and the hook's `matcher` and `if` texts.
//! No I/O, no processes; regexes and globs are compiled lazily, only for hooks that are asked.

mod matcher;

pub(crate) use matcher::{Matcher, MatcherError};
