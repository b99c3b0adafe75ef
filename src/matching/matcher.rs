//! The `matcher` string of a hook: which values of the event's matcher target (a tool name, a
//! session source, a shell command, …) select the hook, with each dialect's own semantics (README,
//! "Matching").
//!
//! hookrun starts once per agent event, and compiling one regex costs more than the rest of the
//! start-up (~0.4 ms cold for the `regex` crate), so [`Matcher::new`] only classifies the text.
//! Matchers made of names or plain text are compared with string operations and never compile
//! anything. A real regex is first asked of the literal [`prefilter`], which rules out most values
//! without the engine; otherwise it is compiled on first use, once, in the agent's own regex
//! [`Syntax`] by that syntax's [`Engine`], with tight size, nesting and step limits.

use std::sync::OnceLock;

use super::engine::{Engine, Syntax};
use super::prefilter;

/// Compiled-program limit: hostile patterns fail in milliseconds instead of tens.
pub(super) const REGEX_SIZE_LIMIT: usize = 1 << 20;
/// Parenthesis/bracket nesting limit for matcher regexes.
pub(super) const REGEX_NEST_LIMIT: u32 = 64;

/// Characters that make a matcher a regex rather than plain text. `|` is not here: a list of
/// plain alternatives is still compared without a regex.
const REGEX_META: &[char] = &[
    '\\', '.', '+', '*', '?', '(', ')', '[', ']', '{', '}', '^', '$',
];

/// A matcher regex that does not compile, in a dialect where that is a configuration error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid matcher regex `{pattern}`: {message}")]
pub(crate) struct MatcherError {
    /// The matcher as written in the configuration.
    pub(crate) pattern: String,
    /// The regex engine's explanation.
    pub(crate) message: String,
}

/// How an agent reads its matcher texts: what is a regex, in which [`Syntax`], and what an
/// invalid regex means. Each dialect names its own; the matcher knows no dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavour {
    /// The agent has no matchers: every value matches.
    Ignored,
    /// Exact names (a list split on `|` or `,`) when the text has only name characters, else an
    /// unanchored regex; an invalid regex is a configuration error.
    NamesOrRegex(Syntax),
    /// An unanchored regex on the trimmed text; an invalid one is compared as the exact string.
    TrimmedRegexOrExact(Syntax),
    /// An unanchored regex; an invalid one is searched as a substring.
    RegexOrSubstring(Syntax),
    /// A regex anchored at the start of the value (Python's `re.match`); an invalid one is
    /// searched as a substring.
    StartRegexOrSubstring(Syntax),
    /// A regex that must match the whole value, compiled as `^(?:TEXT)$`; a text of name
    /// characters and `|` only is a list of exact names; an invalid regex is a configuration
    /// error.
    WholeRegex(Syntax),
    /// [`Flavour::WholeRegex`] tested against the value's alias (the name the dialect's table
    /// gives the value, see [`Target::Aliased`](super::Target::Aliased)), where a listed exact
    /// name may also equal the value itself; `**` means every value, as `*` does.
    AliasedWholeRegex(Syntax),
    /// Only `""` and `*`, untrimmed, match every value. A text between slashes (`/TEXT/`, longer
    /// than two characters) is a regex that must match the whole value and matches nothing when
    /// invalid; a text holding one of ``|.*+?[]()^$\`` is a whole-value regex compared as the
    /// exact string when invalid; any other text is the exact string.
    SlashedOrWholeRegexOrExact(Syntax),
}

impl Flavour {
    /// The regex syntax of the flavour's regexes.
    fn syntax(self) -> Syntax {
        match self {
            // Never compiles anything; any syntax will do.
            Flavour::Ignored => Syntax::Rust,
            Flavour::NamesOrRegex(syntax)
            | Flavour::TrimmedRegexOrExact(syntax)
            | Flavour::RegexOrSubstring(syntax)
            | Flavour::StartRegexOrSubstring(syntax)
            | Flavour::WholeRegex(syntax)
            | Flavour::AliasedWholeRegex(syntax)
            | Flavour::SlashedOrWholeRegexOrExact(syntax) => syntax,
        }
    }
}

/// How a matcher's text is compared, decided once from the text and the flavour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Absent, empty or `*`, or a dialect without matchers: every value.
    All,
    /// Claude-style exact names: a list split on `|` or `,`, items trimmed.
    Names,
    /// Regex-free text in a regex dialect: `|`-separated alternatives found by string search,
    /// which is what the regex would do.
    Literals(Anchor),
    /// A real regex, compiled lazily.
    Regex(Anchor, OnInvalid),
}

