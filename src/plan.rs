//! Which hooks an event runs, and why each other one does not (the book, "Where hooks come from",
//! "Matching"): event names, own- dialect skipping, recursion, matchers, `if` rules and cross-file
//! dedup. Spawns nothing, so
//! `--dry-run` shows exactly what `fire` would do.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::config::diagnostics::{Diagnostic, Severity};
use crate::config::locate::Step as PathStep;
use crate::config::reader::child;
use crate::matching::{Rule, RuleContext};
use crate::model::{CommandForm, Dialect, Handler, Hook, Source};
use crate::sources::Config;

mod strength;

use strength::Strength;

/// At this `HOOKRUN_DEPTH` hookrun runs no hook at all.
pub(crate) const MAX_DEPTH: u32 = 8;

/// Why a hook does not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Skip {
    Disabled,
    /// Not registered for this event.
    Event,
    /// The calling agent runs its own hooks (`--output <dialect>`).
    OwnDialect(Dialect),
    Unsupported(String),
    /// Its program is hookrun itself.
    Recursion,
    Depth(u32),
    /// Its matcher does not select the payload (or the target field is missing).
    Matcher,
    /// Its `if` rule does not match.
    Condition,
    /// The same command already runs from an earlier file, at least as strictly (that run takes
    /// this copy's fail-closed posture and shorter timeout).
    Duplicate {
        of: String,
    },
    /// It came with the project, and the user has not trusted its file as it is now.
    Untrusted {
        /// The file has changed since it was trusted.
        changed: bool,
    },
}

impl Skip {
    /// The reason as `--dry-run` and the hook records show it.
    pub(crate) fn describe(&self, hook: &Hook) -> String {
        match self {
            Skip::Disabled => "disabled".to_owned(),
            Skip::Event => "event: not registered for this event".to_owned(),
            Skip::OwnDialect(dialect) => format!("own-dialect: {dialect} runs its own hooks"),
            Skip::Unsupported(kind) => {
                format!("unsupported: handler type `{kind}` is not supported yet")
            }
            Skip::Recursion => "recursion: the hook runs hookrun itself".to_owned(),
            Skip::Depth(depth) => {
                format!("recursion: HOOKRUN_DEPTH is {depth} (limit {MAX_DEPTH})")
            }
            Skip::Matcher => format!(
                "matcher: `{}` does not match",
                hook.matcher.pattern().unwrap_or("")
            ),
            Skip::Condition => format!(
                "if: `{}` does not match",
                hook.condition.as_deref().unwrap_or("")
            ),
            Skip::Duplicate { of } => format!("deduplicated: same command as hook `{of}`"),
            Skip::Untrusted { changed: false } => {
                "untrusted: the project file is not trusted (`hookrun trust`)".to_owned()
            }
            Skip::Untrusted { changed: true } => {
                "untrusted: the project file changed since it was trusted (`hookrun trust`)"
                    .to_owned()
            }
        }
    }

    /// Whether a plain `fire` lists the hook anyway: skips a user would want to know about.
    pub(crate) fn is_notable(&self) -> bool {
        matches!(
            self,
            Skip::Unsupported(_)
                | Skip::Recursion
                | Skip::Depth(_)
                | Skip::Duplicate { .. }
                | Skip::Untrusted { .. }
        )
    }
}

/// One hook's place in the plan.
#[derive(Debug, Clone)]
pub(crate) struct Step {
    /// Index into `Config::hooks`.
    pub(crate) hook: usize,
    pub(crate) skip: Option<Skip>,
    /// Set when later copies of the command were merged into this run: how strictly it runs.
    merged: Option<Strength>,
}

impl Step {
    /// The hook this step runs, as it runs: a run that stands for merged copies takes the
    /// strictest failure posture and the shortest timeout among them.
    pub(crate) fn hook<'c>(&self, config: &'c Config) -> Cow<'c, Hook> {
        let hook = &config.hooks[self.hook];
        match self.merged {
            Some(strength) => Cow::Owned(strength.apply(hook)),
            None => Cow::Borrowed(hook),
        }
    }
}

/// A planned run of a command, which later copies from other files may merge into.
struct Run<'a> {
    step: usize,
    source: usize,
    name: &'a str,
    written_name: Option<&'a str>,
    strength: Strength,
}

/// What planning needs besides the configuration.
pub(crate) struct PlanInput<'a> {
    pub(crate) event: &'a str,
    pub(crate) payload: &'a Value,
    pub(crate) project_dir: &'a Path,
    pub(crate) own_dialect: Option<Dialect>,
    pub(crate) depth: u32,
}

/// What makes two hooks copies of one run: the same command in the same directory, or the same
/// URL with the same body (a `payload_template`, as compact JSON, makes another body).
#[derive(PartialEq, Eq, Hash)]
enum RunKey<'a> {
    Command(&'a CommandForm, &'a Path),
    Url(&'a str, Option<String>),
}

