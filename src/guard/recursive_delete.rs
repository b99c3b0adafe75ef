//! The `rm-rf` guard's question: does a command line run a **forced recursive delete**? That is
//! `rm` given both a recursive flag (`-r`, `-R`, `--recursive`, in any cluster and position
//! before `--`, since GNU rm permutes its arguments) and a force flag (`-f`, `--force`); `find`
//! with `-delete`, or with `-exec`/`-execdir`/`-ok`/`-okdir` running such an `rm`; and the same
//! behind `xargs`, `sudo`, `doas`, `env`, `command`, `exec`, `builtin`, `nohup`, `nice`,
//! `timeout`, `time`, `stdbuf`, `ionice`, `VAR=value` prefixes, and inside `sh -c '…'` (and
//! `bash`, `zsh`, `dash`, `ksh`) and `eval`. Programs are known by their basename
//! (`/bin/rm` is `rm`).
//!
//! `rm -r` without force is not matched (it asks before deleting write-protected files), nor is
//! any command that only mentions `rm -rf` as an argument (`echo`, `grep`, `git commit -m`).
//! A line that cannot be read as a shell would is reported as [`Finding::Unreadable`]: the
//! guard fails closed on it, since a shell refuses such a line anyway.

use super::shell_words::{MAX_DEPTH, Unreadable, simple_commands};
use crate::matching::is_assignment;

/// What the guard found in a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Finding {
    /// A forced recursive delete: the simple command that runs it, its words joined by spaces.
    Delete(String),
    /// The line cannot be read as a shell would, and why.
    Unreadable(Unreadable),
}

/// The forced recursive delete `line` runs, if any (see the module doc).
pub(crate) fn find(line: &str) -> Option<Finding> {
    match in_line(line, 0) {
        Ok(found) => found.map(Finding::Delete),
        Err(unreadable) => Some(Finding::Unreadable(unreadable)),
    }
}

