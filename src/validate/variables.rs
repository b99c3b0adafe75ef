//! "`${VAR}` a command needs that will be unset": the variables a hook's command text expands,
//! against what its process will have — the environment of the job `fire` would build for it
//! (hookrun's own `HOOKRUN_*`, its dialect's variables and payload file, its `env`), plus, unless
//! it starts from an empty environment, the one `validate` runs in. A variable the command sets
//! itself, or expands with a default (`${VAR:-x}`), is not needed.

use std::ffi::OsStr;

use crate::execute::job::{FireContext, job};
use crate::model::dialect::EventContext;
use crate::model::{CommandForm, EventSelector, Hook};

/// What every shell has without being told.
const SHELL_VARS: &[&str] = &[
    "IFS",
    "PWD",
    "OLDPWD",
    "PPID",
    "OPTIND",
    "OPTARG",
    "LINENO",
    "RANDOM",
    "SECONDS",
    "PS1",
    "PS2",
    "PS4",
    "HOSTNAME",
    "UID",
    "EUID",
    "SHELL",
    "BASH",
    "BASH_VERSION",
    "BASHPID",
];

/// The variables `text` expands that nothing in it defines: `$NAME` and `${NAME}` (and `${NAME…}`
/// with an operator other than a default or an error), in order, once each.
pub(super) fn expanded(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out: Vec<String> = Vec::new();
    let mut quoted = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\'' => quoted = !quoted,
            b'\\' if !quoted => i += 1,
            b'$' if !quoted => {
                let braced = bytes.get(i + 1) == Some(&b'{');
                let start = i + 1 + usize::from(braced);
                let end = start
                    + bytes[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                        .count();
                let name = &text[start..end];
                let starts_well = name
                    .bytes()
                    .next()
                    .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
                // `${VAR:-x}`, `${VAR-x}`, `${VAR:=x}`, `${VAR:?x}`, `${VAR:+x}`: unset is handled.
                let handled =
                    braced && matches!(bytes.get(end), Some(b':' | b'-' | b'=' | b'?' | b'+'));
                if starts_well && !handled && !out.iter().any(|n| n == name) {
                    out.push(name.to_owned());
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out.retain(|name| !defines(text, name));
    out
}

/// Whether `text` gives `name` a value itself (`NAME=…`, `export NAME=…`, `for NAME in`,
/// `read NAME`).
fn defines(text: &str, name: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';' || c == '&' || c == '|' || c == '(')
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(index, word)| {
        word.strip_prefix(name)
            .is_some_and(|rest| rest.starts_with('='))
            || (*word == name
                && index > 0
                && matches!(words[index - 1], "for" | "read" | "export" | "local" | "-r"))
    })
}

/// The variables `hook`'s command needs that its process will not have.
pub(super) fn unset(hook: &Hook, project_dir: &std::path::Path) -> Vec<String> {
    let Some(form) = hook.command() else {
        return Vec::new();
    };
    let texts: Vec<&str> = match form {
        CommandForm::Shell(text) => vec![text],
        CommandForm::Exec { program, args } => std::iter::once(program.as_str())
            .chain(args.iter().map(String::as_str))
            .collect(),
    };
    let event = match &hook.events {
        EventSelector::Named(name) => name.as_str(),
        _ => "",
    };
    let payload = serde_json::Map::new();
    let ctx = EventContext {
        event,
        project_dir,
        payload: &payload,
        raw: None,
        timestamp: "",
    };
    let mut extra = hook.dialect.environment(hook, &ctx, b"{}\n");
    if let Some(var) = hook.dialect.payload_file_var(hook) {
        extra.push((var.to_owned(), String::new()));
    }
    let fire = FireContext {
        project_dir,
        event,
        depth: 1,
    };
    let job = job(hook, form, &fire, extra, b"", hook.timeout);
    let has = |name: &str| {
        SHELL_VARS.contains(&name)
            || name == "PATH"
            || job.env.iter().any(|(key, _)| &**key == OsStr::new(name))
            || (!job.clear_env && std::env::var_os(name).is_some())
    };
    let mut out: Vec<String> = Vec::new();
    for text in texts {
        for name in expanded(text) {
            if !has(&name) && !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::expanded;

    #[test]
    fn finds_plain_and_braced_variables_once() {
        assert_eq!(
            expanded(r#""${PLUGIN_ROOT}/x.sh" $A $A "${B}""#),
            ["PLUGIN_ROOT", "A", "B"]
        );
    }

    #[test]
    fn skips_single_quotes_escapes_defaults_and_specials() {
        assert_eq!(
            expanded(r"echo '$NOPE' \$ALSO ${D:-x} ${E-y} ${F:?must} $1 $? $$ $@"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn variables_the_command_sets_are_not_needed() {
        assert_eq!(
            expanded("X=1; echo $X; for f in a b; do echo $f; done; read -r line; echo $line $Y"),
            ["Y"]
        );
    }
}
