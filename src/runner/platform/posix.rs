//! The portable backend, from calls every Unix has (macOS, the BSDs, Linux): the hook's exit
//! wakes the poll loop through a `SIGCHLD` self-pipe, and once the hook's own process has ended,
//! whatever is left of its process group gets SIGTERM, then SIGKILL after the grace.
//!
//! POSIX gives a process no way to adopt the orphans of its descendants nor to list them, so a
//! process that left the hook's group (`setsid`, `setpgid`, a daemon's double fork) and whose
//! parent exited belongs to init: hookrun cannot find it, and it may outlive the hook. While it
//! holds the hook's stdout or stderr the record still says `leaked` (the pipes stayed open).

use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::fs::OFlags;
use rustix::process::{Pid, Signal, kill_process_group, test_kill_process_group};

use crate::runner::signals;

/// What `hookrun --version` says about the runner ([`super::VERSION`]).
macro_rules! backend_name {
    () => {
        "posix, SIGCHLD self-pipe + process-group sweep"
    };
}

/// How hookrun keeps a descriptor of its own directory to return to after a spawn (`O_PATH` is
/// not everywhere; a directory hookrun cannot read falls back to std's own chdir).
pub(crate) const DIR_FLAGS: OFlags = OFlags::RDONLY;

/// How long processes sent SIGKILL are waited for.
const KILL_WAIT: Duration = Duration::from_secs(1);
/// How often a group is looked at again while waiting for it to be gone: POSIX has no
/// descriptor that becomes readable when a process that is not hookrun's child exits.
const TICK: Duration = Duration::from_millis(5);

/// The read end of the `SIGCHLD` self-pipe, once installed; `None` when it could not be.
static CHILD_EXITED: OnceLock<Option<UnixStream>> = OnceLock::new();

/// Before each spawn: the `SIGCHLD` self-pipe is installed (once), so that an exit that happens
/// before the poll loop starts is not missed (the byte waits in the pipe).
pub(crate) fn prepare() {
    CHILD_EXITED.get_or_init(|| {
        let (read, write) = UnixStream::pair().ok()?;
        read.set_nonblocking(true).ok()?;
        signal_hook::low_level::pipe::register(signal_hook::consts::SIGCHLD, write).ok()?;
        Some(read)
    });
}

/// The hook's own process: the `SIGCHLD` pipe becomes readable when a child of hookrun changed
/// state. The pipe is shared, so a wake-up only says "look": the loop then asks `try_wait`.
pub(crate) struct ExitWatch;

impl ExitWatch {
    pub(crate) fn new(_leader: Pid) -> ExitWatch {
        ExitWatch
    }

    /// What the poll loop waits on for the exit; `None` (the handler could not be installed):
    /// nothing, poll on a short tick.
    #[expect(
        clippy::unused_self,
        reason = "one interface with the Linux backend, whose watch is per process"
    )]
    pub(crate) fn fd(&self) -> Option<BorrowedFd<'_>> {
        CHILD_EXITED.get()?.as_ref().map(AsFd::as_fd)
    }

    /// Empties the pipe after a wake-up, before the loop looks at the process, so that poll does
    /// not wake again for the same signal and no later one is lost.
    #[expect(
        clippy::unused_self,
        reason = "one interface with the Linux backend, whose watch is per process"
    )]
    pub(crate) fn rearm(&self) {
        if let Some(Some(stream)) = CHILD_EXITED.get() {
            let mut buffer = [0u8; 64];
            while matches!(rustix::io::read(stream, &mut buffer), Ok(n) if n > 0) {}
        }
    }
}

/// Ends what is left of the hook's process group once its leader (the hook's own process) has
/// exited: SIGTERM (and SIGCONT, for a stopped one), then SIGKILL to a group still there after
/// `grace`. POSIX cannot count a group's members: the answer is 1 when the group was still
/// there, 0 when it was gone. A signal to hookrun during the grace cuts the grace short.
pub(crate) fn sweep(leader: Pid, grace: Duration) -> usize {
    if test_kill_process_group(leader).is_err() {
        return 0;
    }
    let _ = kill_process_group(leader, Signal::TERM);
    let _ = kill_process_group(leader, Signal::CONT);
    if wait_gone(leader, Instant::now() + grace, true) {
        return 1;
    }
    let _ = kill_process_group(leader, Signal::KILL);
    wait_gone(leader, Instant::now() + KILL_WAIT, false);
    1
}

/// Waits until no process of the group is left, or `deadline`; with `interruptible`, a signal to
/// hookrun ends the wait early. Whether the group is gone.
fn wait_gone(leader: Pid, deadline: Instant, interruptible: bool) -> bool {
    loop {
        if test_kill_process_group(leader).is_err() {
            return true;
        }
        let now = Instant::now();
        if now >= deadline {
            return false;
        }
        let wait = (deadline - now).min(TICK);
        let wake = signals::wake_fd().filter(|_| interruptible);
        let mut fds: Vec<PollFd<'_>> = wake
            .iter()
            .map(|fd| PollFd::new(fd, PollFlags::IN))
            .collect();
        let timeout = Timespec::try_from(wait).unwrap_or(Timespec {
            tv_sec: 0,
            tv_nsec: 5_000_000,
        });
        let _ = poll(&mut fds, Some(&timeout));
        if fds.first().is_some_and(|fd| !fd.revents().is_empty()) {
            return false;
        }
    }
}
