//! `hookrun serve` (the `hookrun-serve` program, cargo feature `serve`): the project over HTTP.
//!
//! - `/api/hooks`: PRX's hook management API on one hook file ([`hooks_api`]).
//! - `POST /api/fire/{event}`: a fire, answered with exactly what `hookrun fire` prints
//!   ([`fire`]), from a configuration kept loaded and reloaded when its files change.
//! - `GET /api/events`: the event bus, as Server-Sent Events ([`bus`]).
//!
//! Every request needs the bearer token ([`auth`]); bodies are capped; the server listens on
//! loopback unless told otherwise, and on a 0600 Unix socket when asked ([`listen`]). Fires run
//! the same code as `fire` on blocking threads, in parallel; the hooks of one fire run in order.

#![expect(
    clippy::result_large_err,
    reason = "the request handlers' helpers return the early HTTP response as their error, once per request"
)]

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, patch, post, put};
use clap::Parser as _;
use serde_json::{Value, json};

use crate::cli::{Cli, Command, ServeArgs};
use crate::edit::HookFile;
use crate::error::Error;
use crate::model::Dialect;
use reply::error;

mod auth;
mod bus;
mod fire;
mod hooks_api;
mod listen;
mod reply;

/// The default address (no `--addr`, no `--socket`).
const DEFAULT_ADDR: &str = "127.0.0.1:7433";

/// What every request handler shares.
pub(crate) struct App {
    cli: Cli,
    project_dir: PathBuf,
    /// The file `/api/hooks` edits.
    file: HookFile,
    token: auth::Token,
    loaded: fire::Loaded,
    bus: bus::Bus,
    strict: bool,
    timeout: Option<std::time::Duration>,
    max_body: usize,
    /// Becomes `true` at shutdown: event streams end.
    closed: tokio::sync::watch::Receiver<bool>,
}

/// `hookrun-serve`'s entry point: the same command line as `hookrun serve`.
pub(crate) fn main(args: Vec<OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                crate::exit::BLOCK
            } else {
                crate::exit::OK
            });
        }
    };
    let Command::Serve(args) = &cli.command else {
        crate::stderr::say!("hookrun-serve: it runs `hookrun serve …`: give it that command line");
        return ExitCode::from(crate::exit::BLOCK);
    };
    let args = args.clone();
    match run(cli, &args) {
        Ok(()) => ExitCode::from(crate::exit::OK),
        Err(error) => {
            crate::stderr::say!("hookrun serve: {error}");
            ExitCode::from(crate::exit::FAILURE)
        }
    }
}

fn run(cli: Cli, args: &ServeArgs) -> Result<(), Error> {
    let project_dir = crate::commands::project_dir(&cli)?;
    let addr = match (args.addr, &args.socket) {
        (Some(addr), _) => Some(addr),
        (None, None) => Some(DEFAULT_ADDR.parse().expect("a valid address")),
        (None, Some(_)) => None,
    };
    if let Some(addr) = addr
        && !addr.ip().is_loopback()
        && !args.allow_remote
    {
        return Err(Error::Refused(format!(
            "{addr} is not a loopback address: the server would be reachable from other machines; \
             pass --allow-remote to mean it"
        )));
    }
    let (token, origin) = auth::load().map_err(|e| Error::Feature(Box::new(e)))?;
    let file = match &args.file {
        Some(file) => crate::commands::hooks::named(&cli, &project_dir, file)?,
        None => match crate::commands::hooks::editable(&cli, &project_dir)
            .into_iter()
            .next()
        {
            Some(file) => file,
            None => crate::commands::hooks::named(
                &cli,
                &project_dir,
                std::path::Path::new("hooks.json"),
            )?,
        },
    };
    let loaded = fire::Loaded::first(&cli, &project_dir)?;
    let listeners = listen::bind(addr, args.socket.as_deref())?;
    let interrupter = crate::runner::signals::interrupter()
        .map_err(Error::system("set up the shutdown of running hooks"))?
        .expect("nothing else set up hookrun's signal handling in this process");
    crate::stderr::say!(
        "hookrun serve: {} for {}; /api/hooks edits {}; token {}",
        project_dir.display(),
        if args.strict { "strict fires" } else { "fires" },
        file.display,
        match &origin {
            auth::Origin::Variable => format!("from {}", auth::VARIABLE),
            auth::Origin::File(path) => format!("in {}", path.display()),
        }
    );
    let (closing, closed) = tokio::sync::watch::channel(false);
    let app = Arc::new(App {
        cli,
        project_dir,
        file,
        token,
        loaded,
        bus: bus::Bus::new(),
        strict: args.strict,
        timeout: args.timeout,
        max_body: usize::try_from(args.max_body).unwrap_or(usize::MAX),
        closed,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(Error::system("start the server's runtime"))?;
    runtime
        .block_on(listen::serve(
            router(app),
            listeners,
            listen::Shutdown {
                grace: args.grace,
                interrupter,
                closing,
            },
        ))
        .map_err(Error::system("serve"))
}

fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/hooks", get(hooks_api::list).post(hooks_api::create))
        .route(
            "/api/hooks/{id}",
            put(hooks_api::update).delete(hooks_api::remove),
        )
        .route("/api/hooks/{id}/toggle", patch(hooks_api::toggle))
        .route("/api/fire/{event}", post(fire_event))
        .route("/api/events", get(events))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such endpoint") })
        .layer(middleware::from_fn_with_state(app.clone(), authorize))
        .with_state(app)
}

/// Every request: `Authorization: Bearer <token>`, else 401.
async fn authorize(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .map(HeaderValue::as_bytes);
    if app.token.admits(given) {
        return next.run(request).await;
    }
    let mut response = error(
        StatusCode::UNAUTHORIZED,
        "this server needs `Authorization: Bearer <token>` (the token is in the server's token file, or HOOKRUN_SERVE_TOKEN)",
    );
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}

/// Runs blocking work (file locks, hooks) on tokio's blocking threads.
pub(crate) async fn blocking(
    work: impl FnOnce() -> Result<Response, Response> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(response) | Err(response)) => response,
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("the request's worker failed: {e}"),
        ),
    }
}

