//! What a Cline hook receives on stdin: Cline's `HookInput` as JSON (`apps/vscode/proto/cline/
//! hooks.proto`, serialised by `hook-factory.ts` `StdioHookRunner`): `clineVersion`, `hookName`,
//! `timestamp` (epoch milliseconds, a string), `taskId`, `workspaceRoots`, `userId`, `model`
//! (`provider`, `slug`), and the event's own data under its camelCase name (`preToolUse:
//! {toolName, parameters}`, `parameters` a map of strings). A payload Cline sent (it has
//! `hookName`) passes unchanged; another agent's is translated into that shape.

use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use crate::dialects::payload::{as_is, line};
use crate::model::dialect::{EventContext, Shape};

/// Cline's payload.
pub(super) const SHAPE: Shape = Shape {
    key: "cline",
    render,
};

fn render(ctx: &EventContext<'_>) -> Rc<Vec<u8>> {
    if ctx.payload.contains_key("hookName") {
        return as_is(ctx);
    }
    Rc::new(line(&to_cline(ctx.event, ctx.payload, ctx.project_dir)))
}

/// Another agent's payload (Claude's keys: `session_id`, `cwd`, `tool_name`, `tool_input`,
/// `tool_response`, `prompt`) in Cline's shape for the Cline event `event`.
pub(super) fn to_cline(
    event: &str,
    payload: &Map<String, Value>,
    project_dir: &std::path::Path,
) -> Map<String, Value> {
    let text = |key: &str| payload.get(key).and_then(Value::as_str).unwrap_or_default();
    let task_id = text("session_id");
    let root = match text("cwd") {
        "" => project_dir.to_string_lossy().into_owned(),
        cwd => cwd.to_owned(),
    };
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let tool = || {
        json!({
            "toolName": text("tool_name"),
            "parameters": strings(payload.get("tool_input")),
        })
    };
    let metadata = json!({"taskMetadata": {"taskId": task_id}});
    let (key, data) = match event {
        "PreToolUse" => ("preToolUse", tool()),
        "PostToolUse" => {
            let mut data = tool();
            let result = payload.get("tool_response").map_or_else(String::new, |v| {
                v.as_str().map_or_else(|| v.to_string(), str::to_owned)
            });
            data["result"] = result.into();
            data["success"] = true.into();
            ("postToolUse", data)
        }
        "UserPromptSubmit" => (
            "userPromptSubmit",
            json!({"prompt": text("prompt"), "attachments": []}),
        ),
        "TaskStart" => ("taskStart", metadata),
        "TaskResume" => ("taskResume", metadata),
        "TaskCancel" => ("taskCancel", metadata),
        "TaskComplete" => ("taskComplete", metadata),
        "PreCompact" => ("preCompact", json!({"taskId": task_id})),
        _ => ("notification", json!({})),
    };
    let mut out = Map::new();
    out.insert("clineVersion".into(), "".into());
    out.insert("hookName".into(), event.into());
    out.insert("timestamp".into(), millis.to_string().into());
    out.insert("taskId".into(), task_id.into());
    out.insert("workspaceRoots".into(), json!([root]));
    out.insert("userId".into(), "".into());
    out.insert(
        "model".into(),
        json!({"provider": "unknown", "slug": "unknown"}),
    );
    out.insert(key.into(), data);
    out
}

/// A tool's input as Cline passes it: each value a string, other JSON values as their JSON text
/// (`sdk/hooks-adapter.ts` `toStringRecord`).
fn strings(input: Option<&Value>) -> Map<String, Value> {
    let Some(Value::Object(input)) = input else {
        return Map::new();
    };
    input
        .iter()
        .map(|(key, value)| {
            let text = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            (key.clone(), Value::String(text))
        })
        .collect()
}