/// Where a regex may match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    /// Anywhere in the value (JavaScript `test`, Java `containsMatch`).
    Anywhere,
    /// At the start of the value only (Python `re.match`).
    Start,
    /// Over the whole value: the text is compiled as `^(?:TEXT)$`, as the agent splices it.
    Whole,
}

/// What a regex that does not compile, or whose search exceeds its step budget, means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OnInvalid {
    /// A configuration error.
    Error,
    /// The text compared as an exact string.
    Exact,
    /// The text searched as a substring.
    Substring,
    /// Nothing matches.
    Nothing,
}

/// One hook's `matcher`, classified for its dialect; see the module doc.
#[derive(Debug, Clone)]
pub(crate) struct Matcher {
    /// The matcher exactly as configured.
    pattern: Option<Box<str>>,
    /// Where in `pattern` the text that is compared or compiled lies (gemini trims it, others
    /// use it as written).
    text: std::ops::Range<usize>,
    kind: Kind,
    /// The regex syntax a [`Kind::Regex`] is compiled in.
    syntax: Syntax,
    /// The flavour it was classified in (the configuration cache stores it to classify again).
    flavour: Flavour,
    /// The compiled regex, or the compile error's message; filled on first use.
    regex: OnceLock<Result<Engine, String>>,
}

impl Matcher {
    /// Classifies `pattern` in `flavour`. Cheap: never compiles a regex.
    ///
    /// - absent, `""` or `"*"` (after trimming) → every value, in every flavour. (In the
    ///   substring flavours a literal `*` would be an invalid regex searched as a substring;
    ///   hookrun reads it as "all", as every other flavour does.)
    /// - [`Flavour::NamesOrRegex`]: only ASCII letters, digits, `_`, `-`, space, `,`, `|` →
    ///   exact names split on `|` or `,`; anything else → unanchored regex, invalid = error.
    /// - [`Flavour::TrimmedRegexOrExact`]: unanchored regex on the trimmed text; invalid → exact
    ///   string.
    /// - [`Flavour::RegexOrSubstring`]: unanchored regex; invalid → substring.
    /// - [`Flavour::StartRegexOrSubstring`]: regex anchored at the start; invalid → substring.
    /// - [`Flavour::Ignored`]: every value.
    pub(crate) fn new(pattern: Option<&str>, flavour: Flavour) -> Matcher {
        let raw = pattern.unwrap_or("");
        let text = if matches!(flavour, Flavour::TrimmedRegexOrExact(_)) {
            let start = raw.len() - raw.trim_start().len();
            start..raw.trim_end().len().max(start)
        } else if matches!(flavour, Flavour::SlashedOrWholeRegexOrExact(_)) && is_slashed(raw) {
            1..raw.len() - 1
        } else {
            0..raw.len()
        };
        Matcher {
            pattern: pattern.map(Into::into),
            text,
            kind: classify(raw, flavour),
            syntax: flavour.syntax(),
            flavour,
            regex: OnceLock::new(),
        }
    }

    /// The flavour the matcher was classified in.
    pub(crate) fn flavour(&self) -> Flavour {
        self.flavour
    }

    /// The matcher as configured (`None` when absent).
    pub(crate) fn pattern(&self) -> Option<&str> {
        self.pattern.as_deref()
    }

    /// True when the matcher selects every value without looking at it.
    pub(crate) fn matches_everything(&self) -> bool {
        self.kind == Kind::All
    }

