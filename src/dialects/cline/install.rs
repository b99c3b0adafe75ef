//! `hookrun install cline`: one executable file per Cline event in `.clinerules/hooks/` (or
//! `~/Documents/Cline/Hooks/` with `--user`), each a `/bin/sh` script that runs
//! `hookrun fire --output cline <Event>`. Cline runs a hook from the workspace root
//! (`hook-factory.ts` `determineHookCwd`, global hooks from the primary root too), which is the
//! project hookrun then reads. A file of the user's own in the place of one of hookrun's is never
//! overwritten: the installation is refused whole, naming it (Cline runs one file per event and
//! folder, so the two cannot sit side by side); uninstall leaves such a file alone.

use std::path::PathBuf;

use crate::install::{Action, Edit, Installer, Invocation, Unfit};

pub(crate) static INSTALL: ClineInstall = ClineInstall;

pub(crate) struct ClineInstall;

/// The first line after the `#!` line of every file install writes: how a file is told to be
/// hookrun's.
const MARK: &str = "# Written by `hookrun install cline`: Cline runs this file for its event.";

/// The script install writes for `event`.
fn script(event: &str, how: &Invocation) -> String {
    format!(
        "#!/bin/sh\n{MARK}\nexec {} fire --output cline {event}\n",
        how.shell_program()
    )
}

/// The program of a file install wrote for `event`, or `None` when the file is not one.
pub(super) fn installed_program<'a>(event: &str, text: &'a str) -> Option<&'a str> {
    let rest = text.strip_prefix("#!/bin/sh\n")?.strip_prefix(MARK)?;
    let program = rest
        .strip_prefix("\nexec ")?
        .strip_suffix(&format!(" fire --output cline {event}\n"))?;
    (!program.is_empty() && !program.contains('\n')).then_some(program)
}

impl Installer for ClineInstall {
    /// The hooks folder (install writes the files of [`Installer::event_files`] in it).
    fn project_file(&self) -> Option<&'static str> {
        Some(".clinerules/hooks")
    }

    fn user_file(&self) -> Option<PathBuf> {
        super::user_hooks_dir()
    }

    fn edit(&self, _: Option<&str>, _: &Invocation, _: Action) -> Result<Edit, Unfit> {
        Err(Unfit::PerEvent)
    }

    fn event_files(&self) -> &'static [&'static str] {
        super::EVENTS
    }

    fn edit_event(
        &self,
        event: &str,
        text: Option<&str>,
        how: &Invocation,
        action: Action,
    ) -> Result<Edit, Unfit> {
        let wanted = script(event, how);
        let ours = text.and_then(|text| installed_program(event, text));
        let changed = vec![event.to_owned()];
        Ok(match (action, text, ours) {
            (Action::Install, None, _) => Edit {
                text: Some(wanted),
                changed,
                updated: Vec::new(),
            },
            (Action::Install, Some(text), Some(_)) if text == wanted => Edit {
                text: Some(wanted),
                ..Edit::default()
            },
            (Action::Install, Some(_), Some(_)) => Edit {
                text: Some(wanted),
                changed: Vec::new(),
                updated: changed,
            },
            (Action::Install, Some(_), None) => return Err(Unfit::Occupied),
            (Action::Uninstall, Some(_), Some(_)) => Edit {
                text: None,
                changed,
                updated: Vec::new(),
            },
            (Action::Uninstall, _, _) => Edit {
                text: text.map(str::to_owned),
                ..Edit::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn how(program: &str) -> Invocation {
        Invocation {
            program: program.to_owned(),
            project_dir: PathBuf::from("/p"),
        }
    }

    #[test]
    fn install_writes_a_script_that_fires_the_event_with_output_cline() {
        let edit = INSTALL
            .edit_event("PreToolUse", None, &how("hookrun"), Action::Install)
            .unwrap();
        let text = edit.text.unwrap();
        assert!(text.starts_with("#!/bin/sh\n"));
        assert!(text.ends_with("\nexec hookrun fire --output cline PreToolUse\n"));
        assert_eq!(edit.changed, ["PreToolUse"]);
    }

    #[test]
    fn install_again_changes_nothing_and_another_program_updates() {
        let text = script("TaskStart", &how("hookrun"));
        let again = INSTALL
            .edit_event("TaskStart", Some(&text), &how("hookrun"), Action::Install)
            .unwrap();
        assert!(again.changed.is_empty() && again.updated.is_empty());
        let moved = INSTALL
            .edit_event(
                "TaskStart",
                Some(&text),
                &how("/opt/hookrun"),
                Action::Install,
            )
            .unwrap();
        assert_eq!(moved.updated, ["TaskStart"]);
    }

    #[test]
    fn a_users_own_hook_file_is_never_overwritten_nor_removed() {
        let own = "#!/bin/sh\necho '{\"cancel\": false}'\n";
        assert!(
            INSTALL
                .edit_event("PreToolUse", Some(own), &how("hookrun"), Action::Install)
                .is_err()
        );
        let kept = INSTALL
            .edit_event("PreToolUse", Some(own), &how("hookrun"), Action::Uninstall)
            .unwrap();
        assert_eq!(kept.text.as_deref(), Some(own));
        assert!(kept.changed.is_empty());
    }

    #[test]
    fn uninstall_removes_hookruns_file() {
        let text = script("PreToolUse", &how("hookrun"));
        let edit = INSTALL
            .edit_event(
                "PreToolUse",
                Some(&text),
                &how("hookrun"),
                Action::Uninstall,
            )
            .unwrap();
        assert_eq!(edit.text, None);
        assert_eq!(edit.changed, ["PreToolUse"]);
    }
}