/// The value of `name` in a query string (the first one; `+` and `%XX` decoded).
fn query_value(uri: &Uri, name: &str) -> Option<String> {
    uri.query()?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (decode(key) == name).then(|| decode(value))
    })
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |i: usize| bytes.get(i).and_then(|b| char::from(*b).to_digit(16));
        match bytes[at] {
            b'+' => out.push(b' '),
            b'%' if hex(at + 1).is_some() && hex(at + 2).is_some() => {
                let (high, low) = (hex(at + 1).unwrap_or(0), hex(at + 2).unwrap_or(0));
                out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
                at += 2;
            }
            byte => out.push(byte),
        }
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `GET /api/events?topic=PATTERN` (default `*`).
async fn events(State(app): State<Arc<App>>, uri: Uri) -> Response {
    let topic = query_value(&uri, "topic").unwrap_or_else(|| "*".to_owned());
    match bus::Pattern::parse(&topic) {
        Ok(pattern) => app.bus.subscribe(pattern, app.closed.clone()),
        Err(message) => error(StatusCode::BAD_REQUEST, &message),
    }
}

/// `?output=`: `None` for hookrun's own document.
fn output_of(uri: &Uri) -> Result<Option<Dialect>, Response> {
    let Some(name) = query_value(uri, "output") else {
        return Ok(None);
    };
    match crate::dialects::by_name(&name) {
        Some(dialect) if crate::dialects::output_names().contains(&dialect.name()) => {
            Ok(dialect.output().map(|_| dialect))
        }
        _ => Err(error(
            StatusCode::BAD_REQUEST,
            &format!(
                "unknown output {name:?}: expected one of {}",
                crate::dialects::output_names().join(", ")
            ),
        )),
    }
}

/// A header value for free text: a JSON string in ASCII (`\uXXXX` for the rest), since a header
/// holds visible ASCII only.
fn text_header(text: &str) -> HeaderValue {
    let mut ascii = String::with_capacity(text.len() + 2);
    for c in Value::from(text).to_string().chars() {
        if c.is_ascii() {
            ascii.push(c);
        } else {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(ascii, "\\u{unit:04x}");
            }
        }
    }
    HeaderValue::from_str(&ascii).unwrap_or(HeaderValue::from_static("\"\""))
}

