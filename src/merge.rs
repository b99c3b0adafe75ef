//! Merging the hooks' verdicts into one decision (docs/decision-document.md). A pure fold over the
//! verdicts in run order: no I/O, no clocks, exhaustively tested. How reasons and stop reasons
//! join is the hooks' dialect's rule ([`Reasons`]); the decision merges the same way always.

use serde_json::Value;

pub(crate) use crate::model::answer::Merged;
use crate::model::answer::{Reasons, Steer};
use crate::verdict::{Decision, Verdict};

/// Folds `verdicts` (in run order). `final_input` is the tool input after every chained rewrite,
/// `None` when no hook rewrote it; it is dropped when the decision is `deny`.
pub(crate) fn merge(verdicts: &[&Verdict], final_input: Option<Value>) -> Merged {
    let decision = verdicts
        .iter()
        .map(|v| v.decision)
        .max()
        .unwrap_or_default();
    let join = |pick: fn(&Verdict) -> Option<&String>| -> Option<String> {
        let parts: Vec<&str> = verdicts
            .iter()
            .filter_map(|v| pick(v))
            .map(String::as_str)
            .collect();
        (!parts.is_empty()).then(|| parts.join("\n"))
    };
    let rule = rule(verdicts);
    let winning = verdicts
        .iter()
        .filter(|v| v.decision == decision && decision != Decision::None);
    let reason = match rule {
        // Every hook's reason, but only when some decision blocks or allows: a reason alone
        // decides nothing.
        Reasons::All if decision != Decision::None => joined(verdicts.iter().map(|v| &v.reason)),
        Reasons::Last => winning.rev().find_map(|v| v.reason.clone()),
        _ => joined(winning.map(|v| &v.reason)),
    };
    let stop_reason = match rule {
        Reasons::All => joined(
            verdicts
                .iter()
                .filter(|v| v.said.continue_ == Some(false))
                .map(|v| &v.said.stop_reason),
        ),
        Reasons::Last => verdicts
            .iter()
            .rev()
            .find_map(|v| v.said.stop_reason.clone()),
        Reasons::Winning => None,
    }
    .or_else(|| verdicts.iter().find_map(|v| v.said.stop_reason.clone()));
    Merged {
        decision,
        reason,
        continue_: !verdicts.iter().any(|v| v.said.continue_ == Some(false)),
        stop_reason,
        updated_input: final_input.filter(|_| decision != Decision::Deny),
        updated_output: verdicts
            .iter()
            .rev()
            .find_map(|v| v.said.updated_output.clone()),
        additional_context: join(|v| v.said.additional_context.as_ref()),
        contexts: verdicts
            .iter()
            .filter_map(|v| v.said.additional_context.clone())
            .collect(),
        system_message: join(|v| v.said.system_message.as_ref()),
        user_message: join(|v| v.said.user_message.as_ref()),
        agent_message: join(|v| v.said.agent_message.as_ref()),
        followup_message: join(|v| v.said.followup_message.as_ref()),
        steer: Steer::fold(verdicts.iter().map(|v| &v.said.steer)),
    }
}

/// The verdicts' rule for joining reasons: their dialect's when they share one, else hookrun's
/// own (hooks of several dialects in one fire).
fn rule(verdicts: &[&Verdict]) -> Reasons {
    let mut rules = verdicts.iter().map(|v| v.reasons);
    let first = rules.next().unwrap_or_default();
    if rules.all(|rule| rule == first) {
        first
    } else {
        Reasons::Winning
    }
}

/// The present texts joined with `\n`, or `None`.
fn joined<'a>(texts: impl Iterator<Item = &'a Option<String>>) -> Option<String> {
    let parts: Vec<&str> = texts.filter_map(Option::as_deref).collect();
    (!parts.is_empty()).then(|| parts.join("\n"))
}

