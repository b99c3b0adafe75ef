//! Merging the hooks' verdicts into one decision (docs/decision-document.md). A pure fold over the
//! verdicts in run order: no I/O, no clocks, exhaustively tested.

use serde_json::Value;

pub(crate) use crate::model::answer::Merged;
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
    let reason = {
        let parts: Vec<&str> = verdicts
            .iter()
            .filter(|v| v.decision == decision && decision != Decision::None)
            .filter_map(|v| v.reason.as_deref())
            .collect();
        (!parts.is_empty()).then(|| parts.join("\n"))
    };
    Merged {
        decision,
        reason,
        continue_: !verdicts.iter().any(|v| v.said.continue_ == Some(false)),
        stop_reason: verdicts.iter().find_map(|v| v.said.stop_reason.clone()),
        updated_input: final_input.filter(|_| decision != Decision::Deny),
        updated_output: verdicts
            .iter()
            .rev()
            .find_map(|v| v.said.updated_output.clone()),
        additional_context: join(|v| v.said.additional_context.as_ref()),
        system_message: join(|v| v.said.system_message.as_ref()),
        user_message: join(|v| v.said.user_message.as_ref()),
        agent_message: join(|v| v.said.agent_message.as_ref()),
        followup_message: join(|v| v.said.followup_message.as_ref()),
    }
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
        assert_eq!(merged.updated_output, Some(json!(2)));
        assert_eq!(merged.system_message.as_deref(), Some("m1"));
        assert_eq!(merged.followup_message.as_deref(), Some("next"));
        assert_eq!(merged.user_message, None);
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
