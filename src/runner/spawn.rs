//! Starts one job's process: in the job's working directory, in a process group of its own so
//! that a timeout can end everything it started, with the pipes the runner's loop reads.
//!
//! On Linux with glibc, through [`super::posix_spawn`] (hookrun builds the child's environment);
//! elsewhere, and for the few jobs that path leaves alone, through std's `Command`.

use std::ffi::OsStr;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;

use rustix::fs::{Mode, OFlags};

use super::Job;

/// How the child is kept apart from hookrun, so that a timeout can end all it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Isolation {
    /// A process group of its own.
    Group,
    /// A session of its own (and so a group): hookrun has a terminal the hook could reach.
    Session,
}

/// A started job: its process and hookrun's ends of its pipes.
pub(crate) struct Process {
    pid: u32,
    pub(crate) stdin: Option<OwnedFd>,
    pub(crate) stdout: Option<OwnedFd>,
    pub(crate) stderr: Option<OwnedFd>,
    waiter: Waiter,
}

enum Waiter {
    /// Started by std.
    Std(Child),
    /// Started by `posix_spawn`; its status once waited for.
    #[cfg_attr(
        not(all(target_os = "linux", target_env = "gnu")),
        expect(dead_code, reason = "posix_spawn is used on Linux with glibc only")
    )]
    Spawned(Option<ExitStatus>),
}

impl Process {
    fn from_child(mut child: Child) -> Process {
        Process {
            pid: child.id(),
            stdin: child.stdin.take().map(OwnedFd::from),
            stdout: child.stdout.take().map(OwnedFd::from),
            stderr: child.stderr.take().map(OwnedFd::from),
            waiter: Waiter::Std(child),
        }
    }

    pub(crate) fn id(&self) -> u32 {
        self.pid
    }

    /// The exit status once the process has exited (without blocking), as `Child::try_wait`.
    pub(crate) fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        match &mut self.waiter {
            Waiter::Std(child) => child.try_wait(),
            Waiter::Spawned(Some(status)) => Ok(Some(*status)),
            Waiter::Spawned(done) => {
                use rustix::process::{Pid, WaitOptions, waitpid};
                let pid = Pid::from_raw(self.pid.cast_signed())
                    .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no process 0"))?;
                let Some((_, status)) = waitpid(Some(pid), WaitOptions::NOHANG)? else {
                    return Ok(None);
                };
                let status = std::os::unix::process::ExitStatusExt::from_raw(status.as_raw());
                *done = Some(status);
                Ok(Some(status))
            }
        }
    }
}

/// Starts `job` in `job.cwd`; the error says what could not be started and why.
pub(crate) fn start(job: &Job<'_>) -> Result<Process, SpawnError> {
    super::running::spawn(|| {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if let Some(direct) = super::posix_spawn::DirectSpawn::for_job(job) {
            // The child enters `job.cwd` itself (posix_spawn's chdir action): hookrun's own
            // directory stays where it is.
            return spawn_direct(&direct?, job.stdin.is_some(), job.cwd)
                .map_err(|error| cwd_error(job.cwd).unwrap_or(error));
        }
        match start_dir() {
            Some(start) => in_dir(start, job.cwd, || {
                command(job).spawn().map(Process::from_child)
            }),
            // hookrun's own directory is gone or unreadable, so it could not come back from
            // `dir`: std forks and enters it in the child.
            None => command(job)
                .current_dir(job.cwd)
                .spawn()
                .map(Process::from_child),
        }
    })
    .map_err(|source| SpawnError {
        shown: shown_program(&job.program, &job.args),
        source,
    })
}

/// Why the child could not have entered `dir`, if it could not (after a spawn failed: its error
/// number alone does not tell a missing directory from a missing program).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn cwd_error(dir: &Path) -> Option<io::Error> {
    use rustix::fs::{Access, AtFlags, CWD, FileType, accessat, stat};
    let entered = stat(dir)
        .map_err(io::Error::from)
        .and_then(|found| match FileType::from_raw_mode(found.st_mode) {
            FileType::Directory => Ok(()),
            _ => Err(io::Error::from(rustix::io::Errno::NOTDIR)),
        })
        .and_then(|()| {
            accessat(CWD, dir, Access::EXEC_OK, AtFlags::EACCESS).map_err(io::Error::from)
        });
    entered.err().map(|error| enter_error(dir, &error))
}

