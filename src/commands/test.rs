//! `hookrun test [PATH…]`: finds test files, runs every test through the real `fire` pipeline,
//! reports (the book, "Testing your hooks"). Exit 0 only when every test passed; 1 when one failed, a
//! test file is bad, or nothing was found to run (an empty run in CI is a mistake, not a success).
//! The project's hook files must be trusted as they are now: at a terminal `test` shows what is
//! not and offers to trust it (the loop of editing a policy and testing it is one step);
//! elsewhere every test fails with the reason, so that a report never comes out empty.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::{Cli, TestArgs, TestFormat};
use crate::commands::project_dir;
use crate::error::Error;
use crate::exit;
use crate::testfile::check::{Mismatch, check};
use crate::testfile::discover::{self, Ignore};
use crate::testfile::report::{CaseResult, Reporter, use_color};
use crate::testfile::{self, TestCase, TestFile, run};

pub(crate) fn run(cli: &Cli, args: &TestArgs) -> Result<ExitCode, Error> {
    let project_dir = project_dir(cli)?;
    let files = test_files(&project_dir, &args.paths);
    if files.is_empty() {
        crate::stderr::say!(
            "hookrun: no test files (*.hooktest.toml|yaml|yml|json) under {}",
            project_dir.display()
        );
        return Ok(ExitCode::from(exit::FAILURE));
    }
    let refused = if cli.global.trust_project {
        None
    } else {
        crate::commands::trust::before_running(cli, &project_dir, "run the tests")?
    };
    let exe = std::env::current_exe().map_err(Error::system("find the hookrun binary"))?;
    let color = args.chosen_format() == TestFormat::Human
        && use_color(cli.global.color, std::io::stdout().is_terminal());
    let mut reporter = Reporter::new(args.chosen_format(), color);
    let mut selected = 0usize;
    for path in files {
        let display = display_path(&path, &project_dir);
        let (file, diagnostics) = testfile::load(&path, &display, &project_dir);
        for warning in diagnostics.iter().filter(|d| !d.is_error()) {
            crate::stderr::say!("{warning}");
        }
        let Some(file) = file else {
            reporter.bad_file(&display, diagnostics);
            continue;
        };
        let cases: Vec<&TestCase> = file
            .tests
            .iter()
            .filter(|case| {
                args.filter
                    .as_ref()
                    .is_none_or(|f| case.name.contains(f.as_str()))
            })
            .collect();
        if cases.is_empty() {
            continue;
        }
        reporter.file(&display);
        for case in cases {
            selected += 1;
            reporter.case(match &refused {
                Some(why) => not_run(
                    &file,
                    case,
                    "trust",
                    "the project's hook files trusted",
                    why.clone(),
                ),
                None => run_case(&exe, &file, case, cli.global.trust_project),
            });
        }
    }
    if let Some(filter) = &args.filter
        && selected == 0
    {
        crate::stderr::say!("hookrun: no test name contains {filter:?}");
    }
    let all_passed = reporter.finish();
    Ok(ExitCode::from(if all_passed && selected > 0 {
        exit::OK
    } else {
        exit::FAILURE
    }))
}

fn run_case(exe: &Path, file: &TestFile, case: &TestCase, trust_project: bool) -> CaseResult {
    match run::fire(exe, file, case, trust_project) {
        Ok(actual) => CaseResult::new(
            &file.display,
            &case.name,
            actual.duration,
            actual.exit_code,
            check(&case.expect, &actual),
            &actual.stderr,
        ),
        Err(error) => not_run(
            file,
            case,
            "fire",
            "hookrun fire to start",
            error.to_string(),
        ),
    }
}

/// A test that did not run (`fire` could not start, or the project's hook files are not
/// trusted): a failure in every report format, with what stopped it, so that a CI job's JUnit
/// report lists each test.
fn not_run(
    file: &TestFile,
    case: &TestCase,
    field: &str,
    expected: &str,
    actual: String,
) -> CaseResult {
    let mismatch = Mismatch {
        field: field.into(),
        expected: expected.into(),
        actual,
    };
    CaseResult::new(
        &file.display,
        &case.name,
        std::time::Duration::ZERO,
        None,
        vec![mismatch],
        "",
    )
}

/// The files to run: the paths given (directories searched), else every test file under the
/// project dir; a missing path is kept so that loading reports it.
fn test_files(project_dir: &Path, paths: &[PathBuf]) -> Vec<PathBuf> {
    let ignore = Ignore::load(project_dir);
    if paths.is_empty() {
        return discover::find(project_dir, &ignore);
    }
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            out.extend(discover::find(path, &ignore));
        } else {
            out.push(path.clone());
        }
    }
    out
}

/// A path as reports show it: relative to the project dir when inside it.
fn display_path(path: &Path, project_dir: &Path) -> String {
    let absolute = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    absolute
        .strip_prefix(project_dir)
        .map_or_else(|_| path.to_string_lossy(), |p| p.to_string_lossy())
        .into_owned()
}
