//! Runs one job's process to its end without ever hanging: the payload is written to stdin while
//! stdout and stderr are drained into capped buffers, all in one poll loop over the child's pipes,
//! a descriptor that wakes it when the child exits, and the signal self-pipe. A timeout ends the
//! whole process group (SIGTERM, then SIGKILL after the grace); once the hook's own process has
//! exited, its pipes get 100 ms to close before the hook is marked `leaked`. Then what it left
//! behind is ended: every descendant on Linux, the rest of its process group elsewhere. What
//! differs by kernel is in [`platform`].

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::Errno;
use rustix::process::Pid;

pub(crate) mod capture;
pub(crate) mod platform;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) mod posix_spawn;
pub(crate) mod running;
pub(crate) mod signals;
pub(crate) mod spawn;
pub(crate) mod terminate;

use capture::{Capture, ReadEnd};
use spawn::Process;
use terminate::{Kill, signal_group};

/// Stdout kept per hook; beyond it the hook's result is an error.
pub(crate) const STDOUT_CAP: usize = 16 * 1024 * 1024;
/// Stderr kept per hook; beyond it the rest is dropped and the record says `truncated`.
pub(crate) const STDERR_CAP: usize = 64 * 1024;
/// How long the pipes may stay open after the hook's own process exited.
pub(crate) const LEAK_WINDOW: Duration = Duration::from_millis(100);
/// The most a write into a pipe puts in at once, all or nothing (4096 on Linux, 512 on macOS): a
/// pipe holds at least that much.
const PIPE_BUF: usize = libc::PIPE_BUF;
/// Poll tick where nothing wakes the loop when the child exits (no pidfd on pre-5.3 Linux, no
/// `SIGCHLD` handler): exit is noticed by `try_wait`.
const FALLBACK_TICK: Duration = Duration::from_millis(5);

/// One process to run: what the runner is given. It knows no hook, dialect or event.
pub(crate) struct Job<'a> {
    /// Looked up in `PATH` when it has no `/`.
    pub(crate) program: OsString,
    pub(crate) args: Vec<OsString>,
    /// Start from an empty environment instead of hookrun's own.
    pub(crate) clear_env: bool,
    /// Variables set on top, in order (a later one wins); borrowed where the caller can lend them.
    pub(crate) env: Vec<(Cow<'a, OsStr>, Cow<'a, OsStr>)>,
    /// The working directory.
    pub(crate) cwd: &'a Path,
    /// Written to stdin, which is then closed; `None` gives the process `/dev/null`.
    pub(crate) stdin: Option<&'a [u8]>,
    /// Files removed once the process and its pipes are done (its payload file).
    pub(crate) remove_after: Vec<tempfile::TempPath>,
    pub(crate) timeout: Duration,
    /// After a timeout, how long SIGTERM has before SIGKILL.
    pub(crate) grace: Duration,
}

/// How the hook's own process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Exit {
    Code(i32),
    Signal(i32),
    /// It never started (no such program, not executable, …).
    SpawnFailed(String),
}

/// Everything observed about one run.
#[derive(Debug)]
pub(crate) struct Finished {
    pub(crate) exit: Exit,
    pub(crate) stdout: Capture,
    pub(crate) stderr: Capture,
    /// The timeout expired and hookrun ended the group.
    pub(crate) timed_out: bool,
    /// hookrun itself received this signal while the hook ran, and ended the group.
    pub(crate) interrupted: Option<i32>,
    /// The last signal hookrun had to send to the group.
    pub(crate) killed: Option<Kill>,
    /// A descendant still held the output pipes after the hook exited.
    pub(crate) leaked: bool,
    /// How many descendants were still alive after the hook ended and were ended by hookrun.
    pub(crate) left_behind: usize,
    pub(crate) duration: Duration,
}

impl Finished {
    /// A process that exited with `code` after writing `stdout` and `stderr`, on time, leaving
    /// nothing behind: what a built-in hook answers as (and what tests judge).
    pub(crate) fn exited(code: i32, stdout: &[u8], stderr: &[u8], duration: Duration) -> Finished {
        Finished {
            exit: Exit::Code(code),
            stdout: Capture::with_bytes(stdout),
            stderr: Capture::with_bytes(stderr),
            timed_out: false,
            interrupted: None,
            killed: None,
            leaked: false,
            left_behind: 0,
            duration,
        }
    }

    /// The record's `leaked`: how many processes the hook left behind (at least 1 when the pipes
    /// were held, even by a process hookrun could not reach).
    pub(crate) fn leaked_count(&self) -> usize {
        self.left_behind.max(usize::from(self.leaked))
    }
}

#[derive(Clone, Copy)]
enum Phase {
    Running { deadline: Instant },
    Terminating { kill_at: Instant },
    Killed,
    Exited { drain_until: Instant },
}

