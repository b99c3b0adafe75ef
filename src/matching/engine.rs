//! The regex engines behind matchers: one per [`Syntax`], each with bounded matching time.
//!
//! - [`Syntax::Rust`]: regex-lite, a backtracking-free engine (linear in the value), chosen for
//!   its compile speed.
//! - [`Syntax::EcmaScript`]: regress, the ECMAScript engine. It backtracks with no step limit,
//!   so [`screen`] first refuses the pattern shapes that backtrack exponentially; what it lets
//!   through is polynomial in the value.
//! - [`Syntax::Python`] and [`Syntax::Java`]: fancy-regex, which runs look-around and
//!   back-references on a backtracking VM under [`BACKTRACK_LIMIT`] steps and hands the rest to
//!   regex-automata (linear). A search that reaches the limit is an error, never a hang.
//!
//! Nothing here runs until a matcher is first asked about a value its prefilter cannot rule out:
//! a fire that reaches no regex never initialises any of these engines.

use super::ecma_screen as screen;
use super::matcher::{REGEX_NEST_LIMIT, REGEX_SIZE_LIMIT};

/// Backtracking steps one fancy-regex search may take before it gives up (fancy-regex's own
/// default): a few milliseconds of work.
pub(super) const BACKTRACK_LIMIT: usize = 1_000_000;

/// The regex dialect an agent writes its matchers in. Where two read one pattern differently
/// (`(?i)`, look-around, `$` before a final newline), the dialect's syntax decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Syntax {
    /// Rust's `regex` syntax: no look-around, no back-references.
    Rust,
    /// ECMAScript `RegExp` without flags, as `new RegExp(text).test(value)` reads it.
    EcmaScript,
    /// Python's `re` module.
    Python,
    /// `java.util.regex.Pattern`, approximated by the Perl-style syntax of [`Syntax::Python`].
    Java,
}

/// A compiled matcher regex.
#[derive(Debug, Clone)]
pub(super) enum Engine {
    Lite(regex_lite::Regex),
    Ecma(regress::Regex),
    Fancy(fancy_regex::Regex),
}

impl Engine {
    /// Compiles `pattern` in `syntax`, or says why it is not a valid (or safe) regex there.
    pub(super) fn compile(pattern: &str, syntax: Syntax) -> Result<Engine, String> {
        match syntax {
            Syntax::Rust => regex_lite::RegexBuilder::new(pattern)
                .size_limit(REGEX_SIZE_LIMIT)
                .nest_limit(REGEX_NEST_LIMIT)
                .build()
                .map(Engine::Lite)
                .map_err(|e| e.to_string()),
            Syntax::EcmaScript => {
                let regex = regress::Regex::new(pattern).map_err(|e| e.to_string())?;
                // Validity first: the screen's reading assumes a pattern that parses.
                screen::check(pattern)?;
                Ok(Engine::Ecma(regex))
            }
            Syntax::Python | Syntax::Java => {
                fancy_regex::RegexBuilder::new(no_subroutines(pattern)?)
                    .backtrack_limit(BACKTRACK_LIMIT)
                    .delegate_size_limit(REGEX_SIZE_LIMIT)
                    .build()
                    .map(Engine::Fancy)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// The byte offset where the leftmost match in `value` starts, `None` without a match, or an
    /// error when the search exceeded its step budget.
    pub(super) fn leftmost_start(&self, value: &str) -> Result<Option<usize>, String> {
        Ok(match self {
            Engine::Lite(regex) => regex.find(value).map(|m| m.start()),
            Engine::Ecma(regex) => regex.find(value).map(|m| m.start()),
            Engine::Fancy(regex) => regex
                .find(value)
                .map_err(|e| e.to_string())?
                .map(|m| m.start()),
        })
    }
}

/// `pattern`, unless it calls a group as a subroutine (`\g1`, `\g<name>`, `(?P>name)`). Python's
/// `re` and Java's `Pattern` have no subroutine calls and refuse these ("bad escape \g");
/// fancy-regex reads them in Oniguruma's way and inlines each call when it compiles, so a call to
/// an enclosing group (`\g0` calls the whole pattern) grows without end: a fuzzed matcher took
/// over 4 GB before it was refused here.
fn no_subroutines(pattern: &str) -> Result<&str, String> {
    let bytes = pattern.as_bytes();
    let mut in_class = false;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => {
                if bytes.get(at + 1) == Some(&b'g') {
                    return Err(format!(
                        "bad escape \\g at position {at}: this syntax has no subroutine calls"
                    ));
                }
                at += 2;
                continue;
            }
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class && bytes[at..].starts_with(b"(?P>") => {
                return Err(format!(
                    "unknown extension ?P> at position {at}: this syntax has no subroutine calls"
                ));
            }
            _ => {}
        }
        at += 1;
    }
    Ok(pattern)
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
