//! A hook's finished run as a dialect sees it when its agent reads its hooks' results by rules of
//! its own ([`Policy::reads`](crate::model::answer::Policy::reads), a
//! [`Reading`](crate::model::answer::Reading)): how the process ended and what it printed,
//! without the runner's types (the model sits below the runner). The dialect turns it into what
//! the hook said, worded as its agent words it.

use std::time::Duration;

/// How a hook's process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ended<'a> {
    /// It exited with this code.
    Exited(i32),
    /// It died of this signal (not hookrun's timeout).
    Signalled(i32),
    /// hookrun ended it at its timeout.
    TimedOut,
    /// It could not be started, or its output broke hookrun's limits: why.
    Failed(&'a str),
}

/// One finished run of a hook.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HookRun<'a> {
    /// The hook's name.
    pub(crate) name: &'a str,
    /// The timeout it ran under.
    pub(crate) timeout: Duration,
    pub(crate) ended: Ended<'a>,
    pub(crate) stdout: &'a [u8],
    pub(crate) stderr: &'a [u8],
}