/// Runs the job to completion; its files are removed when it is done.
pub(crate) fn run(job: Job<'_>) -> Finished {
    let start = Instant::now();
    let mut stdout = Capture::new(STDOUT_CAP);
    let mut stderr = Capture::new(STDERR_CAP);
    signals::keep_child_status();
    platform::prepare();
    let mut child = match spawn::start(&job) {
        Ok(child) => child,
        Err(error) => {
            return Finished {
                exit: Exit::SpawnFailed(error.to_string()),
                stdout,
                stderr,
                timed_out: false,
                interrupted: None,
                killed: None,
                leaked: false,
                left_behind: 0,
                duration: start.elapsed(),
            };
        }
    };
    let mut state = Loop::new(&mut child, job.stdin, start + job.timeout);
    let status = state.drive(&mut child, &mut stdout, &mut stderr, job.grace);
    running::ended(child.id());
    let duration = start.elapsed();
    let left_behind = platform::sweep(state.leader, job.grace);
    let finished = Finished {
        exit: match (
            status.code(),
            std::os::unix::process::ExitStatusExt::signal(&status),
        ) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Code(-1),
        },
        stdout,
        stderr,
        timed_out: state.timed_out,
        interrupted: state.interrupted,
        killed: state.killed,
        leaked: state.leaked,
        left_behind,
        duration,
    };
    // The process and its pipes are done: its files go now.
    drop(job.remove_after);
    finished
}

/// What one poll found worth a look.
#[derive(Clone, Copy)]
struct Ready {
    /// The exit watch fired (or there is none): ask whether the process has exited.
    exit: bool,
    out: bool,
    err: bool,
}

impl Ready {
    const ALL: Ready = Ready {
        exit: true,
        out: true,
        err: true,
    };
}

/// The state of one hook's poll loop.
struct Loop<'p> {
    leader: Pid,
    exit_watch: platform::ExitWatch,
    stdin: Option<OwnedFd>,
    payload: &'p [u8],
    written: usize,
    out: Option<OwnedFd>,
    err: Option<OwnedFd>,
    phase: Phase,
    timed_out: bool,
    interrupted: Option<i32>,
    killed: Option<Kill>,
    leaked: bool,
}