/// "cannot enter its working directory /p: No such file or directory".
fn enter_error(dir: &Path, error: &io::Error) -> io::Error {
    io::Error::other(format!(
        "cannot enter its working directory {}: {error}",
        dir.display()
    ))
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn spawn_direct(
    direct: &super::posix_spawn::DirectSpawn,
    with_stdin: bool,
    cwd: &Path,
) -> io::Result<Process> {
    use rustix::pipe::{PipeFlags, pipe_with};
    let stdin = with_stdin
        .then(|| pipe_with(PipeFlags::CLOEXEC))
        .transpose()?;
    let (out_read, out_write) = pipe_with(PipeFlags::CLOEXEC)?;
    let (err_read, err_write) = pipe_with(PipeFlags::CLOEXEC)?;
    let pid = direct.spawn(
        stdin.as_ref().map(|(read, _)| read),
        &out_write,
        &err_write,
        cwd,
        isolation(),
    )?;
    Ok(Process {
        pid,
        stdin: stdin.map(|(_, write)| write),
        stdout: Some(out_read),
        stderr: Some(err_read),
        waiter: Waiter::Spawned(None),
    })
}

/// The `Command` for `job`: its program, arguments and environment, stdin piped when the job has
/// bytes for it (else `/dev/null`), stdout and stderr piped, in a process group of its own. Its
/// working directory is not set here: [`start`] gives it `job.cwd`.
fn command(job: &Job<'_>) -> Command {
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

/// Runs `spawn` with `dir` as the working directory, for the child to inherit; `start` is
/// where hookrun was, to return to.
///
/// For the jobs std starts (the `posix_spawn` path gives the child a chdir action instead). Not
/// through `Command::current_dir`: std gives a child its own directory with
/// `posix_spawn_file_actions_addchdir_np`, which it looks up at run time, and the statically
/// linked release binary cannot look it up. std then falls back to fork + exec, which costs
/// ~0.08 ms more per hook (bench/README.md). hookrun enters `dir` itself for the spawn and returns
/// through a descriptor of where it was, one spawn at a time ([`super::running::spawn`]: `hookrun
/// serve` starts hooks from parallel threads).
fn in_dir<T>(
    (start_path, start_fd): &(PathBuf, OwnedFd),
    dir: &Path,
    spawn: impl FnOnce() -> io::Result<T>,
) -> io::Result<T> {
    if dir == start_path {
        return spawn();
    }
    rustix::process::chdir(dir).map_err(|error| enter_error(dir, &io::Error::from(error)))?;
    let spawned = spawn();
    if rustix::process::fchdir(start_fd).is_err() {
        // Only relative paths given on the command line (`--log`) still depend on it.
        let _ = std::env::set_current_dir(start_path);
    }
    spawned
}

/// Where hookrun was started, as a path and a descriptor to return through.
fn start_dir() -> Option<&'static (PathBuf, OwnedFd)> {
    static START_DIR: OnceLock<Option<(PathBuf, OwnedFd)>> = OnceLock::new();
    START_DIR
        .get_or_init(|| {
            let path = std::env::current_dir().ok()?;
            let flags = super::platform::DIR_FLAGS | OFlags::DIRECTORY | OFlags::CLOEXEC;
            let fd = rustix::fs::open(".", flags, Mode::empty()).ok()?;
            Some((path, fd))
        })
        .as_ref()
}

/// A session when hookrun has a controlling terminal the hook could otherwise reach; without
/// one — the case when an agent or CI runs hookrun — a new group is all a session would add.
fn isolation() -> Isolation {
    if has_controlling_terminal() {
        Isolation::Session
    } else {
        Isolation::Group
    }
}

/// [`isolation`] for a `Command`. A session takes a `pre_exec`, which makes std fork + exec
/// (~0.1 ms per hook): only the jobs `posix_spawn` leaves to std pay it.
fn isolate(command: &mut Command) {
    match isolation() {
        Isolation::Group => {
            command.process_group(0);
        }
        Isolation::Session => {
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
        }
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

/// A hook's program that could not be started: `failed to start `{shown}`: {reason}`, where
/// the reason words the two common errors for people ("no such program", "not executable").
#[derive(Debug, thiserror::Error)]
#[error("failed to start `{shown}`: {}", reason(source))]
pub(crate) struct SpawnError {
    /// The program as the user wrote it (for `/bin/sh -c`, the command line).
    pub(crate) shown: String,
    #[source]
    pub(crate) source: io::Error,
}

/// The program as a failure names it: the shell's command line rather than `/bin/sh`.
fn shown_program(program: &OsStr, args: &[std::ffi::OsString]) -> String {
    if program == OsStr::new("/bin/sh") {
        args.get(1).map_or_else(
            || "/bin/sh".to_owned(),
            |arg| arg.to_string_lossy().into_owned(),
        )
    } else {
        program.to_string_lossy().into_owned()
    }
}

fn reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such program".to_owned(),
        io::ErrorKind::PermissionDenied => "not executable (permission denied)".to_owned(),
        _ => error.to_string(),
    }
}
