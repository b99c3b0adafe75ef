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
    /// The offending line of the file, for the caret display.
    #[serde(skip)]
    pub(crate) snippet: Option<String>,
    /// A stable name for problems other commands treat specially: `validate` reports the codes of
    /// [`VALIDATE_ERRORS`] as errors although `fire` only warns about them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<&'static str>,
}

/// A PRX action's `env` sets a variable the sanitised environment never passes (`LD_*`,
/// `GCONV_PATH`, `PATH`, …): `fire` skips the variable with a warning, `validate` reports an error (SPEC §11).
pub(crate) const PRX_BLOCKED_ENV: &str = "prx-blocked-env";

/// A discovered configuration path is a symlink to nothing: `fire` warns and runs the other
/// files' hooks, `validate` reports an error.
pub(crate) const DANGLING_SYMLINK: &str = "dangling-symlink";

/// Warning codes that `validate` reports as errors.
pub(crate) const VALIDATE_ERRORS: &[&str] = &[PRX_BLOCKED_ENV, DANGLING_SYMLINK];

impl Diagnostic {
    /// A problem at a 1-based line and column of `text` (the file's contents).
    pub(crate) fn at(
        severity: Severity,
        file: &str,
        text: &str,
        (line, column): (usize, usize),
        message: impl Into<String>,
    ) -> Diagnostic {
        let snippet = (line > 0)
            .then(|| text.lines().nth(line - 1).map(str::to_owned))
            .flatten();
        Diagnostic {
            severity,
            file: file.to_owned(),
            line,
            column,
            message: message.into(),
            help: None,
            snippet,
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
                .take(self.column.saturating_sub(1))
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
    fn did_you_mean_finds_close_names_only() {
        let events = ["PreToolUse", "PostToolUse", "Stop"];
        assert_eq!(did_you_mean("PreTooluse", &events), Some("PreToolUse"));
        assert_eq!(did_you_mean("pretooluse", &events), Some("PreToolUse"));
        assert_eq!(did_you_mean("Nothing", &events), None);
    }
}
