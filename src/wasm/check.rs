//! `hookrun-wasm check WASM_FILE`: whether a file is a component `hookrun-wasm run` can run.
//!
//! It must be a component (not a core module), export `prx:plugin/hook-exports@0.1.0` with
//! `on-event: func(event: string, payload-json: string) -> result<_, string>`, and import
//! nothing but the hook world's host interfaces. `hookrun validate` runs it for every plugin.

use std::path::Path;

use serde_json::json;
use wasmtime::Engine;
use wasmtime::component::Component;
use wasmtime::component::types::{ComponentItem, Type};

use super::dispatch::{provided, sandboxed};

/// The interface a hook plugin exports.
pub(super) const HOOK_EXPORTS: &str = "prx:plugin/hook-exports@0.1.0";

/// Checks the file: the JSON to print, and whether it passed.
pub(super) fn check(engine: &Engine, path: &Path) -> (serde_json::Value, bool) {
    match inspect(engine, path) {
        Ok(imports) => (
            json!({"component": true, "exports_hook": true, "imports": imports}),
            true,
        ),
        Err(error) => (json!({ "error": error }), false),
    }
}

/// `Err` unless `bytes` start like a component: a core module and anything else are told apart,
/// in the words `check` and `run` both use.
pub(super) fn header(path: &Path, bytes: &[u8]) -> Result<(), String> {
    match bytes.get(..8) {
        Some([0, b'a', b's', b'm', _, _, 1, 0]) => Ok(()),
        Some([0, b'a', b's', b'm', 1, 0, 0, 0]) => Err(format!(
            "{} is a core WebAssembly module, not a component: PRX plugins are components \
             (build with cargo-component, or wrap the module with `wasm-tools component new`)",
            path.display()
        )),
        _ => Err(format!("{} is not a WebAssembly file", path.display())),
    }
}

fn inspect(engine: &Engine, path: &Path) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(path)
        .map_err(|error| format!("{} is unreadable: {error}", path.display()))?;
    header(path, &bytes)?;
    let component = Component::from_binary(engine, &bytes)
        .map_err(|error| format!("{} is not a valid component: {error:#}", path.display()))?;
    hook_signature(engine, &component)?;
    let imports = imports(engine, &component);
    let foreign: Vec<&str> = imports
        .iter()
        .filter(|name| !provided(name))
        .map(String::as_str)
        .collect();
    if !foreign.is_empty() {
        let why = if foreign.iter().any(|name| sandboxed(name)) {
            "a plugin hook has no filesystem or network access"
        } else {
            "hookrun provides only prx:host/log, config, kv and events @0.1.0 (PRX's hook world)"
        };
        return Err(format!(
            "{} imports {}: {why}",
            path.display(),
            foreign.join(", ")
        ));
    }
    Ok(imports)
}

/// `Ok` when the component exports the hook interface with PRX's `on-event` signature.
fn hook_signature(engine: &Engine, component: &Component) -> Result<(), String> {
    let ty = component.component_type();
    let Some(ComponentItem::ComponentInstance(exports)) = ty
        .exports(engine)
        .find_map(|(name, item)| (name == HOOK_EXPORTS).then_some(item))
    else {
        let exported: Vec<&str> = ty.exports(engine).map(|(name, _)| name).collect();
        return Err(format!(
            "the component does not export {HOOK_EXPORTS} (it exports: {})",
            if exported.is_empty() {
                "nothing".to_owned()
            } else {
                exported.join(", ")
            }
        ));
    };
    let Some(ComponentItem::ComponentFunc(on_event)) = exports.get_export(engine, "on-event")
    else {
        return Err(format!("{HOOK_EXPORTS} has no function on-event"));
    };
    let params: Vec<Type> = on_event.params().map(|(_, ty)| ty).collect();
    let results: Vec<Type> = on_event.results().collect();
    let right = matches!(params.as_slice(), [Type::String, Type::String])
        && matches!(results.as_slice(), [Type::Result(result)]
            if result.ok().is_none() && matches!(result.err(), Some(Type::String)));
    if right {
        Ok(())
    } else {
        Err(format!(
            "{HOOK_EXPORTS}'s on-event does not have PRX's signature \
             func(event: string, payload-json: string) -> result<_, string>"
        ))
    }
}

/// The names of the component's imports.
pub(super) fn imports(engine: &Engine, component: &Component) -> Vec<String> {
    component
        .component_type()
        .imports(engine)
        .map(|(name, _)| name.to_owned())
        .collect()
}