    /// A one-word description of how the matcher compares, for `list` and `--dry-run`.
    pub(crate) fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::All => "all",
            Kind::Names | Kind::Literals(Anchor::Whole) => "exact",
            Kind::Literals(Anchor::Anywhere) => "substring",
            Kind::Literals(Anchor::Start) => "prefix",
            Kind::Regex(..) => "regex",
        }
    }

    /// Tests a name-like value (a tool name, a session source, an agent type).
    pub(crate) fn is_match(&self, value: &str) -> Result<bool, MatcherError> {
        Ok(match self.kind {
            Kind::All => true,
            Kind::Names => self.names().any(|name| name == value),
            Kind::Literals(anchor) => self.text().split('|').any(|alt| match anchor {
                Anchor::Anywhere => value.contains(alt),
                Anchor::Start => value.starts_with(alt),
                Anchor::Whole => value == alt,
            }),
            // Only a valid regex is ever ruled out, so no error goes unreported.
            Kind::Regex(..) if prefilter::rules_out(self.text(), value, self.syntax) => false,
            Kind::Regex(anchor, on_invalid) => match self.search(value, anchor) {
                Ok(found) => found,
                Err(message) => match on_invalid {
                    OnInvalid::Error => return Err(self.error(&message)),
                    OnInvalid::Exact => self.text() == value,
                    OnInvalid::Substring => value.contains(self.text()),
                    OnInvalid::Nothing => false,
                },
            },
        })
    }

    /// Tests a name-like `value` whose alias in the dialect's table is `alias` (the value itself
    /// when the table has none): an [`Flavour::AliasedWholeRegex`] matcher tests the alias, a
    /// listed exact name also the value; a list of exact names ([`Kind::Names`]) names the value
    /// or the alias; a regex and every other kind test the value alone.
    pub(crate) fn is_match_aliased(&self, value: &str, alias: &str) -> Result<bool, MatcherError> {
        if !matches!(self.flavour, Flavour::AliasedWholeRegex(_)) {
            let named = self.kind == Kind::Names && alias != value && self.is_match(alias)?;
            return Ok(named || self.is_match(value)?);
        }
        let listed = matches!(self.kind, Kind::Literals(Anchor::Whole));
        Ok(self.is_match(alias)? || (listed && alias != value && self.is_match(value)?))
    }

    /// Tests free text (a shell command, a file path). Exact-name lists make no sense against a
    /// whole command line (Cursor documents `curl|wget|nc` for `beforeShellExecution`), so here
    /// each listed name is searched for as a substring; every other kind behaves as in
    /// [`Matcher::is_match`].
    pub(crate) fn is_match_text(&self, text: &str) -> Result<bool, MatcherError> {
        if self.kind == Kind::Names {
            return Ok(self.names().any(|name| text.contains(name)));
        }
        self.is_match(text)
    }

    /// Compiles the regex now (for `hookrun validate`). Errors only where an invalid regex is a
    /// configuration error; see [`Matcher::fallback_reason`] for the lenient dialects.
    pub(crate) fn check(&self) -> Result<(), MatcherError> {
        if matches!(self.kind, Kind::Regex(_, OnInvalid::Error)) {
            self.compiled().map_err(|message| self.error(message))?;
        }
        Ok(())
    }

    /// For the lenient flavours: the compile error of a regex that the agent silently compares
    /// as plain text instead, so `validate` can warn about it. Compiles the regex.
    pub(crate) fn fallback_reason(&self) -> Option<MatcherError> {
        match self.kind {
            Kind::Regex(_, OnInvalid::Exact | OnInvalid::Substring | OnInvalid::Nothing) => {
                self.compiled().err().map(|message| self.error(message))
            }
            _ => None,
        }
    }

    /// How a regex that does not compile is compared instead, for `validate`'s warning.
    pub(crate) fn fallback_compares(&self) -> &'static str {
        match self.kind {
            Kind::Regex(_, OnInvalid::Exact) => "an exact string",
            Kind::Regex(_, OnInvalid::Nothing) => "nothing (it never matches)",
            _ => "a substring",
        }
    }

    /// The text that is compared or compiled.
    fn text(&self) -> &str {
        self.pattern
            .as_deref()
            .map_or("", |raw| &raw[self.text.clone()])
    }

    /// The items of an exact-name list, trimmed, empty items dropped.
    fn names(&self) -> impl Iterator<Item = &str> {
        self.text()
            .split(['|', ','])
            .map(str::trim)
            .filter(|name| !name.is_empty())
    }

    /// Whether the regex matches `value` where `anchor` allows, or why it could not say: it does
    /// not compile, or the search exceeded its step budget.
    fn search(&self, value: &str, anchor: Anchor) -> Result<bool, String> {
        let start = self
            .compiled()
            .map_err(str::to_owned)?
            .leftmost_start(value)
            .map_err(|message| format!("matching `{value}`: {message}"))?;
        Ok(match anchor {
            // The compiled text is anchored at both ends already.
            Anchor::Anywhere | Anchor::Whole => start.is_some(),
            // The leftmost match starts at 0 exactly when some match starts at 0, so this is
            // `re.match` without splicing the user's text into a bigger regex.
            Anchor::Start => start == Some(0),
        })
    }

    /// The regex of a [`Kind::Regex`] matcher, compiled on the first call, or why it does not
    /// compile.
    fn compiled(&self) -> Result<&Engine, &str> {
        self.regex
            .get_or_init(|| match self.kind {
                Kind::Regex(Anchor::Whole, _) => {
                    Engine::compile(&format!("^(?:{})$", self.text()), self.syntax)
                }
                _ => Engine::compile(self.text(), self.syntax),
            })
            .as_ref()
            .map_err(String::as_str)
    }

    /// Whether a regex has been compiled (tests pin the literal fast path with it).
    #[cfg(test)]
    fn compiled_a_regex(&self) -> bool {
        self.regex.get().is_some()
    }

    fn error(&self, message: &str) -> MatcherError {
        MatcherError {
            pattern: self.pattern().unwrap_or_default().to_owned(),
            message: message.to_owned(),
        }
    }
}

