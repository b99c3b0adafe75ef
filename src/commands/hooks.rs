//! `hookrun hooks list|add|update|rm|enable|disable` (the book, "Editing hooks"): finds the files the
//! edit layer (`crate::edit`) can change, calls one operation, and reports what it did. An edited
//! project file that was trusted (or new) is trusted as written, under the same lock as the edit;
//! one that was held back stays held back.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::cli::{
    Cli, HookFields, HooksAction, HooksArgs, HooksIdArgs, HooksListArgs, HooksSwitchArgs,
    ReportFormat,
};
use crate::edit::{Applied, Change, EditError, HookFile, Session};
use crate::error::Error;
use crate::model::Level;
use crate::{dialects, exit, output};

pub(crate) fn run(cli: &Cli, args: &HooksArgs) -> Result<ExitCode, Error> {
    let project_dir = super::project_dir(cli)?;
    match &args.action {
        HooksAction::List(list) => run_list(cli, &project_dir, list),
        HooksAction::Add(add) => {
            let change = Change {
                event: Some(add.event.clone()),
                command: Some(add.command.clone()),
                stdin_json: add.stdin_json.then_some(true),
                ..fields(&add.fields)
            };
            let file = match &add.fields.file {
                Some(file) => named(cli, &project_dir, file)?,
                None => editable(cli, &project_dir)
                    .into_iter()
                    .next()
                    .ok_or_else(|| Error::Refused(no_file_to_add_to()))?,
            };
            let (id, trust) = edit(cli, &file, |session| session.add(&change))?;
            say(&format!(
                "added {id} ({}) to {}\n{trust}",
                add.event, file.display
            ))
        }
        HooksAction::Update(update) => {
            let change = Change {
                event: update.event.clone(),
                command: (!update.command.is_empty()).then(|| update.command.clone()),
                stdin_json: update.stdin_json,
                ..fields(&update.fields)
            };
            let file = holding(cli, &project_dir, &update.id, update.fields.file.as_deref())?;
            let (id, trust) = edit(cli, &file, |s| s.update(&update.id, &change))?;
            say(&format!(
                "updated {} in {} (now {id})\n{trust}",
                update.id, file.display
            ))
        }
        HooksAction::Rm(HooksIdArgs { id, file }) => {
            let file = holding(cli, &project_dir, id, file.as_deref())?;
            let (_, trust) = edit(cli, &file, |s| s.remove(id))?;
            say(&format!("removed {id} from {}\n{trust}", file.display))
        }
        HooksAction::Enable(switch) => run_switch(cli, &project_dir, switch, true),
        HooksAction::Disable(switch) => run_switch(cli, &project_dir, switch, false),
    }
}

fn fields(fields: &HookFields) -> Change {
    Change {
        matcher: fields.matcher.clone(),
        timeout: fields.timeout,
        env: fields.env.clone(),
        ..Change::default()
    }
}

fn run_switch(
    cli: &Cli,
    project_dir: &Path,
    switch: &HooksSwitchArgs,
    enabled: bool,
) -> Result<ExitCode, Error> {
    let word = if enabled { "enabled" } else { "disabled" };
    if let Some(id) = &switch.id {
        let file = holding(cli, project_dir, id, switch.file.as_deref())?;
        let (_, trust) = edit(cli, &file, |s| s.set_enabled(id, enabled))?;
        return say(&format!("{word} {id} in {}\n{trust}", file.display));
    }
    let file = match &switch.file {
        Some(file) => named(cli, project_dir, file)?,
        None => editable(cli, project_dir)
            .into_iter()
            .next()
            .ok_or_else(|| {
                Error::Refused(
                    "no editable hook file in this project: name one with --file".to_owned(),
                )
            })?,
    };
    let (_, trust) = edit(cli, &file, |s| {
        s.set_all_enabled(enabled).map(|version| Applied {
            id: String::new(),
            version,
        })
    })?;
    say(&format!("{word} every hook of {}\n{trust}", file.display))
}

