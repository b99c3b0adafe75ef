//! A literal prefilter for matcher regexes. Compiling a regex costs more than the rest of a
//! fire's start-up, and most hooks an event reaches do not match it: `mcp__.*`, `^Notebook.*`,
//! `Web(Fetch|Search)` or `(?i)^(write|edit)$` cannot match `Bash`, because every match of each
//! contains a literal that `Bash` lacks. [`rules_out`] reads such patterns without the regex
//! engine and says so.
//!
//! The reader is deliberately small and conservative. It follows one grammar — literal
//! characters, `.`, `^`, `$`, escaped punctuation, `(…)` groups, `|`, one `*`, `+` or `?` after an
//! atom, and a leading `(?i)` (Rust syntax only) — whose every sentence regex-lite compiles within the matcher's
//! limits. Anything else (classes, counted repetition, other escapes or flags, long patterns)
//! makes it answer `false`, and the caller compiles the regex as before: invalid patterns are
//! still reported, and only valid ones are ever decided here.

use super::engine::Syntax;

/// Longer patterns are left to the regex engine, whose size limit they could reach.
const MAX_LEN: usize = 256;
/// Group nesting the reader follows; the engine allows far more.
const MAX_DEPTH: u32 = 8;

/// True when `pattern`, compiled as a regex, is valid and matches nowhere in `value`: every match
/// would contain a literal that `value` lacks. False when that is not certain.
/// The grammar is valid in every [`Syntax`] except for `(?i)`, which is read only in Rust's (an
/// error in ECMAScript; Unicode case folding in Python's).
pub(super) fn rules_out(pattern: &str, value: &str, syntax: Syntax) -> bool {
    if pattern.len() > MAX_LEN {
        return false;
    }
    let (fold, pattern) = match pattern.strip_prefix("(?i)") {
        Some(rest) if syntax == Syntax::Rust => (true, rest),
        Some(_) => return false,
        None => (false, pattern),
    };
    let mut reader = Reader {
        pattern,
        pos: 0,
        depth: 0,
        value,
        fold,
    };
    // A `)` with no `(` stops the top-level alternation early; the engine rejects it.
    reader.alternation() == Some(true) && reader.pos == pattern.len()
}

/// Reads a pattern left to right. Each method returns `None` for text outside the grammar, else
/// whether what it read is ruled out for `value`.
struct Reader<'a> {
    pattern: &'a str,
    /// Byte offset of the next character to read.
    pos: usize,
    /// Groups open at `pos`.
    depth: u32,
    value: &'a str,
    /// `(?i)`: regex-lite then folds ASCII letters only, as `eq_ignore_ascii_case` does.
    fold: bool,
}

impl Reader<'_> {
    /// `a|b|…` up to a `)` or the end: ruled out when every branch is.
    fn alternation(&mut self) -> Option<bool> {
        let mut ruled_out = self.branch()?;
        while self.eat('|') {
            ruled_out &= self.branch()?;
        }
        Some(ruled_out)
    }

    /// A sequence of atoms: ruled out when one of its runs of plain characters, or one of its
    /// groups, is required by every match and ruled out. Repeated atoms are required by none.
    fn branch(&mut self) -> Option<bool> {
        let mut ruled_out = false;
        // Start of the current run of unrepeated plain characters.
        let mut run = self.pos;
        while let Some(c) = self.peek() {
            let start = self.pos;
            let group = match c {
                '|' | ')' => break,
                '(' => Some(self.group()?),
                '\\' => {
                    self.pos += 1;
                    let escaped = self.peek().filter(|&c| is_meta(c) || c == '|')?;
                    self.pos += escaped.len_utf8();
                    None
                }
                '*' | '+' | '?' | '{' | '}' | '[' | ']' => return None,
                _ => {
                    self.pos += c.len_utf8();
                    None
                }
            };
            let repeated = self.repetition()?;
            // Only Rust's syntax repeats an assertion; the others reject `^*`.
            if repeated && matches!(c, '^' | '$') {
                return None;
            }
            let plain = !matches!(c, '(' | '\\' | '.' | '^' | '$');
            if plain && !repeated {
                continue;
            }
            ruled_out |= self.lacks(&self.pattern[run..start]);
            ruled_out |= group == Some(true) && !repeated;
            run = self.pos;
        }
        ruled_out |= self.lacks(&self.pattern[run..self.pos]);
        Some(ruled_out)
    }

    /// `(…)` at `pos`, a capture group; `(?…` and deep nesting are outside the grammar.
    fn group(&mut self) -> Option<bool> {
        self.pos += 1;
        if self.depth == MAX_DEPTH || self.peek() == Some('?') {
            return None;
        }
        self.depth += 1;
        let ruled_out = self.alternation()?;
        self.depth -= 1;
        self.eat(')').then_some(ruled_out)
    }

    /// Reads one `*`, `+` or `?` after an atom and says whether there was one. Counted, lazy and
    /// stacked repetitions are outside the grammar.
    fn repetition(&mut self) -> Option<bool> {
        let repeated = matches!(self.peek(), Some('*' | '+' | '?'));
        if repeated {
            self.pos += 1;
        }
        (!matches!(self.peek(), Some('*' | '+' | '?' | '{'))).then_some(repeated)
    }

    /// Whether `value` lacks the non-empty `literal`.
    fn lacks(&self, literal: &str) -> bool {
        if literal.is_empty() {
            return false;
        }
        if self.fold {
            let literal = literal.as_bytes();
            !self
                .value
                .as_bytes()
                .windows(literal.len())
                .any(|window| window.eq_ignore_ascii_case(literal))
        } else {
            !self.value.contains(literal)
        }
    }

    fn peek(&self) -> Option<char> {
        self.pattern[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += c.len_utf8();
        }
        found
    }
}

/// The characters that are not plain outside a class; any of them may be escaped.
fn is_meta(c: char) -> bool {
    matches!(
        c,
        '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '^' | '$'
    )
}

#[cfg(test)]
#[path = "prefilter_tests.rs"]
mod tests;
