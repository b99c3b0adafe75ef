//! PRX's hook management API on the served hook file, through the edit layer (`crate::edit`):
//! every edit is one locked, validated, atomic read-modify-write, so parallel requests queue
//! instead of losing each other's updates, and a crash leaves the old file or the new one.
//!
//! - `GET /api/hooks` → 200 `{"hooks": [hook…], "enabled", "file", "dialect"}`, `ETag`: the file's
//!   version.
//! - `POST /api/hooks` `{"event", "action": {"command", "args", "stdin_json", "timeout_ms", "env"},
//!   "enabled", "matcher"}` → 201 and the hook.
//! - `PUT /api/hooks/{id}` (the same body; fields left out stay) → 200 and the hook, whose id is
//!   new when its content changed.
//! - `DELETE /api/hooks/{id}` → 204.
//! - `PATCH /api/hooks/{id}/toggle` → 200 `{"id", "enabled"}`: that hook only.
//!
//! A hook is `{"id", "event", "action": {…}, "enabled", "created_at", "updated_at"}`. Errors are
//! `{"error": "…"}`: 400 for an invalid body or an edit validation refuses (with its
//! `diagnostics`), 404 for an unknown id, 409 when `If-Match` names another version than the
//! file's, 500 when the file cannot be read or written. PRX's implementation also takes the
//! command flat (`{"event", "command", "args", "timeout_ms"}`): so does this one.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::App;
use super::reply::{self, error};
use crate::edit::{Applied, Change, EditError, HookFile, HookView, Session, Version};

/// Reads and switches a toggle tries before giving up on a file that keeps changing.
const TOGGLE_TRIES: usize = 16;

/// A hook as a request gives it.
#[derive(Debug, Default, Deserialize)]
struct HookBody {
    event: Option<String>,
    #[serde(default)]
    action: Option<ActionBody>,
    matcher: Option<String>,
    enabled: Option<bool>,
    // PRX's implementation's flat form.
    command: Option<String>,
    args: Option<Vec<String>>,
    timeout_ms: Option<u64>,
    // What a client may send back of a hook it read: not settable.
    #[serde(default, rename = "id")]
    _id: Option<Value>,
    #[serde(default, rename = "created_at")]
    _created_at: Option<Value>,
    #[serde(default, rename = "updated_at")]
    _updated_at: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionBody {
    command: Option<String>,
    args: Option<Vec<String>>,
    stdin_json: Option<bool>,
    timeout_ms: Option<u64>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<String>,
}

impl HookBody {
    fn parse(bytes: &[u8]) -> Result<HookBody, Response> {
        let body: HookBody = serde_json::from_slice(bytes).map_err(|e| {
            error(
                StatusCode::BAD_REQUEST,
                &format!("the body is not a hook object: {e}"),
            )
        })?;
        if body.action.is_some() && (body.command.is_some() || body.args.is_some()) {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "give the command in `action` or at the top, not both",
            ));
        }
        if body.action.as_ref().is_some_and(|a| a.cwd.is_some()) {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "`action.cwd` cannot be set through hookrun (edit the file: hookrun validates its cwd rules)",
            ));
        }
        Ok(body)
    }

    fn command(&self) -> Option<&String> {
        self.action
            .as_ref()
            .and_then(|a| a.command.as_ref())
            .or(self.command.as_ref())
    }

    fn args(&self) -> Option<&Vec<String>> {
        self.action
            .as_ref()
            .and_then(|a| a.args.as_ref())
            .or(self.args.as_ref())
    }

    /// The `enabled` to set after the edit: none when there is nothing to switch. A file without
    /// per-hook switches (Claude, Gemini, Cursor) has every hook on: `true` asks nothing, and
    /// `false` is refused before anything is written.
    fn switch(&self, file: &HookFile) -> Result<Option<bool>, Response> {
        let per_hook = file.editing().is_some_and(|e| e.hook_switch.is_some());
        match self.enabled {
            Some(false) if !per_hook => Err(error(
                StatusCode::BAD_REQUEST,
                &format!(
                    "{} hooks have no switch of their own: remove the hook instead",
                    file.dialect.name()
                ),
            )),
            Some(enabled) if per_hook => Ok(Some(enabled)),
            _ => Ok(None),
        }
    }

    /// The change it asks for; `current` is the hook's command when only its arguments are given.
    fn change(&self, current: Option<&HookView>) -> Result<Change, Response> {
        let action = self.action.as_ref();
        let timeout_ms = action.and_then(|a| a.timeout_ms).or(self.timeout_ms);
        let command = match (self.command(), self.args(), current) {
            (Some(command), args, _) => {
                if command.trim().is_empty() {
                    return Err(error(
                        StatusCode::BAD_REQUEST,
                        "the hook's command is empty",
                    ));
                }
                let mut words = vec![command.clone()];
                words.extend(args.cloned().unwrap_or_default());
                Some(words)
            }
            (None, Some(args), Some(view)) => {
                let mut words = vec![view.command.clone()];
                words.extend(args.iter().cloned());
                Some(words)
            }
            (None, _, _) => None,
        };
        Ok(Change {
            event: self.event.clone(),
            command,
            matcher: self.matcher.clone(),
            timeout: timeout_ms.map(Duration::from_millis),
            stdin_json: action.and_then(|a| a.stdin_json),
            env: action
                .map(|a| a.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
                .unwrap_or_default(),
        })
    }
}

