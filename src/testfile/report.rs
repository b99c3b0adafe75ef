//! The reports of `hookrun test`: the human one (a line per test as it finishes, expected vs actual
//! side by side under a failure, colour only when asked or on a terminal, and the closing line
//! `N passed, N failed`), and the machine ones (`json`, `junit`, `tap`) written whole at the end,
//! with the closing line on stderr. A bad test file counts as one failure in every format.

use clap::ValueEnum;
use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use super::check::Mismatch;
use crate::config::diagnostics::Diagnostic;
use crate::output::write_stdout;

/// `hookrun test --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    Human,
    Json,
    Junit,
    Tap,
}

mod machine;

/// One test's result.
#[derive(Debug, Serialize)]
pub(crate) struct CaseResult {
    pub(crate) file: String,
    pub(crate) name: String,
    pub(crate) passed: bool,
    pub(crate) duration_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exit_code: Option<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) mismatches: Vec<Mismatch>,
    /// `fire`'s stderr, kept for failures only.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) stderr: String,
}

impl CaseResult {
    pub(crate) fn new(
        file: &str,
        name: &str,
        duration: Duration,
        exit_code: Option<i32>,
        mismatches: Vec<Mismatch>,
        stderr: &str,
    ) -> CaseResult {
        let passed = mismatches.is_empty();
        CaseResult {
            file: file.to_owned(),
            name: name.to_owned(),
            passed,
            duration_ms: u64::try_from(duration.as_millis()).unwrap_or(u64::MAX),
            exit_code,
            mismatches,
            stderr: if passed {
                String::new()
            } else {
                stderr.trim_end().to_owned()
            },
        }
    }
}

/// Collects results and writes them in the chosen format.
pub(crate) struct Reporter {
    format: Format,
    color: bool,
    results: Vec<CaseResult>,
    bad_files: Vec<(String, Vec<Diagnostic>)>,
}

impl Reporter {
    pub(crate) fn new(format: Format, color: bool) -> Reporter {
        Reporter {
            format,
            color,
            results: Vec::new(),
            bad_files: Vec::new(),
        }
    }

    /// A test file is about to run.
    pub(crate) fn file(&mut self, display: &str) {
        if self.format == Format::Human {
            let line = self.paint("1", display);
            emit(&format!("{line}\n"));
        }
    }

    pub(crate) fn case(&mut self, result: CaseResult) {
        if self.format == Format::Human {
            emit(&self.human_case(&result));
        }
        self.results.push(result);
    }

    /// A test file that could not be loaded; its diagnostics go to stderr at once.
    pub(crate) fn bad_file(&mut self, display: &str, diagnostics: Vec<Diagnostic>) {
        if diagnostics.iter().any(Diagnostic::is_error) {
            crate::stderr::say!(
                "{}",
                crate::config::diagnostics::render_errors(&diagnostics)
            );
        }
        self.bad_files.push((display.to_owned(), diagnostics));
    }

    /// Writes the report's end; returns whether everything passed.
    pub(crate) fn finish(self) -> bool {
        let passed = self.results.iter().filter(|r| r.passed).count();
        let failed = self.results.len() - passed + self.bad_files.len();
        let closing = format!("{passed} passed, {failed} failed");
        match self.format {
            Format::Human => emit(&format!("\n{closing}\n")),
            Format::Json => emit(&machine::json(
                &self.results,
                &self.bad_files,
                passed,
                failed,
            )),
            Format::Junit => emit(&machine::junit(&self.results, &self.bad_files)),
            Format::Tap => emit(&machine::tap(&self.results, &self.bad_files)),
        }
        if self.format != Format::Human {
            crate::stderr::say!("{closing}");
        }
        failed == 0
    }

    fn human_case(&self, result: &CaseResult) -> String {
        let mark = if result.passed {
            self.paint("32", "✓")
        } else {
            self.paint("31", "✗")
        };
        let time = self.paint("2", &format!("({} ms)", result.duration_ms));
        let mut out = format!("  {mark} {} {time}\n", result.name);
        if result.passed {
            return out;
        }
        let field_w = width(result.mismatches.iter().map(|m| m.field.as_str()), "field");
        let expected_w = width(
            result.mismatches.iter().map(|m| m.expected.as_str()),
            "expected",
        );
        let header = format!("{:field_w$}  {:expected_w$}  actual", "field", "expected");
        let _ = writeln!(out, "      {}", self.paint("1", header.trim_end()));
        for m in &result.mismatches {
            let line = format!(
                "{:field_w$}  {:expected_w$}  {}",
                m.field, m.expected, m.actual
            );
            let _ = writeln!(out, "      {line}");
        }
        if !result.stderr.is_empty() {
            let _ = writeln!(out, "      {}", self.paint("2", "stderr of fire:"));
            for line in result.stderr.lines().take(20) {
                let _ = writeln!(out, "        {line}");
            }
        }
        out
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// A column's width: its longest cell (capped, so one long value does not push the rest away).
fn width<'a>(cells: impl Iterator<Item = &'a str>, header: &str) -> usize {
    cells
        .map(|cell| cell.chars().count())
        .max()
        .unwrap_or(0)
        .max(header.len())
        .min(48)
}

/// Stdout is the report; a closed stdout ends it quietly.
fn emit(text: &str) {
    let _ = write_stdout(text.as_bytes());
}

/// Whether to colour: `--color always|never`, else only on a terminal without `NO_COLOR`.
pub(crate) fn use_color(choice: crate::output::color::ColorChoice, terminal: bool) -> bool {
    use crate::output::color::ColorChoice;
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}
