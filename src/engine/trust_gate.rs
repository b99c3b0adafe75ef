//! The fire's trust gate: the planned hooks that came with the project run only when their file is
//! trusted as it is now; the others are held back — loudly: one line on stderr naming the files
//! and the command that trusts them, an `untrusted` record each, and a block (the book, "Trust")
//! where holding them back would quietly turn a guard off:
//!
//! - a file the user trusted and that has changed since, when a held-back hook of it could block
//!   (a filter hook, not async): the user let that guard in, and an edit must not switch it off;
//! - any held-back hook in a CI job ([`crate::trust::in_ci`]), where nobody can review and trust
//!   the checkout, so that a recipe that forgot `--trust-project` fails instead of passing;
//! - any held-back hook under `--strict` or the user's `[trust] untrusted = "block"`.

use crate::model::answer::{Decision, Said};
use crate::model::hook::{Hook, Mode};
use crate::plan::{Skip, Step};
use crate::sources::Config;
use crate::trust::{self, State, Store};
use crate::verdict::{Outcome, Verdict};

/// The hooks a fire held back.
pub(super) struct Held {
    /// Each untrusted file, as reports show it, with "changed" where it was trusted before.
    files: Vec<String>,
    hooks: usize,
    /// Held-back hooks block the action.
    pub(super) blocks: bool,
    /// Why they block, as the stderr line and the deny's reason say it.
    why: Option<&'static str>,
}

/// Marks the planned steps of untrusted project files as held back; `None` when every planned
/// hook may run (nothing from the project, `--trust-project`, or all of it trusted). Reads the
/// store only when a project hook is about to run.
pub(super) fn hold_back(
    config: &Config,
    request: &super::Request<'_>,
    steps: &mut [Step],
) -> Option<Held> {
    if request.trust_project {
        return None;
    }
    let (project_dir, strict) = (request.project_dir, request.strict);
    let mut wanted: Vec<usize> = steps
        .iter()
        .filter(|step| step.skip.is_none())
        .map(|step| config.hooks[step.hook].source)
        .filter(|&source| trust::needs_trust(config.sources[source].level))
        .collect();
    if wanted.is_empty() {
        return None;
    }
    wanted.sort_unstable();
    wanted.dedup();
    let store = Store::load();
    if let Some(why) = &store.ignored {
        crate::stderr::say!("hookrun: warning: ignoring the trust store: {why}");
    }
    let assessed = trust::assess(config, project_dir, &store, Some(&wanted));
    let mut held = Held {
        files: Vec::new(),
        hooks: 0,
        blocks: false,
        why: if strict {
            Some("--strict")
        } else if trust::blocks_when_untrusted(config) {
            Some("[trust] untrusted = \"block\"")
        } else if trust::in_ci() {
            Some("in CI (the CI variable is set), where nobody can trust them")
        } else {
            None
        },
    };
    let mut changed_guard = false;
    for source in assessed.iter().filter(|s| s.state != State::Trusted) {
        let changed = matches!(source.state, State::Changed { .. });
        let display = &config.sources[source.source].display;
        held.files.push(if changed {
            format!("{display} (changed since trusted)")
        } else {
            display.clone()
        });
        for step in steps.iter_mut().filter(|step| step.skip.is_none()) {
            let hook = &config.hooks[step.hook];
            if hook.source == source.source {
                step.skip = Some(Skip::Untrusted { changed });
                held.hooks += 1;
                changed_guard |= changed && could_block(hook);
            }
        }
    }
    if held.why.is_none() && changed_guard {
        held.why = Some("a guard of a file you trusted changed since");
    }
    held.blocks = held.why.is_some();
    (held.hooks > 0).then_some(held)
}

/// Whether `hook`'s answer could stop the action when it runs: a filter hook that hookrun waits
/// for. An observe or async hook held back loses no block.
fn could_block(hook: &Hook) -> bool {
    hook.mode == Mode::Filter && !hook.run_async
}

impl Held {
    /// The one stderr line.
    pub(super) fn announce(&self) {
        let hooks = if self.hooks == 1 { "hook" } else { "hooks" };
        let action = match self.why {
            Some(why) => format!("blocking: {why}"),
            None => "not run".to_owned(),
        };
        crate::stderr::say!(
            "hookrun: held back {} {hooks} of untrusted project files ({action}): {}; review and trust them with `hookrun trust`",
            self.hooks,
            self.files.join(", ")
        );
    }

    /// The deny that stands for the held-back hooks when they block.
    pub(super) fn verdict(&self) -> Verdict {
        Verdict {
            outcome: Outcome::Blocking,
            decision: Decision::Deny,
            reason: Some(format!(
                "hookrun held back hooks of untrusted project files ({}), and blocks for them ({}): review and trust them with `hookrun trust`",
                self.files.join(", "),
                self.why.unwrap_or("held back")
            )),
            error: None,
            said: Said::default(),
            ignored_decision: None,
            reasons: crate::model::answer::Reasons::Winning,
        }
    }
}