/// The hook object of the API.
fn hook_json(view: &HookView, file: &HookFile) -> Value {
    let modified = std::fs::metadata(&file.path)
        .and_then(|meta| meta.modified())
        .map(crate::timestamp::rfc3339_of)
        .unwrap_or_default();
    let env: serde_json::Map<String, Value> = view
        .env
        .iter()
        .map(|(k, v)| (k.clone(), Value::from(v.as_str())))
        .collect();
    let mut hook = json!({
        "id": view.id,
        "event": view.event,
        "action": {
            "command": view.command,
            "args": view.args,
            "stdin_json": view.stdin_json,
            "timeout_ms": view.timeout_ms,
            "env": env,
        },
        "enabled": view.enabled,
        // hookrun keeps no per-hook times in the agent's file: both are the file's last change.
        "created_at": modified,
        "updated_at": modified,
    });
    if let Some(matcher) = &view.matcher {
        hook["matcher"] = Value::from(matcher.as_str());
    }
    hook
}

fn etag(version: &Version) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{version}\"")).unwrap_or(HeaderValue::from_static("\"\""))
}

/// `If-Match`, quotes removed (`*` matches any version: no condition).
fn if_match(headers: &HeaderMap) -> Option<Version> {
    let value = headers.get(header::IF_MATCH)?.to_str().ok()?.trim();
    if value == "*" {
        return None;
    }
    let value = value.strip_prefix("W/").unwrap_or(value);
    Some(Version(value.trim_matches('"').to_owned()))
}

/// The response for an edit that was not made.
fn refused(edit: &EditError) -> Response {
    match edit {
        EditError::NotFound { .. } => error(StatusCode::NOT_FOUND, &edit.to_string()),
        EditError::Conflict { found, .. } => {
            let mut response = error(StatusCode::CONFLICT, &edit.to_string());
            response.headers_mut().insert(header::ETAG, etag(found));
            response
        }
        EditError::Invalid { diagnostics, .. } => reply::json(
            StatusCode::BAD_REQUEST,
            &json!({
                "error": edit.to_string(),
                "diagnostics": diagnostics.iter().map(ToString::to_string).collect::<Vec<_>>(),
            }),
        ),
        EditError::Unsupported { .. } => error(StatusCode::BAD_REQUEST, &edit.to_string()),
        EditError::Malformed { .. } | EditError::Io { .. } => {
            error(StatusCode::INTERNAL_SERVER_ERROR, &edit.to_string())
        }
    }
}

/// One edit under the file's lock; a project file that was trusted (or new) is trusted as
/// written, as `hookrun hooks` does. Runs on a blocking thread.
fn edit(
    app: &App,
    expect: Option<&Version>,
    operation: impl FnOnce(&mut Session<'_>) -> Result<Applied, EditError>,
) -> Result<Applied, Response> {
    let file = &app.file;
    let mut session = file.open(expect).map_err(|e| refused(&e))?;
    let trusted_before = !file.path.exists() || crate::commands::hooks::is_trusted(&app.cli, file);
    let applied = operation(&mut session).map_err(|e| refused(&e))?;
    if crate::trust::needs_trust(file.level) && trusted_before {
        crate::commands::trust::trust_written(
            &app.cli,
            &file.project_dir,
            std::slice::from_ref(&file.path),
        )
        .map_err(|e| {
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                &format!("the edit was made, but trusting it failed: {e}"),
            )
        })?;
    }
    drop(session);
    Ok(applied)
}

/// The hook `id` as the file holds it now.
fn view_of(app: &App, id: &str) -> Result<HookView, Response> {
    let listing = app.file.list().map_err(|e| refused(&e))?;
    listing
        .hooks
        .into_iter()
        .find(|hook| hook.id == id)
        .ok_or_else(|| refused(&EditError::NotFound { id: id.to_owned() }))
}

/// The answer to an edit: the hook as written, and the file's new version.
fn written(app: &App, status: StatusCode, applied: &Applied) -> Response {
    let mut response = match view_of(app, &applied.id) {
        Ok(view) => reply::json(status, &hook_json(&view, &app.file)),
        // Edited again since, by someone else: the id is all this edit can tell.
        Err(_) => reply::json(status, &json!({ "id": applied.id })),
    };
    response
        .headers_mut()
        .insert(header::ETAG, etag(&applied.version));
    response
}