/// Plans every loaded hook. An invalid matcher regex or `if` rule met on the way is a
/// configuration error (fire exits 1).
pub(crate) fn plan(config: &Config, input: &PlanInput<'_>) -> Result<Vec<Step>, Vec<Diagnostic>> {
    let rule_context = rule_context(input);
    let mut errors = Vec::new();
    // Sized once, with std's hasher on fixed keys: the keys are the user's own configuration, and
    // random ones cost a `getrandom` call at every fire.
    let mut runs: HashMap<RunKey<'_>, Vec<Run<'_>>, BuildHasherDefault<DefaultHasher>> =
        HashMap::with_capacity_and_hasher(config.hooks.len(), BuildHasherDefault::default());
    let mut steps: Vec<Step> = Vec::with_capacity(config.hooks.len());
    for (index, hook) in config.hooks.iter().enumerate() {
        let explicit = config.sources[hook.source].explicit();
        let skip = match skip_reason(hook, explicit, input, &rule_context) {
            Ok(skip) => skip,
            Err(problem) => {
                errors.push(hook_error(config, hook, &problem));
                continue;
            }
        };
        let skip = skip.or_else(|| {
            let key = match &hook.handler {
                Handler::Command(form) => RunKey::Command(form, hook.cwd.as_path()),
                // Claude runs one request per URL, whichever files list it.
                Handler::Http(http) => RunKey::Url(
                    &http.url,
                    http.payload_template
                        .as_ref()
                        .map(|template| serde_json::to_string(template).unwrap_or_default()),
                ),
                // Every prompt or agent hook asks its model: none is taken for another.
                // A plugin is run once per plugin directory already (its name is unique).
                // A guard runs in-process and costs nothing: each copy answers for itself.
                Handler::Prompt(_)
                | Handler::Agent(_)
                | Handler::Guard(_)
                | Handler::Plugin(_)
                | Handler::Unsupported { .. } => {
                    return None;
                }
            };
            let copies = runs.entry(key).or_default();
            let strength = Strength::of(hook, input.event);
            // Dedup is across files (within one file too for a dialect that runs a name and
            // command once per event), and never loses strength: a copy merges into a run that
            // can block all it could, else it runs too.
            let merged = copies.iter_mut().find_map(|run| {
                let copy = run.source != hook.source
                    || (hook.dialect.runs_named_command_once()
                        && run.written_name == hook.written_name.as_deref());
                let merged = copy.then(|| run.strength.merge(strength)).flatten()?;
                Some((run, merged))
            });
            if let Some((run, merged)) = merged {
                run.strength = merged;
                steps[run.step].merged = Some(merged);
                return Some(Skip::Duplicate {
                    of: run.name.to_owned(),
                });
            }
            copies.push(Run {
                step: steps.len(),
                source: hook.source,
                name: &hook.name,
                written_name: hook.written_name.as_deref(),
                strength,
            });
            None
        });
        steps.push(Step {
            hook: index,
            skip,
            merged: None,
        });
    }
    if errors.is_empty() {
        Ok(steps)
    } else {
        Err(errors)
    }
}

fn skip_reason(
    hook: &Hook,
    explicit: bool,
    input: &PlanInput<'_>,
    rules: &RuleContext<'_>,
) -> Result<Option<Skip>, Problem> {
    if !hook.enabled {
        return Ok(Some(Skip::Disabled));
    }
    if !hook.dialect.fires_on(&hook.events, input.event) {
        return Ok(Some(Skip::Event));
    }
    let runs_hookrun = || hook.command().is_some_and(runs_hookrun);
    if let Some(skip) = before_selection(hook.dialect, explicit, input, runs_hookrun) {
        return Ok(Some(skip));
    }
    if let Some(skip) = selection(
        hook.dialect,
        &hook.matcher,
        hook.condition.as_deref(),
        input,
        rules,
    )? {
        return Ok(Some(skip));
    }
    // Only a hook that would run for this event is reported as one hookrun cannot run.
    if let Handler::Unsupported { kind } = &hook.handler {
        return Ok(Some(Skip::Unsupported(kind.clone())));
    }
    Ok(None)
}

/// The skips an enabled hook registered for the event meets before its matcher is asked: the
/// calling agent's own hook, too deep a recursion, a hook that runs hookrun itself.
fn before_selection(
    dialect: Dialect,
    explicit: bool,
    input: &PlanInput<'_>,
    runs_hookrun: impl FnOnce() -> bool,
) -> Option<Skip> {
    if input.own_dialect == Some(dialect) && !explicit {
        return Some(Skip::OwnDialect(dialect));
    }
    if input.depth >= MAX_DEPTH {
        return Some(Skip::Depth(input.depth));
    }
    if !explicit && runs_hookrun() {
        return Some(Skip::Recursion);
    }
    None
}

