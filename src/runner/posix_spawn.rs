//! Starting a hook with glibc's `posix_spawn` and an environment hookrun builds itself.
//!
//! std's `Command` rebuilds the child's whole environment at every spawn once a variable is set
//! on it: it copies hookrun's environment into a sorted map, applies the changes and allocates a
//! C string per variable, ~75 000 instructions per hook with 40 variables, the larger part of what
//! a hook costs hookrun (bench/README.md, "Per hook"). Every hook sets a few (`HOOKRUN_HOOK`, the
//! dialect's), so hookrun builds the block itself: its own environment is read once, and each hook
//! gets one buffer with the variables it does not replace, then its own, in order.
//!
//! Otherwise the child starts as std would start it: a process group of its own (or a session,
//! [`Isolation`]), `SIGPIPE` back to its default, the pipes or `/dev/null` as stdin, stdout and
//! stderr, `posix_spawn` for a path and `posix_spawnp` (hookrun's `PATH`) for a bare name. A name
//! looked up in a `PATH` the job changes is left to std ([`DirectSpawn::for_job`] says `None`).

use std::ffi::{CStr, CString, OsStr};
use std::io;
use std::os::fd::{AsRawFd as _, OwnedFd};
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;
use std::sync::OnceLock;

use super::Job;
use super::spawn::Isolation;

/// What `posix_spawn` needs for one job, built before the spawn.
pub(crate) struct DirectSpawn {
    program: CString,
    /// Looked up in hookrun's `PATH` (no `/` in the program).
    lookup: bool,
    argv: Vec<CString>,
    env: EnvBlock,
}

impl DirectSpawn {
    /// `None` when std must start this job (a bare program name looked up in a `PATH` the job
    /// sets); `Err` when it cannot start at all (a NUL byte where none can be).
    pub(crate) fn for_job(job: &Job<'_>) -> Option<io::Result<DirectSpawn>> {
        let lookup = !job.program.as_bytes().contains(&b'/');
        if lookup && (job.clear_env || job.env.iter().any(|(key, _)| key.as_bytes() == b"PATH")) {
            return None;
        }
        Some(DirectSpawn::build(job, lookup))
    }

    fn build(job: &Job<'_>, lookup: bool) -> io::Result<DirectSpawn> {
        let program = c_string(&job.program)?;
        let mut argv = Vec::with_capacity(1 + job.args.len());
        argv.push(program.clone());
        for arg in &job.args {
            argv.push(c_string(arg)?);
        }
        let base: &[OwnEntry] = if job.clear_env {
            &[]
        } else {
            own_environment()
        };
        let env = EnvBlock::new(
            base,
            job.env.iter().map(|(k, v)| (k.as_bytes(), v.as_bytes())),
        )?;
        Ok(DirectSpawn {
            program,
            lookup,
            argv,
            env,
        })
    }

