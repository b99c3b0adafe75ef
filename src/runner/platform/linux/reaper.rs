//! Nothing a hook starts outlives it, even a descendant that left the hook's process group (a new
//! session, a group of its own, a double fork): hookrun is a child subreaper (Linux,
//! `PR_SET_CHILD_SUBREAPER`), so such orphans become its children instead of init's; after each
//! hook it walks its own descendants in `/proc` and ends them with SIGTERM, then SIGKILL after the
//! grace, and reaps them.
//!
//! `fire` starts hooks one at a time from one thread, so once a hook's own process has been waited
//! for, every remaining child of hookrun descends from that hook. `hookrun serve` runs fires on
//! parallel threads: a sweep then leaves alone the hooks still running and what descends from
//! them (`runner::running`); an orphan another running hook left (one that quit its tree) is
//! ended by the first sweep that sees it, which may come before that hook's own end. The common case — the
//! hook left nothing — costs one `waitid` call that answers "no children".

use std::os::fd::OwnedFd;
use std::sync::Once;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::Errno;
use rustix::process::{
    Pid, PidfdFlags, Signal, WaitId, WaitIdOptions, WaitOptions, getpid, pidfd_open,
    pidfd_send_signal, waitid, waitpid,
};

use crate::runner::{running, signals};

/// How long processes sent SIGKILL are waited for: one stuck in the kernel (uninterruptible
/// sleep) cannot be waited for forever.
const KILL_WAIT: Duration = Duration::from_secs(1);
/// SIGKILL rounds at most: each catches what the previous round's processes forked between the
/// scan and the kill.
const KILL_ROUNDS: usize = 16;
/// Liveness re-check interval for a process without a pidfd (pre-5.3 kernels).
const TICK: Duration = Duration::from_millis(5);

/// Makes hookrun the reaper of its descendants' orphans (once; best effort: without it, a
/// descendant that leaves the hook's group and is orphaned goes to init, out of reach).
pub(super) fn adopt_orphans() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(getpid()));
    });
}

/// Ends every descendant of hookrun — SIGTERM, then SIGKILL to those still alive after `grace` —
/// reaps them, and returns how many processes it ended. A signal to hookrun during the grace
/// cuts the grace short.
pub(super) fn sweep(grace: Duration) -> usize {
    if !has_children() {
        return 0;
    }
    let mut ended: Vec<Pid> = Vec::new();
    let found = descendants();
    if found.is_empty() {
        return 0;
    }
    signal_all(&found, Signal::TERM, &mut ended);
    wait_gone(&found, Instant::now() + grace, true);
    for _ in 0..KILL_ROUNDS {
        let found = descendants();
        if found.is_empty() {
            break;
        }
        signal_all(&found, Signal::KILL, &mut ended);
        wait_gone(&found, Instant::now() + KILL_WAIT, false);
    }
    ended.len()
}

/// Whether hookrun has any child, running or a zombie (one system call).
fn has_children() -> bool {
    let options = WaitIdOptions::EXITED
        | WaitIdOptions::STOPPED
        | WaitIdOptions::CONTINUED
        | WaitIdOptions::NOHANG
        | WaitIdOptions::NOWAIT;
    !matches!(waitid(WaitId::All, options), Err(Errno::CHILD))
}

/// A live descendant, with a pidfd to signal and watch it without racing pid reuse.
struct Found {
    pid: Pid,
    pidfd: Option<OwnedFd>,
}

/// Every live descendant of hookrun, parents before children, but for hooks still running (on
/// other threads of `hookrun serve`) and async hooks' workers, and what descends from them.
/// Zombies among hookrun's own children are reaped on the way (not a running hook's: its thread
/// waits for it).
fn descendants() -> Vec<Found> {
    running::while_still(descendants_but)
}

fn descendants_but(spared: &mut running::Children) -> Vec<Found> {
    let me = getpid();
    let tree = Tree::read(me);
    let mut found = Vec::new();
    let mut parents = vec![me];
    while let Some(parent) = parents.pop() {
        for pid in tree.children_of(parent) {
            let Some(stat) = Stat::read(pid) else {
                continue;
            };
            let raw = pid.as_raw_nonzero().get().cast_unsigned();
            if parent == me && spared.hooks.contains(&raw) {
                continue;
            }
            if stat.gone() {
                if parent == me {
                    let _ = waitpid(Some(pid), WaitOptions::NOHANG);
                    spared.workers.retain(|&worker| worker != raw);
                }
                continue;
            }
            if parent == me && spared.workers.contains(&raw) {
                continue;
            }
            let pidfd = pidfd_open(pid, PidfdFlags::empty()).ok();
            // hookrun's own children cannot be replaced (their pid stays theirs until reaped);
            // a deeper one could have exited and its pid been reused between the scan and the
            // pidfd, so it must still be its parent's child now that the pidfd pins it.
            if parent != me && Stat::read(pid).is_none_or(|now| now.ppid != Some(parent)) {
                continue;
            }
            found.push(Found { pid, pidfd });
            parents.push(pid);
        }
    }
    found
}

