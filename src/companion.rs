//! Companion programs: the parts of hookrun too heavy for the per-event binary.
//!
//! `hookrun serve` (an HTTP server) and plugin hooks (a WebAssembly engine) live in programs of
//! their own, `hookrun-serve` and `hookrun-wasm`, built by the cargo features `serve` and
//! `plugins`. The `hookrun` that agents start once per event links neither, so its size and
//! start-up do not pay for them; it starts a companion only when a command needs one.
//!
//! A companion is looked for, in order: in the environment variable that names it (tests, and
//! installs that keep it elsewhere), beside the running `hookrun`, then on `PATH`. When none is
//! found the error says where hookrun looked and how to get it: never a silent skip.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// One companion program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Companion {
    /// `hookrun-serve`: `hookrun serve` (cargo feature `serve`).
    Serve,
    /// `hookrun-wasm`: runs and checks WebAssembly plugin hooks (cargo feature `plugins`).
    // Used by plugin hooks, built on their own branch.
    #[allow(dead_code)]
    Wasm,
}

impl Companion {
    /// The program's file name.
    pub(crate) fn program(self) -> &'static str {
        match self {
            Companion::Serve => "hookrun-serve",
            Companion::Wasm => "hookrun-wasm",
        }
    }

    /// The environment variable that names the program's path, read first.
    pub(crate) fn variable(self) -> &'static str {
        match self {
            Companion::Serve => "HOOKRUN_SERVE_BIN",
            Companion::Wasm => "HOOKRUN_WASM_BIN",
        }
    }

    /// The cargo feature that builds it.
    pub(crate) fn feature(self) -> &'static str {
        match self {
            Companion::Serve => "serve",
            Companion::Wasm => "plugins",
        }
    }

    /// What it is for, in an error message.
    fn purpose(self) -> &'static str {
        match self {
            Companion::Serve => "`hookrun serve`",
            Companion::Wasm => "plugin hooks",
        }
    }

    /// Finds the program (see the module's documentation for the order).
    pub(crate) fn find(self) -> Result<PathBuf, NotFound> {
        let variable = std::env::var_os(self.variable()).filter(|value| !value.is_empty());
        let beside = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf));
        locate(
            self,
            variable,
            beside.as_deref(),
            std::env::var_os("PATH").as_deref(),
        )
    }
}

/// A companion that is nowhere to be found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{purpose} need{s} the program `{program}`, which was not found ({looked}); it is built by \
     hookrun's cargo feature `{feature}` (`cargo install hookrun --features {feature}`) and ships \
     in hookrun's npm and pip packages",
    purpose = companion.purpose(),
    s = if matches!(companion, Companion::Wasm) { "" } else { "s" },
    program = companion.program(),
    feature = companion.feature(),
)]
pub(crate) struct NotFound {
    companion: Companion,
    looked: String,
}

/// The lookup itself, on given places (unit-tested without touching the environment).
fn locate(
    companion: Companion,
    variable: Option<OsString>,
    beside: Option<&Path>,
    path: Option<&std::ffi::OsStr>,
) -> Result<PathBuf, NotFound> {
    let mut looked = Vec::new();
    if let Some(named) = variable {
        let named = PathBuf::from(named);
        if is_program(&named) {
            return Ok(named);
        }
        // A variable that names nothing is a mistake to report, not a reason to look elsewhere.
        return Err(NotFound {
            companion,
            looked: format!(
                "{} names {}, which is not an executable file",
                companion.variable(),
                named.display()
            ),
        });
    }
    looked.push(format!("{} is not set", companion.variable()));
    if let Some(dir) = beside {
        let candidate = dir.join(companion.program());
        if is_program(&candidate) {
            return Ok(candidate);
        }
        looked.push(format!("not beside hookrun in {}", dir.display()));
    }
    if let Some(path) = path {
        for dir in std::env::split_paths(path).filter(|dir| dir.is_absolute()) {
            let candidate = dir.join(companion.program());
            if is_program(&candidate) {
                return Ok(candidate);
            }
        }
        looked.push("not on PATH".to_owned());
    }
    Err(NotFound {
        companion,
        looked: looked.join(", "),
    })
}

/// A regular file with an execute bit.
fn is_program(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn program_in(dir: &Path, name: &str, mode: u32) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        path
    }

    #[test]
    fn the_variable_wins_and_a_wrong_one_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let named = program_in(dir.path(), "elsewhere", 0o755);
        let beside = program_in(dir.path(), "hookrun-wasm", 0o755);
        let found = locate(
            Companion::Wasm,
            Some(named.clone().into()),
            Some(dir.path()),
            None,
        );
        assert_eq!(found, Ok(named));
        let missing = locate(
            Companion::Wasm,
            Some(dir.path().join("nothing").into()),
            Some(dir.path()),
            None,
        )
        .unwrap_err();
        assert!(
            missing.to_string().contains("HOOKRUN_WASM_BIN names"),
            "{missing}"
        );
        assert_eq!(
            locate(Companion::Wasm, None, Some(dir.path()), None),
            Ok(beside)
        );
    }

    #[test]
    fn beside_then_path_and_only_executable_files() {
        let beside = tempfile::tempdir().unwrap();
        let on_path = tempfile::tempdir().unwrap();
        program_in(beside.path(), "hookrun-serve", 0o644);
        let found = program_in(on_path.path(), "hookrun-serve", 0o755);
        let path = std::env::join_paths([Path::new("relative"), on_path.path()]).unwrap();
        assert_eq!(
            locate(Companion::Serve, None, Some(beside.path()), Some(&path)),
            Ok(found)
        );
        let error = locate(Companion::Serve, None, Some(beside.path()), None).unwrap_err();
        let message = error.to_string();
        assert!(message.starts_with("`hookrun serve` needs the program `hookrun-serve`"));
        assert!(message.contains("--features serve"), "{message}");
        assert!(message.contains("not beside hookrun in"), "{message}");
    }
}
