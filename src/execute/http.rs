//! The http executor (the book, "HTTP hooks"): the payload a command hook would read on stdin is
//! `POST`ed to the hook's URL through hookrun's one client (`net`), under the user's outbound
//! policy, and the reply becomes a [`Reply`] that `verdict` reads as it reads a command's
//! stdout. Header values expand `$VAR` / `${VAR}` only for the variables the hook allows.

use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::model::hook::HttpHook;
use crate::net::{self, NetError};
use crate::sources::Config;
use crate::verdict::{Answer, Failure, Reply};

/// The most of a reply's body kept: as much as a command's stdout.
const BODY_LIMIT: u64 = crate::runner::STDOUT_CAP as u64;
/// The most of a failed reply's body the record keeps.
const RECORD_BODY: usize = 4096;

/// The variable `hookrun test` sets to its test's canned-reply server (`testfile/server.rs`):
/// every http hook's request and every model request of the fire goes there instead, with the
/// path of the URL it would have gone to. Each redirected hook's record says so
/// (`test_server`).
pub(crate) const TEST_SERVER: &str = "HOOKRUN_TEST_SERVER";

/// The test server the fire's requests go to, when `hookrun test` named one.
pub(crate) fn test_server() -> Option<String> {
    std::env::var(TEST_SERVER)
        .ok()
        .filter(|url| !url.is_empty())
}

/// `url` sent to `server` instead: the server's scheme and address, `url`'s path and query.
pub(crate) fn redirected(url: &str, server: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_scheme.find('/').map_or("/", |at| &after_scheme[at..]);
    format!("{}{path}", server.trim_end_matches('/'))
}

/// The outbound policy of this fire: the `[http] allow` the user-level hookrun.toml's loader
/// read (only that file's switches carry one).
pub(crate) fn outbound_policy(config: &Config) -> net::Policy {
    let allow = config
        .sources
        .iter()
        .find_map(|source| source.switches.http_allow.clone());
    net::Policy { allow }
}

/// Sends `body` to the hook's URL and reads the reply; `warn` hears about header references to
/// variables the hook does not allow (they expand to nothing).
pub(crate) fn send(
    http: &HttpHook,
    body: &[u8],
    timeout: Duration,
    policy: &net::Policy,
    warn: &mut dyn FnMut(String),
) -> Reply {
    let Some(server) = test_server() else {
        return post(&http.url, &headers(http, warn), body, timeout, policy);
    };
    let url = redirected(&http.url, &server);
    let mut reply = post(&url, &headers(http, warn), body, timeout, policy);
    reply.details.insert("test_server".into(), Value::from(url));
    reply
}

/// The hook's headers with their variable references expanded.
pub(crate) fn headers(http: &HttpHook, warn: &mut dyn FnMut(String)) -> Vec<(String, String)> {
    http.headers
        .iter()
        .map(|(name, value)| {
            let expanded = expand(value, &http.allowed_env_vars, |var| std::env::var(var).ok());
            for var in expanded.refused {
                warn(format!(
                    "header `{name}` references ${var}, which is not in allowedEnvVars: it expands to nothing"
                ));
            }
            (name.clone(), expanded.text)
        })
        .collect()
}

/// `POST`s `body` to `url` with `headers` (expanded) and reads the reply.
pub(crate) fn post(
    url: &str,
    headers: &[(String, String)],
    body: &[u8],
    timeout: Duration,
    policy: &net::Policy,
) -> Reply {
    let start = Instant::now();
    let request = net::Request {
        url,
        headers,
        body,
        timeout,
        body_limit: BODY_LIMIT,
    };
    let mut details = Map::new();
    let answer = match net::post_json(&request, policy) {
        Ok(reply) => {
            details.insert("http_status".into(), Value::from(reply.status));
            let answer = read(reply.status, &reply.body);
            if answer.is_err() && !reply.body.is_empty() {
                let kept = &reply.body[..reply.body.len().min(RECORD_BODY)];
                details.insert(
                    "http_body".into(),
                    Value::from(String::from_utf8_lossy(kept).into_owned()),
                );
            }
            answer
        }
        Err(NetError::Timeout(_)) => Err(Failure {
            message: format!(
                "http: no reply from {url} within {}",
                crate::config::duration::format_duration(timeout)
            ),
            timed_out: true,
        }),
        Err(error) => Err(Failure::new(format!("http: {url}: {error}"))),
    };
    Reply {
        answer,
        duration: start.elapsed(),
        details,
    }
}

/// A reply's status and body → the answer: 2xx and an empty body is nothing said, 2xx and a JSON
/// object is read like a command's stdout, anything else fails.
pub(crate) fn read(status: u16, body: &[u8]) -> Result<Answer, Failure> {
    if !(200..300).contains(&status) {
        return Err(Failure::new(format!("http: status {status}")));
    }
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    if text.is_empty() {
        return Ok(Answer::Nothing);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(_)) => Ok(Answer::Stdout(text.to_owned())),
        _ => Err(Failure::new(format!(
            "http: status {status} with a body that is not a JSON object"
        ))),
    }
}

/// A header value with its variable references expanded.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Expanded {
    pub(crate) text: String,
    /// Referenced variables that are not allowed (each expanded to nothing), in order.
    pub(crate) refused: Vec<String>,
}

/// Expands `$VAR` and `${VAR}` in `value`: an allowed variable to its value (nothing when
/// unset), any other to nothing, reported in `refused`. A `$` not followed by a name stays.
pub(crate) fn expand(
    value: &str,
    allowed: &[String],
    lookup: impl Fn(&str) -> Option<String>,
) -> Expanded {
    let mut out = Expanded {
        text: String::with_capacity(value.len()),
        refused: Vec::new(),
    };
    for piece in references(value) {
        match piece {
            Piece::Text(text) => out.text.push_str(text),
            Piece::Var { name, .. } => {
                if allowed.iter().any(|a| a == name) {
                    out.text.push_str(&lookup(name).unwrap_or_default());
                } else {
                    out.refused.push(name.to_owned());
                }
            }
        }
    }
    out
}

/// A header value cut into text and variable references.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Text(&'a str),
    /// `$NAME` or `${NAME}`, starting at byte `at` of the value.
    Var {
        name: &'a str,
        at: usize,
    },
}

/// The pieces of `value`, in order.
pub(crate) fn references(value: &str) -> Vec<Piece<'_>> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut pieces = Vec::new();
    let (mut rest, mut offset) = (value, 0);
    while let Some(dollar) = rest.find('$') {
        let after = &rest[dollar + 1..];
        let (name, len) = if let Some(braced) = after.strip_prefix('{') {
            match braced.find('}') {
                Some(end) if end > 0 && braced[..end].chars().all(is_name) => {
                    (&braced[..end], end + 2)
                }
                _ => ("", 0),
            }
        } else {
            let end = after.find(|c: char| !is_name(c)).unwrap_or(after.len());
            (&after[..end], end)
        };
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            // Not a reference: the `$` stays as written.
            pieces.push(Piece::Text(&rest[..=dollar]));
            rest = &rest[dollar + 1..];
            offset += dollar + 1;
            continue;
        }
        if dollar > 0 {
            pieces.push(Piece::Text(&rest[..dollar]));
        }
        pieces.push(Piece::Var {
            name,
            at: offset + dollar,
        });
        rest = &after[len..];
        offset += dollar + 1 + len;
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    pieces
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
