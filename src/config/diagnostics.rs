//! Configuration problems with `file:line:col`, a severity and a one-line fix, rendered with the
//! offending line and a caret under the column.

use std::fmt::{self, Write as _};

use serde::Serialize;

/// How bad a problem is: errors stop `fire`; warnings are reported and, under
/// `validate --strict`, count as errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Severity {
    Error,
    Warning,
    /// Worth knowing, never a problem (a hook name reused in another file, say).
    Note,
}

/// One problem in one configuration file.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Diagnostic {
    pub(crate) severity: Severity,
    pub(crate) file: String,
    /// 1-based; 0 when the problem has no position in the file (it is missing, say).
    pub(crate) line: usize,
    /// 1-based; 0 when unknown.
    pub(crate) column: usize,
    pub(crate) message: String,
    /// A one-line fix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) help: Option<String>,
    /// The offending line of the file, or a bounded excerpt of it around the column (at most
    /// [`EXCERPT_CHARS`] characters, `…` where it is cut), for the caret display.
    #[serde(skip)]
    pub(crate) snippet: Option<String>,
    /// The 1-based column of the caret within `snippet`.
    #[serde(skip)]
    pub(crate) snippet_column: usize,
    /// A stable name for problems other commands treat specially: `validate` reports the codes of
    /// [`VALIDATE_ERRORS`] as errors although `fire` only warns about them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<&'static str>,
}

/// A discovered configuration path is a symlink to nothing: `fire` warns and runs the other
/// files' hooks, `validate` reports an error.
pub(crate) const DANGLING_SYMLINK: &str = "dangling-symlink";

/// A key `hookrun.toml` does not have (`on_eror`): `fire` warns (without `-v`) and runs the rest
/// of the file, `validate` reports an error. A typo there must not quietly weaken a guard.
pub(crate) const UNKNOWN_KEY: &str = "unknown-key";

/// An event name in `hookrun.toml` that no agent fires (`PreToolUze`): as [`UNKNOWN_KEY`].
pub(crate) const UNKNOWN_EVENT: &str = "unknown-event";

/// Warning codes that `validate` reports as errors, with those each dialect names
/// (`DialectSpec::validate_errors`). `fire` shows every coded warning, `-v` or not.
pub(crate) const VALIDATE_ERRORS: &[&str] = &[DANGLING_SYMLINK, UNKNOWN_KEY, UNKNOWN_EVENT];

/// The most characters of a source line a diagnostic keeps and shows: a minified one-line file
/// must not cost a copy of the whole line per problem.
pub(crate) const EXCERPT_CHARS: usize = 120;

/// At most this many diagnostics of one file are printed for people; an "and N more" line stands
/// for the rest (`validate --format json` lists every one).
pub(crate) const SHOWN_PER_FILE: usize = 50;

impl Diagnostic {
    /// A problem at a 1-based line and column of `text` (the file's contents).
    pub(crate) fn at(
        severity: Severity,
        file: &str,
        text: &str,
        position: (usize, usize),
        message: impl Into<String>,
    ) -> Diagnostic {
        let line = position
            .0
            .checked_sub(1)
            .and_then(|index| text.lines().nth(index));
        Diagnostic::at_line(severity, file, line, position, message)
    }

    /// A problem at a 1-based line and column, given the text of that line.
    pub(crate) fn at_line(
        severity: Severity,
        file: &str,
        line_text: Option<&str>,
        (line, column): (usize, usize),
        message: impl Into<String>,
    ) -> Diagnostic {
        let excerpt = line_text
            .filter(|_| line > 0)
            .map(|text| excerpt(text, column));
        let (snippet, snippet_column) = excerpt.map_or((None, 0), |(s, c)| (Some(s), c));
        Diagnostic {
            severity,
            file: file.to_owned(),
            line,
            column,
            message: message.into(),
            help: None,
            snippet,
            snippet_column,
            code: None,
        }
    }

