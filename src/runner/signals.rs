//! SIGINT, SIGTERM and SIGHUP sent to hookrun while hooks run: the handler only records the
//! signal and wakes the poll loop through a self-pipe; the loop then terminates the running
//! hook's group, temp files are dropped, and hookrun exits 128+signal without printing a document
//! (or, when a blocking decision was already reached, answers it). Once the hooks have run
//! ([`exit_at_once`]) the same signals end hookrun on the spot with 128+signal: nothing is left to
//! clean up, and no later wait (a stdout pipe nobody reads, a slow file) may outlast them.

use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};

/// The last signal received, 0 when none.
static RECEIVED: AtomicUsize = AtomicUsize::new(0);
/// Set when the hooks have run: a signal then ends hookrun at once.
static EXIT_AT_ONCE: AtomicBool = AtomicBool::new(false);
/// The read end of the self-pipe.
static WAKE: OnceLock<UnixStream> = OnceLock::new();

const FORWARDED: [i32; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];

/// Installs the handlers (once). Until then the signals keep their default action, which is right
/// while nothing needs cleaning up.
pub(crate) fn install() -> std::io::Result<()> {
    if WAKE.get().is_some() {
        return Ok(());
    }
    let (read, write) = UnixStream::pair()?;
    read.set_nonblocking(true)?;
    for signal in FORWARDED {
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &EXIT_AT_ONCE)?;
        signal_hook::flag::register_usize(signal, &RECEIVED, usize::try_from(signal).unwrap_or(0))?;
        signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
    }
    let _ = WAKE.set(read);
    Ok(())
}

/// Makes sure hookrun's children report their exit (once, before the first spawn). hookrun may
/// have been started with `SIGCHLD` ignored (a parent that set it to `SIG_IGN` before `exec`):
/// the kernel then reaps every child at once, and a hook's exit status is lost — the runner would
/// wait for an exit it can never read. A handler of hookrun's own, which does nothing, undoes
/// that; a hook gets the default disposition back when it is started.
pub(crate) fn keep_child_status() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = signal_hook::flag::register(
            signal_hook::consts::SIGCHLD,
            std::sync::Arc::new(AtomicBool::new(false)),
        );
    });
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
    if let Some(stream) = WAKE.get() {
        let mut buffer = [0u8; 64];
        while matches!(rustix::io::read(stream, &mut buffer), Ok(n) if n > 0) {}
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
    Ok(WAKE.set(read).ok().map(|()| Interrupter(write)))
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
