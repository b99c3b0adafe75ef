//! SIGINT, SIGTERM and SIGHUP sent to hookrun while hooks run: the handler only records the
//! signal and wakes the poll loop through a self-pipe; the loop then terminates the running
//! hook's group, temp files are dropped, and hookrun exits 128+signal without printing a document
//! (or, when a blocking decision was already reached, answers it). Once the hooks have run
//! ([`exit_at_once`]) the same signals end hookrun on the spot with 128+signal: nothing is left to
//! clean up, and no later wait (a stdout pipe nobody reads, a slow file) may outlast them.

use std::os::fd::IntoRawFd as _;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
#[cfg(any(feature = "serve", target_vendor = "apple"))]
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

/// The last signal received, 0 when none.
static RECEIVED: AtomicUsize = AtomicUsize::new(0);
/// Set when the hooks have run: a signal then ends hookrun at once.
static EXIT_AT_ONCE: AtomicBool = AtomicBool::new(false);
/// The read end of the self-pipe.
static WAKE: OnceLock<OwnedFd> = OnceLock::new();

const FORWARDED: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The write end of the self-pipe, for the handler; -1 until installed.
static WAKE_WRITE: AtomicI32 = AtomicI32::new(-1);

/// Installs the handlers (once). Until then the signals keep their default action, which is right
/// while nothing needs cleaning up.
///
/// One handler of hookrun's own, through `sigaction` itself: signal-hook's registry took ~16 000
/// instructions and ~20 system calls at every fire that runs a hook, for three actions per signal
/// that the handler does in a few lines.
pub(crate) fn install() -> std::io::Result<()> {
    if WAKE.get().is_some() {
        return Ok(());
    }
    let (read, write) = self_pipe()?;
    WAKE_WRITE.store(write.into_raw_fd(), Ordering::SeqCst);
    for signal in FORWARDED {
        set_action(
            signal,
            on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t,
            libc::SA_RESTART,
        )?;
    }
    let _ = WAKE.set(read);
    Ok(())
}

/// The self-pipe's two ends, both non-blocking and close-on-exec: one `pipe2` where the system has
/// it (a socket pair took three system calls), a socket pair on macOS, which has no `pipe2`.
fn self_pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    #[cfg(not(target_vendor = "apple"))]
    return Ok(rustix::pipe::pipe_with(
        rustix::pipe::PipeFlags::CLOEXEC | rustix::pipe::PipeFlags::NONBLOCK,
    )?);
    #[cfg(target_vendor = "apple")]
    {
        let (read, write) = UnixStream::pair()?;
        read.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        Ok((read.into(), write.into()))
    }
}

/// The handler: once the hooks have run, exit on the spot with 128+signal; before, note the
/// signal and wake the poll loop.
extern "C" fn on_signal(signal: libc::c_int) {
    #[expect(
        unsafe_code,
        reason = "errno, _exit(2) and write(2) from a signal handler, all async-signal-safe"
    )]
    // SAFETY: errno is the thread's own and is put back as it was; the byte written is a local;
    // the descriptor is the self-pipe's write end, open for the life of the process.
    unsafe {
        if EXIT_AT_ONCE.load(Ordering::SeqCst) {
            libc::_exit(128 + signal);
        }
        RECEIVED.store(usize::try_from(signal).unwrap_or(0), Ordering::SeqCst);
        let errno = errno_location();
        let saved = errno.as_ref().copied();
        let fd = WAKE_WRITE.load(Ordering::SeqCst);
        if fd >= 0 {
            let byte = 1u8;
            let _ = libc::write(fd, (&raw const byte).cast(), 1);
        }
        if let (Some(errno), Some(saved)) = (errno.as_mut(), saved) {
            *errno = saved;
        }
    }
}

/// The calling thread's `errno`, where the C library names it so; elsewhere null (the handler's
/// write to a non-blocking, drained pipe then leaves it alone unless that write fails).
#[expect(unsafe_code, reason = "the C library's errno accessor")]
fn errno_location() -> *mut libc::c_int {
    // SAFETY: each accessor only returns the address of the calling thread's errno.
    #[cfg(any(target_os = "linux", target_os = "hurd", target_os = "redox"))]
    return unsafe { libc::__errno_location() };
    #[cfg(any(
        target_vendor = "apple",
        target_os = "freebsd",
        target_os = "dragonfly"
    ))]
    return unsafe { libc::__error() };
    #[cfg(any(target_os = "android", target_os = "netbsd", target_os = "openbsd"))]
    return unsafe { libc::__errno() };
    #[cfg(not(any(
        target_os = "linux",
        target_os = "hurd",
        target_os = "redox",
        target_vendor = "apple",
        target_os = "freebsd",
        target_os = "dragonfly",
        target_os = "android",
        target_os = "netbsd",
        target_os = "openbsd"
    )))]
    return std::ptr::null_mut();
}

