//! The event bus (`GET /api/events`, Server-Sent Events): every fire is published on a topic,
//! `prx.lifecycle.<event>` for PRX's events and `hookrun.<event>` for any other, and each
//! subscriber receives the topics its `?topic=` pattern selects: the exact topic, `prefix.*`
//! (every topic under `prefix.`), or `*`. Delivery is at most once: a subscriber that falls more
//! than [`BACKLOG`] messages behind loses the oldest (it is told how many in an SSE comment). A
//! message over [`MAX_MESSAGE`] is refused and the fire's response says so; a fire at nesting
//! depth [`crate::plan::MAX_DEPTH`] or more publishes nothing.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use tokio::sync::broadcast;

use crate::dialects::prx::topic;

/// The largest message published, in bytes (PRX's 64 KB).
pub(crate) const MAX_MESSAGE: usize = 64 * 1024;
/// Messages a subscriber may fall behind by before it loses some.
const BACKLOG: usize = 1024;
/// A comment line sent to idle subscribers, so that proxies keep the stream open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// One published message: its topic and its JSON text (one line).
#[derive(Debug, Clone)]
pub(crate) struct Message {
    pub(crate) topic: Arc<str>,
    pub(crate) json: Arc<str>,
}

/// The bus: one broadcast channel; subscribers filter by pattern.
pub(crate) struct Bus {
    sender: broadcast::Sender<Message>,
}

/// A subscription pattern: an exact topic, `prefix.*` or `*`, matched by PRX's bus rule
/// (`dialects::prx::topic`, which plugin hooks use too). Checked when subscribing, so that a
/// pattern that could never match (`tool*`, `a..b`) is refused instead of silently idle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern(String);

impl Pattern {
    /// Parses `?topic=`: an exact topic, `prefix.*` or `*`; no other `*` is allowed.
    pub(crate) fn parse(text: &str) -> Result<Pattern, String> {
        if text == "*" {
            return Ok(Pattern(text.to_owned()));
        }
        let body = text.strip_suffix(".*").unwrap_or(text);
        if body.is_empty() || body.contains('*') || body.split('.').any(str::is_empty) {
            return Err(format!(
                "topic pattern {text:?}: expected a topic (prx.lifecycle.tool_call), a prefix \
                 followed by .* (prx.*), or *"
            ));
        }
        Ok(Pattern(text.to_owned()))
    }

    pub(crate) fn matches(&self, topic: &str) -> bool {
        topic::matches(&self.0, topic)
    }
}

/// The topic an event is published on.
pub(crate) fn topic(event: &str) -> String {
    use crate::dialects::prx;
    if prx::is_event(event) {
        format!("{}{}", topic::LIFECYCLE_PREFIX, prx::lifecycle_event(event))
    } else {
        format!("hookrun.{event}")
    }
}

impl Bus {
    pub(crate) fn new() -> Bus {
        Bus {
            sender: broadcast::channel(BACKLOG).0,
        }
    }

    /// Whether anyone listens (a fire then builds no message).
    pub(crate) fn has_subscribers(&self) -> bool {
        self.sender.receiver_count() > 0
    }

    /// Publishes `json` on `topic`; refuses a message over [`MAX_MESSAGE`].
    pub(crate) fn publish(&self, topic: &str, json: String) -> Result<(), String> {
        if json.len() > MAX_MESSAGE {
            return Err(format!(
                "the message for {topic} is {} bytes, over the bus's limit of {MAX_MESSAGE}: not published",
                json.len()
            ));
        }
        // No subscriber is not an error: at most once, to whoever listens now.
        let _ = self.sender.send(Message {
            topic: topic.into(),
            json: json.into(),
        });
        Ok(())
    }

    /// The SSE response for a subscriber; it ends when `closed` resolves (the server's shutdown).
    pub(crate) fn subscribe(
        &self,
        pattern: Pattern,
        closed: tokio::sync::watch::Receiver<bool>,
    ) -> Response {
        let receiver = self.sender.subscribe();
        let state = (receiver, pattern, closed, true);
        let stream = futures_util::stream::unfold(
            state,
            |(mut rx, pattern, mut closed, first)| async move {
                if first {
                    // An opening comment: the subscriber knows the subscription is in place.
                    let frame = Ok::<_, std::convert::Infallible>(String::from(": subscribed\n\n"));
                    return Some((frame, (rx, pattern, closed, false)));
                }
                loop {
                    if *closed.borrow() {
                        return None;
                    }
                    let next = tokio::select! {
                        message = rx.recv() => message,
                        _ = closed.changed() => return None,
                        () = tokio::time::sleep(KEEP_ALIVE) => {
                            return Some((Ok(String::from(": keep-alive\n\n")), (rx, pattern, closed, false)));
                        }
                    };
                    let frame = match next {
                        Ok(message) if pattern.matches(&message.topic) => {
                            format!("event: {}\ndata: {}\n\n", message.topic, message.json)
                        }
                        Ok(_) => continue,
                        Err(broadcast::error::RecvError::Lagged(lost)) => {
                            format!(": lagged, {lost} messages lost\n\n")
                        }
                        Err(broadcast::error::RecvError::Closed) => return None,
                    };
                    return Some((Ok(frame), (rx, pattern, closed, false)));
                }
            },
        );
        (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/event-stream"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            Body::from_stream(stream),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_select_exact_prefix_and_all() {
        let exact = Pattern::parse("prx.lifecycle.tool_call").unwrap();
        assert!(exact.matches("prx.lifecycle.tool_call"));
        assert!(!exact.matches("prx.lifecycle.tool_call_start"));
        let prefix = Pattern::parse("prx.*").unwrap();
        assert!(prefix.matches("prx.lifecycle.error"));
        assert!(!prefix.matches("prxx.lifecycle.error"));
        assert!(!prefix.matches("hookrun.PreToolUse"));
        assert!(Pattern::parse("*").unwrap().matches("hookrun.Stop"));
        for bad in ["", "prx.*.x", "prx*", ".*", "a..b", "*.x"] {
            assert!(Pattern::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn prx_events_are_lifecycle_topics() {
        assert_eq!(topic("tool_call"), "prx.lifecycle.tool_call");
        assert_eq!(topic("PreToolUse"), "hookrun.PreToolUse");
    }

    #[test]
    fn a_message_over_the_limit_is_refused() {
        let bus = Bus::new();
        let big = "x".repeat(MAX_MESSAGE + 1);
        assert!(
            bus.publish("hookrun.x", big)
                .unwrap_err()
                .contains("over the bus's limit")
        );
        assert!(bus.publish("hookrun.x", "{}".to_owned()).is_ok());
    }
}
