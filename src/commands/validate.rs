//! `hookrun validate [PATH…]` (the book, "Validating configuration"): every problem of every
//! configuration file in one run — the loaders' diagnostics plus the checks of `crate::validate` —
//! as a human report (each problem with its line and a caret, then a summary) or a JSON array. Exit
//! 0 when clean, 1 when an error is found (a warning too, under `--strict`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::process::ExitCode;

use crate::cli::{Cli, ReportFormat, ValidateArgs};
use crate::commands::project_dir;
use crate::config::diagnostics::{Diagnostic, Severity, Shown, shown_per_file};
use crate::error::Error;
use crate::output::color::{self, Painter};
use crate::sources::{self, LoadOptions};
use crate::{exit, output, validate};

pub(crate) fn run(cli: &Cli, args: &ValidateArgs) -> Result<ExitCode, Error> {
    let project_dir = project_dir(cli)?;
    let files: Vec<_> = cli
        .global
        .config
        .iter()
        .chain(&args.paths)
        .cloned()
        .collect();
    let config = sources::load(&LoadOptions {
        project_dir: &project_dir,
        config_files: &files,
        dialect: cli.global.dialect,
        user_config: !cli.global.no_user_config,
    });
    let mut checked = validate::check(&config, &project_dir);
    if !cli.global.trust_project {
        let store = crate::trust::Store::load();
        for source in crate::trust::assess(&config, &project_dir, &store, None) {
            if source.state == crate::trust::State::Trusted {
                continue;
            }
            let display = &config.sources[source.source].display;
            let message = match source.state {
                crate::trust::State::Changed { .. } => {
                    "its hooks changed since they were trusted: they are held back"
                }
                _ => "its hooks are not trusted: they are held back",
            };
            // In CI nobody can trust the checkout: the steps after this one would run none of
            // its hooks, so the first step fails and says how to run them.
            let (severity, help) = if crate::trust::in_ci() {
                (
                    Severity::Error,
                    "in CI (the CI variable is set) pass --trust-project to run the checkout's own hooks (docs/guide/ci.md)",
                )
            } else {
                (
                    Severity::Warning,
                    "review and trust them with `hookrun trust` (`hookrun test` offers to, at a terminal)",
                )
            };
            checked.push(Diagnostic::whole_file(severity, display, message).with_help(help));
        }
    }
    let order: Vec<&str> = config.sources.iter().map(|s| s.display.as_str()).collect();
    let mut diagnostics = config.diagnostics;
    diagnostics.extend(checked);
    let rank = |file: &str| order.iter().position(|f| *f == file).unwrap_or(order.len());
    diagnostics.sort_by_key(|d| (rank(&d.file), d.line, d.column));
    for diagnostic in &mut diagnostics {
        let promoted = diagnostic.code.is_some_and(crate::dialects::validate_error);
        if diagnostic.severity == Severity::Warning && (args.strict || promoted) {
            diagnostic.severity = Severity::Error;
        }
    }
    let files: BTreeSet<&str> = order
        .iter()
        .copied()
        .chain(diagnostics.iter().map(|d| d.file.as_str()))
        .collect();
    let written = match args.chosen_format() {
        ReportFormat::Json => output::write_json(&diagnostics, false),
        ReportFormat::Human => {
            let painter = Painter::new(color::stdout_enabled(cli.global.color));
            output::write_stdout(human(&diagnostics, files.len(), painter).as_bytes())
        }
    };
    written.map_err(Error::output("the report"))?;
    let failed = diagnostics.iter().any(Diagnostic::is_error);
    Ok(ExitCode::from(if failed {
        exit::FAILURE
    } else {
        exit::OK
    }))
}

/// The human report: each diagnostic with its caret display, then `N errors, N warnings in N
/// files`.
fn human(diagnostics: &[Diagnostic], files: usize, painter: Painter) -> String {
    let mut out = String::new();
    let all: Vec<&Diagnostic> = diagnostics.iter().collect();
    for shown in shown_per_file(&all) {
        let diagnostic = match shown {
            Shown::Diagnostic(at) => all[at],
            Shown::More(line) => {
                let _ = writeln!(out, "{line}\n");
                continue;
            }
        };
        let shown = diagnostic.to_string();
        let (label, rest) = shown.split_once(':').unwrap_or(("", &shown));
        let style = match diagnostic.severity {
            Severity::Error => color::ERROR,
            Severity::Warning => color::WARNING,
            Severity::Note => color::NOTE,
        };
        let _ = writeln!(out, "{}:{rest}\n", painter.paint(style, label));
    }
    let count = |severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    };
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note),
    );
    let mut summary = format!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    if notes > 0 {
        let _ = write!(summary, ", {}", plural(notes, "note"));
    }
    let _ = write!(summary, " in {}", plural(files, "file"));
    let style = match (errors, warnings) {
        (0, 0) => color::OK,
        (0, _) => color::WARNING,
        _ => color::ERROR,
    };
    let _ = writeln!(out, "{}", painter.paint(style, &summary));
    out
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts_each_severity_and_files() {
        let d = |severity| Diagnostic::whole_file(severity, "a.json", "x");
        let report = human(
            &[
                d(Severity::Error),
                d(Severity::Warning),
                d(Severity::Warning),
            ],
            2,
            Painter::new(false),
        );
        assert!(
            report.ends_with("1 error, 2 warnings in 2 files\n"),
            "{report}"
        );
        assert!(report.starts_with("error: x\n  ——▶ a.json\n\n"), "{report}");
        let clean = human(&[], 1, Painter::new(false));
        assert_eq!(clean, "0 errors, 0 warnings in 1 file\n");
    }
}
