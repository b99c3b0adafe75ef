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
use crate::install::{self, Action, Edit, Installer, Invocation, Unedited, write::atomic_write};

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
            Error::Refused(format!(
                "{agent} has no user-level file hookrun can install into (or HOME is not set)"
            ))
        })?
    } else {
        let file = installer.project_file().ok_or_else(|| {
            Error::Refused(format!(
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
    if !installer.event_files().is_empty() {
        return run_event_files(cli, args, installer, &path, &shown, &how, action);
    }
    let text = read(&path, &shown)?;
    let edit = installer
        .edit(text.as_deref(), &how, action)
        .map_err(|why| Error::Unchanged {
            file: shown.clone(),
            why: why.into(),
        })?;
    let report = report(
        &edit,
        &shown,
        &how.program,
        action,
        text.is_some(),
        args.dry_run,
    );
    crate::output::write_stdout(report.as_bytes()).map_err(Error::output("to stdout"))?;
    if args.dry_run || edit.changed.is_empty() && edit.updated.is_empty() {
        return Ok(ExitCode::from(exit::OK));
    }
    apply(&path, &shown, &edit)?;
    // What install wrote is the user's own doing: trusted as written.
    let trusted = super::trust::trust_written(cli, &how.project_dir, std::slice::from_ref(&path))?;
    crate::output::write_stdout(trusted.as_bytes()).map_err(Error::output("to stdout"))?;
    Ok(ExitCode::from(exit::OK))
}

/// `install` for an agent of one executable file per event in the folder `dir`: every file is
/// read and edited first, and a refusal of any (a hook of the user's own) writes none.
fn run_event_files(
    cli: &Cli,
    args: &AgentFileArgs,
    installer: &dyn Installer,
    dir: &Path,
    shown: &str,
    how: &Invocation,
    action: Action,
) -> Result<ExitCode, Error> {
    let mut edits = Vec::new();
    let mut total = Edit::default();
    let mut existed = false;
    for event in installer.event_files() {
        let path = dir.join(event);
        let file = install::display(&path, &how.project_dir);
        let text = read(&path, &file)?;
        existed |= text.is_some();
        let edit = installer
            .edit_event(event, text.as_deref(), how, action)
            .map_err(|why| Error::Unchanged {
                file: file.clone(),
                why: why.into(),
            })?;
        total.changed.extend(edit.changed.iter().cloned());
        total.updated.extend(edit.updated.iter().cloned());
        if !edit.changed.is_empty() || !edit.updated.is_empty() {
            edits.push((path, file, edit));
        }
    }
    // The folder is left in place: `text: Some` keeps the report from saying it was removed,
    // and no install calls it "a new file".
    total.text = Some(String::new());
    let existed = existed || action == Action::Install;
    let report = report(&total, shown, &how.program, action, existed, args.dry_run);
    crate::output::write_stdout(report.as_bytes()).map_err(Error::output("to stdout"))?;
    if args.dry_run || edits.is_empty() {
        return Ok(ExitCode::from(exit::OK));
    }
    let mut written = Vec::new();
    for (path, file, edit) in &edits {
        let created = !path.exists();
        apply(path, file, edit)?;
        if created && edit.text.is_some() {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
                .map_err(Error::file("make executable", file.as_str()))?;
        }
        if edit.text.is_some() {
            written.push(path.clone());
        }
    }
    if written.is_empty() {
        return Ok(ExitCode::from(exit::OK));
    }
    let trusted = super::trust::trust_written(cli, &how.project_dir, &written)?;
    crate::output::write_stdout(trusted.as_bytes()).map_err(Error::output("to stdout"))?;
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
    let own = || std::env::current_exe().map_err(Error::system("tell this executable's path"));
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
    let refuse = |why: Unedited| Error::Unchanged {
        file: shown.to_owned(),
        why,
    };
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(refuse(Unedited::Unreadable(e))),
        Ok(meta) if !meta.is_file() => return Err(refuse(Unedited::NotAFile)),
        Ok(_) => {}
    }
    std::fs::read_to_string(path)
        .map(Some)
        .map_err(|e| refuse(Unedited::Unreadable(e)))
}

fn apply(path: &Path, shown: &str, edit: &Edit) -> Result<(), Error> {
    let done = match &edit.text {
        Some(text) => atomic_write(path, text),
        None => std::fs::remove_file(path),
    };
    done.map_err(Error::file("write", shown))
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
