//! PRX plugin manifests (`plugins/<dir>/plugin.toml`): the fields PRX's `PluginManifest` reads,
//! with its defaults and its checks, read into one plugin hook per manifest that has a `hook`
//! capability. Every problem is a positioned diagnostic; where PRX would fail to load the plugin
//! (an empty name, a `wasm` path outside the plugin directory, a non-string `[config]` value, a
//! manifest that is a symlink or larger than 256 KiB), hookrun reports an error.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::locate::Step;
use crate::config::reader::{Reader, child, child_index};
use crate::config::tree::{Node, Object};
use crate::model::hook::{EventSelector, Handler, Hook, Mode, Switches};
use crate::model::load::{DialectLoad, LoadContext};
use crate::model::plugin::{Permissions, Resources, WasmPlugin};

/// A manifest's file name.
pub(crate) const MANIFEST: &str = "plugin.toml";
/// The directory of a workspace's plugins, one subdirectory each (PRX's `PluginRuntime`).
pub(crate) const PLUGINS_DIR: &str = "plugins";
/// PRX refuses a plugins directory with more entries than this.
pub(crate) const MAX_PLUGIN_COUNT: usize = 256;
/// PRX refuses larger manifests.
const MAX_MANIFEST_BYTES: usize = 256 * 1024;
/// What the companion gets on top of `max_execution_time_ms` before the runner ends it: the
/// time to compile a component that is not in the cache yet, and to start.
pub(crate) const COMPILE_MARGIN: Duration = Duration::from_secs(10);
/// Where hookrun keeps plugins' state (kv), under the project.
pub(crate) const STATE_DIR: &str = ".hookrun/plugin-state";

const TOP_KEYS: &[&str] = &[
    "plugin",
    "capabilities",
    "permissions",
    "resources",
    "config",
];
const PLUGIN_KEYS: &[&str] = &[
    "name",
    "version",
    "api_version",
    "description",
    "wasm",
    "author",
    "license",
];
const CAPABILITY_KEYS: &[&str] = &[
    "type",
    "name",
    "description",
    "priority",
    "events",
    "schedule",
];
const PERMISSION_KEYS: &[&str] = &[
    "required",
    "optional",
    "http_allowlist",
    "filesystem_allowlist",
];
const RESOURCE_KEYS: &[&str] = &[
    "max_fuel",
    "max_memory_mb",
    "max_execution_time_ms",
    "max_http_requests_per_call",
    "max_kv_storage_mb",
    "pool_size",
];

/// The `plugin.toml` files of `project_dir/plugins/*/`, in PRX's order (sorted), whether or not
/// they exist yet (a manifest added later must be seen); an error when PRX would refuse the
/// directory (more than 256 entries).
pub(crate) fn manifests(project_dir: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = project_dir.join(PLUGINS_DIR);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    if paths.len() > MAX_PLUGIN_COUNT {
        return Err(format!(
            "the plugins directory has {} entries; PRX loads no plugin from one with more than \
             {MAX_PLUGIN_COUNT}",
            paths.len()
        ));
    }
    paths.sort();
    Ok(paths
        .into_iter()
        .filter(|path| path.is_dir())
        .map(|path| path.join(MANIFEST))
        .collect())
}

pub(crate) fn load(ctx: &LoadContext<'_>) -> DialectLoad {
    let source = ctx.source;
    if let Some(problem) = refused(&source.path, source.text.len()) {
        return DialectLoad::failed(
            Diagnostic::whole_file(Severity::Error, &source.display, problem)
                .with_help("PRX loads no plugin whose manifest is a symlink or over 256 KiB"),
        );
    }
    let root = match crate::model::load::parse_toml(source) {
        Ok(root) => root,
        Err(failed) => return failed,
    };
    let mut reader = Reader::new(&source.display, &source.text, locate);
    let root = root.as_object().expect("TOML parses to a table");
    reader.unknown_keys(root, TOP_KEYS, &[], "plugin.toml");
    let plugin = read_manifest(ctx, &mut reader, root);
    let hooks = plugin.map(|plugin| hook(ctx, plugin)).into_iter().collect();
    DialectLoad {
        hooks,
        diagnostics: reader.diagnostics,
        switches: Switches::default(),
    }
}

