//! hookrun.toml's `[http]` table (the book, "The outbound policy"): `allow`, the URL patterns every
//! http hook must match. It counts only in the user-level file: a project's own `[http]` is
//! warned about and ignored, so a project can never widen what the user allowed.

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::tree::Object;
use crate::model::load::LoadContext;

/// Checks the `[http]` table of a loaded file, and returns its `allow` patterns when the file is
/// the user-level one (the only place they count).
pub(super) fn read(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    root: &Object<'_>,
) -> Option<Vec<String>> {
    let http = root.get("http")?;
    let path = vec![Step::Key("http".into())];
    let table = reader.object(http, &path, "the [http] table")?;
    reader.unknown_keys(table, &["allow"], &path, "the [http] table");
    let patterns = reader.opt_str_list(table, "allow", &path);
    if let Some(patterns) = &patterns {
        for (index, pattern) in patterns.iter().enumerate() {
            if !pattern.contains("://") {
                let at = crate::config::reader::child_index(&child(&path, "allow"), index);
                reader
                    .error(
                        &at,
                        format!("`{pattern}` is not a URL pattern: it matches no URL"),
                    )
                    .help = Some(
                    "write scheme://host[:port][/path], e.g. \"https://audit.example.com/*\""
                        .into(),
                );
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
        return None;
    }
    patterns
}
