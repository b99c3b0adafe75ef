//! Listening and stopping: the TCP and Unix listeners, one HTTP/1 connection per accepted
//! client with a time limit on its request head (a slow client is dropped, not waited for), and
//! the graceful shutdown at SIGINT or SIGTERM: stop accepting, end the event streams, let running
//! requests finish, and past the grace period end the running fires' hooks (as a signal to `fire`
//! would) before exiting. A second signal ends the hooks at once.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::signal::unix::{SignalKind, signal};

use crate::error::Error;
use crate::runner::signals::Interrupter;

/// How long a client may take to send a request's head.
const HEAD_TIME: Duration = Duration::from_secs(10);
/// After the hooks were ended, how long the server waits for their fires to answer.
const AFTER_INTERRUPT: Duration = Duration::from_secs(10);

/// The bound listeners, before the runtime exists.
pub(crate) struct Listeners {
    tcp: Option<std::net::TcpListener>,
    unix: Option<(std::os::unix::net::UnixListener, PathBuf)>,
}

/// What a shutdown needs.
pub(crate) struct Shutdown {
    pub(crate) grace: Duration,
    pub(crate) interrupter: Interrupter,
    pub(crate) closing: tokio::sync::watch::Sender<bool>,
}

/// Binds the listeners and prints each bound address on a line of stdout.
pub(crate) fn bind(
    addr: Option<std::net::SocketAddr>,
    socket: Option<&Path>,
) -> Result<Listeners, Error> {
    let mut said = String::new();
    let tcp = match addr {
        Some(addr) => {
            let listener = std::net::TcpListener::bind(addr)
                .map_err(Error::system(format!("listen on {addr}")))?;
            listener
                .set_nonblocking(true)
                .map_err(Error::system(format!("listen on {addr}")))?;
            let bound = listener
                .local_addr()
                .map_err(Error::system(format!("listen on {addr}")))?;
            let _ = writeln!(said, "listening on http://{bound}");
            Some(listener)
        }
        None => None,
    };
    let unix = match socket {
        Some(path) => {
            let listener = bind_socket(path)?;
            let _ = writeln!(said, "listening on unix:{}", path.display());
            Some((listener, path.to_path_buf()))
        }
        None => None,
    };
    crate::output::write_stdout(said.as_bytes()).map_err(Error::output("to stdout"))?;
    Ok(Listeners { tcp, unix })
}

/// A Unix socket only its owner can connect to: created under a umask that leaves it 0600 (no
/// moment with wider permissions). A socket left by a server that is gone is replaced.
fn bind_socket(path: &Path) -> Result<std::os::unix::net::UnixListener, Error> {
    use rustix::fs::Mode;
    if std::os::unix::net::UnixStream::connect(path).is_err()
        && std::fs::symlink_metadata(path).is_ok_and(|meta| {
            use std::os::unix::fs::FileTypeExt as _;
            meta.file_type().is_socket()
        })
    {
        let _ = std::fs::remove_file(path);
    }
    let old = rustix::process::umask(Mode::from_raw_mode(0o177));
    let bound = std::os::unix::net::UnixListener::bind(path);
    rustix::process::umask(old);
    let listener = bound.map_err(Error::system(format!("listen on {}", path.display())))?;
    listener
        .set_nonblocking(true)
        .map_err(Error::system(format!("listen on {}", path.display())))?;
    Ok(listener)
}

/// Serves until SIGINT or SIGTERM, then shuts down gracefully.
pub(crate) async fn serve(
    router: Router,
    listeners: Listeners,
    shutdown: Shutdown,
) -> std::io::Result<()> {
    let tcp = listeners
        .tcp
        .map(tokio::net::TcpListener::from_std)
        .transpose()?;
    let unix = match listeners.unix {
        Some((listener, path)) => Some((tokio::net::UnixListener::from_std(listener)?, path)),
        None => None,
    };
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    let graceful = GracefulShutdown::new();
    let signal = loop {
        tokio::select! {
            accepted = accept_tcp(tcp.as_ref()) => match accepted {
                Ok(stream) => {
                    // A response goes out as soon as it is written: Nagle's algorithm would hold
                    // its last segment for the client's delayed ACK (40 ms on Linux).
                    let _ = stream.set_nodelay(true);
                    connection(stream, &router, &graceful);
                }
                Err(e) => accept_failed(&e).await,
            },
            accepted = accept_unix(unix.as_ref()) => match accepted {
                Ok(stream) => connection(stream, &router, &graceful),
                Err(e) => accept_failed(&e).await,
            },
            _ = terminate.recv() => break signal_hook::consts::SIGTERM,
            _ = interrupt.recv() => break signal_hook::consts::SIGINT,
        }
    };
    drop(tcp);
    if let Some((listener, path)) = unix {
        drop(listener);
        let _ = std::fs::remove_file(path);
    }
    crate::stderr::say!(
        "hookrun serve: {}: no new connections; running requests have {} s to finish",
        crate::runner::terminate::signal_name(signal),
        shutdown.grace.as_secs_f64()
    );
    let _ = shutdown.closing.send(true);
    let finished = graceful.shutdown();
    tokio::pin!(finished);
    let ended_early = tokio::select! {
        () = &mut finished => return Ok(()),
        () = tokio::time::sleep(shutdown.grace) => false,
        _ = terminate.recv() => true,
        _ = interrupt.recv() => true,
    };
    crate::stderr::say!(
        "hookrun serve: {}: ending the running fires' hooks",
        if ended_early {
            "signalled again"
        } else {
            "grace period over"
        }
    );
    shutdown.interrupter.interrupt(signal);
    if tokio::time::timeout(AFTER_INTERRUPT, finished)
        .await
        .is_err()
    {
        crate::stderr::say!("hookrun serve: some connections did not close: exiting anyway");
    }
    Ok(())
}

async fn accept_tcp(
    listener: Option<&tokio::net::TcpListener>,
) -> std::io::Result<tokio::net::TcpStream> {
    match listener {
        Some(listener) => listener.accept().await.map(|(stream, _)| stream),
        None => std::future::pending().await,
    }
}

async fn accept_unix(
    listener: Option<&(tokio::net::UnixListener, PathBuf)>,
) -> std::io::Result<tokio::net::UnixStream> {
    match listener {
        Some((listener, _)) => listener.accept().await.map(|(stream, _)| stream),
        None => std::future::pending().await,
    }
}

/// A failed accept (out of descriptors, most often) is said, and the loop goes on after a pause
/// rather than spinning on it.
async fn accept_failed(error: &std::io::Error) {
    crate::stderr::say!("hookrun serve: cannot accept a connection: {error}");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

fn connection<I>(stream: I, router: &Router, graceful: &GracefulShutdown)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = TowerToHyperService::new(router.clone());
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIME)
        .serve_connection(TokioIo::new(stream), service);
    let watched = graceful.watch(connection);
    tokio::spawn(async move {
        // A client that misbehaves ends its own connection, nothing else.
        let _ = watched.await;
    });
}