/// The 1-based position of the value (or, with `at_key`, the key) at `path` in a manifest, from
/// the TOML parser's own spans (keys of `[plugin]`, `[[capabilities]]` items, `[resources]`, …);
/// the deepest place found on the way when the path goes further than the text.
pub(crate) fn locate(text: &str, path: &[Step], at_key: bool) -> (usize, usize) {
    use toml::de::{DeTable, DeValue};
    let Ok(root) = DeTable::parse(text) else {
        return (0, 0);
    };
    let mut offset = None;
    let mut table = Some(root.get_ref());
    let mut array: Option<&[toml::Spanned<DeValue<'_>>]> = None;
    for (depth, step) in path.iter().enumerate() {
        let last = depth + 1 == path.len();
        let value = match step {
            Step::Key(key) => {
                let Some((name, value)) =
                    table.and_then(|t| t.iter().find(|(k, _)| k.get_ref() == &**key))
                else {
                    break;
                };
                if last && at_key {
                    offset = Some(name.span().start);
                    break;
                }
                value
            }
            Step::Index(index) => {
                let Some(value) = array.and_then(|items| items.get(*index)) else {
                    break;
                };
                value
            }
        };
        offset = Some(value.span().start);
        (table, array) = match value.get_ref() {
            DeValue::Table(inner) => (Some(inner), None),
            DeValue::Array(items) => (None, Some(&**items)),
            _ => (None, None),
        };
    }
    offset.map_or((0, 0), |at| crate::config::locate::line_col(text, at))
}

/// Why PRX would refuse the manifest file itself.
fn refused(path: &Path, len: usize) -> Option<String> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if is_link {
        return Some("a plugin manifest must not be a symbolic link".to_owned());
    }
    (len > MAX_MANIFEST_BYTES).then(|| {
        format!("the plugin manifest is {len} bytes, over PRX's limit of {MAX_MANIFEST_BYTES}")
    })
}

/// The plugin hook of a manifest: `None` when it has errors or no hook capability.
fn read_manifest(
    ctx: &LoadContext<'_>,
    reader: &mut Reader<'_>,
    root: &Object<'_>,
) -> Option<WasmPlugin> {
    let errors_before = reader.diagnostics.iter().filter(|d| d.is_error()).count();
    let meta_path = vec![Step::Key("plugin".into())];
    let Some(meta) = root.get("plugin") else {
        reader
            .error(&[], "plugin.toml has no `[plugin]` table")
            .help = Some("add [plugin] with name = \"…\" and version = \"…\"".into());
        return None;
    };
    let meta = reader.object(meta, &meta_path, "[plugin]")?;
    reader.unknown_keys(meta, PLUGIN_KEYS, &meta_path, "[plugin]");
    let name = non_empty(reader, meta, "name", &meta_path);
    let version = non_empty(reader, meta, "version", &meta_path);
    let api_version = reader
        .opt_str(meta, "api_version", &meta_path)
        .unwrap_or("1");
    let description = reader
        .opt_str(meta, "description", &meta_path)
        .unwrap_or("");
    for key in ["author", "license"] {
        reader.opt_str(meta, key, &meta_path);
    }
    let dir = crate::model::load::source_dir(ctx.source);
    let wasm = wasm_path(reader, meta, &meta_path, &dir);
    let events = hook_events(reader, root);
    let permissions = read_permissions(reader, root);
    let resources = read_resources(reader, root);
    let config = read_config(reader, root);
    let errors = reader.diagnostics.iter().filter(|d| d.is_error()).count();
    let (name, version, wasm, (has_hook, events)) = (name?, version?, wasm?, events?);
    if errors > errors_before || !has_hook {
        return None;
    }
    Some(WasmPlugin {
        state_dir: ctx.project_dir.join(STATE_DIR).join(state_name(&name)),
        name,
        version,
        api_version: api_version.to_owned(),
        description: description.to_owned(),
        dir,
        wasm,
        events,
        resources,
        permissions,
        config,
    })
}

/// A required string that must not be empty (PRX's `validate`).
fn non_empty(
    reader: &mut Reader<'_>,
    meta: &Object<'_>,
    key: &str,
    path: &[Step],
) -> Option<String> {
    let value = reader.req_str(meta, key, path, "[plugin]")?;
    if value.is_empty() {
        reader.error(&child(path, key), format!("the plugin's `{key}` is empty"));
        return None;
    }
    Some(value.to_owned())
}

