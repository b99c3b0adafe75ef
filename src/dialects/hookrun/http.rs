//! hookrun.toml's `[http]` table (README, "The outbound policy"): `allow`, the URL patterns every
//! http hook must match. It counts only in the user-level file: a project's own `[http]` is
//! warned about and ignored, so a project can never widen what the user allowed.

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::{Node, Object};
use crate::model::load::LoadContext;

/// Checks the `[http]` table of a loaded file.
pub(super) fn check(ctx: &LoadContext<'_>, reader: &mut Reader<'_>, root: &Object<'_>) {
    let Some(http) = root.get("http") else {
        return;
    };
    let path = vec![Step::Key("http".into())];
    let Some(table) = reader.object(http, &path, "the [http] table") else {
        return;
    };
    reader.unknown_keys(table, &["allow"], &path, "the [http] table");
    if let Some(patterns) = reader.opt_str_list(table, "allow", &path) {
        for (index, pattern) in patterns.iter().enumerate() {
            if !pattern.contains("://") {
                let at = crate::config::reader::child_index(&child(&path, "allow"), index);
                reader.error(
                    &at,
                    format!("`{pattern}` is not a URL pattern: it matches no URL"),
                )
                .help = Some("write scheme://host[:port][/path], e.g. \"https://audit.example.com/*\"".into());
            }
        }
    }
    if ctx.source.level != crate::model::Level::User {
        reader
            .warn(
                &path,
                "[http] counts only in the user-level hookrun.toml: ignored here",
            )
            .help = Some("move it to ~/.config/hookrun/hookrun.toml".into());
    }
}

/// The `[http] allow` patterns of a user-level hookrun.toml's text, read when an http hook is
/// about to run (a fire of command hooks never reads them); `None` when it lists none.
pub(crate) fn allow(text: &str) -> Option<Vec<String>> {
    let root = Node::from_toml(text).ok()?;
    let patterns = root.as_object()?.get("http")?.as_object()?.get("allow")?;
    let patterns = patterns.as_array()?;
    Some(
        patterns
            .iter()
            .filter_map(|pattern| match pattern {
                Node::String(text) => Some(text.to_string()),
                _ => None,
            })
            .collect(),
    )
}
