//! Which hookrun an installed entry names. A project's file is committed and read on every
//! teammate's machine and in CI, so it names `hookrun` and leaves finding it to the agent's
//! `PATH`; a user's file stays on this machine, so it names this executable by its absolute path
//! and keeps working whatever `PATH` holds. A project install whose `hookrun` on `PATH` is not the
//! running binary is written all the same, with a warning saying how to make it work here.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The program a project-level entry runs: found on `PATH`.
pub(crate) const ON_PATH: &str = "hookrun";

/// The first `name` on the search path `path` that is an executable file.
pub(crate) fn find_on_path(name: &str, path: &OsStr) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt as _;
    std::env::split_paths(path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| {
            std::fs::metadata(candidate)
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
}

/// Why the entries a project install writes would not run `own` here, when they would not:
/// `hookrun` on `path` (the search path the agent gives its hooks, called `named` in the message)
/// is missing, or is another program than `own`.
pub(crate) fn path_problem(path: &OsStr, named: &str, own: &Path) -> Option<String> {
    let Some(found) = find_on_path(ON_PATH, path) else {
        return Some(format!(
            "`hookrun` is not on {named}, so the agent cannot run the entries written"
        ));
    };
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    (!same(&found, own)).then(|| {
        format!(
            "`hookrun` on {named} is {}, not this hookrun ({}): the agent will run that one",
            found.display(),
            own.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn executable(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn the_first_executable_on_the_path_is_found_and_plain_files_are_passed_over() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(a.join("hookrun"), "not executable").unwrap();
        let wanted = executable(&b, "hookrun");
        let path = std::env::join_paths([&a, &b]).unwrap();
        assert_eq!(find_on_path("hookrun", &path), Some(wanted));
        assert_eq!(find_on_path("hookrun", OsStr::new("")), None);
    }

    #[test]
    fn a_project_install_finds_a_problem_unless_hookrun_on_path_is_this_binary() {
        let dir = tempfile::tempdir().unwrap();
        let own = executable(dir.path(), "hookrun");
        let other = dir.path().join("other");
        std::fs::create_dir_all(&other).unwrap();
        executable(&other, "hookrun");
        assert_eq!(path_problem(dir.path().as_os_str(), "PATH", &own), None);
        let missing = path_problem(OsStr::new("/nonexistent"), "PATH", &own).unwrap();
        assert!(missing.contains("not on PATH"), "{missing}");
        let another = path_problem(other.as_os_str(), "PATH", &own).unwrap();
        assert!(another.contains("not this hookrun"), "{another}");
    }
}