/// `wasm` (default `plugin.wasm`): relative, with plain components only, so that it stays inside
/// the plugin directory.
fn wasm_path(
    reader: &mut Reader<'_>,
    meta: &Object<'_>,
    path: &[Step],
    dir: &Path,
) -> Option<PathBuf> {
    let written = reader.opt_str(meta, "wasm", path).unwrap_or("plugin.wasm");
    let relative = Path::new(written);
    let inside = !written.is_empty()
        && relative
            .components()
            .all(|component| matches!(component, Component::Normal(_)));
    if !inside {
        reader
            .error(
                &child(path, "wasm"),
                format!("`wasm` {written:?} must stay within the plugin directory"),
            )
            .help = Some("name the component relative to plugin.toml, without `..`".into());
        return None;
    }
    Some(dir.join(relative))
}

/// Whether the manifest has a `hook` capability (a tool or cron plugin is no hook), and the
/// union of the hook capabilities' `events`, in order of first appearance.
fn hook_events(reader: &mut Reader<'_>, root: &Object<'_>) -> Option<(bool, Vec<String>)> {
    let path = vec![Step::Key("capabilities".into())];
    let Some(list) = root.get("capabilities") else {
        return Some((false, Vec::new()));
    };
    let list = reader.array(list, &path, "[[capabilities]]")?;
    let mut events: Vec<String> = Vec::new();
    let mut ok = true;
    let mut has_hook = false;
    for (index, capability) in list.iter().enumerate() {
        let at = child_index(&path, index);
        let Some(capability) = reader.object(capability, &at, "a [[capabilities]] table") else {
            ok = false;
            continue;
        };
        reader.unknown_keys(capability, CAPABILITY_KEYS, &at, "[[capabilities]]");
        let kind = reader.req_str(capability, "type", &at, "the capability");
        let name = reader.req_str(capability, "name", &at, "the capability");
        reader.opt_str(capability, "description", &at);
        reader.opt_str(capability, "schedule", &at);
        if let Some(priority) = capability.get("priority")
            && !integer_in(priority, i64::from(i32::MIN), i64::from(i32::MAX))
        {
            reader.error(
                &child(&at, "priority"),
                "`priority` must be a whole number (lower runs first; default 100)",
            );
        }
        let listed = reader.opt_str_list(capability, "events", &at);
        if kind.is_none() || name.is_none() {
            ok = false;
            continue;
        }
        if kind != Some("hook") {
            continue;
        }
        has_hook = true;
        let listed = listed.unwrap_or_default();
        if listed.is_empty() {
            reader
                .warn(
                    &at,
                    "this hook capability lists no `events`: it never fires",
                )
                .help = Some("add events = [\"tool_call\"] (or \"prx.lifecycle.*\", \"*\")".into());
        }
        for (at_event, pattern) in listed.iter().enumerate() {
            check_pattern(
                reader,
                pattern,
                &child_index(&child(&at, "events"), at_event),
            );
        }
        for pattern in listed {
            if !events.contains(&pattern) {
                events.push(pattern);
            }
        }
    }
    ok.then_some((has_hook, events))
}

/// A pattern PRX compares as written that names a lifecycle event in another spelling never
/// fires there (`Tool-Call`): a warning with the spelling that does.
fn check_pattern(reader: &mut Reader<'_>, pattern: &str, at: &[Step]) {
    if pattern.is_empty() {
        reader.error(at, "an empty event pattern");
        return;
    }
    let normal = super::lifecycle_event(pattern);
    let bare = pattern
        .strip_prefix(super::topic::LIFECYCLE_PREFIX)
        .unwrap_or(pattern);
    if bare != normal && super::EVENTS.contains(&normal.as_str()) {
        reader
            .warn(
                at,
                format!("`{pattern}` never fires: PRX compares plugin event patterns as written"),
            )
            .help = Some(format!("write `{normal}`"));
    }
}

