//! What a Crush hook receives: `BuildPayload` and `BuildEnv` (internal/hooks/input.go). Stdin is
//! `{"event", "session_id", "cwd", "tool_name", "tool_input"}` and nothing else; the environment
//! adds `CRUSH=1`, `AGENT=crush`, `AI_AGENT=crush` (`shell.CrushEnvMarkers`), the `CRUSH_*`
//! variables, and the tool input's `command` and `file_path` when it has them.

use serde_json::Value;

use crate::dialects::payload::{Piece, member, object_line};
use crate::model::dialect::{EventContext, Shape};

/// Crush's stdin object, from the fired payload's fields (an empty string or `{}` where one is
/// missing, as Crush's zero values are).
pub(super) const SHAPE: Shape = Shape {
    key: "crush",
    render: |ctx| {
        let project = ctx.project_dir.to_string_lossy();
        let cwd = member(ctx, "cwd").unwrap_or(Piece::Str(&project));
        object_line(&[
            ("event", Piece::Str(ctx.event)),
            (
                "session_id",
                member(ctx, "session_id").unwrap_or(Piece::Str("")),
            ),
            ("cwd", cwd),
            (
                "tool_name",
                member(ctx, "tool_name").unwrap_or(Piece::Str("")),
            ),
            (
                "tool_input",
                member(ctx, "tool_input").unwrap_or(Piece::EMPTY_OBJECT),
            ),
        ])
    },
};

/// `BuildEnv`'s variables for the fired event.
pub(super) fn environment(ctx: &EventContext<'_>) -> Vec<(String, String)> {
    let text = |key: &str| {
        ctx.payload
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let project = ctx.project_dir.to_string_lossy().into_owned();
    let cwd = ctx
        .payload
        .get("cwd")
        .and_then(Value::as_str)
        .map_or_else(|| project.clone(), str::to_owned);
    let mut vars = vec![
        ("CRUSH".to_owned(), "1".to_owned()),
        ("AGENT".to_owned(), "crush".to_owned()),
        ("AI_AGENT".to_owned(), "crush".to_owned()),
        ("CRUSH_EVENT".to_owned(), ctx.event.to_owned()),
        ("CRUSH_TOOL_NAME".to_owned(), text("tool_name")),
        ("CRUSH_SESSION_ID".to_owned(), text("session_id")),
        ("CRUSH_CWD".to_owned(), cwd),
        ("CRUSH_PROJECT_DIR".to_owned(), project),
    ];
    // `gjson.Get(...).String()`: a string as it is, any other value as its JSON text.
    let input = ctx.payload.get("tool_input");
    for (key, var) in [
        ("command", "CRUSH_TOOL_INPUT_COMMAND"),
        ("file_path", "CRUSH_TOOL_INPUT_FILE_PATH"),
    ] {
        if let Some(value) = input.and_then(|input| input.get(key)) {
            let value = match value {
                Value::String(text) => text.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            vars.push((var.to_owned(), value));
        }
    }
    vars
}
