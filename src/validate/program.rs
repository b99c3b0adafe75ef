//! "Command not found or not executable" (a warning): the program a hook starts,
//! resolved the way `fire` would start it. Exec form: the program itself, relative to the hook's
//! working directory or on `PATH`. Shell form: the first word after `VAR=value` assignments and
//! wrappers like `exec`/`env`; commands that start with a shell builtin or keyword, or whose
//! program is only known after expansion (`$(…)`, an unknown `$VAR`, a glob), are left alone —
//! `sh` decides those. When the program is an interpreter (`python3 hooks/x.py`), its script is
//! checked too.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use crate::execute::job::SAFE_PATH;
use crate::matching::is_assignment;
use crate::model::{CommandForm, Hook};

/// Words that run the next word as the program.
const WRAPPERS: &[&str] = &["exec", "command", "nohup", "env", "time", "nice"];
/// Words the shell handles itself: nothing on disk to check.
const BUILTINS: &[&str] = &[
    ":", ".", "source", "cd", "echo", "printf", "exit", "true", "false", "test", "[", "[[", "if",
    "for", "while", "until", "case", "{", "(", "!", "export", "set", "unset", "eval", "read",
    "trap", "return", "shift", "wait", "kill", "ulimit", "umask", "alias", "type", "pwd",
    "function", "local", "readonly",
];
/// Interpreters whose first non-flag argument is a script file.
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "python", "python3", "node", "ruby", "perl", "php",
];
/// Interpreter flags after which the code is inline, not a script file.
const INLINE_FLAGS: &[&str] = &["-c", "-e", "-m", "-p", "-E", "--eval", "--print"];

/// A program that will not start, as a message and a one-line fix.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Problem {
    pub(super) message: String,
    pub(super) help: String,
}

/// Checks the program (and interpreter script) `hook` would start.
pub(super) fn check(hook: &Hook, project_dir: &Path) -> Option<Problem> {
    let form = hook.command()?;
    let words = match form {
        CommandForm::Exec { .. } => form.program_words()?,
        CommandForm::Shell(_) => shell_program_words(form)?,
    };
    let mut words = words.iter().map(|w| expand(w, project_dir));
    let program = words.next()??;
    resolve_program(hook, &program).or_else(|| {
        let base = program.rsplit('/').next().unwrap_or(&program);
        if !INTERPRETERS.contains(&base) {
            return None;
        }
        let script = script_argument(words)?;
        let path: std::path::PathBuf = hook.cwd.join(&script).components().collect();
        (!path.is_file()).then(|| Problem {
            message: format!("`{script}` (run by {base}) not found: {}", path.display()),
            help: "create the script, or fix its path (relative paths start at the hook's working directory)".to_owned(),
        })
    })
}

/// The words of a shell command from its program on, or `None` when the program cannot be
/// known without running the shell.
fn shell_program_words(form: &CommandForm) -> Option<Vec<String>> {
    let mut rest = form.program_words()?.into_iter().peekable();
    while let Some(word) = rest.peek() {
        if WRAPPERS.contains(&word.as_str()) || word.starts_with('-') || is_assignment(word) {
            rest.next();
        } else {
            break;
        }
    }
    let words: Vec<String> = rest.collect();
    let first = words.first()?.trim_end_matches(';');
    if BUILTINS.contains(&first) || first.starts_with(['(', '{']) || first.is_empty() {
        return None;
    }
    Some(words)
}

/// `word` with the project-dir variables and a leading `~` expanded, trailing `;` dropped;
/// `None` when it still needs the shell (another variable, a substitution, a glob).
fn expand(word: &str, project_dir: &Path) -> Option<String> {
    let mut out = word.trim_end_matches(';').to_owned();
    let project = project_dir.to_string_lossy();
    // Variables hookrun (or the agent) sets to the project directory.
    let dialect_vars = crate::dialects::ALL
        .iter()
        .flat_map(|d| d.project_dir_vars());
    for var in std::iter::once(&"HOOKRUN_PROJECT_DIR").chain(dialect_vars) {
        out = out
            .replace(&format!("${{{var}}}"), &project)
            .replace(&format!("${var}"), &project);
    }
    if let Some(home) = std::env::var_os("HOME") {
        let home = home.to_string_lossy();
        if let Some(rest) = out.strip_prefix("~/") {
            out = format!("{home}/{rest}");
        }
        out = out.replace("${HOME}", &home).replace("$HOME", &home);
    }
    let needs_shell = out.contains(['$', '`', '*', '?', '[', '|', '&', '<', '>']);
    (!needs_shell && !out.is_empty()).then_some(out)
}