/// Makes sure hookrun's children report their exit (once, before the first spawn). hookrun may
/// have been started with `SIGCHLD` ignored (a parent that set it to `SIG_IGN` before `exec`,
/// which keeps it): the kernel then reaps every child at once, and a hook's exit status is lost —
/// the runner would wait for an exit it can never read. The default action undoes that, and
/// clears `SA_NOCLDWAIT`, which does the same and which POSIX lets a system keep across `exec`
/// (Linux clears it). A hook gets the default disposition anyway when it is started.
///
/// Only then is the disposition changed: a handler would interrupt the runner at every hook's
/// exit for nothing (the exit is read from a pidfd or by `try_wait`).
pub(crate) fn keep_child_status() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut current = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
        #[expect(unsafe_code, reason = "sigaction(2), reading SIGCHLD's disposition")]
        // SAFETY: a null new action only reads the current one into `current`, which the kernel
        // fills before it is read; on failure it stays zeroed (SIG_DFL, no flags).
        let current = unsafe {
            libc::sigaction(libc::SIGCHLD, std::ptr::null(), current.as_mut_ptr());
            current.assume_init()
        };
        if current.sa_sigaction == libc::SIG_IGN || current.sa_flags & libc::SA_NOCLDWAIT != 0 {
            let _ = set_action(libc::SIGCHLD, libc::SIG_DFL, 0);
        }
    });
}

/// Sets `signal`'s action: `handler` (a function, or `SIG_DFL`) with `flags` and an empty mask.
fn set_action(
    signal: libc::c_int,
    handler: libc::sighandler_t,
    flags: libc::c_int,
) -> std::io::Result<()> {
    #[expect(
        unsafe_code,
        reason = "sigaction(2); the handlers hookrun installs only do async-signal-safe work"
    )]
    // SAFETY: `action` is all zeroes (a valid `sigaction`) but for the fields set here; the only
    // handler passed is `on_signal`, which only touches atomics and calls write(2) and _exit(2),
    // and keeps errno.
    unsafe {
        let mut action = std::mem::MaybeUninit::<libc::sigaction>::zeroed().assume_init();
        action.sa_sigaction = handler;
        action.sa_flags = flags;
        libc::sigemptyset(&raw mut action.sa_mask);
        if libc::sigaction(signal, &raw const action, std::ptr::null_mut()) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// From now on SIGINT, SIGTERM and SIGHUP end hookrun at once with exit code 128+signal. Called
/// when the hooks have run; a signal received before is still reported by [`received`]. Until
/// [`install`] the signals keep their default action, which ends hookrun at once too.
pub(crate) fn exit_at_once() {
    EXIT_AT_ONCE.store(true, Ordering::SeqCst);
}

/// The signal received since start, if any.
pub(crate) fn received() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        signal => i32::try_from(signal).ok(),
    }
}

/// The descriptor that becomes readable when a signal arrives (once installed).
pub(crate) fn wake_fd() -> Option<BorrowedFd<'static>> {
    WAKE.get().map(AsFd::as_fd)
}

/// Empties the self-pipe so that poll does not wake again for the same signal.
pub(crate) fn drain_wake() {
    if let Some(wake) = WAKE.get() {
        let mut buffer = [0u8; 64];
        while matches!(rustix::io::read(wake, &mut buffer), Ok(n) if n > 0) {}
    }
}

/// `hookrun serve`'s hold on its fires: it takes SIGINT and SIGTERM itself (a graceful shutdown
/// first lets the running fires finish), and past the grace period ends their hooks as a signal
/// to `fire` would.
#[cfg(feature = "serve")]
pub(crate) struct Interrupter(UnixStream);

/// Makes the runners' wake descriptor one end of a socket the [`Interrupter`] holds the other end
/// of; no signal handler is installed. `None` when the descriptor was already set up.
#[cfg(feature = "serve")]
pub(crate) fn interrupter() -> std::io::Result<Option<Interrupter>> {
    let (read, write) = UnixStream::pair()?;
    read.set_nonblocking(true)?;
    Ok(WAKE.set(read.into()).ok().map(|()| Interrupter(write)))
}

#[cfg(feature = "serve")]
impl Interrupter {
    /// Ends every running hook's group (and every later one) as if hookrun had received `signal`:
    /// closing the socket leaves the wake descriptor readable for every runner at once.
    pub(crate) fn interrupt(self, signal: i32) {
        RECEIVED.store(usize::try_from(signal).unwrap_or(0), Ordering::SeqCst);
        drop(self.0);
    }
}
