//! Where Goose finds plugins (`crates/goose/src/plugins/discovery.rs`,
//! `discover_enabled_plugins_with_config`): every directory of `<project>/.agents/plugins/`
//! (`project_plugin_dir`), then every directory of the user's `~/.agents/plugins/`, each sorted by
//! name (`list_dir_children`, then the sort by scope and name); a user plugin whose name a
//! project plugin already has is dropped (`seen_names`). A plugin's hooks are its
//! `hooks/hooks.json` (hooks.md, "Where Hooks Live").

use std::path::{Path, PathBuf};

use crate::config::sources::home_path;
use crate::model::Level;
use crate::model::dialect::SourceFile;

/// The plugins directory, relative to the project or the home directory.
pub(super) const PLUGINS_DIR: &str = ".agents/plugins";
/// A plugin's hooks file, relative to the plugin's directory.
pub(super) const HOOKS_FILE: &str = "hooks/hooks.json";

/// The directories of `dir`, sorted by name (symbolic links to directories included, as
/// `Path::is_dir` follows them in Goose).
fn plugin_dirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir() && path.file_name().and_then(|n| n.to_str()).is_some())
        .collect();
    dirs.sort();
    dirs
}

/// Each project plugin's hooks file, whether or not it exists yet (a file added later must be
/// seen by the configuration cache).
pub(super) fn project_files(project_dir: &Path) -> Vec<PathBuf> {
    plugin_dirs(&project_dir.join(PLUGINS_DIR))
        .into_iter()
        .map(|dir| dir.join(HOOKS_FILE))
        .collect()
}

/// Each user plugin's hooks file, at [`Level::User`].
pub(super) fn user_files() -> Vec<SourceFile> {
    let Some(dir) = home_path(PLUGINS_DIR) else {
        return Vec::new();
    };
    plugin_dirs(&dir)
        .into_iter()
        .map(|dir| SourceFile {
            path: dir.join(HOOKS_FILE),
            level: Level::User,
            plugin_root: Some(dir),
        })
        .collect()
}

/// The plugin name of a path `…/.agents/plugins/<name>/hooks/hooks.json` (`/`-separated).
pub(super) fn plugin_of(path: &str) -> Option<&str> {
    let rest = path.strip_suffix(HOOKS_FILE)?.strip_suffix('/')?;
    let (dirs, name) = rest.rsplit_once('/')?;
    let inside = dirs == PLUGINS_DIR || dirs.ends_with(&format!("/{PLUGINS_DIR}"));
    (inside && !name.is_empty()).then_some(name)
}

/// The plugin directory of its hooks file.
pub(super) fn plugin_root(hooks_file: &Path) -> Option<&Path> {
    hooks_file.parent()?.parent()
}

/// Whether the user plugin of `hooks_file` is hidden by a project plugin of the same name.
pub(super) fn shadowed(hooks_file: &Path, project_dir: &Path) -> bool {
    plugin_root(hooks_file)
        .and_then(Path::file_name)
        .is_some_and(|name| project_dir.join(PLUGINS_DIR).join(name).is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plugins_hooks_file_is_told_by_its_place_under_agents_plugins() {
        assert_eq!(
            plugin_of("/p/.agents/plugins/guard/hooks/hooks.json"),
            Some("guard")
        );
        assert_eq!(
            plugin_of(".agents/plugins/guard/hooks/hooks.json"),
            Some("guard")
        );
        // A Claude Code plugin's file sits in no `.agents/plugins/`.
        assert_eq!(plugin_of("/p/my-plugin/hooks/hooks.json"), None);
        assert_eq!(plugin_of("/p/.agents/plugins/hooks/hooks.json"), None);
        assert_eq!(plugin_of("/p/.agents/plugins/guard/hooks/other.json"), None);
    }

    #[test]
    fn project_plugins_are_listed_by_name_and_a_same_named_user_plugin_is_shadowed() {
        let project = tempfile::tempdir().unwrap();
        let plugins = project.path().join(PLUGINS_DIR);
        for name in ["zeta", "alpha"] {
            std::fs::create_dir_all(plugins.join(name)).unwrap();
        }
        std::fs::write(plugins.join("not-a-dir.json"), "{}").unwrap();
        assert_eq!(
            project_files(project.path()),
            [
                plugins.join("alpha").join(HOOKS_FILE),
                plugins.join("zeta").join(HOOKS_FILE)
            ]
        );
        let home = tempfile::tempdir().unwrap();
        let user = home.path().join(PLUGINS_DIR);
        assert!(shadowed(
            &user.join("alpha").join(HOOKS_FILE),
            project.path()
        ));
        assert!(!shadowed(
            &user.join("beta").join(HOOKS_FILE),
            project.path()
        ));
    }
}
