//! Where Claude Code keeps hooks besides the project, and how its files weigh one another.
//!
//! Claude merges the `hooks` of every settings file — user (`~/.claude/settings.json`, or
//! `$CLAUDE_CONFIG_DIR`), project, local project, managed policy (`managed-settings.json` and the
//! `managed-settings.d/*.json` drop-ins in the system's location) — and adds those of every
//! enabled plugin (`<plugin>/hooks/hooks.json`). Then:
//! - managed `disableAllHooks: true` turns every hook off;
//! - managed `allowManagedHooksOnly: true` keeps the managed files' hooks only (plugins too go);
//! - otherwise `disableAllHooks: true` where the merged settings say so (the last file to set it,
//!   in the order user, project, local, managed) keeps the managed hooks only.

use std::path::{Path, PathBuf};

use crate::config::sources::{
    canonical, drop_in_files, env_dir, home_path, read_config, system_path,
};
use crate::config::tree::Node;
use crate::model::dialect::SourceFile;
use crate::model::{Hook, Level, Source};

/// `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
fn config_dir() -> Option<PathBuf> {
    env_dir("CLAUDE_CONFIG_DIR").or_else(|| home_path(".claude"))
}

/// The managed policy files, then the user's settings.
pub(super) fn outside_files() -> Vec<SourceFile> {
    let managed = system_path(
        "/etc/claude-code",
        "/Library/Application Support/ClaudeCode",
    );
    let mut files = vec![SourceFile::at(
        managed.join("managed-settings.json"),
        Level::Managed,
    )];
    files.extend(
        drop_in_files(&managed.join("managed-settings.d"))
            .into_iter()
            .map(|path| SourceFile::at(path, Level::Managed)),
    );
    if let Some(dir) = config_dir() {
        files.push(SourceFile::at(dir.join("settings.json"), Level::User));
    }
    files
}

/// A file's rank in Claude's merge: later ranks override earlier ones.
fn rank(level: Level) -> u8 {
    match level {
        Level::User => 0,
        Level::Project => 1,
        Level::Local | Level::Named => 2,
        Level::Managed => 3,
        Level::Plugin => 4,
    }
}

/// `sources` in Claude's merge order.
fn in_merge_order<'a>(sources: &[&'a Source]) -> Vec<&'a Source> {
    let mut ordered = sources.to_vec();
    ordered.sort_by_key(|source| rank(source.level));
    ordered
}

/// Turns off the hooks Claude would not run, by its files' switches (`sources` are every loaded
/// source, `hooks` every loaded hook; Claude's are those of its dialect).
pub(super) fn settle(sources: &[Source], hooks: &mut [Hook]) {
    let own: Vec<&Source> = sources
        .iter()
        .filter(|source| source.dialect == super::CLAUDE)
        .collect();
    let ordered = in_merge_order(&own);
    let managed: Vec<&Source> = ordered
        .iter()
        .copied()
        .filter(|source| source.level == Level::Managed)
        .collect();
    let last = |files: &[&Source]| {
        files
            .iter()
            .filter_map(|source| source.switches.disable_all_hooks)
            .next_back()
    };
    let keep_managed = if last(&managed) == Some(true) {
        false
    } else if managed
        .iter()
        .any(|source| source.switches.managed_hooks_only)
        || last(&ordered) == Some(true)
    {
        true
    } else {
        return;
    };
    for hook in hooks
        .iter_mut()
        .filter(|hook| hook.dialect == super::CLAUDE)
    {
        if !(keep_managed && sources[hook.source].level == Level::Managed) {
            hook.enabled = false;
        }
    }
}

/// The hook files of the plugins the settings enable, from Claude's record of installed plugins
/// (`plugins/installed_plugins.json` in its configuration directory).
pub(super) fn plugin_files(sources: &[&Source], project_dir: &Path) -> Vec<SourceFile> {
    let Some(record) = config_dir().map(|dir| dir.join("plugins/installed_plugins.json")) else {
        return Vec::new();
    };
    let Ok(Some(text)) = read_config(&record) else {
        return Vec::new();
    };
    let Ok(root) = Node::from_json(&text) else {
        return Vec::new();
    };
    let enabled = enabled_plugins(sources);
    let Some(plugins) = root.get("plugins").and_then(Node::as_object) else {
        return Vec::new();
    };
    let project = std::fs::canonicalize(project_dir).unwrap_or_else(|_| project_dir.to_owned());
    let mut files = Vec::new();
    for (id, installs) in plugins {
        if !enabled.iter().any(|(name, on)| name == id && *on) {
            continue;
        }
        // Version 2 keeps a list of installs per plugin (by scope); version 1 one object.
        let installs: Vec<&Node<'_>> = match installs.as_array() {
            Some(list) => list.iter().collect(),
            None => vec![installs],
        };
        for install in installs {
            let Some(path) = install.get("installPath").and_then(Node::as_str) else {
                continue;
            };
            let scope = install
                .get("scope")
                .and_then(Node::as_str)
                .unwrap_or("user");
            if matches!(scope, "project" | "local") {
                let here = install
                    .get("projectPath")
                    .and_then(Node::as_str)
                    .map(|p| canonical(Path::new(p)).unwrap_or_else(|_| PathBuf::from(p)));
                if here.as_deref() != Some(project.as_path()) {
                    continue;
                }
            }
            let root = PathBuf::from(path);
            files.push(SourceFile {
                path: root.join("hooks").join("hooks.json"),
                level: Level::Plugin,
                plugin_root: Some(root),
            });
            break;
        }
    }
    files
}

/// `enabledPlugins` as the merged settings say: each plugin id's last word, in merge order.
fn enabled_plugins(sources: &[&Source]) -> Vec<(String, bool)> {
    let mut enabled: Vec<(String, bool)> = Vec::new();
    for source in in_merge_order(sources) {
        let Ok(root) = Node::from_json(&source.text) else {
            continue;
        };
        let Some(map) = root.get("enabledPlugins").and_then(Node::as_object) else {
            continue;
        };
        for (id, value) in map {
            let on = matches!(value, Node::Bool(true));
            enabled.retain(|(name, _)| name != id);
            enabled.push(((*id).to_string(), on));
        }
    }
    enabled
}

/// The plugin root of a file named with `-c` at `<root>/hooks/hooks.json`.
pub(super) fn plugin_root_of(path: &Path) -> Option<PathBuf> {
    let path = std::path::absolute(path).ok()?;
    let hooks_dir = path.parent()?;
    (path.file_name()? == "hooks.json" && hooks_dir.file_name()? == "hooks")
        .then(|| hooks_dir.parent().map(Path::to_path_buf))
        .flatten()
}
