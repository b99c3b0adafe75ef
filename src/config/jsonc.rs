//! Comments in JSON, as Gemini CLI takes them: it reads every settings file as
//! `JSON.parse(stripJsonComments(content))` (google-gemini/gemini-cli,
//! `packages/cli/src/config/settings.ts` line 785, `strip-json-comments` 3.1.1 pinned in
//! `packages/cli/package.json` line 66). This is that package's `index.js` rule for rule: `//` to
//! the end of the line and `/* … */` outside strings become spaces (newlines kept, so every
//! diagnostic's line and column still point into the file as written), a `"` ends a string unless
//! an odd number of backslashes precedes it, and a `/*` never closed blanks the rest of the file.
//! Version 3.1.1 has no `trailingCommas` option, so a trailing comma stays and `JSON.parse`
//! rejects it: so does hookrun. The other agents parse plain JSON (see each dialect's page).

use std::borrow::Cow;

/// Why `install` and `hookrun hooks` refuse to rewrite a JSON file with comments: the value they
/// edit has no place for them, and dropping them silently would lose what the user wrote.
pub(crate) const CANNOT_KEEP: &str = "it has comments (`//` or `/* */`), which hookrun cannot \
    keep when it rewrites the file: make this change by hand, or remove the comments first";

/// The text with its comments replaced by spaces, byte for byte (a multi-byte character of a
/// comment becomes as many spaces as it has bytes, so offsets into the text stay valid);
/// borrowed when there is no comment.
pub(crate) fn strip_comments(text: &str) -> Cow<'_, str> {
    let comments = comment_spans(text);
    if comments.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (start, end) in comments {
        out.push_str(&text[from..start]);
        for c in text[start..end].chars() {
            if c.is_whitespace() {
                out.push(c);
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
        from = end;
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// Whether the text has a `//` or `/* */` comment outside its strings.
pub(crate) fn has_comments(text: &str) -> bool {
    !comment_spans(text).is_empty()
}

/// The byte ranges of the comments, as `strip-json-comments` finds them: a line comment runs up to
/// (not including) its `\n`, a block comment through its `*/` or to the end of the text.
fn comment_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let (byte, next) = (bytes[i], bytes.get(i + 1).copied());
        if byte == b'"' && !escaped(bytes, i) {
            in_string = !in_string;
        } else if !in_string && byte == b'/' && next == Some(b'/') {
            // Up to the `\n`: a `\r` before it is whitespace, which blanking keeps.
            let end = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            spans.push((i, end));
            i = end;
            continue;
        } else if !in_string && byte == b'/' && next == Some(b'*') {
            let end = text[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |n| i + 2 + n + 2);
            spans.push((i, end));
            i = end;
            continue;
        }
        i += 1;
    }
    spans
}

/// `isEscaped`: an odd number of backslashes right before the quote at `quote`.
fn escaped(bytes: &[u8], quote: usize) -> bool {
    let backslashes = bytes[..quote]
        .iter()
        .rev()
        .take_while(|b| **b == b'\\')
        .count();
    backslashes % 2 == 1
}

#[cfg(test)]
#[path = "jsonc_tests.rs"]
mod tests;
