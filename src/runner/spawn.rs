//! Starts one job's process: its `Command` from the job's plain fields, its working directory,
//! and a process group of its own so that a timeout can end everything it started.

use std::ffi::OsStr;
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

use rustix::fs::{Mode, OFlags};

use super::Job;

/// The `Command` for `job`: its program, arguments and environment, stdin piped when the job has
/// bytes for it (else `/dev/null`), stdout and stderr piped, in a process group of its own. Its
/// working directory is not set here: [`spawn_in`] gives it `job.cwd`.
pub(crate) fn command(job: &Job<'_>) -> Command {
    let mut command = Command::new(&job.program);
    command.args(&job.args);
    if job.clear_env {
        command.env_clear();
    }
    for (key, value) in &job.env {
        command.env(key, value);
    }
    command.stdin(if job.stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    isolate(&mut command);
    command
}

/// Starts `command` with `dir` as its working directory.
///
/// Not through `Command::current_dir`: std gives a child its own directory with
/// `posix_spawn_file_actions_addchdir_np`, which it looks up at run time, and the statically
/// linked release binary cannot look it up. std then falls back to fork + exec, which costs
/// ~0.08 ms more per hook (bench/README.md). hookrun enters `dir` itself for the spawn and returns
/// through a descriptor of where it was, one spawn at a time ([`super::running::spawn`]: `hookrun
/// serve` starts hooks from parallel threads).
pub(crate) fn spawn_in(command: &mut Command, dir: &Path) -> std::io::Result<Child> {
    super::running::spawn(|| spawn_in_unlocked(command, dir))
}

fn spawn_in_unlocked(command: &mut Command, dir: &Path) -> std::io::Result<Child> {
    static START_DIR: OnceLock<Option<(PathBuf, OwnedFd)>> = OnceLock::new();
    let start = START_DIR.get_or_init(|| {
        let path = std::env::current_dir().ok()?;
        let flags = super::platform::DIR_FLAGS | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = rustix::fs::open(".", flags, Mode::empty()).ok()?;
        Some((path, fd))
    });
    let Some((start_path, start_fd)) = start else {
        // hookrun's own directory is gone or unreadable: let std fork into `dir`.
        return command.current_dir(dir).spawn();
    };
    if dir == start_path {
        return command.spawn();
    }
    rustix::process::chdir(dir).map_err(|error| {
        std::io::Error::other(format!(
            "cannot enter its working directory {}: {}",
            dir.display(),
            std::io::Error::from(error)
        ))
    })?;
    let spawned = command.spawn();
    if rustix::process::fchdir(start_fd).is_err() {
        // Only relative paths given on the command line (`--log`) still depend on it.
        let _ = std::env::set_current_dir(start_path);
    }
    spawned
}

/// Puts the hook in a process group of its own, and in a new session (no controlling terminal)
/// when hookrun has a terminal the hook could otherwise reach. Without a controlling terminal —
/// the case when an agent or CI runs hookrun — a new group is all a session would add, and it
/// keeps std's fast `posix_spawn` path (a `pre_exec` hook forces fork+exec, ~0.1 ms per hook).
fn isolate(command: &mut Command) {
    if has_controlling_terminal() {
        #[expect(
            unsafe_code,
            reason = "pre_exec runs setsid, which is async-signal-safe, between fork and exec"
        )]
        // SAFETY: the closure only calls setsid(2), which allocates nothing and takes no locks.
        unsafe {
            command.pre_exec(|| {
                rustix::process::setsid()
                    .map(drop)
                    .map_err(std::io::Error::from)
            });
        }
    } else {
        command.process_group(0);
    }
}

fn has_controlling_terminal() -> bool {
    static CTTY: OnceLock<bool> = OnceLock::new();
    *CTTY.get_or_init(|| {
        use rustix::fs::{Mode, OFlags, open};
        open(
            "/dev/tty",
            OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .is_ok()
    })
}

/// "failed to start `./x.sh`: No such file or directory".
pub(crate) fn describe_spawn_error(command: &Command, error: &std::io::Error) -> String {
    let program = command.get_program();
    let shown = if program == OsStr::new("/bin/sh") {
        command.get_args().nth(1).map_or_else(
            || "/bin/sh".to_owned(),
            |arg| arg.to_string_lossy().into_owned(),
        )
    } else {
        program.to_string_lossy().into_owned()
    };
    let reason = match error.kind() {
        std::io::ErrorKind::NotFound => "no such program".to_owned(),
        std::io::ErrorKind::PermissionDenied => "not executable (permission denied)".to_owned(),
        _ => error.to_string(),
    };
    format!("failed to start `{shown}`: {reason}")
}
