//! The shell a Gemini hook's command runs in. Gemini CLI runs every command hook as
//! `bash -c <command>` on Linux and macOS (`getShellConfiguration` in `utils/shell-utils.js`,
//! spawned by `HookRunner.executeCommandHook`), so hooks written for it may use bash's syntax
//! (`[[ … ]]`, arrays, `$'…'`, `set -o pipefail`), which `/bin/sh` (dash on Debian) refuses.
//! hookrun runs them with the `bash` found on `PATH`, as Gemini does; where there is none it
//! falls back to `/bin/sh`, where Gemini would fail to start the hook at all.

use std::ffi::{OsStr, OsString};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::OnceLock;

/// `bash` when `PATH` has one, else `/bin/sh`; looked up once per process, the first time a
/// Gemini hook runs (a few `stat` calls). The bare name is spawned, as Gemini spawns it, so
/// bash's own messages start `bash: line 1:` as they do under Gemini.
pub(crate) fn shell() -> &'static OsStr {
    static SHELL: OnceLock<&'static str> = OnceLock::new();
    let found = SHELL.get_or_init(|| {
        let on_path = std::env::var_os("PATH").and_then(|path| find_in(&path, "bash"));
        if on_path.is_some() { "bash" } else { "/bin/sh" }
    });
    OsStr::new(found)
}

/// The first executable file `name` in the directories of `path`.
fn find_in(path: &OsStr, name: &str) -> Option<OsString> {
    std::env::split_paths(path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
        .map(std::path::PathBuf::into_os_string)
}

fn is_executable(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_is_found_on_path_and_its_absence_falls_back_to_sh() {
        let dir = tempfile::tempdir().expect("temp dir");
        let bash = dir.path().join("bash");
        std::fs::write(&bash, "#!/bin/sh\n").expect("write");
        let path = std::env::join_paths(["relative/dir".as_ref(), dir.path()]).expect("join");
        assert_eq!(find_in(&path, "bash"), None, "not executable yet");
        std::fs::set_permissions(&bash, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        assert_eq!(find_in(&path, "bash"), Some(bash.into_os_string()));
        assert_eq!(find_in(OsStr::new("/nonexistent"), "bash"), None);
    }
}