/// Sends `signal` to each process (through its pidfd when there is one), counting it once.
fn signal_all(found: &[Found], signal: Signal, ended: &mut Vec<Pid>) {
    for process in found {
        let _ = match &process.pidfd {
            Some(pidfd) => pidfd_send_signal(pidfd, signal),
            None => rustix::process::kill_process(process.pid, signal),
        };
        if signal == Signal::TERM {
            // A stopped process only acts on SIGTERM once continued.
            let _ = match &process.pidfd {
                Some(pidfd) => pidfd_send_signal(pidfd, Signal::CONT),
                None => rustix::process::kill_process(process.pid, Signal::CONT),
            };
        }
        if !ended.contains(&process.pid) {
            ended.push(process.pid);
        }
    }
}

/// Waits until every process in `found` has exited, or `deadline`; with `interruptible`, a
/// signal to hookrun ends the wait early.
fn wait_gone(found: &[Found], deadline: Instant, interruptible: bool) {
    let mut waiting: Vec<&Found> = found.iter().collect();
    loop {
        waiting.retain(|process| is_alive(process));
        let now = Instant::now();
        if waiting.is_empty() || now >= deadline {
            return;
        }
        let mut wait = deadline - now;
        let mut fds: Vec<PollFd<'_>> = Vec::with_capacity(waiting.len() + 1);
        for process in &waiting {
            match &process.pidfd {
                Some(pidfd) => fds.push(PollFd::new(pidfd, PollFlags::IN)),
                None => wait = wait.min(TICK),
            }
        }
        let wake = signals::wake_fd().filter(|_| interruptible);
        if let Some(wake) = &wake {
            fds.push(PollFd::new(wake, PollFlags::IN));
        }
        let timeout = Timespec::try_from(wait).unwrap_or(Timespec {
            tv_sec: i64::MAX,
            tv_nsec: 0,
        });
        let _ = poll(&mut fds, Some(&timeout));
        if wake.is_some() && fds.last().is_some_and(|fd| !fd.revents().is_empty()) {
            return;
        }
    }
}

fn is_alive(process: &Found) -> bool {
    match &process.pidfd {
        Some(pidfd) => {
            let mut fds = [PollFd::new(pidfd, PollFlags::IN)];
            let zero = Timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            !matches!(poll(&mut fds, Some(&zero)), Ok(1))
        }
        None => Stat::read(process.pid).is_some_and(|stat| !stat.gone()),
    }
}

/// Who is whose child: from the per-thread `children` lists where the kernel has them, else from
/// a scan of every process's parent.
enum Tree {
    ChildrenFiles,
    Scanned(Vec<(Pid, Pid)>),
}

impl Tree {
    fn read(me: Pid) -> Tree {
        let probe = format!("/proc/{0}/task/{0}/children", me.as_raw_nonzero());
        if std::fs::metadata(probe).is_ok() {
            return Tree::ChildrenFiles;
        }
        let mut pairs = Vec::new();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let pid = entry.file_name().to_str().and_then(parse_pid);
            if let Some(pid) = pid
                && let Some(Stat {
                    ppid: Some(ppid), ..
                }) = Stat::read(pid)
            {
                pairs.push((ppid, pid));
            }
        }
        Tree::Scanned(pairs)
    }

    fn children_of(&self, parent: Pid) -> Vec<Pid> {
        match self {
            Tree::Scanned(pairs) => pairs
                .iter()
                .filter(|(ppid, _)| *ppid == parent)
                .map(|(_, pid)| *pid)
                .collect(),
            Tree::ChildrenFiles => {
                let tasks = format!("/proc/{}/task", parent.as_raw_nonzero());
                let mut children = Vec::new();
                for task in std::fs::read_dir(&tasks).into_iter().flatten().flatten() {
                    let list = std::fs::read_to_string(task.path().join("children"));
                    children.extend(
                        list.iter()
                            .flat_map(|l| l.split_whitespace())
                            .filter_map(parse_pid),
                    );
                }
                children
            }
        }
    }
}

/// The two fields of `/proc/<pid>/stat` the walk needs.
struct Stat {
    state: u8,
    ppid: Option<Pid>,
}

impl Stat {
    fn read(pid: Pid) -> Option<Stat> {
        let path = format!("/proc/{}/stat", pid.as_raw_nonzero());
        Stat::parse(&std::fs::read_to_string(path).ok()?)
    }

    fn parse(text: &str) -> Option<Stat> {
        // The command name may hold spaces and parentheses: the fields start after the last ')'.
        let mut fields = text.get(text.rfind(')')? + 1..)?.split_whitespace();
        let state = *fields.next()?.as_bytes().first()?;
        let ppid = fields.next().and_then(parse_pid);
        Some(Stat { state, ppid })
    }

    /// Exited: a zombie waiting to be reaped, or dead.
    fn gone(&self) -> bool {
        matches!(self.state, b'Z' | b'X' | b'x')
    }
}

fn parse_pid(text: &str) -> Option<Pid> {
    Pid::from_raw(text.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_read_after_the_last_parenthesis() {
        let stat = Stat::parse("4242 (a) Z (b)) S 17 4242 4242 0 -1").expect("parsed");
        assert_eq!((stat.state, stat.ppid), (b'S', Pid::from_raw(17)));
        assert!(!stat.gone());
        let zombie = Stat::parse("9 (sleep) Z 1 9 9 0 -1").expect("parsed");
        assert!(zombie.gone());
    }

    #[test]
    fn own_stat_names_the_parent() {
        let me = Stat::read(getpid()).expect("own stat");
        assert!(!me.gone());
        assert_eq!(me.ppid, rustix::process::getppid());
    }
}
