//! `hookrun init`: writes a commented starter `hookrun.toml` (a guard that blocks `rm -rf`, an
//! audit hook that logs every event) and `hookrun.hooktest.toml`, whose tests pass as written.
//! Existing files are never overwritten without `--force`. It also lists `.hookrun/` (the audit
//! hook's log) in the project's `.gitignore`, once.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::cli::{Cli, InitArgs};
use crate::error::Error;
use crate::exit;
use crate::install::write::atomic_write;

/// The files `init` writes, relative to the project directory, and their text.
pub(crate) const FILES: [(&str, &str); 2] = [
    ("hookrun.toml", include_str!("init/starter.toml")),
    (
        "hookrun.hooktest.toml",
        include_str!("init/starter-test.toml"),
    ),
];

pub(crate) fn run(cli: &Cli, args: &InitArgs) -> Result<ExitCode, Error> {
    let project_dir = super::project_dir(cli)?;
    let existing: Vec<&str> = FILES
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| std::fs::symlink_metadata(project_dir.join(name)).is_ok())
        .collect();
    if !existing.is_empty() && !args.force {
        return Err(Error::Refused(format!(
            "{} already exist{} in {}; nothing was written (--force overwrites)",
            existing.join(" and "),
            if existing.len() == 1 { "s" } else { "" },
            project_dir.display()
        )));
    }
    let mut report = String::new();
    for (name, text) in FILES {
        atomic_write(&project_dir.join(name), text).map_err(Error::file("write", name))?;
        let verb = if existing.contains(&name) {
            "overwrote"
        } else {
            "wrote"
        };
        let _ = writeln!(report, "{verb} {name}");
    }
    let _ = writeln!(report, "{}", ignore_hookrun_dir(&project_dir)?);
    // What init wrote is the user's own doing: trusted as written.
    let written: Vec<_> = FILES
        .iter()
        .map(|(name, _)| project_dir.join(name))
        .collect();
    report.push_str(&super::trust::trust_written(cli, &project_dir, &written)?);
    report.push_str(
        "next: `hookrun test` runs its tests; `hookrun install <agent>` wires hookrun into an agent\n",
    );
    crate::output::write_stdout(report.as_bytes()).map_err(Error::output("to stdout"))?;
    Ok(ExitCode::from(exit::OK))
}

/// The line `init` adds to `.gitignore`: the audit hook's log stays out of commits.
const IGNORED: &str = ".hookrun/";

/// Adds [`IGNORED`] to the project's `.gitignore` (created when missing) unless a line already
/// names it, keeping every other line and the file's final newline; says what it did.
fn ignore_hookrun_dir(project_dir: &std::path::Path) -> Result<String, Error> {
    let path = project_dir.join(".gitignore");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::file("read", ".gitignore")(e)),
    };
    let (new, said) = match with_ignored(text.as_deref()) {
        None => return Ok(format!(".gitignore already lists {IGNORED}")),
        Some(new) if text.is_none() => (new, format!("wrote .gitignore: {IGNORED}")),
        Some(new) => (new, format!("added {IGNORED} to .gitignore")),
    };
    atomic_write(&path, &new).map_err(Error::file("write", ".gitignore"))?;
    Ok(said)
}

/// `text` (a `.gitignore`, `None` when missing) with [`IGNORED`] appended as a line of its own;
/// `None` when a line already names it (`.hookrun`, `.hookrun/`, `/.hookrun/`).
fn with_ignored(text: Option<&str>) -> Option<String> {
    let text = text.unwrap_or_default();
    let listed = text.lines().any(|line| {
        matches!(
            line.trim(),
            ".hookrun" | ".hookrun/" | "/.hookrun" | "/.hookrun/"
        )
    });
    if listed {
        return None;
    }
    let mut out = text.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(IGNORED);
    out.push('\n');
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::with_ignored;

    #[test]
    fn gitignore_gets_the_hookrun_dir_once_keeping_its_lines() {
        assert_eq!(with_ignored(None).as_deref(), Some(".hookrun/\n"));
        assert_eq!(
            with_ignored(Some("target/\n# notes\n")).as_deref(),
            Some("target/\n# notes\n.hookrun/\n")
        );
        assert_eq!(
            with_ignored(Some("target/")).as_deref(),
            Some("target/\n.hookrun/\n")
        );
        assert_eq!(with_ignored(Some("a\n/.hookrun\nb\n")), None);
        assert_eq!(with_ignored(Some(".hookrun/\n")), None);
    }
}