fn run_list(cli: &Cli, project_dir: &Path, args: &HooksListArgs) -> Result<ExitCode, Error> {
    let files = match &args.file {
        Some(file) => vec![named(cli, project_dir, file)?],
        None => editable(cli, project_dir),
    };
    let mut failed = false;
    let mut documents = Vec::new();
    let mut human = String::new();
    for file in &files {
        let listing = match file.list() {
            Ok(listing) => listing,
            Err(error) => {
                // Not "no hooks": the file is named, and the run fails.
                crate::stderr::say!("hookrun: {error}");
                failed = true;
                continue;
            }
        };
        let off = if listing.enabled {
            ""
        } else {
            " (every hook switched off)"
        };
        let _ = writeln!(human, "{} ({}){off}", file.display, file.dialect.name());
        for hook in &listing.hooks {
            let mut line = format!("  {}  {}", hook.id, hook.event);
            if let Some(matcher) = &hook.matcher {
                let _ = write!(line, " [{matcher}]");
            }
            let _ = write!(line, "  {}", hook.command);
            for arg in &hook.args {
                let _ = write!(line, " {}", crate::install::shell::quote(arg));
            }
            if !hook.enabled {
                line.push_str("  (disabled)");
            }
            let _ = writeln!(human, "{line}");
        }
        documents.push(json!({
            "file": file.display,
            "dialect": file.dialect.name(),
            "version": listing.version.0,
            "enabled": listing.enabled,
            "hooks": listing.hooks.iter().map(|hook| json!({
                "id": hook.id,
                "event": hook.event,
                "matcher": hook.matcher,
                "action": {
                    "command": hook.command,
                    "args": hook.args,
                    "stdin_json": hook.stdin_json,
                    "timeout_ms": hook.timeout_ms,
                    "env": hook.env.iter().map(|(k, v)| (k.clone(), Value::from(v.as_str()))).collect::<serde_json::Map<String, Value>>(),
                },
                "enabled": hook.enabled,
            })).collect::<Vec<_>>(),
        }));
    }
    let written = match args.chosen_format() {
        ReportFormat::Json => output::write_json(&documents, false),
        ReportFormat::Human => output::write_stdout(human.as_bytes()),
    };
    written.map_err(Error::output("to stdout"))?;
    Ok(ExitCode::from(if failed {
        exit::FAILURE
    } else {
        exit::OK
    }))
}

