//! hookrun's one HTTP client, for http hooks and model providers (the book, "HTTP hooks"): a
//! JSON `POST` with a timeout, no redirects followed, the outbound policy applied to the URL and
//! to every address its host resolves to (resolved once; the connection goes to a checked
//! address), `HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY` honoured and TLS verified against the system's
//! CA store. Nothing here is built until a request is made: a fire with only command hooks never
//! initialises a client or TLS.

use std::sync::Arc;
use std::time::Duration;

use ureq::tls::{RootCerts, TlsConfig, TlsProvider};

pub(crate) mod policy;
mod resolver;

pub(crate) use policy::Policy;

/// One request: `POST url` with `body` as `application/json`.
pub(crate) struct Request<'a> {
    pub(crate) url: &'a str,
    /// Extra headers, after `Content-Type` (a `Content-Type` here replaces it).
    pub(crate) headers: &'a [(String, String)],
    pub(crate) body: &'a [u8],
    /// For the whole exchange: resolving, connecting, sending and reading the reply.
    pub(crate) timeout: Duration,
    /// The most bytes of the reply body kept; a longer body is an error.
    pub(crate) body_limit: u64,
}

/// What the server answered, whatever its status.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) body: Vec<u8>,
}

/// Why a request got no reply.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NetError {
    /// The outbound policy refused the URL or every address of its host; nothing was sent.
    #[error("refused: {0}")]
    Refused(String),
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("reply body longer than {0} bytes")]
    TooLong(u64),
    #[error("{0}")]
    Failed(String),
}

/// Sends `request` under `policy`.
pub(crate) fn post_json(request: &Request<'_>, policy: &Policy) -> Result<Reply, NetError> {
    let target = policy.check_url(request.url).map_err(NetError::Refused)?;
    let mut builder = agent(request.timeout)
        .post(target.uri)
        .header("Content-Type", "application/json");
    for (name, value) in request.headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    let mut response = builder
        .send(request.body)
        .map_err(|error| failure(error, request.timeout, request.body_limit))?;
    let status = response.status().as_u16();
    let body = response
        .body_mut()
        .with_config()
        .limit(request.body_limit)
        .read_to_vec()
        .map_err(|error| failure(error, request.timeout, request.body_limit))?;
    Ok(Reply { status, body })
}

/// An agent for one request: the timeout is per request, and an agent costs little next to the
/// connection it makes.
fn agent(timeout: Duration) -> ureq::Agent {
    let tls = TlsConfig::builder()
        .provider(TlsProvider::Rustls)
        .root_certs(RootCerts::PlatformVerifier)
        .unversioned_rustls_crypto_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .build();
    let config = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .max_redirects(0)
        .http_status_as_error(false)
        .tls_config(tls)
        .user_agent(concat!("hookrun/", env!("CARGO_PKG_VERSION")))
        .build();
    ureq::Agent::with_parts(
        config,
        ureq::unversioned::transport::DefaultConnector::default(),
        resolver::Checked::default(),
    )
}

fn failure(error: ureq::Error, timeout: Duration, limit: u64) -> NetError {
    match error {
        ureq::Error::Timeout(_) => NetError::Timeout(timeout),
        ureq::Error::BodyExceedsLimit(_) => NetError::TooLong(limit),
        ureq::Error::Other(inner) => match inner.downcast::<resolver::RefusedAddress>() {
            Ok(refused) => NetError::Refused(refused.0),
            Err(inner) => NetError::Failed(inner.to_string()),
        },
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
            NetError::Timeout(timeout)
        }
        other => NetError::Failed(other.to_string()),
    }
}

#[cfg(test)]
#[path = "client_tests.rs"]
mod tests;
