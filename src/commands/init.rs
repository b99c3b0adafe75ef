//! `hookrun init`: writes a commented starter `hookrun.toml` (a guard that blocks `rm -rf`, an
//! audit hook that logs every event) and `hookrun.hooktest.toml`, whose tests pass as written.
//! Existing files are never overwritten without `--force`.

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
        return Err(Error::Io(format!(
            "{} already exist{} in {}; nothing was written (--force overwrites)",
            existing.join(" and "),
            if existing.len() == 1 { "s" } else { "" },
            project_dir.display()
        )));
    }
    let mut report = String::new();
    for (name, text) in FILES {
        atomic_write(&project_dir.join(name), text)
            .map_err(|e| Error::Io(format!("cannot write {name}: {e}")))?;
        let verb = if existing.contains(&name) {
            "overwrote"
        } else {
            "wrote"
        };
        let _ = writeln!(report, "{verb} {name}");
    }
    // What init wrote is the user's own doing: trusted as written.
    let written: Vec<_> = FILES
        .iter()
        .map(|(name, _)| project_dir.join(name))
        .collect();
    report.push_str(&super::trust::trust_written(cli, &project_dir, &written)?);
    report.push_str(
        "next: `hookrun test` runs its tests; `hookrun install <agent>` wires hookrun into an agent\n",
    );
    crate::output::write_stdout(report.as_bytes())
        .map_err(|e| Error::Output(format!("cannot write to stdout: {e}")))?;
    Ok(ExitCode::from(exit::OK))
}
