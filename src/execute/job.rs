//! A hook turned into the runner's plain [`Job`]: shell or exec form, hookrun's own variables,
//! the dialect's variables and payload file, the hook's own environment (hookrun's, or the
//! sanitised one), and its timeout. The runner then knows nothing of hooks or dialects.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::time::Duration;

use crate::model::{CommandForm, Hook, StdinMode};
use crate::runner::Job;

/// The `PATH` of a sanitised environment.
pub(crate) const SAFE_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// What every hook of one fire shares.
pub(crate) struct FireContext<'a> {
    pub(crate) project_dir: &'a Path,
    pub(crate) event: &'a str,
    /// `HOOKRUN_DEPTH` for the hooks (one more than hookrun's own).
    pub(crate) depth: u32,
}

/// The job for `hook`. `extra_env` (the dialect's variables and the payload file) comes after
/// hookrun's own variables and before the hook's `env`, which wins.
pub(crate) fn job<'a>(
    hook: &'a Hook,
    form: &CommandForm,
    ctx: &FireContext<'a>,
    extra_env: Vec<(String, String)>,
    stdin: &'a [u8],
    timeout: Duration,
) -> Job<'a> {
    let project = ctx.project_dir.to_string_lossy();
    let (program, args): (OsString, Vec<OsString>) = match form {
        CommandForm::Shell(text) => (hook.dialect.shell().into(), vec!["-c".into(), text.into()]),
        CommandForm::Exec { program, args } => {
            let program = substitute(program, &project, &hook.env);
            let program_path = Path::new(&program);
            let program = if program.contains('/') && program_path.is_relative() {
                hook.cwd.join(program_path).into_os_string()
            } else {
                program.into()
            };
            let args = args
                .iter()
                .map(|arg| substitute(arg, &project, &hook.env).into());
            (program, args.collect())
        }
    };
    let lend = |text: &'a str| Cow::Borrowed(OsStr::new(text));
    let own = |text: String| Cow::Owned(OsString::from(text));
    let mut env = Vec::with_capacity(6 + extra_env.len() + hook.env.len());
    if hook.sanitize_env {
        env.push((lend("PATH"), lend(SAFE_PATH)));
    }
    env.push((lend("HOOKRUN_EVENT"), lend(ctx.event)));
    env.push((
        lend("HOOKRUN_PROJECT_DIR"),
        Cow::Borrowed(ctx.project_dir.as_os_str()),
    ));
    env.push((lend("HOOKRUN_HOOK"), lend(&hook.name)));
    env.push((lend("HOOKRUN_DEPTH"), own(ctx.depth.to_string())));
    env.extend(extra_env.into_iter().map(|(k, v)| (own(k), own(v))));
    for name in &hook.env_forward {
        if let Some(value) = std::env::var_os(name) {
            env.push((lend(name), Cow::Owned(value)));
        }
    }
    env.extend(hook.env.iter().map(|(k, v)| (lend(k), lend(v))));
    Job {
        program,
        args,
        clear_env: hook.sanitize_env,
        env,
        cwd: &hook.cwd,
        stdin: matches!(hook.stdin, StdinMode::Payload).then_some(stdin),
        remove_after: Vec::new(),
        timeout,
        grace: hook.kill_grace,
    }
}

/// `${HOOKRUN_PROJECT_DIR}`, `${CLAUDE_PROJECT_DIR}` and the hook's own variables (a plugin's
/// `${CLAUDE_PLUGIN_ROOT}`) replaced; the result stays one argument.
fn substitute(text: &str, project_dir: &str, env: &[(String, String)]) -> String {
    if !text.contains("${") {
        return text.to_owned();
    }
    let mut out = text
        .replace("${HOOKRUN_PROJECT_DIR}", project_dir)
        .replace("${CLAUDE_PROJECT_DIR}", project_dir);
    for (key, value) in env {
        out = out.replace(&format!("${{{key}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_dir_placeholders_are_replaced_as_whole_strings() {
        assert_eq!(
            substitute("${CLAUDE_PROJECT_DIR}/hooks/a.sh", "/p q", &[]),
            "/p q/hooks/a.sh"
        );
        assert_eq!(substitute("${HOOKRUN_PROJECT_DIR}", "/p", &[]), "/p");
        assert_eq!(
            substitute("$CLAUDE_PROJECT_DIR", "/p", &[]),
            "$CLAUDE_PROJECT_DIR"
        );
        let env = [("PLUGIN_ROOT".to_owned(), "/plug in".to_owned())];
        assert_eq!(
            substitute("${PLUGIN_ROOT}/scripts/guard.py", "/p", &env),
            "/plug in/scripts/guard.py"
        );
    }
}
