//! `hookrun install <agent>` and `hookrun uninstall <agent>`: read the agent's file, let its
//! dialect's installer edit the text, print what changed, and write it atomically (or, with
//! `--dry-run`, nothing). A file that cannot be read or edited is refused whole, never clobbered.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use crate::cli::{AgentFileArgs, Cli};
use crate::error::Error;
use crate::exit;
use crate::install::{self, Action, Edit, Installer, Invocation, write::atomic_write};

pub(crate) fn run(
    cli: &Cli,
    args: &AgentFileArgs,
    command: Option<&Path>,
    action: Action,
) -> Result<ExitCode, Error> {
    let agent = args.agent;
    let installer = agent
        .installer()
        .expect("the agent parser accepts installable agents only");
    let project_dir = super::project_dir(cli)?;
    let path = if args.user {
        installer.user_file().ok_or_else(|| {
            Error::Io(format!(
                "{agent} has no user-level file hookrun can install into (or HOME is not set)"
            ))
        })?
    } else {
        let file = installer.project_file().ok_or_else(|| {
            Error::Io(format!(
                "{agent} reads no project file: install into your own file with --user"
            ))
        })?;
        project_dir.join(file)
    };
    let shown = install::display(&path, &project_dir);
    let how = Invocation {
        program: program(command, args.user, action, installer)?,
        project_dir,
    };
    let text = read(&path, &shown)?;
    let edit = installer
        .edit(text.as_deref(), &how, action)
        .map_err(|why| {
            Error::Io(format!(
                "{shown}: cannot edit it: {why}; nothing was written"
            ))
        })?;
    let report = report(
        &edit,
        &shown,
        &how.program,
        action,
        text.is_some(),
        args.dry_run,
    );
    crate::output::write_stdout(report.as_bytes())
        .map_err(|e| Error::Output(format!("cannot write to stdout: {e}")))?;
    if args.dry_run || edit.changed.is_empty() && edit.updated.is_empty() {
        return Ok(ExitCode::from(exit::OK));
    }
    apply(&path, &shown, &edit)?;
    // What install wrote is the user's own doing: trusted as written.
    let trusted = super::trust::trust_written(cli, &how.project_dir, std::slice::from_ref(&path))?;
    crate::output::write_stdout(trusted.as_bytes())
        .map_err(|e| Error::Output(format!("cannot write to stdout: {e}")))?;
    Ok(ExitCode::from(exit::OK))
}

/// The program the entries name: `--command`, else this executable's absolute path in a user's
/// file and `hookrun` (found on `PATH`) in a project's, which is committed and read on other
/// machines (`install/program.rs`). A project install warns when that `hookrun` is not this one.
fn program(
    command: Option<&Path>,
    user: bool,
    action: Action,
    installer: &dyn Installer,
) -> Result<String, Error> {
    if let Some(program) = command {
        return Ok(program.to_string_lossy().into_owned());
    }
    let own = || {
        std::env::current_exe()
            .map_err(|e| Error::Io(format!("cannot tell this executable's path: {e}")))
    };
    if user {
        return Ok(own()?.to_string_lossy().into_owned());
    }
    if action == Action::Install {
        let own = own()?;
        let (path, named, fix) = match installer.hook_path() {
            Some(fixed) => (
                OsString::from(fixed),
                format!("the PATH the agent gives its hooks ({fixed})"),
                format!(
                    "link this hookrun there (`ln -s {} /usr/local/bin/hookrun`), or name it with \
                     --command PATH",
                    own.display()
                ),
            ),
            None => (
                std::env::var_os("PATH").unwrap_or_default(),
                "PATH".to_owned(),
                format!(
                    "put this hookrun on PATH (`cargo install --locked --path .`, or a link in a \
                     directory on PATH), or {}",
                    if installer.user_file().is_some() {
                        "install with --user (its absolute path, in your own file)"
                    } else {
                        "name it with --command PATH"
                    }
                ),
            ),
        };
        if let Some(problem) = install::program::path_problem(&path, &named, &own) {
            crate::stderr::say!("warning: {problem}; {fix}");
        }
    }
    Ok(install::program::ON_PATH.to_owned())
}

/// The file's text, `None` when it does not exist.
fn read(path: &Path, shown: &str) -> Result<Option<String>, Error> {
    let refuse = |why: String| Error::Io(format!("{shown}: {why}; nothing was written"));
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(refuse(format!("cannot read it: {e}"))),
        Ok(meta) if !meta.is_file() => return Err(refuse("not a regular file".to_owned())),
        Ok(_) => {}
    }
    std::fs::read_to_string(path)
        .map(Some)
        .map_err(|e| refuse(format!("cannot read it: {e}")))
}

fn apply(path: &Path, shown: &str, edit: &Edit) -> Result<(), Error> {
    let done = match &edit.text {
        Some(text) => atomic_write(path, text),
        None => std::fs::remove_file(path),
    };
    done.map_err(|e| Error::Io(format!("cannot write {shown}: {e}")))
}

/// What changed, one line per kind of change.
fn report(
    edit: &Edit,
    shown: &str,
    program: &str,
    action: Action,
    existed: bool,
    dry_run: bool,
) -> String {
    let would = |done: &str, planned: &str| if dry_run { planned } else { done }.to_owned();
    let hooks = |n: usize| {
        if n == 1 {
            "1 hook".to_owned()
        } else {
            format!("{n} hooks")
        }
    };
    let mut out = String::new();
    if !edit.changed.is_empty() {
        let (verb, preposition) = match action {
            Action::Install => (would("added", "would add"), "to"),
            Action::Uninstall => (would("removed", "would remove"), "from"),
        };
        let created = if action == Action::Install && !existed {
            " (a new file)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{verb} {} {preposition} {shown}{created}: {}",
            hooks(edit.changed.len()),
            edit.changed.join(", ")
        );
    }
    if !edit.updated.is_empty() {
        let _ = writeln!(
            out,
            "{} {} in {shown} to run {}: {}",
            would("updated", "would update"),
            hooks(edit.updated.len()),
            program,
            edit.updated.join(", ")
        );
    }
    if action == Action::Uninstall && edit.text.is_none() && !edit.changed.is_empty() {
        let _ = writeln!(
            out,
            "{} {shown}: nothing else was in it",
            would("removed", "would remove")
        );
    }
    if out.is_empty() {
        let state = match (action, existed) {
            (Action::Install, _) => "already runs hookrun on every event",
            (Action::Uninstall, true) => "has no hooks of hookrun's",
            (Action::Uninstall, false) => "does not exist",
        };
        let _ = writeln!(out, "{shown} {state}; nothing to change");
    } else if dry_run {
        out.push_str("dry run: nothing was written\n");
    }
    out
}