impl<'p> Loop<'p> {
    fn new(child: &mut Process, payload: Option<&'p [u8]>, deadline: Instant) -> Loop<'p> {
        let leader = Pid::from_raw(child.id().cast_signed()).expect("a child's pid is not 0");
        let nonblocking = |fd: OwnedFd| {
            let _ = rustix::io::ioctl_fionbio(&fd, true);
            fd
        };
        // A write of at most `PIPE_BUF` bytes into a fresh pipe never blocks, so the common small
        // payload needs no `ioctl` to make the pipe non-blocking.
        let small = payload.is_some_and(|payload| payload.len() <= PIPE_BUF);
        let stdin = child
            .stdin
            .take()
            .map(|fd| if small { fd } else { nonblocking(fd) });
        Loop {
            leader,
            exit_watch: platform::ExitWatch::new(leader),
            stdin: if payload.is_some() { stdin } else { None },
            payload: payload.unwrap_or_default(),
            written: 0,
            out: child.stdout.take().map(nonblocking),
            err: child.stderr.take().map(nonblocking),
            phase: Phase::Running { deadline },
            timed_out: false,
            interrupted: None,
            killed: None,
            leaked: false,
        }
    }

    fn drive(
        &mut self,
        child: &mut Process,
        out: &mut Capture,
        err: &mut Capture,
        grace: Duration,
    ) -> ExitStatus {
        // One pipe's worth per read. Zero-filling it cost ~65 k instructions per hook.
        let mut scratch = Box::<[u8]>::new_uninit_slice(64 * 1024);
        let mut status: Option<ExitStatus> = None;
        // The pipe is empty: the payload's first 64 KiB need no poll to be written.
        self.feed_stdin();
        loop {
            let ready = self.wait_for_events(status.is_some());
            // A payload larger than the pipe: what is left, as far as the pipe takes it.
            self.feed_stdin();
            if ready.out
                && let Some(fd) = &self.out
                && out.read_from(fd, &mut scratch) == ReadEnd::Eof
            {
                self.out = None;
            }
            if ready.err
                && let Some(fd) = &self.err
                && err.read_from(fd, &mut scratch) == ReadEnd::Eof
            {
                self.err = None;
            }
            let now = Instant::now();
            // Both pipes closed: the hook's process is most likely exiting, so it is asked now
            // rather than after one more poll for its exit.
            let ask = ready.exit || (self.out.is_none() && self.err.is_none());
            if ask {
                self.exit_watch.rearm();
            }
            if status.is_none()
                && ask
                && let Ok(Some(exited)) = child.try_wait()
            {
                status = Some(exited);
                self.stdin = None;
                if self.killed.is_some() {
                    // After a timeout or an interrupt nothing of the group may outlive the hook.
                    signal_group(self.leader, Kill::Kill);
                }
                self.phase = Phase::Exited {
                    drain_until: now + LEAK_WINDOW,
                };
            }
            if self.interrupted.is_none()
                && let Some(signal) = signals::received()
            {
                signals::drain_wake();
                self.interrupted = Some(signal);
                if status.is_none() {
                    self.terminate(now, grace);
                }
            }
            if let Some(status) = status
                && self.out.is_none()
                && self.err.is_none()
            {
                return status;
            }
            match self.phase {
                Phase::Running { deadline } if now >= deadline => {
                    self.timed_out = true;
                    self.terminate(now, grace);
                }
                Phase::Terminating { kill_at } if now >= kill_at => {
                    signal_group(self.leader, Kill::Kill);
                    self.killed = Some(Kill::Kill);
                    self.phase = Phase::Killed;
                }
                Phase::Exited { drain_until } if now >= drain_until => {
                    // A descendant holds the pipes: stop reading, keep what was read, move on.
                    self.leaked = true;
                    return status.expect("exited phase has a status");
                }
                _ => {}
            }
        }
    }

    fn terminate(&mut self, now: Instant, grace: Duration) {
        signal_group(self.leader, Kill::Term);
        self.killed = Some(Kill::Term);
        self.phase = Phase::Terminating {
            kill_at: now + grace,
        };
    }

    /// Blocks until a pipe, the exit watch or the signal pipe is ready, or the phase's next
    /// deadline, and says which are worth a look.
    fn wait_for_events(&self, exited: bool) -> Ready {
        let now = Instant::now();
        let mut wait = match self.phase {
            Phase::Running { deadline } => Some(deadline.saturating_duration_since(now)),
            Phase::Terminating { kill_at } => Some(kill_at.saturating_duration_since(now)),
            Phase::Exited { drain_until } => Some(drain_until.saturating_duration_since(now)),
            Phase::Killed => None,
        };
        let exit_fd: Option<BorrowedFd<'_>> = self.exit_watch.fd();
        if exit_fd.is_none() && !exited {
            wait = Some(wait.map_or(FALLBACK_TICK, |w| w.min(FALLBACK_TICK)));
        }
        let mut fds: Vec<PollFd<'_>> = Vec::with_capacity(5);
        let mut watch = |fd, flags| {
            fds.push(PollFd::from_borrowed_fd(fd, flags));
            fds.len() - 1
        };
        let exit_at = exit_fd
            .filter(|_| !exited)
            .map(|fd| watch(fd, PollFlags::IN));
        if let Some(stdin) = &self.stdin {
            watch(stdin.as_fd(), PollFlags::OUT);
        }
        let out_at = self.out.as_ref().map(|fd| watch(fd.as_fd(), PollFlags::IN));
        let err_at = self.err.as_ref().map(|fd| watch(fd.as_fd(), PollFlags::IN));
        let wake = signals::wake_fd();
        if self.interrupted.is_none()
            && let Some(wake) = &wake
        {
            watch(*wake, PollFlags::IN);
        }
        let timeout = wait.map(|w| {
            Timespec::try_from(w).unwrap_or(Timespec {
                tv_sec: i64::MAX,
                tv_nsec: 0,
            })
        });
        match poll(&mut fds, timeout.as_ref()) {
            // Something is ready: only what is gets a look (a read that would block, a wait for
            // a process still running, cost a system call each, per hook).
            Ok(n) if n > 0 => {
                let fired = |at: Option<usize>| at.is_some_and(|at| !fds[at].revents().is_empty());
                Ready {
                    exit: fired(exit_at) || exit_fd.is_none(),
                    out: fired(out_at),
                    err: fired(err_at),
                }
            }
            // A deadline, EINTR or another error: everything gets a look, and every branch
            // re-checks its own state.
            _ => Ready::ALL,
        }
    }

    /// Writes as much of the payload as the pipe takes; closes stdin when done or when the hook
    /// stopped reading (EPIPE: a hook that never reads its stdin is not an error).
    fn feed_stdin(&mut self) {
        let Some(fd) = &self.stdin else { return };
        while self.written < self.payload.len() {
            match rustix::io::write(fd.as_fd(), &self.payload[self.written..]) {
                Ok(n) => self.written += n,
                Err(Errno::INTR) => {}
                Err(Errno::AGAIN) => return,
                Err(_) => break,
            }
        }
        self.stdin = None;
    }
}