/// The first argument that names a script, unless the code is given inline.
fn script_argument(words: impl Iterator<Item = Option<String>>) -> Option<String> {
    for word in words {
        let word = word?;
        if INLINE_FLAGS.contains(&word.as_str()) {
            return None;
        }
        if !word.starts_with('-') {
            return Some(word);
        }
    }
    None
}

fn resolve_program(hook: &Hook, program: &str) -> Option<Problem> {
    if program.contains('/') {
        let path: std::path::PathBuf = hook.cwd.join(program).components().collect();
        return file_problem(program, &path);
    }
    let search = search_path(hook);
    let found = std::env::split_paths(&search)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file());
    match found {
        Some(path) => file_problem(program, &path),
        None => Some(Problem {
            message: format!(
                "`{program}` not found on PATH ({})",
                search.to_string_lossy()
            ),
            help: format!("install `{program}`, or give its path (e.g. ./hooks/{program})"),
        }),
    }
}

/// The `PATH` the hook's process would search.
fn search_path(hook: &Hook) -> std::ffi::OsString {
    if let Some((_, path)) = hook.env.iter().rev().find(|(key, _)| key == "PATH") {
        return path.into();
    }
    if hook.sanitize_env {
        return SAFE_PATH.into();
    }
    std::env::var_os("PATH").unwrap_or_default()
}

fn file_problem(program: &str, path: &Path) -> Option<Problem> {
    let Ok(metadata) = std::fs::metadata(path) else {
        return Some(Problem {
            message: format!("`{program}` not found: {}", path.display()),
            help:
                "create it, or fix the path (relative paths start at the hook's working directory)"
                    .to_owned(),
        });
    };
    if metadata.is_dir() {
        return Some(Problem {
            message: format!("`{program}` is a directory: {}", path.display()),
            help: "name the program inside it".to_owned(),
        });
    }
    (metadata.permissions().mode() & 0o111 == 0).then(|| Problem {
        message: format!("`{program}` is not executable: {}", path.display()),
        help: format!("chmod +x {}", path.display()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_programs_skip_assignments_wrappers_and_builtins() {
        let words =
            |c: &str| shell_program_words(&CommandForm::Shell(c.to_owned())).map(|w| w[0].clone());
        assert_eq!(words("FOO=1 BAR=2 ./a.sh x"), Some("./a.sh".into()));
        assert_eq!(words("exec env X=1 jq ."), Some("jq".into()));
        assert_eq!(words("echo hi"), None);
        assert_eq!(words("(cd x && y)"), None);
        assert_eq!(words("if true; then x; fi"), None);
        assert_eq!(words("'unbalanced"), None);
    }

    #[test]
    fn expansion_keeps_only_what_needs_no_shell() {
        let dir = Path::new("/p");
        for var in crate::dialects::ALL
            .iter()
            .flat_map(|d| d.project_dir_vars())
        {
            assert_eq!(
                expand(&format!("${var}/h.sh"), dir).as_deref(),
                Some("/p/h.sh")
            );
        }
        assert_eq!(
            expand("${HOOKRUN_PROJECT_DIR}/h.sh;", dir).as_deref(),
            Some("/p/h.sh")
        );
        assert_eq!(expand("$OTHER/h.sh", dir), None);
        assert_eq!(expand("hooks/*.sh", dir), None);
    }

    #[test]
    fn inline_code_has_no_script() {
        let words = |list: &[&str]| {
            list.iter()
                .map(|w| Some((*w).to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            script_argument(words(&["-c", "print(1)"]).into_iter()),
            None
        );
        assert_eq!(
            script_argument(words(&["-u", "hooks/x.py"]).into_iter()).as_deref(),
            Some("hooks/x.py")
        );
    }
}
