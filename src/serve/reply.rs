//! Responses and request bodies: JSON replies, `{"error": …}`, and a body read under the size
//! cap and a time limit (a client that sends slowly is cut off, not waited for).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use serde_json::{Value, json};

/// How long a request body may take to arrive.
const BODY_TIME: Duration = Duration::from_secs(30);

/// `value` as a JSON response.
pub(crate) fn json(status: StatusCode, value: &Value) -> Response {
    let mut bytes = serde_json::to_vec(value).unwrap_or_default();
    bytes.push(b'\n');
    (status, [(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

/// `{"error": message}`.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    json(status, &json!({ "error": message }))
}

/// The whole body, at most `cap` bytes: 413 past the cap, 408 when it is too slow to arrive.
pub(crate) async fn read_body(body: Body, cap: usize) -> Result<Bytes, Response> {
    match tokio::time::timeout(BODY_TIME, axum::body::to_bytes(body, cap)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => {
            // to_bytes reports the cap as a length-limit error somewhere in its source chain.
            let mut source: Option<&dyn std::error::Error> = Some(&e);
            while let Some(error) = source {
                if error.to_string().contains("length limit exceeded") {
                    return Err(too_large(cap));
                }
                source = error.source();
            }
            Err(self::error(
                StatusCode::BAD_REQUEST,
                &format!("cannot read the request body: {e}"),
            ))
        }
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            &format!(
                "the request body did not arrive within {} s",
                BODY_TIME.as_secs()
            ),
        )),
    }
}

pub(crate) fn too_large(cap: usize) -> Response {
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        &format!("the request body is over the server's limit of {cap} bytes (--max-body)"),
    )
}
