//! `hookrun trust`: shows every project file whose hooks are untrusted or changed, with each hook
//! it would run (for a changed one, what changed), then asks; `--yes` trusts without asking (and
//! is required when stdin is not a terminal). `--list` shows the store, `--revoke [DIR]` forgets
//! a project.

use std::io::{BufRead as _, IsTerminal as _};
use std::process::ExitCode;

use crate::cli::{Cli, TrustArgs};
use crate::commands::{load_config, project_dir};
use crate::error::Error;
use crate::exit;
use crate::sources::Config;
use crate::trust::store::Record;
use crate::trust::{self, SourceTrust, State, Store};

pub(crate) fn run(cli: &Cli, args: &TrustArgs) -> Result<ExitCode, Error> {
    let mut store = Store::load();
    if let Some(why) = &store.ignored {
        crate::stderr::say!("hookrun: warning: ignoring the trust store: {why}");
    }
    if args.list {
        print_store(&store);
        return Ok(ExitCode::from(exit::OK));
    }
    if let Some(dir) = &args.revoke {
        let dir = if dir.as_os_str() == "." {
            project_dir(cli)?
        } else {
            dir.clone()
        };
        let root = trust::project_root(&dir);
        if store.revoke(&root) {
            save(&mut store)?;
            line(&format!("revoked the trust of {}", root.display()));
        } else {
            line(&format!("{} has no trusted files", root.display()));
        }
        return Ok(ExitCode::from(exit::OK));
    }
    let project_dir = project_dir(cli)?;
    let config = load_config(cli, &project_dir);
    if config.has_errors() {
        return Err(Error::Config(config.diagnostics));
    }
    let pending: Vec<SourceTrust> = trust::assess(&config, &project_dir, &store, None)
        .into_iter()
        .filter(|source| source.state != State::Trusted)
        .collect();
    if pending.is_empty() {
        line(&format!(
            "every project hook file in {} is trusted",
            trust::project_root(&project_dir).display()
        ));
        return Ok(ExitCode::from(exit::OK));
    }
    write(&describe(&config, &pending));
    if !args.yes && !confirm()? {
        line("nothing trusted");
        return Ok(ExitCode::from(exit::FAILURE));
    }
    let root = record(&mut store, &project_dir, &pending);
    save(&mut store)?;
    let files = if pending.len() == 1 { "file" } else { "files" };
    line(&format!(
        "trusted {} {files} in {}",
        pending.len(),
        root.display()
    ));
    Ok(ExitCode::from(exit::OK))
}

/// Records `pending` as trusted, as they are now, in the project at `project_dir`; returns its
/// root.
fn record(
    store: &mut Store,
    project_dir: &std::path::Path,
    pending: &[SourceTrust],
) -> std::path::PathBuf {
    let root = trust::project_root(project_dir);
    let now = crate::timestamp::rfc3339_now();
    for source in pending {
        store.trust(
            &root,
            &source.key,
            Record {
                hash: source.fingerprint.hash.clone(),
                hooks: source.fingerprint.hooks.clone(),
                trusted_at: now.clone(),
            },
        );
    }
    root
}

