//! The outbound policy of http hooks (the book, "HTTP hooks"): which URLs a hook may reach and which
//! addresses it may connect to. Pure functions over parsed URLs and resolved addresses, so the
//! rules are unit-tested without a socket; `resolver.rs` applies [`address_refusal`] to every
//! address a host resolves to, once, before connecting.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ureq::http::Uri;

/// URL patterns that every http hook must match when the user-level `hookrun.toml` lists any
/// (`[http] allow`); `None` means no allowlist (every http/https URL outside the refused
/// addresses).
#[derive(Debug, Clone, Default)]
pub(crate) struct Policy {
    pub(crate) allow: Option<Vec<String>>,
}

/// A URL that passed the checks that need no lookup.
#[derive(Debug)]
pub(crate) struct Target {
    pub(crate) uri: Uri,
}

/// Why a URL or an address is refused; the text completes "refused: …".
pub(crate) type Refusal = String;

impl Policy {
    /// Checks `url`: it parses, its scheme is `http` or `https`, it carries no credentials, its
    /// host is not a refused address literal, and it matches the allowlist when there is one.
    pub(crate) fn check_url(&self, url: &str) -> Result<Target, Refusal> {
        let uri: Uri = url
            .parse()
            .map_err(|error| format!("`{url}` is not a URL ({error})"))?;
        let scheme = uri.scheme_str().unwrap_or("");
        let default_port = match scheme {
            "http" => 80,
            "https" => 443,
            "" => return Err(format!("`{url}` has no scheme (http:// or https://)")),
            other => {
                return Err(format!(
                    "scheme `{other}` (only http and https are allowed)"
                ));
            }
        };
        let authority = uri
            .authority()
            .ok_or_else(|| format!("`{url}` names no host"))?;
        if authority.as_str().contains('@') {
            return Err(format!("`{url}` carries credentials before its host"));
        }
        let host = authority
            .host()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_ascii_lowercase();
        if host.is_empty() {
            return Err(format!("`{url}` names no host"));
        }
        let port = authority.port_u16().unwrap_or(default_port);
        if let Ok(ip) = host.parse::<IpAddr>() {
            address_refusal(ip)?;
        }
        if let Some(patterns) = &self.allow
            && !patterns
                .iter()
                .any(|pattern| pattern_matches(pattern, scheme, &host, port, uri.path()))
        {
            return Err(format!(
                "`{url}` matches no pattern of `[http] allow` in the user-level hookrun.toml"
            ));
        }
        Ok(Target { uri })
    }
}

/// Why `ip` may never be connected to, or `Ok` when it may: link-local addresses (where cloud
/// metadata services live) and the metadata addresses of AWS (IPv6) and Alibaba, also when
/// written as an IPv4-mapped or NAT64 IPv6 address.
pub(crate) fn address_refusal(ip: IpAddr) -> Result<(), Refusal> {
    match ip {
        IpAddr::V4(v4) => v4_refusal(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = embedded_v4(v6) {
                return v4_refusal(v4);
            }
            if v6.segments()[0] & 0xffc0 == 0xfe80 {
                return Err(format!("{v6} is a link-local address"));
            }
            if v6 == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254) {
                return Err(format!("{v6} is a cloud metadata address"));
            }
            Ok(())
        }
    }
}

fn v4_refusal(v4: Ipv4Addr) -> Result<(), Refusal> {
    if v4.is_link_local() {
        return Err(format!(
            "{v4} is a link-local address (169.254.0.0/16, cloud metadata)"
        ));
    }
    if v4 == Ipv4Addr::new(100, 100, 100, 200) {
        return Err(format!("{v4} is a cloud metadata address"));
    }
    Ok(())
}

/// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`)
/// address.
fn embedded_v4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(v4) = v6.to_ipv4_mapped() {
        return Some(v4);
    }
    let segments = v6.segments();
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [high, low] = segments[6].to_be_bytes();
        let [high2, low2] = segments[7].to_be_bytes();
        return Some(Ipv4Addr::new(high, low, high2, low2));
    }
    None
}

/// Whether an allowlist pattern (`https://audit.example.com/*`, `http://localhost:*`,
/// `https://*.example.com`) admits a URL, part by part: the scheme exactly; the host with `*`
/// matching any run of characters within the host; the port as written (`*` for any; absent means
/// the scheme's default port); the path with `*` matching anything (absent means any path).
/// Matching part by part keeps a `*` from reaching across the host into the path.
pub(crate) fn pattern_matches(
    pattern: &str,
    scheme: &str,
    host: &str,
    port: u16,
    path: &str,
) -> bool {
    let Some((p_scheme, rest)) = pattern.split_once("://") else {
        return false;
    };
    if !p_scheme.eq_ignore_ascii_case(scheme) {
        return false;
    }
    let (p_authority, p_path) = match rest.find('/') {
        Some(slash) => (&rest[..slash], Some(&rest[slash..])),
        None => (rest, None),
    };
    let (p_host, p_port) = split_port(p_authority);
    let p_host = p_host.trim_start_matches('[').trim_end_matches(']');
    if !glob(&p_host.to_ascii_lowercase(), host) {
        return false;
    }
    let port_ok = match p_port {
        None => port == if scheme == "https" { 443 } else { 80 },
        Some(p_port) => glob(p_port, &port.to_string()),
    };
    port_ok && p_path.is_none_or(|p_path| glob(p_path, path))
}

/// `host:port` → (host, port); a bracketed IPv6 host keeps its colons.
fn split_port(authority: &str) -> (&str, Option<&str>) {
    let after_host = authority.rfind(']').map_or(0, |end| end + 1);
    match authority[after_host..].rfind(':') {
        Some(colon) => (
            &authority[..after_host + colon],
            Some(&authority[after_host + colon + 1..]),
        ),
        None => (authority, None),
    }
}

/// `*` matches any run of characters (also none); everything else matches itself.
fn glob(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
#[path = "policy_tests.rs"]
mod tests;