fn read_permissions(reader: &mut Reader<'_>, root: &Object<'_>) -> Permissions {
    let path = vec![Step::Key("permissions".into())];
    let Some(table) = root.get("permissions") else {
        return Permissions::default();
    };
    let Some(table) = reader.object(table, &path, "[permissions]") else {
        return Permissions::default();
    };
    reader.unknown_keys(table, PERMISSION_KEYS, &path, "[permissions]");
    let mut list = |key| reader.opt_str_list(table, key, &path).unwrap_or_default();
    Permissions {
        required: list("required"),
        optional: list("optional"),
        http_allowlist: list("http_allowlist"),
        filesystem_allowlist: list("filesystem_allowlist"),
    }
}

fn read_resources(reader: &mut Reader<'_>, root: &Object<'_>) -> Resources {
    let path = vec![Step::Key("resources".into())];
    let mut resources = Resources::default();
    let Some(table) = root.get("resources") else {
        return resources;
    };
    let Some(table) = reader.object(table, &path, "[resources]") else {
        return resources;
    };
    reader.unknown_keys(table, RESOURCE_KEYS, &path, "[resources]");
    let fields: [(&str, &mut u64, u64); 6] = [
        ("max_fuel", &mut resources.max_fuel, u64::MAX),
        ("max_memory_mb", &mut resources.max_memory_mb, u64::MAX),
        (
            "max_execution_time_ms",
            &mut resources.max_execution_time_ms,
            u64::MAX,
        ),
        (
            "max_http_requests_per_call",
            &mut resources.max_http_requests_per_call,
            u64::from(u32::MAX),
        ),
        (
            "max_kv_storage_mb",
            &mut resources.max_kv_storage_mb,
            u64::MAX,
        ),
        ("pool_size", &mut resources.pool_size, u64::MAX),
    ];
    for (key, field, max) in fields {
        let Some(value) = table.get(key) else {
            continue;
        };
        match value {
            Node::Number(number) if number.as_u64().is_some_and(|n| n <= max) => {
                *field = number.as_u64().expect("checked");
            }
            _ => {
                reader.error(
                    &child(&path, key),
                    format!("`resources.{key}` must be a whole number from 0 to {max}"),
                );
            }
        }
    }
    resources
}

/// `[config]`: PRX reads it as a map of strings, so any other value is an error.
fn read_config(reader: &mut Reader<'_>, root: &Object<'_>) -> BTreeMap<String, String> {
    let path = vec![Step::Key("config".into())];
    let mut config = BTreeMap::new();
    let Some(table) = root.get("config") else {
        return config;
    };
    let Some(table) = reader.object(table, &path, "[config]") else {
        return config;
    };
    for (key, value) in table.iter() {
        match value {
            Node::String(text) => {
                config.insert(key.to_owned(), text.to_string());
            }
            other => {
                reader
                    .error(
                        &child(&path, key),
                        format!(
                            "`config.{key}` must be a string, found {}",
                            crate::config::reader::kind_of(other)
                        ),
                    )
                    .help = Some(format!(
                    "PRX hands `[config]` to plugins as strings: write {key} = \"{}\"",
                    other.to_value()
                ));
            }
        }
    }
    config
}

fn integer_in(value: &Node<'_>, min: i64, max: i64) -> bool {
    matches!(value, Node::Number(n) if n.as_i64().is_some_and(|n| (min..=max).contains(&n)))
}

/// The plugin's hook: its `[plugin]` table is its entry.
fn hook(ctx: &LoadContext<'_>, plugin: WasmPlugin) -> Hook {
    let timeout = Duration::from_millis(plugin.resources.max_execution_time_ms)
        .saturating_add(COMPILE_MARGIN);
    let events = EventSelector::Patterns(plugin.events.clone());
    let name = plugin.name.clone();
    let mut hook = Hook::new(
        crate::dialects::PRX,
        ctx.index,
        events,
        Handler::Plugin(Box::new(plugin)),
        ctx.project_dir.to_path_buf(),
        timeout,
        &[Step::Key("plugin".into())],
    );
    hook.name.clone_from(&name);
    hook.written_name = Some(name);
    hook.mode = Mode::Observe;
    hook.sanitize_env = true;
    hook
}

/// A plugin's name as one safe path component: letters, digits, `-` and `_` kept, every other
/// byte (and a leading `.`) written `%XX`, so that no name leaves the state directory.
pub(crate) fn state_name(name: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(name.len());
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_' {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
#[path = "plugin_tests.rs"]
mod tests;