    /// Starts the process with `stdin` (else `/dev/null`), `stdout` and `stderr` as its standard
    /// descriptors, in `cwd` (entered by the child, before the program starts).
    pub(crate) fn spawn(
        &self,
        stdin: Option<&OwnedFd>,
        stdout: &OwnedFd,
        stderr: &OwnedFd,
        cwd: &Path,
        isolation: Isolation,
    ) -> io::Result<u32> {
        let cwd = c_string(cwd.as_os_str())?;
        let argv = pointers(self.argv.iter().map(|arg| arg.as_ptr()));
        let envp = self.env.pointers();
        #[expect(
            unsafe_code,
            reason = "posix_spawn: the C interface std's own spawn calls, with the same attributes"
        )]
        // SAFETY: the attribute and file-action objects are initialised before use and destroyed
        // once (their guards); every pointer handed over (program, argv, envp, cwd: NUL-terminated
        // strings in NULL-terminated arrays) outlives the call; the descriptors are open.
        unsafe {
            let mut attr = std::mem::MaybeUninit::<libc::posix_spawnattr_t>::uninit();
            check(libc::posix_spawnattr_init(attr.as_mut_ptr()))?;
            let attr = Guard(attr.as_mut_ptr(), |p| {
                libc::posix_spawnattr_destroy(p);
            });
            let mut actions = std::mem::MaybeUninit::<libc::posix_spawn_file_actions_t>::uninit();
            check(libc::posix_spawn_file_actions_init(actions.as_mut_ptr()))?;
            let actions = Guard(actions.as_mut_ptr(), |p| {
                libc::posix_spawn_file_actions_destroy(p);
            });

            match stdin {
                Some(fd) => check(libc::posix_spawn_file_actions_adddup2(
                    actions.0,
                    fd.as_raw_fd(),
                    libc::STDIN_FILENO,
                ))?,
                None => check(libc::posix_spawn_file_actions_addopen(
                    actions.0,
                    libc::STDIN_FILENO,
                    c"/dev/null".as_ptr(),
                    libc::O_RDONLY,
                    0,
                ))?,
            }
            for (fd, target) in [(stdout, libc::STDOUT_FILENO), (stderr, libc::STDERR_FILENO)] {
                check(libc::posix_spawn_file_actions_adddup2(
                    actions.0,
                    fd.as_raw_fd(),
                    target,
                ))?;
            }
            // glibc 2.29+, linked in: std reaches it only through a run-time lookup that the
            // static binary cannot make (`spawn::in_dir`).
            check(libc::posix_spawn_file_actions_addchdir_np(
                actions.0,
                cwd.as_ptr(),
            ))?;

            // hookrun ignores SIGPIPE (std does, for its own writes); an ignored signal stays
            // ignored across exec, so the child gets the default back, as from std.
            let mut default = std::mem::MaybeUninit::<libc::sigset_t>::uninit();
            libc::sigemptyset(default.as_mut_ptr());
            libc::sigaddset(default.as_mut_ptr(), libc::SIGPIPE);
            check(libc::posix_spawnattr_setsigdefault(
                attr.0,
                default.as_ptr(),
            ))?;
            let mut flags = libc::POSIX_SPAWN_SETSIGDEF;
            match isolation {
                Isolation::Group => {
                    check(libc::posix_spawnattr_setpgroup(attr.0, 0))?;
                    flags |= libc::POSIX_SPAWN_SETPGROUP;
                }
                Isolation::Session => flags |= i32::from(libc::POSIX_SPAWN_SETSID),
            }
            let flags = libc::c_short::try_from(flags)
                .map_err(|_| io::Error::other("posix_spawn flags out of range"))?;
            check(libc::posix_spawnattr_setflags(attr.0, flags))?;

            let spawn = if self.lookup {
                libc::posix_spawnp
            } else {
                libc::posix_spawn
            };
            let mut pid: libc::pid_t = 0;
            check(spawn(
                &raw mut pid,
                self.program.as_ptr(),
                actions.0,
                attr.0,
                argv.as_ptr().cast(),
                envp.as_ptr().cast(),
            ))?;
            Ok(pid.cast_unsigned())
        }
    }
}

/// Destroys a `posix_spawn` object once.
struct Guard<T>(*mut T, unsafe fn(*mut T));

impl<T> Drop for Guard<T> {
    fn drop(&mut self) {
        #[expect(unsafe_code, reason = "the matching destroy of an initialised object")]
        // SAFETY: `self.0` was initialised by the matching init and is destroyed only here.
        unsafe {
            (self.1)(self.0);
        }
    }
}

/// `posix_spawn` and its helpers return the error number itself.
fn check(code: libc::c_int) -> io::Result<()> {
    match code {
        0 => Ok(()),
        errno => Err(io::Error::from_raw_os_error(errno)),
    }
}

fn c_string(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes()).map_err(|_| nul_error())
}

/// std's words for the same refusal.
fn nul_error() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "nul byte found in provided data",
    )
}

/// A NULL-terminated array of C string pointers.
fn pointers(items: impl Iterator<Item = *const libc::c_char>) -> Vec<*const libc::c_char> {
    let mut out = Vec::with_capacity(items.size_hint().0 + 1);
    out.extend(items);
    out.push(std::ptr::null());
    out
}

/// One of hookrun's own `KEY=VALUE` entries, with where its key ends (found once, not per hook:
/// scanning each entry for its `=` at every spawn was most of what building a hook's environment
/// cost).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OwnEntry {
    entry: &'static CStr,
    key: usize,
}

impl OwnEntry {
    pub(crate) fn new(entry: &'static CStr) -> OwnEntry {
        OwnEntry {
            entry,
            key: entry_key(entry.to_bytes()).len(),
        }
    }

    fn key(&self) -> &'static [u8] {
        &self.entry.to_bytes()[..self.key]
    }
}