    /// A problem with the file as a whole (it cannot be read, say).
    pub(crate) fn whole_file(
        severity: Severity,
        file: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::at(severity, file, "", (0, 0), message)
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub(crate) fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` (or just `file` when the position is unknown).
    pub(crate) fn position(&self) -> String {
        if self.line == 0 {
            self.file.clone()
        } else {
            format!("{}:{}:{}", self.file, self.line, self.column.max(1))
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        writeln!(f, "{label}: {}", self.message)?;
        write!(f, "  ——▶ {}", self.position())?;
        if let Some(snippet) = &self.snippet {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            let caret_at: String = snippet
                .chars()
                .take(self.snippet_column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let mut block = String::new();
            let _ = write!(
                block,
                "\n {pad} |\n {number} | {snippet}\n {pad} | {caret_at}^"
            );
            f.write_str(&block)?;
        }
        if let Some(help) = &self.help {
            write!(f, "\n  = help: {help}")?;
        }
        Ok(())
    }
}

/// At most [`EXCERPT_CHARS`] characters of `line` around the 1-based `column`, with `…` where
/// the line is cut, and the caret's column within the excerpt.
fn excerpt(line: &str, column: usize) -> (String, usize) {
    if line.len() <= EXCERPT_CHARS {
        return (line.to_owned(), column);
    }
    let at = column.saturating_sub(1);
    let half = EXCERPT_CHARS / 2;
    if line.is_ascii() {
        // Characters are bytes: the window is cut out directly.
        let end = (at.saturating_sub(half) + EXCERPT_CHARS).min(line.len());
        let start = end.saturating_sub(EXCERPT_CHARS);
        let prefix = if start > 0 { "…" } else { "" };
        let suffix = if end < line.len() { "…" } else { "" };
        let caret = at.saturating_sub(start) + 1 + usize::from(start > 0);
        return (format!("{prefix}{}{suffix}", &line[start..end]), caret);
    }
    // Only the characters up to the window's end (and one more, to know whether it is cut) are
    // ever looked at: the cost is the column's, never the whole line's.
    let limit = (at + half).max(EXCERPT_CHARS) + 1;
    let known = line.chars().take(limit).count();
    if known <= EXCERPT_CHARS {
        return (line.to_owned(), column);
    }
    let mut start = at.saturating_sub(half);
    let mut end = start + EXCERPT_CHARS;
    if end > known {
        end = known;
        start = end.saturating_sub(EXCERPT_CHARS);
    }
    let byte = |index: usize| {
        line.char_indices()
            .nth(index)
            .map_or(line.len(), |(b, _)| b)
    };
    let window = &line[byte(start)..byte(end)];
    let prefix = if start > 0 { "…" } else { "" };
    let suffix = if end < known { "…" } else { "" };
    let caret = at.saturating_sub(start) + 1 + usize::from(start > 0);
    (format!("{prefix}{window}{suffix}"), caret)
}

/// The diagnostics to print for people, in order, with at most [`SHOWN_PER_FILE`] of each file;
/// after the last one shown of a file with more, the line that says how many are left out.
pub(crate) fn shown_per_file(diagnostics: &[&Diagnostic]) -> Vec<Shown> {
    let mut totals: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for d in diagnostics {
        *totals.entry(d.file.as_str()).or_default() += 1;
    }
    let mut printed: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for (at, d) in diagnostics.iter().enumerate() {
        let count = printed.entry(d.file.as_str()).or_default();
        if *count == SHOWN_PER_FILE {
            continue;
        }
        *count += 1;
        out.push(Shown::Diagnostic(at));
        let total = totals[d.file.as_str()];
        if *count == SHOWN_PER_FILE && total > SHOWN_PER_FILE {
            out.push(Shown::More(format!(
                "… and {} more in {} (`hookrun validate --format json` lists every one)",
                total - SHOWN_PER_FILE,
                d.file
            )));
        }
    }
    out
}

/// One line of a capped report: a diagnostic (by its index) or the "and N more" line of a file.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    Diagnostic(usize),
    More(String),
}

/// The error diagnostics as `fire` and the other commands print them when they refuse a
/// configuration, with the coded warnings (`fire` shows those whatever else it says: a typo next
/// to the error must not wait for the error's fix to be seen): capped per file.
pub(crate) fn render_errors(diagnostics: &[Diagnostic]) -> String {
    let errors: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.is_error() || d.code.is_some())
        .collect();
    let shown: Vec<String> = shown_per_file(&errors)
        .into_iter()
        .map(|shown| match shown {
            Shown::Diagnostic(at) => errors[at].to_string(),
            Shown::More(line) => line,
        })
        .collect();
    shown.join("\n\n")
}

/// The closest of `candidates` to `word`, when it is close enough to be a likely typo.
pub(crate) fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lower = word.to_ascii_lowercase();
    candidates
        .iter()
        .map(|candidate| {
            (
                edit_distance(&lower, &candidate.to_ascii_lowercase()),
                *candidate,
            )
        })
        .filter(|(distance, candidate)| *distance <= (candidate.len() / 3).max(2))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// The help for a word outside a closed set (`mode = "observ"`): the closest right word, when one
/// is close enough to be what was meant.
pub(crate) fn closest_word(word: &str, words: &[&str]) -> Option<String> {
    did_you_mean(word, words).map(|close| format!("did you mean \"{close}\"?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostic_renders_position_line_and_caret() {
        let text = "{\n  \"timeout\": \"5\"\n}";
        let diagnostic = Diagnostic::at(
            Severity::Error,
            "a.json",
            text,
            (2, 14),
            "expected a number",
        )
        .with_help("write 5, not \"5\"");
        let shown = diagnostic.to_string();
        assert!(
            shown.starts_with("error: expected a number\n  ——▶ a.json:2:14"),
            "{shown}"
        );
        assert!(
            shown.contains(" 2 |   \"timeout\": \"5\"\n   |              ^"),
            "{shown}"
        );
        assert!(shown.ends_with("= help: write 5, not \"5\""), "{shown}");
    }

    #[test]
    fn a_long_line_is_shown_as_a_bounded_excerpt_with_the_caret_in_place() {
        let line = format!("{}\"timeout\": \"5\"{}", "x".repeat(5000), "y".repeat(5000));
        let column = 5000 + 12;
        let diagnostic = Diagnostic::at(
            Severity::Error,
            "a.json",
            &line,
            (1, column),
            "expected a number",
        );
        let shown = diagnostic.to_string();
        let rows: Vec<&str> = shown.lines().collect();
        let (text, caret) = (rows[3], rows[4]);
        assert!(text.chars().count() <= EXCERPT_CHARS + 10, "{text}");
        assert!(text.starts_with(" 1 | …") && text.ends_with('…'), "{text}");
        let caret_at = caret.chars().count() - 1;
        assert_eq!(text.chars().nth(caret_at), Some('"'), "{text}\n{caret}");
        assert_eq!(
            text.chars().skip(caret_at).take(4).collect::<String>(),
            "\"5\"y",
            "the caret sits under the value's opening quote"
        );
        let kept = diagnostic.snippet.as_deref().map_or(0, str::len);
        assert!(
            kept <= 4 * (EXCERPT_CHARS + 2),
            "kept {kept} bytes of the line"
        );
        // Near either end the window is full and cut on one side only.
        let start = Diagnostic::at(Severity::Error, "a", &line, (1, 3), "m");
        let shown = start.to_string();
        let text = shown.lines().nth(3).unwrap();
        assert!(
            text.starts_with(" 1 | xxx") && text.ends_with('…'),
            "{text}"
        );
        assert!(shown.lines().nth(4).unwrap().ends_with("|   ^"), "{shown}");
        let end = Diagnostic::at(Severity::Error, "a", &line, (1, 10_014), "m");
        let shown = end.to_string();
        let text = shown.lines().nth(3).unwrap();
        assert!(text.ends_with('y') && text.contains('…'), "{text}");
        let caret_at = shown.lines().nth(4).unwrap().chars().count() - 1;
        assert_eq!(text.chars().nth(caret_at), Some('y'));
    }

    #[test]
    fn reports_show_at_most_a_cap_per_file_and_say_how_many_more() {
        let many: Vec<Diagnostic> = (0..SHOWN_PER_FILE + 7)
            .map(|n| Diagnostic::whole_file(Severity::Error, "big.json", format!("problem {n}")))
            .chain([Diagnostic::whole_file(
                Severity::Error,
                "small.json",
                "alone",
            )])
            .collect();
        let rendered = render_errors(&many);
        assert_eq!(rendered.matches("error: problem").count(), SHOWN_PER_FILE);
        assert!(rendered.contains("… and 7 more in big.json"), "{rendered}");
        assert!(
            rendered.ends_with("error: alone\n  ——▶ small.json"),
            "{rendered}"
        );
    }

    #[test]
    fn did_you_mean_finds_close_names_only() {
        let events = ["PreToolUse", "PostToolUse", "Stop"];
        assert_eq!(did_you_mean("PreTooluse", &events), Some("PreToolUse"));
        assert_eq!(did_you_mean("pretooluse", &events), Some("PreToolUse"));
        assert_eq!(did_you_mean("Nothing", &events), None);
    }

    #[test]
    fn a_wrong_word_of_a_closed_set_is_offered_the_closest_right_one() {
        let mode = ["filter", "observe", "command", "prompt", "agent", "http"];
        assert_eq!(
            closest_word("observ", &mode).as_deref(),
            Some("did you mean \"observe\"?")
        );
        assert_eq!(
            closest_word("Promt", &mode).as_deref(),
            Some("did you mean \"prompt\"?")
        );
        assert_eq!(
            closest_word("dney", &["allow", "deny"]).as_deref(),
            Some("did you mean \"deny\"?")
        );
        assert_eq!(closest_word("sometimes", &["allow", "deny"]), None);
    }

    #[test]
    fn a_key_typo_suggests_the_closest_key() {
        let keys = ["on_error", "events", "mode", "enabled"];
        assert_eq!(did_you_mean("on_eror", &keys), Some("on_error"));
        assert_eq!(did_you_mean("event", &keys), Some("events"));
        assert_eq!(did_you_mean("enabeld", &keys), Some("enabled"));
    }

    #[test]
    fn refusing_a_configuration_shows_its_coded_warnings_with_its_errors() {
        let mut typo = Diagnostic::whole_file(Severity::Warning, "hookrun.toml", "typo");
        typo.code = Some(UNKNOWN_KEY);
        let plain = Diagnostic::whole_file(Severity::Warning, "hookrun.toml", "plain");
        let error = Diagnostic::whole_file(Severity::Error, "hookrun.toml", "broken");
        let rendered = render_errors(&[typo, plain, error]);
        assert!(rendered.contains("warning: typo"), "{rendered}");
        assert!(rendered.contains("error: broken"), "{rendered}");
        assert!(!rendered.contains("plain"), "{rendered}");
    }
}
