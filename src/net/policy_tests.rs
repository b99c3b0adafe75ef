use super::*;

fn allow(patterns: &[&str]) -> Policy {
    Policy {
        allow: Some(patterns.iter().map(|p| (*p).to_owned()).collect()),
    }
}

#[test]
fn only_http_and_https_are_allowed() {
    let open = Policy::default();
    assert!(open.check_url("https://audit.example.com/hook").is_ok());
    assert!(open.check_url("http://127.0.0.1:8080/").is_ok());
    for url in [
        "ftp://example.com/",
        "file:///etc/passwd",
        "gopher://x/",
        "example.com/x",
    ] {
        assert!(open.check_url(url).is_err(), "{url}");
    }
}

#[test]
fn credentials_before_the_host_are_refused() {
    let err = Policy::default()
        .check_url("http://localhost:1@evil.example/")
        .unwrap_err();
    assert!(err.contains("credentials"), "{err}");
}

#[test]
fn metadata_and_link_local_literals_are_refused() {
    let open = Policy::default();
    for url in [
        "http://169.254.169.254/latest/meta-data/",
        "http://169.254.1.1:8080/",
        "http://100.100.100.200/",
        "http://[fe80::1]/",
        "http://[fd00:ec2::254]/",
        "http://[::ffff:169.254.169.254]/",
        "http://[64:ff9b::a9fe:a9fe]/",
    ] {
        assert!(open.check_url(url).is_err(), "{url}");
    }
    for ip in ["127.0.0.1", "10.0.0.1", "::1", "fd00::1", "100.100.100.201"] {
        assert!(address_refusal(ip.parse().unwrap()).is_ok(), "{ip}");
    }
}

#[test]
fn an_allowlist_restricts_by_scheme_host_port_and_path() {
    let policy = allow(&["https://audit.example.com/*", "http://localhost:*"]);
    assert!(
        policy
            .check_url("https://audit.example.com/v1/hook")
            .is_ok()
    );
    assert!(policy.check_url("http://localhost:8080/anything").is_ok());
    for url in [
        "http://audit.example.com/v1/hook",
        "https://audit.example.com:8443/v1/hook",
        "https://audit.example.com.evil.example/x",
        "https://evil.example/audit.example.com/",
        "http://127.0.0.1:8080/",
    ] {
        assert!(policy.check_url(url).is_err(), "{url}");
    }
}

#[test]
fn a_star_stays_inside_its_part() {
    assert!(pattern_matches(
        "https://*.example.com",
        "https",
        "a.example.com",
        443,
        "/x"
    ));
    assert!(!pattern_matches(
        "https://*.example.com",
        "https",
        "example.org",
        443,
        "/x.example.com"
    ));
    assert!(pattern_matches("http://[::1]:*", "http", "::1", 9000, "/"));
    assert!(!pattern_matches(
        "http://localhost",
        "http",
        "localhost",
        8080,
        "/"
    ));
    assert!(pattern_matches(
        "http://localhost/api/*",
        "http",
        "localhost",
        80,
        "/api/v1"
    ));
    assert!(!pattern_matches(
        "http://localhost/api/*",
        "http",
        "localhost",
        80,
        "/other"
    ));
}

#[test]
fn glob_matches_runs_of_characters() {
    assert!(glob("*", ""));
    assert!(glob("a*c", "abbc"));
    assert!(glob("a*b*c", "a-b-c"));
    assert!(!glob("a*c", "ab"));
    assert!(!glob("abc", "abcd"));
    assert!(glob("*.example.com", ".example.com"));
}
