//! The Linux backend: the hook's exit is a pidfd becoming readable (no signal handler, no
//! polling), and hookrun is a child subreaper whose descendants are read from `/proc`, so that
//! nothing a hook started outlives it, even in a new session ([`reaper`]).

use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::time::Duration;

use rustix::fs::OFlags;
use rustix::process::{Pid, PidfdFlags, pidfd_open};

mod reaper;

/// What `hookrun --version` says about the runner ([`super::VERSION`]).
macro_rules! backend_name {
    () => {
        "linux, pidfd + child subreaper"
    };
}

/// How hookrun keeps a descriptor of its own directory to return to after a spawn: `O_PATH`
/// needs no read permission on it.
pub(crate) const DIR_FLAGS: OFlags = OFlags::PATH;

/// Before each spawn: hookrun becomes the reaper of its descendants' orphans (once).
pub(crate) fn prepare() {
    reaper::adopt_orphans();
}

/// The hook's own process, as a descriptor that becomes readable when it exits.
pub(crate) struct ExitWatch(Option<OwnedFd>);

impl ExitWatch {
    pub(crate) fn new(leader: Pid) -> ExitWatch {
        // Kernels before 5.3 have no pidfd: the loop then polls `try_wait` on a short tick.
        ExitWatch(pidfd_open(leader, PidfdFlags::empty()).ok())
    }

    /// What the poll loop waits on for the exit; `None`: nothing, poll on a short tick.
    pub(crate) fn fd(&self) -> Option<BorrowedFd<'_>> {
        self.0.as_ref().map(AsFd::as_fd)
    }

    /// Called after each wake-up; a pidfd needs nothing.
    #[expect(
        clippy::unused_self,
        reason = "one interface with the portable backend, whose pipe must be emptied"
    )]
    pub(crate) fn rearm(&self) {}
}

/// Ends every descendant still alive once the hook's own process has ended (whether or not it
/// stayed in the hook's group) and returns how many there were.
pub(crate) fn sweep(_leader: Pid, grace: Duration) -> usize {
    reaper::sweep(grace)
}