pub(crate) async fn list(State(app): State<Arc<App>>) -> Response {
    super::blocking(move || {
        let listing = app.file.list().map_err(|e| refused(&e))?;
        let hooks: Vec<Value> = listing
            .hooks
            .iter()
            .map(|view| hook_json(view, &app.file))
            .collect();
        let mut response = reply::json(
            StatusCode::OK,
            &json!({
                "hooks": hooks,
                "enabled": listing.enabled,
                "file": app.file.display,
                "dialect": app.file.dialect.name(),
            }),
        );
        response
            .headers_mut()
            .insert(header::ETAG, etag(&listing.version));
        Ok(response)
    })
    .await
}

pub(crate) async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let bytes = match reply::read_body(body, app.max_body).await {
        Ok(bytes) => bytes,
        Err(response) => return response,
    };
    super::blocking(move || {
        let body = HookBody::parse(&bytes)?;
        if body.event.as_deref().is_none_or(|e| e.trim().is_empty()) {
            return Err(error(StatusCode::BAD_REQUEST, "a hook needs an `event`"));
        }
        if body.command().is_none() {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "a hook needs `action.command`",
            ));
        }
        let change = body.change(None)?;
        let switch = body.switch(&app.file)?;
        let applied = edit(&app, if_match(&headers).as_ref(), |session| {
            let added = session.add(&change)?;
            match switch {
                Some(false) => session.set_enabled(&added.id, false),
                _ => Ok(added),
            }
        })?;
        Ok(written(&app, StatusCode::CREATED, &applied))
    })
    .await
}

pub(crate) async fn update(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let bytes = match reply::read_body(body, app.max_body).await {
        Ok(bytes) => bytes,
        Err(response) => return response,
    };
    super::blocking(move || {
        let body = HookBody::parse(&bytes)?;
        let mut expect = if_match(&headers);
        // Arguments without a command keep the hook's command: read it, and refuse the edit if
        // the file changes before it is made.
        let current = if body.command().is_none() && body.args().is_some() {
            let listing = app.file.list().map_err(|e| refused(&e))?;
            expect.get_or_insert(listing.version);
            Some(
                listing
                    .hooks
                    .into_iter()
                    .find(|hook| hook.id == id)
                    .ok_or_else(|| refused(&EditError::NotFound { id: id.clone() }))?,
            )
        } else {
            None
        };
        let change = body.change(current.as_ref())?;
        let switch = body.switch(&app.file)?;
        let applied = edit(&app, expect.as_ref(), |session| {
            let updated = session.update(&id, &change)?;
            match switch {
                Some(enabled) => session.set_enabled(&updated.id, enabled),
                None => Ok(updated),
            }
        })?;
        Ok(written(&app, StatusCode::OK, &applied))
    })
    .await
}

pub(crate) async fn remove(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    super::blocking(move || {
        let applied = edit(&app, if_match(&headers).as_ref(), |session| {
            session.remove(&id)
        })?;
        let mut response = StatusCode::NO_CONTENT.into_response();
        response
            .headers_mut()
            .insert(header::ETAG, etag(&applied.version));
        Ok(response)
    })
    .await
}

pub(crate) async fn toggle(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    super::blocking(move || {
        let given = if_match(&headers);
        // The state is read, then switched under the lock only if the file is still as read;
        // a concurrent edit in between makes it read again (with `If-Match`, a 409 instead).
        for _ in 0..TOGGLE_TRIES {
            let listing = app.file.list().map_err(|e| refused(&e))?;
            if given
                .as_ref()
                .is_some_and(|given| *given != listing.version)
            {
                return Err(refused(&EditError::Conflict {
                    file: app.file.display.clone(),
                    expected: given.unwrap_or(listing.version.clone()),
                    found: listing.version,
                }));
            }
            let Some(hook) = listing.hooks.iter().find(|hook| hook.id == id) else {
                return Err(refused(&EditError::NotFound { id: id.clone() }));
            };
            let enabled = !hook.enabled;
            let result = edit(&app, Some(&listing.version), |session| {
                session.set_enabled(&id, enabled)
            });
            match result {
                Ok(applied) => {
                    let mut response = reply::json(
                        StatusCode::OK,
                        &json!({ "id": applied.id, "enabled": enabled }),
                    );
                    response
                        .headers_mut()
                        .insert(header::ETAG, etag(&applied.version));
                    return Ok(response);
                }
                Err(response) if response.status() == StatusCode::CONFLICT => {}
                Err(response) => return Err(response),
            }
        }
        Err(error(
            StatusCode::CONFLICT,
            "the file kept changing while the hook was being switched: try again",
        ))
    })
    .await
}
