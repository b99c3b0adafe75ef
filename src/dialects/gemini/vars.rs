//! Gemini CLI's variables for a hook: their values (passed in the environment) and their
//! substitution in the command text. Before the shell reads a command, Gemini CLI 0.61.0 replaces
//! `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD`, `$GEMINI_PLANS_DIR`, `$GEMINI_SESSION_ID` and
//! `$CLAUDE_PROJECT_DIR` with their shell-quoted values (`HookRunner.expandCommand`,
//! `@google/gemini-cli-core` 0.61.0 `dist/src/hooks/hookRunner.js` lines 380-391):
//!
//! - only the bare `$NAME` form (`.replace(/\$GEMINI_CWD/g, …)`): `${GEMINI_CWD}` is left to the
//!   shell, which reads the same value from the environment;
//! - wherever the name starts, with no word boundary (`$GEMINI_CWDX` is the quoted cwd, then `X`);
//! - one pass per variable in the order above, so text a value brings in is seen by later passes;
//! - each value through `escapeShellArg(value, 'bash')` (`dist/src/utils/shell-utils.js` line
//!   567): a missing or empty one becomes nothing (`if (!arg) return ''`), any other shell-quote
//!   1.8.3's `quote([value])` ([`quote`]).
//!
//! The values are the ones hookrun passes in the environment, so `$NAME` and `${NAME}` agree.

use serde_json::Value;

use crate::model::dialect::EventContext;

/// The variables' values for one hook, as `environment` passes them.
pub(crate) struct Values {
    pub(crate) project: String,
    pub(crate) cwd: String,
    pub(crate) session: String,
    /// `GEMINI_PLANS_DIR` when hookrun sets it; `None` when it is inherited or unknown.
    pub(crate) plans: Option<String>,
}

impl Values {
    pub(crate) fn of(ctx: &EventContext<'_>) -> Values {
        let project = ctx.project_dir.to_string_lossy().into_owned();
        let text = |key: &str| ctx.payload.get(key).and_then(Value::as_str);
        let cwd = text("cwd").unwrap_or(&project).to_owned();
        let session = text("session_id").unwrap_or("").to_owned();
        let plans = super::plans::plans_dir(ctx.project_dir, &session);
        Values {
            project,
            cwd,
            session,
            plans,
        }
    }
}

/// `command` with Gemini's variables replaced, or `None` when it names none of them.
pub(crate) fn expand(command: &str, values: &Values) -> Option<String> {
    if !command.contains("$GEMINI_") && !command.contains("$CLAUDE_PROJECT_DIR") {
        return None;
    }
    // Set by the Gemini that runs hookrun, the plans directory is inherited, not recomputed.
    let inherited = std::env::var("GEMINI_PLANS_DIR").ok();
    let plans = values
        .plans
        .as_deref()
        .or(inherited.as_deref())
        .unwrap_or("");
    let passes = [
        ("$GEMINI_PROJECT_DIR", values.project.as_str()),
        ("$GEMINI_CWD", &values.cwd),
        ("$GEMINI_PLANS_DIR", plans),
        ("$GEMINI_SESSION_ID", &values.session),
        ("$CLAUDE_PROJECT_DIR", &values.project),
    ];
    let mut text = command.to_owned();
    for (name, value) in passes {
        text = text.replace(name, &escape_shell_arg(value));
    }
    Some(text)
}

/// `escapeShellArg(arg, 'bash')`: nothing for an empty value, else [`quote`].
fn escape_shell_arg(arg: &str) -> String {
    if arg.is_empty() {
        String::new()
    } else {
        quote(arg)
    }
}

/// shell-quote 1.8.3's `quote([s])` for a non-empty `s` (`quote.js`): single quotes around text
/// with a space, `"` or `\` and no `'`; else double quotes (with `"`, `\`, `$`, `` ` ``, `!`
/// escaped) around text with a space or a quote; else each special character backslashed, except
/// that a letter and `:` before one stay as they are (`/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g`).
fn quote(s: &str) -> String {
    let spaced = s.chars().any(js_space);
    if (spaced || s.contains(['"', '\\'])) && !s.contains('\'') {
        return format!("'{s}'");
    }
    if spaced || s.contains(['"', '\'']) {
        let mut out = String::from("\"");
        for c in s.chars() {
            if matches!(c, '"' | '\\' | '$' | '`' | '!') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        return out;
    }
    let special = |c: char| "#!\"$&'()*,:;<=>?@[\\]^`{|}".contains(c);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphabetic()
            && chars.get(i + 1) == Some(&':')
            && let Some(&next) = chars.get(i + 2).filter(|n| special(**n))
        {
            out.extend([c, ':', '\\', next]);
            i += 3;
            continue;
        }
        if special(c) {
            out.push('\\');
        }
        out.push(c);
        i += 1;
    }
    out
}

/// JavaScript's `\s`, which differs from [`char::is_whitespace`] (it has U+FEFF, not U+0085).
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

#[cfg(test)]
#[path = "vars_tests.rs"]
mod tests;