/// Runs `operation` on `file` under its lock, then trusts the written project file when it was
/// trusted (or did not exist) before.
fn edit(
    cli: &Cli,
    file: &HookFile,
    operation: impl FnOnce(&mut Session<'_>) -> Result<Applied, EditError>,
) -> Result<(String, String), Error> {
    let mut session = file.open(None)?;
    let trusted_before = !file.path.exists() || is_trusted(cli, file);
    let applied = operation(&mut session)?;
    if cli.global.verbose {
        crate::stderr::say!("hookrun: {} is now at {}", file.display, applied.version);
    }
    let mut report = String::new();
    if crate::trust::needs_trust(file.level) {
        if trusted_before {
            report = super::trust::trust_written(
                cli,
                &file.project_dir,
                std::slice::from_ref(&file.path),
            )?;
        } else {
            crate::stderr::say!(
                "hookrun: {} was not trusted before this edit: its hooks stay held back until `hookrun trust`",
                file.display
            );
        }
    }
    drop(session);
    Ok((applied.id, report))
}

/// Whether the file's hooks are trusted as they are now (files outside the project need none).
pub(crate) fn is_trusted(cli: &Cli, file: &HookFile) -> bool {
    if !crate::trust::needs_trust(file.level) {
        return true;
    }
    let config = super::load_config(cli, &file.project_dir);
    let store = crate::trust::Store::load();
    let path = canonical(&file.path);
    crate::trust::assess(&config, &file.project_dir, &store, None)
        .into_iter()
        .filter(|s| canonical(&config.sources[s.source].path) == path)
        .all(|s| s.state == crate::trust::State::Trusted)
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The files `hookrun hooks` can edit among those hookrun loads, in discovery order with the
/// preferred dialects' files first ([`crate::model::editing::Editing::preferred`]); managed and plugin files are left
/// out.
pub(crate) fn editable(cli: &Cli, project_dir: &Path) -> Vec<HookFile> {
    let config = super::load_config(cli, project_dir);
    let mut files: Vec<HookFile> = config
        .sources
        .iter()
        .filter(|s| s.dialect.editing(&s.path).is_some())
        .filter(|s| !matches!(s.level, Level::Managed | Level::Plugin))
        .map(|s| HookFile {
            path: s.path.clone(),
            display: s.display.clone(),
            dialect: s.dialect,
            level: s.level,
            project_dir: project_dir.to_path_buf(),
        })
        .collect();
    files.sort_by_key(|f| !f.editing().is_some_and(|e| e.preferred));
    files
}

/// The file named by `--file` (relative to the project), with the dialect its place, `--dialect`
/// or its content gives.
pub(crate) fn named(cli: &Cli, project_dir: &Path, file: &Path) -> Result<HookFile, Error> {
    let path = project_dir.join(file);
    let discovered = dialects::ALL.iter().find_map(|&dialect| {
        let listed = || {
            dialect
                .listed_files(project_dir)
                .unwrap_or_default()
                .contains(&path)
                .then_some((dialect, Level::Project))
        };
        dialect
            .discovery()
            .iter()
            .find(|rel| project_dir.join(rel) == path)
            .map(|rel| (dialect, dialect.discovery_level(rel)))
            .or_else(listed)
    });
    let (dialect, level) = if let Some(found) = discovered {
        found
    } else {
        {
            let by_content = || {
                std::fs::read_to_string(&path)
                    .ok()
                    .and_then(|text| dialects::by_content(&text))
            };
            let dialect = dialects::by_path(&path)
                .or(cli.global.dialect)
                .or_else(by_content)
                .ok_or_else(|| {
                    Error::Refused(format!(
                        "{}: cannot tell its dialect: name it with --dialect",
                        file.display()
                    ))
                })?;
            (dialect, Level::Named)
        }
    };
    Ok(HookFile {
        display: crate::edit::display(&path, project_dir),
        path,
        dialect,
        level,
        project_dir: project_dir.to_path_buf(),
    })
}

/// The file holding the hook `id` (only `file`, when named).
fn holding(
    cli: &Cli,
    project_dir: &Path,
    id: &str,
    file: Option<&Path>,
) -> Result<HookFile, Error> {
    let files = match file {
        Some(file) => vec![named(cli, project_dir, file)?],
        None => editable(cli, project_dir),
    };
    let mut found: Vec<HookFile> = files
        .into_iter()
        .filter(|f| f.list().is_ok_and(|l| l.hooks.iter().any(|h| h.id == id)))
        .collect();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(Error::Edit(EditError::NotFound { id: id.to_owned() })),
        _ => Err(Error::Refused(format!(
            "the id `{id}` is in several files: name one with --file"
        ))),
    }
}

fn say(text: &str) -> Result<ExitCode, Error> {
    output::write_stdout(text.as_bytes()).map_err(Error::output("to stdout"))?;
    Ok(ExitCode::from(exit::OK))
}

/// Why `hooks add` has no file to add to, naming the project files it could create.
fn no_file_to_add_to() -> String {
    let files: Vec<&str> = dialects::ALL
        .iter()
        .flat_map(|dialect| {
            dialect
                .discovery()
                .iter()
                .filter(|rel| dialect.editing(Path::new(rel)).is_some())
                .take(1)
        })
        .copied()
        .collect();
    format!(
        "no editable hook file in this project: name one with --file ({}, …)",
        files.join(", ")
    )
}
