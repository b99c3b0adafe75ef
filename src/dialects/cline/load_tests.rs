//! Which files Cline runs as hooks (cline/cline `apps/vscode/src/core/hooks/hook-factory.ts`
//! `findUnixHook`, `utils.ts` `VALID_HOOK_TYPES`), through the loader.

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use crate::model::hook::{CommandForm, Handler};
use crate::model::load::LoadContext;
use crate::model::{Level, Source};

use super::CLINE;

fn load_file(dir: &Path, name: &str, mode: u32) -> crate::model::load::DialectLoad {
    let hooks = dir.join(".clinerules/hooks");
    std::fs::create_dir_all(&hooks).unwrap();
    let path = hooks.join(name);
    std::fs::write(&path, "#!/bin/sh\necho '{}'\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    let display = format!(".clinerules/hooks/{name}");
    let source = Source::new(path, display, CLINE, "#!/bin/sh\n".into(), Level::Project);
    super::load::load(&LoadContext {
        source: &source,
        index: 0,
        project_dir: dir,
    })
}

#[test]
fn an_executable_file_named_after_an_event_is_one_hook_run_through_the_shell() {
    let dir = tempfile::tempdir().unwrap();
    let load = load_file(dir.path(), "PreToolUse", 0o755);
    assert!(load.diagnostics.is_empty());
    let [hook] = load.hooks.as_slice() else {
        panic!("one hook");
    };
    assert!(CLINE.fires_on(&hook.events, "PreToolUse"));
    assert_eq!(hook.timeout, std::time::Duration::from_secs(30));
    assert_eq!(hook.cwd, dir.path());
    let Handler::Command(CommandForm::Shell(command)) = &hook.handler else {
        panic!("a shell command");
    };
    assert!(
        command.ends_with("/.clinerules/hooks/PreToolUse"),
        "{command}"
    );
}

#[test]
fn a_file_that_is_not_executable_is_skipped_with_a_warning() {
    // hook-factory.ts findUnixHook: fs.access(X_OK) fails, isExpectedHookError (EACCES).
    let dir = tempfile::tempdir().unwrap();
    let load = load_file(dir.path(), "TaskStart", 0o644);
    assert!(load.hooks.is_empty());
    assert_eq!(load.diagnostics.len(), 1);
    assert!(!load.diagnostics[0].is_error());
    assert!(load.diagnostics[0].message.contains("not executable"));
}

#[test]
fn a_file_of_another_name_is_refused() {
    // utils.ts VALID_HOOK_TYPES: Cline looks for these names only (and `.ps1` on Windows only).
    let dir = tempfile::tempdir().unwrap();
    let load = load_file(dir.path(), "PreToolUse.sh", 0o755);
    assert!(load.hooks.is_empty());
    assert!(load.diagnostics[0].is_error());
}

#[test]
fn the_dialect_claims_hook_files_by_folder_and_event_name() {
    assert!(CLINE.claims_path("hooks", "PreToolUse"));
    assert!(CLINE.claims_path("Hooks", "TaskStart"));
    assert!(!CLINE.claims_path("hooks", "PreToolUse.ps1"));
    assert!(!CLINE.claims_path("hooks", "hooks.json"));
}
