//! Name resolution for hookrun's HTTP client: the system resolver, then the outbound policy on
//! every address it returned. The connection is made to the addresses returned here and no
//! others, so a DNS answer that changes between a check and the connect (rebinding) cannot reach
//! a refused address.

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::NextTimeout;

use super::policy::address_refusal;

/// Every address a host resolved to was refused by the outbound policy.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(super) struct RefusedAddress(pub(super) String);

/// The system resolver with refused addresses filtered out.
#[derive(Debug, Default)]
pub(super) struct Checked {
    system: DefaultResolver,
}

impl Resolver for Checked {
    fn resolve(
        &self,
        uri: &Uri,
        config: &Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let resolved = self.system.resolve(uri, config, timeout)?;
        let mut kept = self.empty();
        let mut refusal = None;
        for &addr in &resolved {
            match address_refusal(addr.ip()) {
                Ok(()) => kept.push(addr),
                Err(reason) => refusal = Some(reason),
            }
        }
        match refusal {
            Some(reason) if kept.is_empty() => {
                let host = uri.host().unwrap_or("");
                Err(ureq::Error::Other(Box::new(RefusedAddress(format!(
                    "{host} resolves to {reason}"
                )))))
            }
            _ => Ok(kept),
        }
    }
}
