//! How strongly a hook guards the fired event, so that cross-file deduplication never weakens a
//! guard: a later copy of a command is merged into an earlier run only when that run can block
//! everything the copy could, and the merged run then takes the stricter failure posture and the
//! shorter timeout of the two.

use std::time::Duration;

use crate::model::Hook;

/// What a hook's result can do to the action, for one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "the independent switches of how a hook's answer may block"
)]
pub(crate) struct Strength {
    /// Its deny or ask blocks.
    can_block: bool,
    /// Exit 2 is a deny.
    exit2_blocks: bool,
    /// Only `{"allow": true}` allows (PromptKit filter hooks).
    require_allow: bool,
    /// A failure blocks.
    fail_closed: bool,
    timeout: Duration,
}

impl Strength {
    /// The strength `hook` guards `event` with, as its verdict policy (`verdict::Policy`) reads
    /// it; `--strict` is left out because it applies to every copy alike.
    pub(crate) fn of(hook: &Hook, event: &str) -> Strength {
        let policy = hook.dialect.policy(hook, event);
        Strength {
            can_block: policy.can_block,
            exit2_blocks: policy.exit2_blocks,
            require_allow: policy.require_allow,
            fail_closed: policy.fail_closed && policy.can_block,
            timeout: hook.timeout,
        }
    }

    /// The strength of one run standing for both `self` and `copy`, or `None` when that run
    /// would lose some of `copy`'s power to block (then both must run).
    pub(crate) fn merge(self, copy: Strength) -> Option<Strength> {
        let fail_closed = self.fail_closed || copy.fail_closed;
        let covers = !copy.can_block
            || (self.can_block
                // An exit 2 the run does not read as a deny still blocks when it fails closed.
                && (self.exit2_blocks || !copy.exit2_blocks || fail_closed)
                && (self.require_allow || !copy.require_allow));
        covers.then(|| Strength {
            fail_closed,
            timeout: self.timeout.min(copy.timeout),
            ..self
        })
    }

    /// The hook as the merged run runs it: its own command, dialect and shape, with the stricter
    /// failure posture and the shorter timeout.
    pub(crate) fn apply(self, hook: &Hook) -> Hook {
        let mut hook = hook.clone();
        hook.fail_closed |= self.fail_closed;
        hook.timeout = hook.timeout.min(self.timeout);
        hook
    }
}
