//! Whole-string `*` wildcards, the pattern language of shell-command rules and of rule specs for
//! other tools. Hand-written rather than a regex: no compile cost, and nothing to escape.

/// Whether `pattern` matches all of `text`, where `*` matches any run of characters (including
/// none, spaces and `/`) and every other character matches itself.
pub(super) fn wildcard_match(pattern: &str, text: &str) -> bool {
    // Byte-wise is exact for UTF-8: `*` is ASCII and literal runs compare whole sequences.
    let (pattern, text) = (pattern.as_bytes(), text.as_bytes());
    let (mut p, mut t) = (0, 0);
    // The last `*` seen and the text position its run currently ends at, for backtracking.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if pattern.get(p) == Some(&b'*') {
            star = Some((p, t));
            p += 1;
        } else if pattern.get(p) == Some(&text[t]) {
            p += 1;
            t += 1;
        } else if let Some((star_p, star_t)) = star {
            // Let the last `*` swallow one more character and retry after it.
            p = star_p + 1;
            t = star_t + 1;
            star = Some((star_p, star_t + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::wildcard_match;

    #[test]
    fn star_matches_any_run_including_spaces_and_slashes() {
        let rows: &[(&str, &str, bool)] = &[
            ("git * main", "git push origin main", true),
            ("git * main", "git push origin mainline", false),
            ("*", "", true),
            ("*", "anything at / all", true),
            ("rm -rf *", "rm -rf /tmp/x y", true),
            ("rm -rf *", "rm -rf", false),
            ("ls*", "lsof", true),
            ("ls*", "ls", true),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "axxbyy", false),
            ("*.example.com", "api.example.com", true),
            ("*.example.com", "example.com", false),
            ("exact", "exact", true),
            ("exact", "exactly", false),
            ("", "", true),
            ("", "x", false),
            ("é*ü", "éaaü", true),
            ("**", "x", true),
        ];
        for &(pattern, text, expected) in rows {
            assert_eq!(
                wildcard_match(pattern, text),
                expected,
                "{pattern} vs {text}"
            );
        }
    }
}
