//! PRX hooks are observe-only (SPEC §5 rule 2): whatever they print or exit with, nothing they
//! say reaches the decision. A deny or ask they print is a failure of the hook, kept in its record.

use crate::verdict::{Decision, Outcome, Said, Verdict};

/// `verdict` with every effect on the merged decision removed.
pub(crate) fn observe_only(mut verdict: Verdict) -> Verdict {
    if let Some(decision) = verdict.ignored_decision {
        let word = match decision {
            Decision::Ask => "ask",
            _ => "deny",
        };
        verdict.outcome = Outcome::NonBlockingError;
        verdict
            .error
            .get_or_insert_with(|| format!("prx hooks are observe-only: its {word} was ignored"));
    }
    verdict.decision = Decision::None;
    verdict.said = Said {
        extra: std::mem::take(&mut verdict.said.extra),
        ..Said::default()
    };
    verdict
}
