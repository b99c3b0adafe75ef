//! `hooks.json` as the Windsurf hooks page documents it: `{"hooks": {"<event>": [entry…]}}`, an
//! entry `{"command", "powershell"?, "show_output"?, "working_directory"?}`. `command` runs with
//! `/bin/sh -c`; `powershell` is the Windows command, so an entry with only that is listed as not
//! supported here. `show_output` only shows the hook's output in Windsurf's UI. The page gives no
//! timeout: hookrun's own default (30 s) applies.

use std::path::Path;
use std::time::Duration;

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::Object;
use crate::dialects::json_file;
use crate::model::hook::{CommandForm, EventSelector, Handler, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};

use super::WINDSURF;

const ENTRY_KEYS: &[&str] = &["command", "powershell", "show_output", "working_directory"];
/// Windsurf documents no timeout; this is hookrun's.
pub(super) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

pub(super) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let hooks = json_file::read_event_map(&mut reader, &root, WINDSURF, |r, e, entry, p| {
        read_entry(ctx, r, e, entry, p)
    });
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

fn read_entry(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    event: &str,
    entry: &Object<'_>,
    path: &[Step],
) -> Option<Hook> {
    reader.unknown_keys(entry, ENTRY_KEYS, path, "a windsurf hook");
    let command = reader.opt_str(entry, "command", path);
    let powershell = reader.opt_str(entry, "powershell", path);
    let handler = match (command, powershell) {
        (Some(command), _) => Handler::Command(CommandForm::Shell(command.to_owned())),
        (None, Some(_)) => Handler::Unsupported {
            kind: "powershell".to_owned(),
        },
        (None, None) => {
            reader.error(path, "this hook has no `command`").help =
                Some("add \"command\": \"…\" (run with /bin/sh -c)".into());
            return None;
        }
    };
    reader.opt_bool(entry, "show_output", path);
    let mut hook = Hook::new(
        WINDSURF,
        ctx.index,
        EventSelector::Named(event.to_owned()),
        handler,
        ctx.project_dir.to_path_buf(),
        DEFAULT_TIMEOUT,
        path,
    );
    hook.name = hook.handler.default_name();
    if let Some(dir) = reader.opt_str(entry, "working_directory", path) {
        if dir.starts_with('~') {
            // A third-party account of the page (DefenseClaw's notes) says `~` is not expanded.
            reader.warn(
                &child(path, "working_directory"),
                "`~` is not expanded in `working_directory`: write the absolute path",
            );
        }
        hook.cwd = ctx.project_dir.join(Path::new(dir));
    }
    Some(hook)
}
