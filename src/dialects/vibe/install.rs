//! `hookrun install vibe`: one `[[hooks]]` table per hook type in `.vibe/hooks.toml` (`--user`:
//! `$VIBE_HOME/hooks.toml`, else `~/.vibe/hooks.toml`), named `hookrun-<type>`, running
//! `hookrun fire --output vibe <type>`. Vibe runs a hook in the session's working directory and
//! sets no project variable, so hookrun finds the project there. The `pre_tool` and `post_tool`
//! entries are `strict`: a hookrun that cannot run (not on `PATH`, killed) then denies the call
//! or clears the result instead of letting it through (`strict` is refused on `post_agent`).

use std::path::PathBuf;

use toml_edit::Value;

use crate::dialects::claude::profile::user_file;
use crate::install::Invocation;
use crate::install::toml_list::TomlHooks;

pub(crate) static INSTALL: TomlHooks = TomlHooks {
    project_file: Some(".vibe/hooks.toml"),
    user_file: hooks_file,
    events: super::EVENTS,
    entry,
};

fn hooks_file() -> Option<PathBuf> {
    user_file("VIBE_HOME", ".vibe", "hooks.toml")
}

fn entry(event: &str, how: &Invocation) -> Vec<(&'static str, Value)> {
    let mut fields = vec![
        ("name", Value::from(format!("hookrun-{event}"))),
        ("type", Value::from(event)),
        (
            "command",
            Value::from(format!(
                "{} fire --output vibe {event}",
                how.shell_program()
            )),
        ),
    ];
    if event != "post_agent" {
        fields.push(("strict", Value::from(true)));
    }
    fields
}
