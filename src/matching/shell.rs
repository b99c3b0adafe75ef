//! Shell-command specs of `if` rules (`Bash(git push *)`): the command pattern language of
//! Claude's permission rules, matched per part of a compound command.
//!
//! - `*` matches any run of characters, spaces and `/` included; no `*` means exact equality.
//! - A pattern ending in ` *` also matches the bare prefix (`ls *` matches `ls` and `ls -la`,
//!   not `lsof`); a trailing `:*` is the legacy spelling of ` *`.
//! - The command is split outside quotes on `&&`, `||`, `;`, `|`, `|&`, `&` and newlines; the rule
//!   matches when the whole command or any part matches. Subshells (`$(…)`, backquotes,
//!   parentheses) are not looked into.
//! - Each part is also tried without leading wrappers: `VAR=value` assignments, `env` (with its
//!   options and assignments), `nohup`, `nice` (`-n N`, `-N`, `--adjustment=N`) and `timeout`
//!   (options, then the duration), repeatedly: `timeout 5 nice -n 2 rm -rf x` is tried as
//!   `rm -rf x`.

use super::wildcard::wildcard_match;

/// Whether the command-pattern `spec` matches `command` (see the module doc).
pub(super) fn command_matches(spec: &str, command: &str) -> bool {
    let pattern = normalize_pattern(spec);
    let whole = command.trim();
    part_matches(&pattern, whole)
        || split_compound(command).into_iter().any(|part| {
            part_matches(&pattern, part) || part_matches(&pattern, strip_wrappers(part))
        })
}

/// Trims the pattern and rewrites a trailing `:*` as ` *`.
fn normalize_pattern(spec: &str) -> String {
    let spec = spec.trim();
    match spec.strip_suffix(":*") {
        Some(prefix) => format!("{prefix} *"),
        None => spec.to_owned(),
    }
}

/// One part of a command against a normalised pattern.
fn part_matches(pattern: &str, part: &str) -> bool {
    if !pattern.contains('*') {
        return part == pattern;
    }
    // `ls *` stands for "the command `ls`, with or without arguments".
    if let Some(prefix) = pattern.strip_suffix(" *")
        && part == prefix.trim_end()
    {
        return true;
    }
    wildcard_match(pattern, part)
}

/// The trimmed, non-empty parts of a compound command, split outside single and double quotes.
fn split_compound(command: &str) -> Vec<&str> {
    let bytes = command.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let byte = bytes[i];
        if let Some(q) = quote {
            if byte == b'\\' && q == b'"' {
                i += 2;
                continue;
            }
            if byte == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        let next = bytes.get(i + 1).copied();
        let prev = i.checked_sub(1).map(|p| bytes[p]);
        let separator = match byte {
            b'\\' => {
                i += 2;
                continue;
            }
            b'\'' | b'"' => {
                quote = Some(byte);
                i += 1;
                continue;
            }
            b'&' if next == Some(b'&') => 2,
            b'|' if matches!(next, Some(b'|' | b'&')) => 2,
            b';' | b'\n' | b'|' => 1,
            // A lone `&` runs the left side in the background, but `2>&1` and `&>` redirect.
            b'&' if next != Some(b'>') && !matches!(prev, Some(b'>' | b'<')) => 1,
            _ => 0,
        };
        if separator == 0 {
            i += 1;
        } else {
            parts.push(&command[start..i]);
            i += separator;
            start = i;
        }
    }
    parts.push(command.get(start..).unwrap_or_default());
    parts
        .into_iter()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect()
}

/// `part` without its leading process wrappers and variable assignments (see the module doc).
fn strip_wrappers(mut part: &str) -> &str {
    while let Some((word, rest)) = split_word(part) {
        let wrapped = match word {
            "nohup" => rest,
            "timeout" => skip_options(rest, &["-s", "--signal", "-k", "--kill-after"], true),
            "nice" => skip_options(rest, &["-n", "--adjustment"], false),
            "env" => skip_env(rest),
            _ if is_assignment(word) => rest,
            _ => break,
        };
        if wrapped.is_empty() {
            // A wrapper with nothing to run is itself the command.
            break;
        }
        part = wrapped;
    }
    part
}

/// Skips leading `-…` options (those in `with_value` also take the next word), then, when
/// `positional` is set, one more word (the duration of `timeout`).
fn skip_options<'a>(mut rest: &'a str, with_value: &[&str], positional: bool) -> &'a str {
    while let Some((word, after)) = split_word(rest) {
        if !word.starts_with('-') {
            return if positional { after } else { rest };
        }
        rest = if with_value.contains(&word) {
            split_word(after).map_or("", |(_, value_rest)| value_rest)
        } else {
            after
        };
    }
    rest
}

/// Skips `env`'s options and `VAR=value` words.
fn skip_env(mut rest: &str) -> &str {
    while let Some((word, after)) = split_word(rest) {
        if matches!(word, "-u" | "--unset" | "-C" | "--chdir") {
            rest = split_word(after).map_or("", |(_, value_rest)| value_rest);
        } else if word.starts_with('-') || is_assignment(word) {
            rest = after;
        } else {
            break;
        }
    }
    rest
}

/// The first word of `text` (quotes keep spaces inside it) and the rest, trimmed.
fn split_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    if text.is_empty() {
        return None;
    }
    let mut quote: Option<char> = None;
    let end = text
        .char_indices()
        .find(|&(_, c)| {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == '\'' || c == '"' => quote = Some(c),
                None => return c.is_whitespace(),
            }
            false
        })
        .map_or(text.len(), |(index, _)| index);
    Some((&text[..end], text[end..].trim_start()))
}

/// A shell variable assignment word (`NAME=value`), as a command prefix.
pub(crate) fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

#[cfg(test)]
#[path = "shell_tests.rs"]
mod tests;