impl Merged {
    /// Whether the action may proceed: the exit code 0/2 of `hookrun fire`.
    pub(crate) fn blocks(&self) -> bool {
        self.decision.blocks() || !self.continue_
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::verdict::{Outcome, Said};

    fn verdict(decision: Decision, reason: Option<&str>) -> Verdict {
        Verdict {
            outcome: if decision.blocks() {
                Outcome::Blocking
            } else {
                Outcome::Success
            },
            decision,
            reason: reason.map(str::to_owned),
            error: None,
            said: Said::default(),
            ignored_decision: None,
            reasons: crate::model::answer::Reasons::Winning,
        }
    }

    fn with(mut v: Verdict, edit: impl FnOnce(&mut Said)) -> Verdict {
        edit(&mut v.said);
        v
    }

    #[test]
    fn decision_precedence_is_deny_ask_allow_none() {
        use Decision::*;
        let rows: &[(&[Decision], Decision)] = &[
            (&[], None),
            (&[None, None], None),
            (&[Allow, None], Allow),
            (&[Allow, Ask], Ask),
            (&[Ask, Deny, Allow], Deny),
            (&[Deny, Allow], Deny),
        ];
        for (decisions, expected) in rows {
            let verdicts: Vec<Verdict> = decisions
                .iter()
                .map(|d| verdict(*d, Option::None))
                .collect();
            let refs: Vec<&Verdict> = verdicts.iter().collect();
            assert_eq!(
                merge(&refs, Option::None).decision,
                *expected,
                "{decisions:?}"
            );
        }
    }

    #[test]
    fn reasons_come_from_the_winning_decision_in_run_order() {
        let a = verdict(Decision::Allow, Some("fine"));
        let b = verdict(Decision::Deny, Some("no rm"));
        let c = verdict(Decision::Deny, Some("no sudo"));
        let merged = merge(&[&a, &b, &c], None);
        assert_eq!(merged.reason.as_deref(), Some("no rm\nno sudo"));
        let none = verdict(Decision::None, Some("said nothing"));
        assert_eq!(merge(&[&none], None).reason, None);
    }

    #[test]
    fn rewritten_input_is_kept_unless_denied() {
        let allow = verdict(Decision::Allow, None);
        let deny = verdict(Decision::Deny, Some("x"));
        let input = json!({"command": "echo safe"});
        assert_eq!(
            merge(&[&allow], Some(input.clone())).updated_input,
            Some(input.clone())
        );
        assert_eq!(merge(&[&allow, &deny], Some(input)).updated_input, None);
    }

    #[test]
    fn messages_join_and_output_takes_the_last() {
        let a = with(verdict(Decision::None, None), |s| {
            s.additional_context = Some("a".into());
            s.updated_output = Some(json!(1));
            s.system_message = Some("m1".into());
        });
        let b = with(verdict(Decision::None, None), |s| {
            s.additional_context = Some("b".into());
            s.updated_output = Some(json!(2));
            s.followup_message = Some("next".into());
        });
        let merged = merge(&[&a, &b], None);
        assert_eq!(merged.additional_context.as_deref(), Some("a\nb"));
        assert_eq!(merged.contexts, ["a", "b"]);
        assert_eq!(merged.updated_output, Some(json!(2)));
        assert_eq!(merged.system_message.as_deref(), Some("m1"));
        assert_eq!(merged.followup_message.as_deref(), Some("next"));
        assert_eq!(merged.user_message, None);
    }

    fn ruled(mut v: Verdict, rule: Reasons) -> Verdict {
        v.reasons = rule;
        v
    }

    #[test]
    fn all_joins_every_reason_and_every_stop_reason_one_per_line() {
        let allow = ruled(
            verdict(Decision::Allow, Some("Hook 1 allowed")),
            Reasons::All,
        );
        let deny = ruled(
            verdict(Decision::Deny, Some("Hook 2 blocked")),
            Reasons::All,
        );
        let merged = merge(&[&allow, &deny], None);
        assert_eq!(merged.decision, Decision::Deny);
        assert_eq!(
            merged.reason.as_deref(),
            Some("Hook 1 allowed\nHook 2 blocked")
        );
        let stop = |reason: &str| {
            with(ruled(verdict(Decision::None, None), Reasons::All), |s| {
                s.continue_ = Some(false);
                s.stop_reason = Some(reason.into());
            })
        };
        let merged = merge(&[&stop("s1"), &stop("s2")], None);
        assert_eq!(merged.stop_reason.as_deref(), Some("s1\ns2"));
        assert!(merged.blocks());
        // Without a decision a reason alone is not reported.
        let said = ruled(verdict(Decision::None, Some("note")), Reasons::All);
        assert_eq!(merge(&[&said], None).reason, None);
    }

    #[test]
    fn last_keeps_the_last_winning_reason_and_a_block_stays_a_block() {
        let r1 = ruled(verdict(Decision::Deny, Some("r1")), Reasons::Last);
        let r2 = ruled(verdict(Decision::Deny, Some("r2")), Reasons::Last);
        let allow = ruled(verdict(Decision::Allow, Some("fine")), Reasons::Last);
        let merged = merge(&[&r1, &r2, &allow], None);
        assert_eq!(merged.decision, Decision::Deny);
        assert_eq!(merged.reason.as_deref(), Some("r2"));
    }

    #[test]
    fn hooks_of_several_rules_join_by_hookruns_own() {
        let all = ruled(verdict(Decision::Allow, Some("fine")), Reasons::All);
        let deny = verdict(Decision::Deny, Some("no"));
        assert_eq!(merge(&[&all, &deny], None).reason.as_deref(), Some("no"));
    }

    #[test]
    fn continue_false_dominates_and_the_first_stop_reason_wins() {
        let a = with(verdict(Decision::Allow, None), |s| s.continue_ = Some(true));
        let b = with(verdict(Decision::None, None), |s| {
            s.continue_ = Some(false);
            s.stop_reason = Some("Stop requested".into());
        });
        let c = with(verdict(Decision::None, None), |s| {
            s.stop_reason = Some("later".into());
        });
        let merged = merge(&[&a, &b, &c], None);
        assert!(!merged.continue_);
        assert!(merged.blocks());
        assert_eq!(merged.stop_reason.as_deref(), Some("Stop requested"));
        assert!(merge(&[&a], None).continue_);
    }
}