/// Each pending file with the hooks it would run; for a changed file, the lines that went and
/// came.
fn describe(config: &Config, pending: &[SourceTrust]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for source in pending {
        let display = &config.sources[source.source].display;
        let dialect = config.sources[source.source].dialect;
        if let State::Changed { was } = &source.state {
            let _ = writeln!(out, "{display} ({dialect}): changed since it was trusted");
            for line in was.iter().filter(|l| !source.fingerprint.hooks.contains(l)) {
                let _ = writeln!(out, "  - {line}");
            }
            for line in &source.fingerprint.hooks {
                let mark = if was.contains(line) { " " } else { "+" };
                let _ = writeln!(out, "  {mark} {line}");
            }
        } else {
            let _ = writeln!(out, "{display} ({dialect}): not trusted; it would run:");
            for line in &source.fingerprint.hooks {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    out
}

/// Asks on the terminal; refuses when stdin is not one.
fn confirm() -> Result<bool, Error> {
    if !std::io::stdin().is_terminal() {
        return Err(Error::Refused(
            "stdin is not a terminal: pass --yes to trust these files without asking".to_owned(),
        ));
    }
    write("Trust these hooks to run? [y/N] ");
    read_yes()
}

/// Reads one answer line from the terminal: yes or not.
fn read_yes() -> Result<bool, Error> {
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(Error::system("read the answer from stdin"))?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "YES" | "Yes"))
}

/// Before a command runs the project's hooks for the user (`hookrun test`): `None` when every
/// project hook file is trusted as it is now, or when the user, asked at a terminal after being
/// shown what would run (and, for a changed file, what changed), trusts them; otherwise why not,
/// for the command's report. The questions and the listing go to stderr, so that a report on
/// stdout stays whole.
pub(crate) fn before_running(
    cli: &Cli,
    project_dir: &std::path::Path,
    purpose: &str,
) -> Result<Option<String>, Error> {
    let config = load_config(cli, project_dir);
    let mut store = Store::load();
    let pending: Vec<SourceTrust> = trust::assess(&config, project_dir, &store, None)
        .into_iter()
        .filter(|source| source.state != State::Trusted)
        .collect();
    if pending.is_empty() {
        return Ok(None);
    }
    let files: Vec<String> = pending
        .iter()
        .map(|source| {
            let display = &config.sources[source.source].display;
            match source.state {
                State::Changed { .. } => format!("{display} (changed since trusted)"),
                _ => display.clone(),
            }
        })
        .collect();
    let files = files.join(", ");
    if !std::io::stdin().is_terminal() || trust::in_ci() {
        let how = if trust::in_ci() {
            "in CI pass --trust-project to run the checkout's own hooks"
        } else {
            "review and trust them with `hookrun trust`, or run this at a terminal to be asked"
        };
        let why = format!("not run: the project's hook files are not trusted ({files}); {how}");
        crate::stderr::say!("hookrun: {why}");
        return Ok(Some(why));
    }
    crate::stderr::say!(
        "hookrun: to {purpose}, hookrun runs the project's hooks; these files are not trusted as they are now:"
    );
    crate::stderr::say!("{}", describe(&config, &pending).trim_end());
    crate::stderr::write_str(&format!("Trust them and {purpose}? [y/N] "));
    if !read_yes()? {
        let why =
            format!("not run: the project's hook files are not trusted ({files}); you declined");
        crate::stderr::say!("hookrun: {why}");
        return Ok(Some(why));
    }
    let root = record(&mut store, project_dir, &pending);
    save(&mut store)?;
    crate::stderr::say!("hookrun: trusted {files} in {}", root.display());
    Ok(None)
}

fn save(store: &mut Store) -> Result<(), Error> {
    store.save().map_err(|e| {
        let place = store
            .location()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Error::File {
            action: "write the trust store",
            path: place.into(),
            source: e,
        }
    })
}

fn print_store(store: &Store) {
    let mut any = false;
    for (project, files) in store.projects() {
        any = true;
        line(project);
        for (file, record) in files {
            let hooks = if record.hooks.len() == 1 {
                "hook"
            } else {
                "hooks"
            };
            line(&format!(
                "  {file}  {} {hooks}, trusted {}  {}",
                record.hooks.len(),
                record.trusted_at,
                record.hash
            ));
        }
    }
    if !any {
        let place = store
            .location()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        line(&format!("no trusted project files ({place})"));
    }
}

/// Writes `text` to stdout (a closed stdout is not worth an error here: the store is written).
fn write(text: &str) {
    let _ = crate::output::write_stdout(text.as_bytes());
}

/// Writes one line to stdout.
fn line(text: &str) {
    write(&format!("{text}\n"));
}

/// Trusts the project files among `written` as they are now: `init` and `install` trust what
/// they wrote themselves. Returns a line for the report (empty when nothing needed trust).
pub(crate) fn trust_written(
    cli: &Cli,
    project_dir: &std::path::Path,
    written: &[std::path::PathBuf],
) -> Result<String, Error> {
    let config = load_config(cli, project_dir);
    let mut store = Store::load();
    let written: Vec<std::path::PathBuf> = written
        .iter()
        .map(|path| std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()))
        .collect();
    let pending: Vec<SourceTrust> = trust::assess(&config, project_dir, &store, None)
        .into_iter()
        .filter(|source| source.state != State::Trusted)
        .filter(|source| {
            let path = &config.sources[source.source].path;
            let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            written.contains(&path)
        })
        .collect();
    if pending.is_empty() {
        return Ok(String::new());
    }
    record(&mut store, project_dir, &pending);
    save(&mut store)?;
    let names: Vec<&str> = pending
        .iter()
        .map(|source| config.sources[source.source].display.as_str())
        .collect();
    Ok(format!(
        "trusted {} (hookrun trust --list)\n",
        names.join(", ")
    ))
}
