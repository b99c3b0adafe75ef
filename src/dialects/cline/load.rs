//! One Cline hook file as one hook. Cline runs `<folder>/<Event>` when it is a regular file the
//! user may execute (`hook-factory.ts` `findUnixHook`: `fs.stat` + `fs.access(X_OK)`), through
//! the shell by its escaped path so that its `#!` line picks the interpreter (`HookProcess.ts`
//! `getHookLaunchConfig`: `spawn(escapedPath, [], {shell: true})`), from the workspace root (`hook-factory.ts` `determineHookCwd`). A file
//! that is not executable is skipped without a word (`isExpectedHookError`, `EACCES`): hookrun
//! skips it too and says why. `<Event>.ps1` is Windows' name only (`findWindowsHook`), and any
//! other name is never looked for.

use std::path::Path;

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};

/// The hook of the file `ctx.source`, or why Cline would not run it.
pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    let mut load = DialectLoad {
        hooks: Vec::new(),
        diagnostics: Vec::new(),
        switches: Switches::default(),
    };
    let name = source
        .path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(event) = super::EVENTS.iter().find(|event| **event == name) else {
        load.diagnostics.push(
            Diagnostic::whole_file(
                Severity::Error,
                &source.display,
                format!(
                    "`{name}` is not a Cline hook name: Cline runs a file named after its event"
                ),
            )
            .with_help(format!("name it one of {}", super::EVENTS.join(", "))),
        );
        return load;
    };
    if super::install::installed_program(event, &source.text).is_some() {
        // hookrun's own file (`hookrun install cline`): running it would run hookrun's hooks a
        // second time.
        return load;
    }
    if !executable(&source.path) {
        load.diagnostics.push(
            Diagnostic::whole_file(
                Severity::Warning,
                &source.display,
                "not executable: Cline skips it, and so does hookrun",
            )
            .with_help(format!("chmod +x {}", source.display)),
        );
        return load;
    }
    let program = std::path::absolute(&source.path)
        .unwrap_or_else(|_| source.path.clone())
        .to_string_lossy()
        .into_owned();
    let mut hook = Hook::new(
        super::CLINE,
        ctx.index,
        EventSelector::Named((*event).to_owned()),
        Handler::Command(CommandForm::Shell(crate::install::shell::quote(&program))),
        ctx.project_dir.to_path_buf(),
        super::TIMEOUT,
        &[],
    );
    // The file is the hook: its content is in the name, which trust fingerprints, so that an
    // edited script is a changed hook (`hookrun trust` asks again).
    hook.name = format!("{event} ({}, {})", source.display, digest(&source.text));
    load.hooks.push(hook);
    load
}

/// The first 16 hex digits of the SHA-256 of a hook file's text.
fn digest(text: &str) -> String {
    use sha2::{Digest as _, Sha256};
    use std::fmt::Write as _;
    Sha256::digest(text.as_bytes())
        .iter()
        .take(8)
        .fold(String::from("sha256:"), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}

/// Whether the user may execute the regular file at `path` (`access(X_OK)`, as Cline asks).
pub(crate) fn executable(path: &Path) -> bool {
    use rustix::fs::{Access, AtFlags, CWD, accessat};
    std::fs::metadata(path).is_ok_and(|meta| meta.is_file())
        && accessat(CWD, path, Access::EXEC_OK, AtFlags::EACCESS).is_ok()
}