fn in_line(line: &str, depth: usize) -> Result<Option<String>, Unreadable> {
    for words in simple_commands(line, depth)? {
        if let Some(found) = in_command(&words, depth)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Options of the wrappers that take a value in the next word (or the rest of their cluster).
const SUDO_VALUED: &[&str] = &[
    "-u",
    "-g",
    "-h",
    "-p",
    "-C",
    "-D",
    "-r",
    "-t",
    "-T",
    "-U",
    "--user",
    "--group",
    "--host",
    "--prompt",
    "--close-from",
    "--chdir",
    "--role",
    "--type",
    "--command-timeout",
    "--other-user",
];
const DOAS_VALUED: &[&str] = &["-u", "-C"];
const ENV_VALUED: &[&str] = &["-u", "--unset", "-C", "--chdir"];
const EXEC_VALUED: &[&str] = &["-a"];
const NICE_VALUED: &[&str] = &["-n", "--adjustment"];
const TIMEOUT_VALUED: &[&str] = &["-s", "--signal", "-k", "--kill-after"];
const TIME_VALUED: &[&str] = &["-f", "--format", "-o", "--output"];
const STDBUF_VALUED: &[&str] = &["-i", "-o", "-e", "--input", "--output", "--error"];
const IONICE_VALUED: &[&str] = &["-c", "--class", "-n", "--classdata"];
const XARGS_VALUED: &[&str] = &[
    "-a",
    "-d",
    "-E",
    "-I",
    "-L",
    "-n",
    "-P",
    "-s",
    "--arg-file",
    "--delimiter",
    "--max-lines",
    "--max-args",
    "--max-procs",
    "--max-chars",
    "--process-slot-var",
];
const SHELL_VALUED: &[&str] = &["-o", "+o", "-O", "+O", "--rcfile", "--init-file"];

/// The forced recursive delete one simple command runs (its text), looking through wrappers.
fn in_command(words: &[String], depth: usize) -> Result<Option<String>, Unreadable> {
    let mut rest = words;
    loop {
        let Some((first, after)) = rest.split_first() else {
            return Ok(None);
        };
        if is_assignment(first) {
            rest = after;
            continue;
        }
        rest = match basename(first) {
            // Reserved words that may stand before a command.
            "{" | "!" | "if" | "then" | "else" | "elif" | "do" | "while" | "until" | "nohup"
            | "builtin" => after,
            "sudo" => skip_options(after, SUDO_VALUED),
            "doas" => skip_options(after, DOAS_VALUED),
            "env" => return env(after, depth),
            "command" => {
                // `command -v rm` and `command -V rm` only say what `rm` is.
                if options(after).any(|option| option == "-v" || option == "-V") {
                    return Ok(None);
                }
                skip_options(after, &[])
            }
            "exec" => skip_options(after, EXEC_VALUED),
            "nice" => skip_options(after, NICE_VALUED),
            "timeout" => skip_options(after, TIMEOUT_VALUED)
                .get(1..)
                .unwrap_or_default(),
            "time" => skip_options(after, TIME_VALUED),
            "stdbuf" => skip_options(after, STDBUF_VALUED),
            "ionice" => skip_options(after, IONICE_VALUED),
            "xargs" => skip_options(after, XARGS_VALUED),
            "sh" | "bash" | "zsh" | "dash" | "ksh" => return shell_string(after, depth),
            "eval" => return nested(&after.join(" "), depth),
            "rm" => return Ok(forced_recursive(after).then(|| words.join(" "))),
            "find" => {
                return Ok(find_deletes(after, depth)?.then(|| words.join(" ")));
            }
            _ => return Ok(None),
        };
    }
}

/// A nested command line (`sh -c`, `eval`, `env -S`), one level deeper.
fn nested(line: &str, depth: usize) -> Result<Option<String>, Unreadable> {
    if depth + 1 > MAX_DEPTH {
        return Err(Unreadable::TooDeep);
    }
    in_line(line, depth + 1)
}

/// The last path component: `/usr/bin/rm` is `rm`.
fn basename(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// The leading option words of `words` (up to the first operand or `--`).
fn options(words: &[String]) -> impl Iterator<Item = &String> {
    words
        .iter()
        .take_while(|word| word.starts_with('-') && word.len() > 1 && *word != "--")
}

/// `words` after a wrapper's leading options, as getopt reads them: an option in `valued` takes
/// the next word, or the rest of its cluster (`-uroot`, `-Eu root`); `--long=value` carries its
/// own; `--` ends the options.
fn skip_options<'w>(mut words: &'w [String], valued: &[&str]) -> &'w [String] {
    while let Some((word, after)) = words.split_first() {
        if word == "--" {
            return after;
        }
        if !word.starts_with('-') || word.len() == 1 {
            break;
        }
        words = after;
        if word.starts_with("--") {
            if !word.contains('=') && valued.contains(&word.as_str()) {
                words = words.get(1..).unwrap_or_default();
            }
            continue;
        }
        let cluster = &word[1..];
        for (index, letter) in cluster.char_indices() {
            if valued.contains(&format!("-{letter}").as_str()) {
                if index + letter.len_utf8() == cluster.len() {
                    words = words.get(1..).unwrap_or_default();
                }
                break;
            }
        }
    }
    words
}

/// `env`: options and `NAME=value` words, then the command; `-S`/`--split-string` gives the
/// command as one string to split.
fn env(mut words: &[String], depth: usize) -> Result<Option<String>, Unreadable> {
    loop {
        words = skip_options_until_split(words);
        match words.split_first() {
            Some((word, after)) if is_assignment(word) => words = after,
            Some((word, after)) if word == "-S" || word == "--split-string" => {
                let mut line = after.first().cloned().unwrap_or_default();
                for word in after.iter().skip(1) {
                    line.push(' ');
                    line.push_str(word);
                }
                return nested(&line, depth);
            }
            Some((word, after))
                if word.starts_with("-S") || word.starts_with("--split-string=") =>
            {
                let split = word
                    .strip_prefix("--split-string=")
                    .unwrap_or_else(|| &word[2..]);
                let line = std::iter::once(split)
                    .chain(after.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                return nested(&line, depth);
            }
            _ => return in_command(words, depth),
        }
    }
}

/// `env`'s options up to its first assignment, command or `-S`.
fn skip_options_until_split(mut words: &[String]) -> &[String] {
    while let Some((word, after)) = words.split_first() {
        if word.starts_with("-S") || word.starts_with("--split-string") {
            break;
        }
        if word == "--" {
            return after;
        }
        if !word.starts_with('-') || word.len() == 1 {
            break;
        }
        words = if ENV_VALUED.contains(&word.as_str()) {
            after.get(1..).unwrap_or_default()
        } else {
            after
        };
    }
    words
}

/// `sh -c '…'` and its kin: the command string, when `-c` (alone or in a cluster such as `-ec`)
/// is among the options, is read as a line of its own. A script run by name is not looked into.
fn shell_string(words: &[String], depth: usize) -> Result<Option<String>, Unreadable> {
    let mut command_string = false;
    let mut rest = words;
    while let Some((word, after)) = rest.split_first() {
        if word == "--" || word == "-" {
            rest = after;
            break;
        }
        if !(word.starts_with('-') || word.starts_with('+')) || word.len() == 1 {
            break;
        }
        rest = after;
        if SHELL_VALUED.contains(&word.as_str()) {
            rest = rest.get(1..).unwrap_or_default();
        } else if word.starts_with('-') && !word.starts_with("--") && word.contains('c') {
            command_string = true;
        }
    }
    match rest.first() {
        Some(line) if command_string => nested(line, depth),
        _ => Ok(None),
    }
}

/// `rm`'s arguments hold a recursive and a force flag before any `--`. Long options may be
/// abbreviated as GNU getopt allows (`--rec`, `--forc`).
fn forced_recursive(args: &[String]) -> bool {
    let (mut recursive, mut force) = (false, false);
    for arg in args {
        if arg == "--" {
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or_default();
            recursive |= !name.is_empty() && "recursive".starts_with(name);
            force |= !name.is_empty() && "force".starts_with(name);
        } else if let Some(short) = arg.strip_prefix('-') {
            recursive |= short.contains(['r', 'R']);
            force |= short.contains('f');
        }
    }
    recursive && force
}

/// `find`'s expression deletes: `-delete`, or an `-exec`/`-execdir`/`-ok`/`-okdir` command
/// (ended by `;` or `+`) that is itself a forced recursive delete.
fn find_deletes(args: &[String], depth: usize) -> Result<bool, Unreadable> {
    let mut index = 0;
    while let Some(arg) = args.get(index) {
        index += 1;
        match arg.as_str() {
            "-delete" => return Ok(true),
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let end = args[index..]
                    .iter()
                    .position(|word| word == ";" || word == "+")
                    .map_or(args.len(), |at| index + at);
                if in_command(&args[index..end], depth)?.is_some() {
                    return Ok(true);
                }
                index = end + 1;
            }
            _ => {}
        }
    }
    Ok(false)
}

#[cfg(test)]
#[path = "recursive_delete_tests.rs"]
mod tests;