/// Whether the hook's matcher and `if` rule select the payload (`None`), or which of them does
/// not; an invalid matcher regex or `if` rule is a problem.
fn selection(
    dialect: Dialect,
    matcher: &crate::matching::Matcher,
    condition: Option<&str>,
    input: &PlanInput<'_>,
    rules: &RuleContext<'_>,
) -> Result<Option<Skip>, Problem> {
    let target = dialect.target(input.event);
    if !target.allows(matcher, input.payload).map_err(|e| Problem {
        field: "matcher",
        message: e.to_string(),
        help: "escape regex characters with \\, or list exact names separated by |",
    })? {
        return Ok(Some(Skip::Matcher));
    }
    if let Some(text) = condition {
        let rule = Rule::parse(text).map_err(|e| Problem {
            field: "if",
            message: format!("invalid `if` rule `{text}`: {e}"),
            help: "write `Tool` or `Tool(spec)`, e.g. `Bash(rm *)` or `Edit(src/**)`",
        })?;
        if !rule.matches(input.payload, rules) {
            return Ok(Some(Skip::Condition));
        }
    }
    Ok(None)
}

/// The context `if` rules are matched in: the project, and the user's home (`~/…` paths), read
/// once per process (`plan` and [`rules_out`] both ask it on the start-up path of `fire`).
fn rule_context<'a>(input: &PlanInput<'a>) -> RuleContext<'a> {
    static HOME: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    RuleContext {
        project_dir: input.project_dir,
        home: HOME
            .get_or_init(|| std::env::var_os("HOME").map(PathBuf::from))
            .as_deref(),
    }
}

/// Whether the cache may leave `hook` (enabled, registered for the fired event) unread: [`plan`]
/// would skip it only for its matcher or `if` rule, a skip no plain `fire` lists. Any other
/// outcome (it runs, a notable skip, an invalid matcher or rule, which is an error) keeps the
/// hook, so a plan of the hooks kept is the plan of them all but for those silent skips.
pub(crate) fn rules_out(hook: &crate::cache::Candidate<'_>, input: &PlanInput<'_>) -> bool {
    let explicit = hook.source.explicit();
    before_selection(hook.dialect, explicit, input, || hook.may_run_hookrun).is_none()
        && matches!(
            selection(
                hook.dialect,
                hook.matcher,
                hook.condition,
                input,
                &rule_context(input)
            ),
            Ok(Some(_))
        )
}

/// Whether the hook's program is hookrun itself (running it from discovery would recurse).
pub(crate) fn runs_hookrun(form: &CommandForm) -> bool {
    // hookrun under another name, by path: our own executable, resolved once per process.
    static OWN: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    // Only a path can name hookrun under another name: a bare program (`true`, `jq`) costs no
    // look at our own executable (resolving it is a `readlink` per component of its path).
    let Some(program) = form.hookrun_candidate() else {
        return false;
    };
    let base = program.rsplit('/').next().unwrap_or(&program);
    if base == "hookrun" {
        return true;
    }
    let own = OWN.get_or_init(|| {
        std::env::current_exe()
            .ok()
            .and_then(|exe| exe.canonicalize().ok())
    });
    own.as_ref()
        .and_then(|exe| exe.file_name())
        .is_some_and(|name| name == base)
        && Path::new(&program).canonicalize().ok() == *own
}

/// A problem with one field of a hook, met while planning.
struct Problem {
    /// The key it is about (`matcher`, `if`).
    field: &'static str,
    message: String,
    help: &'static str,
}

/// A configuration error about `hook`, pointing where `validate` points for the same problem:
/// at the field when the file has it (a Claude matcher in the hook's group), else at the entry.
fn hook_error(config: &Config, hook: &Hook, problem: &Problem) -> Diagnostic {
    let source = &config.sources[hook.source];
    Diagnostic::at(
        Severity::Error,
        &source.display,
        &source.text,
        field_position(source, hook, problem.field),
        format!("hook `{}`: {}", hook.name, problem.message),
    )
    .with_help(problem.help)
}

/// Where `key` of `hook` is written: only looked up on an error, so the file is parsed again.
fn field_position(source: &Source, hook: &Hook, key: &str) -> (usize, usize) {
    if hook.entry.is_empty() {
        return (0, 0);
    }
    let Some(doc) = source
        .dialect
        .format_of(&source.path)
        .parse(&source.display, &source.text)
    else {
        return source.position_of(hook);
    };
    let group = (key == "matcher")
        .then(|| hook.dialect.matcher_path(&hook.entry))
        .flatten();
    let has = |path: &[PathStep]| {
        path.iter()
            .try_fold(&doc, |value, step| match step {
                PathStep::Key(k) => value.get(k),
                PathStep::Index(i) => value.as_array()?.get(*i),
            })
            .is_some()
    };
    [Some(child(&hook.entry, key)), group]
        .into_iter()
        .flatten()
        .find(|path| has(path))
        .map_or_else(
            || source.position_of(hook),
            |path| source.position(&path, false),
        )
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
