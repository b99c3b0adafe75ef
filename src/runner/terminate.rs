//! Ending a hook's whole process group: SIGTERM, then SIGKILL after the grace period.

use rustix::process::{Pid, Signal, kill_process_group};

/// Which signal finally ended a hook that hookrun had to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kill {
    Term,
    Kill,
}

impl Kill {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kill::Term => "SIGTERM",
            Kill::Kill => "SIGKILL",
        }
    }
}

/// Sends `kill` to the process group led by `leader`; a group that is already gone is fine.
pub(crate) fn signal_group(leader: Pid, kill: Kill) {
    let signal = match kill {
        Kill::Term => Signal::TERM,
        Kill::Kill => Signal::KILL,
    };
    // ESRCH (no such group) means everyone already exited: nothing to do.
    let _ = kill_process_group(leader, signal);
}

/// The conventional name of a signal number, for reports.
pub(crate) fn signal_name(signal: i32) -> String {
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}