/// hookrun's own environment as `KEY=VALUE` entries, read once, in place: hookrun never changes
/// it. `std::env::vars_os` would copy each key and value into an allocation of its own, ~40 000
/// instructions with 40 variables (bench/README.md, "Per hook").
fn own_environment() -> &'static [OwnEntry] {
    static OWN: OnceLock<Vec<OwnEntry>> = OnceLock::new();
    OWN.get_or_init(|| {
        let mut entries = Vec::with_capacity(64);
        #[expect(
            unsafe_code,
            reason = "reading glibc's `environ`, the array std::env::vars_os reads"
        )]
        // SAFETY: `environ` is a NULL-terminated array of NUL-terminated strings. hookrun never
        // sets, removes or writes a variable (no `set_var`, `remove_var`, `putenv` anywhere in it
        // or in the libraries it links), and glibc frees no string it did not allocate, so each
        // string stays where it is, unchanged, for the life of the process.
        unsafe {
            let mut at = libc::environ.cast_const();
            while !at.is_null() && !(*at).is_null() {
                entries.push(OwnEntry::new(CStr::from_ptr(*at)));
                at = at.add(1);
            }
        }
        entries
    })
}

/// A child's environment: the entries of hookrun's it keeps, where they are, and the job's own,
/// each NUL-terminated in one buffer.
#[derive(Debug)]
pub(crate) struct EnvBlock {
    kept: Vec<&'static CStr>,
    bytes: Vec<u8>,
    starts: Vec<usize>,
}

impl EnvBlock {
    /// `base` (`KEY=VALUE` entries) less the keys `set` gives, then `set` in order; of a key
    /// set twice, the later value wins, in the later place.
    pub(crate) fn new<'k>(
        base: &[OwnEntry],
        set: impl Iterator<Item = (&'k [u8], &'k [u8])>,
    ) -> io::Result<EnvBlock> {
        let set: Vec<(&[u8], &[u8])> = set.collect();
        let replaced = |key: &[u8]| set.iter().any(|(k, _)| *k == key);
        let mut kept = Vec::with_capacity(base.len());
        kept.extend(
            base.iter()
                .filter(|own| !replaced(own.key()))
                .map(|own| own.entry),
        );
        let mut bytes = Vec::with_capacity(
            set.iter()
                .map(|(k, v)| k.len() + v.len() + 2)
                .sum::<usize>(),
        );
        let mut starts = Vec::with_capacity(set.len());
        for (at, (key, value)) in set.iter().enumerate() {
            if key.contains(&0) || value.contains(&0) {
                return Err(nul_error());
            }
            if set[at + 1..].iter().any(|(k, _)| k == key) {
                continue;
            }
            starts.push(bytes.len());
            bytes.extend_from_slice(key);
            bytes.push(b'=');
            bytes.extend_from_slice(value);
            bytes.push(0);
        }
        Ok(EnvBlock {
            kept,
            bytes,
            starts,
        })
    }

    fn pointers(&self) -> Vec<*const libc::c_char> {
        let base = self.bytes.as_ptr();
        let own = self.starts.iter().map(|&at| base.wrapping_add(at).cast());
        pointers(self.kept.iter().map(|entry| entry.as_ptr()).chain(own))
    }

    /// The entries, without their NULs (tests).
    #[cfg(test)]
    pub(crate) fn entries(&self) -> Vec<&[u8]> {
        let own = self.starts.iter().map(|&at| {
            let end = at + self.bytes[at..].iter().position(|&b| b == 0).unwrap_or(0);
            &self.bytes[at..end]
        });
        self.kept
            .iter()
            .map(|entry| entry.to_bytes())
            .chain(own)
            .collect()
    }
}

/// The key of a `KEY=VALUE` entry; a key may begin with `=` (std reads them so).
///
/// A plain loop, not `memchr`: its first call asks the CPU what it supports (std's feature
/// detection, a dozen `cpuid` instructions), which in a virtual machine costs more than all of
/// hookrun's own work for a hook (~47 µs measured).
fn entry_key(entry: &[u8]) -> &[u8] {
    let split = entry
        .iter()
        .skip(1)
        .position(|&b| b == b'=')
        .map_or(entry.len(), |at| at + 1);
    &entry[..split]
}

#[cfg(test)]
#[path = "posix_spawn_tests.rs"]
mod tests;