/// Two matchers are equal when they were configured alike (the regex cache is not compared).
impl PartialEq for Matcher {
    fn eq(&self, other: &Matcher) -> bool {
        self.pattern == other.pattern
            && self.text == other.text
            && self.kind == other.kind
            && self.syntax == other.syntax
    }
}

impl Eq for Matcher {}

/// Decides the [`Kind`] of a configured matcher text.
fn classify(raw: &str, flavour: Flavour) -> Kind {
    if let Flavour::SlashedOrWholeRegexOrExact(_) = flavour {
        return classify_slashed(raw);
    }
    let trimmed = raw.trim();
    if trimmed.is_empty() || trimmed == "*" {
        return Kind::All;
    }
    let literal = !raw.contains(REGEX_META);
    match flavour {
        Flavour::Ignored => Kind::All,
        Flavour::NamesOrRegex(_) => {
            if raw.chars().all(is_name_char) {
                Kind::Names
            } else if literal {
                Kind::Literals(Anchor::Anywhere)
            } else {
                Kind::Regex(Anchor::Anywhere, OnInvalid::Error)
            }
        }
        // The trimmed text has the same metacharacters as `raw`.
        Flavour::TrimmedRegexOrExact(_) | Flavour::RegexOrSubstring(_) if literal => {
            Kind::Literals(Anchor::Anywhere)
        }
        Flavour::TrimmedRegexOrExact(_) => Kind::Regex(Anchor::Anywhere, OnInvalid::Exact),
        Flavour::RegexOrSubstring(_) => Kind::Regex(Anchor::Anywhere, OnInvalid::Substring),
        Flavour::StartRegexOrSubstring(_) if literal => Kind::Literals(Anchor::Start),
        Flavour::StartRegexOrSubstring(_) => Kind::Regex(Anchor::Start, OnInvalid::Substring),
        Flavour::AliasedWholeRegex(_) if trimmed == "**" => Kind::All,
        // Classified before the trimming above.
        Flavour::SlashedOrWholeRegexOrExact(_) => classify_slashed(raw),
        Flavour::WholeRegex(_) | Flavour::AliasedWholeRegex(_) => {
            if raw
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '|'))
            {
                Kind::Literals(Anchor::Whole)
            } else {
                Kind::Regex(Anchor::Whole, OnInvalid::Error)
            }
        }
    }
}

/// [`Flavour::SlashedOrWholeRegexOrExact`]: nothing is trimmed, and only its own
/// metacharacters make a regex (`{` and `}` do not).
fn classify_slashed(raw: &str) -> Kind {
    const META: &[char] = &['|', '.', '*', '+', '?', '[', ']', '(', ')', '^', '$', '\\'];
    if raw.is_empty() || raw == "*" {
        Kind::All
    } else if is_slashed(raw) {
        Kind::Regex(Anchor::Whole, OnInvalid::Nothing)
    } else if raw.contains(META) {
        Kind::Regex(Anchor::Whole, OnInvalid::Exact)
    } else {
        // No `|` here: the whole text is the one name.
        Kind::Literals(Anchor::Whole)
    }
}

/// `/TEXT/` with some text between the slashes.
fn is_slashed(raw: &str) -> bool {
    raw.len() > 2 && raw.starts_with('/') && raw.ends_with('/')
}

/// The characters of Claude's exact-match set.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|')
}

#[cfg(test)]
#[path = "matcher_tests.rs"]
mod tests;