/// `POST /api/fire/{event}[?output=AGENT]`: the body is the payload; the response body is what
/// `hookrun fire` prints, `X-Hookrun-Exit-Code` its exit code, `X-Hookrun-Stderr` the message an
/// agent's protocol puts on stderr.
async fn fire_event(
    State(app): State<Arc<App>>,
    Path(event): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let agent = match output_of(&uri) {
        Ok(agent) => agent,
        Err(response) => return response,
    };
    let body = match reply::read_body(body, app.max_body).await {
        Ok(body) => body.to_vec(),
        Err(response) => return response,
    };
    let depth = headers
        .get("x-hookrun-depth")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0u32);
    let publish = app.bus.has_subscribers() && depth < crate::plan::MAX_DEPTH;
    let worker = app.clone();
    let request = fire::Request {
        event: event.clone(),
        body,
        agent,
        depth,
        strict: app.strict,
        timeout: app.timeout,
    };
    let outcome = tokio::task::spawn_blocking(move || {
        let (config, stale) = worker.loaded.current(&worker.cli, &worker.project_dir);
        let result = fire::fire(&worker.cli, &config, &worker.project_dir, request, publish);
        (result, stale)
    })
    .await;
    let (result, stale) = match outcome {
        Ok(outcome) => outcome,
        Err(e) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                &format!("the fire's worker failed: {e}"),
            );
        }
    };
    let printed = match result {
        Ok(printed) => printed,
        Err(failure) => return fire_failed(&event, agent, &failure),
    };
    let mut response = reply_bytes(
        StatusCode::OK,
        printed.stdout.clone(),
        printed.stderr.as_deref(),
    );
    response.headers_mut().insert(
        "x-hookrun-exit-code",
        HeaderValue::from(u16::from(printed.code)),
    );
    if let Some(stale) = stale {
        response
            .headers_mut()
            .insert("x-hookrun-config-error", text_header(&stale));
    }
    if let Some(payload) = printed.payload {
        let topic = bus::topic(&event);
        let result: Value = serde_json::from_slice(&printed.stdout).unwrap_or(Value::Null);
        let message = json!({
            "topic": topic,
            "event": event,
            "depth": depth,
            "payload": payload,
            "exit_code": printed.code,
            "result": result,
        });
        if let Err(refused) = app.bus.publish(&topic, message.to_string()) {
            crate::stderr::say!("hookrun serve: {refused}");
            response
                .headers_mut()
                .insert("x-hookrun-bus-error", text_header(&refused));
        }
    }
    response
}

/// A fire that ended in an error: `{"error": …}`, or with `?output=` the agent's failure answer
/// (what `fire --output AGENT` prints); the status says whose fault it was.
fn fire_failed(event: &str, agent: Option<Dialect>, failure: &Error) -> Response {
    let status = match failure {
        Error::Payload(_) => StatusCode::BAD_REQUEST,
        Error::Interrupted(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    crate::stderr::say!("hookrun serve: {event}: {failure}");
    let (mut response, code) = if let Some(agent) = agent {
        let printed = fire::failure(agent, failure);
        let response = reply_bytes(status, printed.stdout, printed.stderr.as_deref());
        (response, printed.code)
    } else {
        let code = match failure {
            Error::Interrupted(signal) => u8::try_from(128 + signal).unwrap_or(1),
            _ => crate::exit::FAILURE,
        };
        (error(status, &failure.to_string()), code)
    };
    response
        .headers_mut()
        .insert("x-hookrun-exit-code", HeaderValue::from(u16::from(code)));
    response
}

fn reply_bytes(status: StatusCode, stdout: Vec<u8>, stderr: Option<&str>) -> Response {
    let mut response = Response::new(Body::from(stdout));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Some(stderr) = stderr {
        response
            .headers_mut()
            .insert("x-hookrun-stderr", text_header(stderr));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_text_headers_are_ascii_json() {
        let header = text_header("deny: r\u{e9}sum\u{e9} \u{1f600}\n");
        assert_eq!(
            header.to_str().unwrap(),
            r#""deny: r\u00e9sum\u00e9 \ud83d\ude00\n""#
        );
        let back: String = serde_json::from_str(header.to_str().unwrap()).unwrap();
        assert_eq!(back, "deny: r\u{e9}sum\u{e9} \u{1f600}\n");
    }

    #[test]
    fn query_values_are_decoded() {
        let uri: Uri = "/api/events?x=1&topic=prx.%2A&output=claude+x"
            .parse()
            .unwrap();
        assert_eq!(query_value(&uri, "topic").as_deref(), Some("prx.*"));
        assert_eq!(query_value(&uri, "output").as_deref(), Some("claude x"));
        assert_eq!(query_value(&uri, "none"), None);
    }
}
