//! What a hook's `matcher` is tested against (a [`Target`]: each dialect says which one an event
//! has), and the one check that combines a matcher, a target and a payload.

use serde_json::Value;

use super::matcher::{Matcher, MatcherError};

/// The payload value a matcher is tested against for one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// The event has no matcher target: the matcher is ignored and the hook always matches.
    None,
    /// A name-like top-level string field (`tool_name`, `source`, `agent_type`, …), tested with
    /// the matcher's own semantics.
    Name(&'static str),
    /// A name compared by plain equality with the (trimmed) matcher: Gemini's lifecycle events
    /// (`SessionStart`, `SessionEnd`, `PreCompress`) do not use a regex.
    ExactName(&'static str),
    /// Free text: a shell command or a file path. Agents put it at the top level of the payload
    /// (Cursor, proxyai) or inside `tool_input` (Claude-shaped tool payloads), so the top level is
    /// read first, then `tool_input`. Exact-name matchers search their names in it.
    Text(&'static str),
    /// proxyai `stop`: `status` when present, else `reason`.
    StatusOrReason,
    /// Claude `FileChanged`: the file name (last component) of `file_path`, compared with the
    /// matcher's `|`-separated literal file names (Claude builds its watch list from them).
    FileName,
    /// A name-like top-level string field that has aliases in the dialect's table of
    /// `(value, alias)` pairs (a tool's name in another agent's vocabulary, or its display
    /// names): the matcher gets the value with each of them ([`Matcher::is_match_aliased`]).
    Aliased {
        field: &'static str,
        aliases: &'static [(&'static str, &'static str)],
    },
}

impl Target {
    #[allow(
        dead_code,
        reason = "wired in by validate/list (issue 4) and the other dialects (issue 3)"
    )]
    /// The payload field the target reads first, for `--dry-run` and `list`.
    pub(crate) fn field(self) -> Option<&'static str> {
        match self {
            Target::None => None,
            Target::Name(field)
            | Target::ExactName(field)
            | Target::Text(field)
            | Target::Aliased { field, .. } => Some(field),
            Target::StatusOrReason => Some("status"),
            Target::FileName => Some("file_path"),
        }
    }

    /// Whether `matcher` selects the hook for `payload`. A target-less event ignores the matcher,
    /// and a match-all matcher never looks at the payload; otherwise a missing target value
    /// does not match. Errors only for an invalid regex in a dialect where that is an error.
    pub(crate) fn allows(self, matcher: &Matcher, payload: &Value) -> Result<bool, MatcherError> {
        if self == Target::None || matcher.matches_everything() {
            return Ok(true);
        }
        let Some(value) = target_value(self, payload) else {
            return Ok(false);
        };
        let pattern = matcher.pattern().unwrap_or_default();
        match self {
            Target::ExactName(_) => Ok(pattern.trim() == value),
            // Claude reads a FileChanged matcher as a `|` list of literal file names to watch.
            Target::FileName => Ok(pattern.split('|').any(|name| name.trim() == value)),
            Target::Text(_) => matcher.is_match_text(value),
            Target::Aliased { aliases, .. } => {
                // A value may have several aliases (Qwen Code: `Shell`, `ShellTool`, `Bash`),
                // or none, when it is its own.
                let mut own = aliases
                    .iter()
                    .filter(|(name, _)| *name == value)
                    .map(|(_, alias)| *alias)
                    .peekable();
                let own_alias = if own.peek().is_none() {
                    matcher.is_match_aliased(value, value)?
                } else {
                    own.try_fold(false, |found, alias| {
                        Ok::<bool, MatcherError>(found || matcher.is_match_aliased(value, alias)?)
                    })?
                };
                // A value that is already an alias (a payload in the other vocabulary) also
                // answers to the names it is the alias of.
                Ok(own_alias
                    || aliases
                        .iter()
                        .filter(|(name, alias)| *alias == value && *name != value)
                        .try_fold(false, |found, (name, _)| {
                            Ok::<bool, MatcherError>(
                                found || matcher.is_match_aliased(name, value)?,
                            )
                        })?)
            }
            _ => matcher.is_match(value),
        }
    }
}

/// The string the matcher is tested against, or `None` when the payload lacks it (or it is not a
/// string). See [`Target::Text`] for where free text is looked up.
pub(crate) fn target_value(target: Target, payload: &Value) -> Option<&str> {
    let top = |field: &str| payload.get(field).and_then(Value::as_str);
    match target {
        Target::None => None,
        // One event name may come from agents that spell the tool's name differently.
        Target::Name("tool_name") => super::rule::tool_name(payload),
        Target::Name(field) | Target::ExactName(field) | Target::Aliased { field, .. } => {
            top(field)
        }
        Target::Text(field) => top(field).or_else(|| {
            payload
                .get("tool_input")
                .and_then(|input| input.get(field))
                .and_then(Value::as_str)
        }),
        Target::StatusOrReason => top("status").or_else(|| top("reason")),
        Target::FileName => top("file_path").map(|path| {
            path.rsplit(['/', '\\'])
                .find(|part| !part.is_empty())
                .unwrap_or(path)
        }),
    }
}
