//! Where Droid keeps hooks and how its files combine. Every `.factory` folder (the project's, the
//! user's `~/.factory`) may hold `hooks.json` (the event map itself, at the top level; the older
//! `hooks/hooks.json` is read only when it is absent) and `settings.json` (the event map under
//! `hooks`): `loadHooks` loads both and merges them as `{...settingsHooks, ...hooksJsonHooks}`, so
//! an event `hooks.json` lists replaces that event's groups of `settings.json`, and the
//! settings' other events stay. The system-managed `/etc/factory/settings.json`
//! (`/Library/Application Support/Factory` on macOS) is read beside them. Droid does not read
//! `hooks` from `settings.local.json` (`loadHooksFromSettingsJson` joins `settings.json` only).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::config::locate::Step;
use crate::config::reader::{Reader, child};
use crate::config::sources::{home_path, system_path};
use crate::config::tree::Object;
use crate::dialects::claude::load::{SettingsShape, read_event};
use crate::dialects::json_file;
use crate::model::dialect::SourceFile;
use crate::model::hook::{EventSelector, Hook, Switches};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::{Dialect, Level, Source};

/// What a file of a `.factory` folder is to Droid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `hooks.json` at the folder's root.
    Hooks,
    /// `hooks/hooks.json`, read only when `hooks.json` is absent (`loadHooksFromHooksJson`).
    Legacy,
    /// `settings.json`, whose `hooks` key holds the event map.
    Settings,
}

/// A Droid file's kind and the `.factory` folder it belongs to.
pub(super) fn kind(path: &Path) -> (Kind, PathBuf) {
    let parent = path.parent().unwrap_or(path);
    let is_hooks = path.file_name().is_some_and(|name| name == "hooks.json");
    if is_hooks && parent.file_name().is_some_and(|name| name == "hooks") {
        let folder = parent.parent().unwrap_or(parent);
        (Kind::Legacy, folder.to_path_buf())
    } else if is_hooks {
        (Kind::Hooks, parent.to_path_buf())
    } else {
        (Kind::Settings, parent.to_path_buf())
    }
}

/// Loads a `hooks.json` (the event map at the top level) or a `settings.json` (under `hooks`).
/// Beside the events the map may say `hooksDisabled` (every hook off) and `showHookOutput` (how
/// the interface shows output, nothing to hookrun): both are keys of the schema `xl`.
pub(super) fn load(ctx: &LoadContext<'_>, shape: &SettingsShape) -> DialectLoad {
    let (mut reader, root) = match json_file::root(ctx, "the hooks file") {
        Ok(parsed) => parsed,
        Err(done) => return done,
    };
    let mut hooks = Vec::new();
    let mut switches = Switches::default();
    if kind(&ctx.source.path).0 == Kind::Settings {
        if let Some(events) = root.get("hooks") {
            let path = vec![Step::Key("hooks".into())];
            if let Some(events) = reader.object(events, &path, "hooks") {
                read_map(
                    ctx,
                    shape,
                    &mut reader,
                    events,
                    &path,
                    &mut hooks,
                    &mut switches,
                );
            }
        }
    } else {
        read_map(
            ctx,
            shape,
            &mut reader,
            &root,
            &[],
            &mut hooks,
            &mut switches,
        );
    }
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches,
    }
}

fn read_map(
    ctx: &LoadContext<'_>,
    shape: &SettingsShape,
    reader: &mut Reader<'_>,
    map: &Object<'_>,
    path: &[Step],
    hooks: &mut Vec<Hook>,
    switches: &mut Switches,
) {
    for (key, value) in map {
        match key {
            "hooksDisabled" => switches.disable_all_hooks = reader.opt_bool(map, key, path),
            "showHookOutput" => {
                reader.opt_bool(map, key, path);
            }
            event => read_event(ctx, shape, reader, event, value, &child(path, event), hooks),
        }
    }
}

/// The system-managed settings (`Ds`: `/etc/factory`, macOS `/Library/Application
/// Support/Factory`), then the user's folder: its `hooks.json`, the legacy one, `settings.json`.
pub(super) fn outside_files() -> Vec<SourceFile> {
    let system = system_path(
        "/etc/factory/settings.json",
        "/Library/Application Support/Factory/settings.json",
    );
    let mut files = vec![SourceFile::at(system, Level::Managed)];
    for file in ["hooks/hooks.json", "hooks.json", "settings.json"] {
        if let Some(user) = home_path(&format!(".factory/{file}")) {
            files.push(SourceFile::at(user, Level::User));
        }
    }
    files
}

/// Droid's merge within each `.factory` folder: `hooks.json` hides `hooks/hooks.json`, and the
/// events of the folder's hooks file hide the same events of its `settings.json`. An event listed
/// with no groups (`"Stop": []`) has no hooks here to show it, so its settings' groups still run.
pub(super) fn settle(dialect: Dialect, sources: &[Source], hooks: &mut [Hook]) {
    let kinds: Vec<Option<(Kind, PathBuf)>> = sources
        .iter()
        .map(|source| (source.dialect == dialect).then(|| kind(&source.path)))
        .collect();
    let has = |wanted: Kind, folder: &Path| {
        kinds
            .iter()
            .flatten()
            .any(|(k, f)| *k == wanted && f == folder)
    };
    let listed: HashSet<(PathBuf, String)> = hooks
        .iter()
        .filter(|hook| hook.dialect == dialect)
        .filter_map(|hook| {
            let (kind, folder) = kinds.get(hook.source)?.as_ref()?;
            let shadowed = *kind == Kind::Legacy && has(Kind::Hooks, folder);
            let from_hooks_file = matches!(kind, Kind::Hooks | Kind::Legacy) && !shadowed;
            let event = event_name(hook).filter(|_| from_hooks_file)?;
            Some((folder.clone(), event.to_owned()))
        })
        .collect();
    for hook in hooks.iter_mut().filter(|hook| hook.dialect == dialect) {
        let Some(Some((kind, folder))) = kinds.get(hook.source) else {
            continue;
        };
        let hidden = match kind {
            Kind::Hooks => false,
            Kind::Legacy => has(Kind::Hooks, folder),
            Kind::Settings => event_name(hook)
                .is_some_and(|event| listed.contains(&(folder.clone(), event.to_owned()))),
        };
        if hidden {
            hook.enabled = false;
        }
    }
}

fn event_name(hook: &Hook) -> Option<&str> {
    match &hook.events {
        EventSelector::Named(event) => Some(event),
        _ => None,
    }
}
