//! Compiled components, cached so that a plugin's second run does not compile it again.
//!
//! An entry is wasmtime's serialised component, named by the SHA-256 of the `.wasm` file's bytes
//! and of the engine's compatibility hash (wasmtime's version, target and settings), and written
//! atomically (temporary file, fsync, rename) under the order's `cache_dir`, created 0700. The
//! entry carries the SHA-256 of its own contents, checked before wasmtime reads it: a truncated
//! or altered entry is ignored and replaced, never loaded.

use std::fs;
use std::hash::Hash as _;
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

use sha2::{Digest as _, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

use super::order::Compiled;

/// What an entry starts with (the format's version is its last byte).
const MAGIC: &[u8] = b"hookrun-cwasm\x01";

/// The cache directory of one run.
pub(super) struct Cache {
    dir: PathBuf,
    /// The engine's part of every key (hex).
    engine_key: String,
}

/// A component, where it came from, and what went wrong with the cache on the way (a warning
/// for the answer's logs: the run goes on).
pub(super) struct Loaded {
    pub(super) component: Component,
    pub(super) compiled: Compiled,
    pub(super) warnings: Vec<String>,
}

impl Cache {
    pub(super) fn new(dir: &Path, engine: &Engine) -> Cache {
        let mut hasher = DigestHasher(Sha256::new());
        engine.precompile_compatibility_hash().hash(&mut hasher);
        Cache {
            dir: dir.to_path_buf(),
            engine_key: hex(&hasher.0.finalize()[..8]),
        }
    }

    /// The component for `wasm` (the file's bytes), from the cache or compiled and cached.
    pub(super) fn load(&self, engine: &Engine, wasm: &[u8]) -> wasmtime::Result<Loaded> {
        let path = self.dir.join(format!(
            "{}-{}.cwasm",
            hex(&Sha256::digest(wasm)),
            self.engine_key
        ));
        let mut warnings = Vec::new();
        match fs::read(&path) {
            Ok(entry) => match deserialize(engine, &entry) {
                Ok(component) => {
                    return Ok(Loaded {
                        component,
                        compiled: Compiled::Cached,
                        warnings,
                    });
                }
                Err(why) => warnings.push(format!(
                    "the cached component {} was unusable ({why}): compiled again",
                    path.display()
                )),
            },
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => warnings.push(format!(
                "the cached component {} is unreadable ({error}): compiled again",
                path.display()
            )),
        }
        let component = Component::from_binary(engine, wasm)?;
        if let Err(error) = self.write(&path, &component) {
            warnings.push(format!(
                "the compiled component was not cached in {} ({error}): the next run compiles \
                 it again",
                self.dir.display()
            ));
        }
        Ok(Loaded {
            component,
            compiled: Compiled::Compiled,
            warnings,
        })
    }

    fn write(&self, path: &Path, component: &Component) -> Result<(), String> {
        let serialized = component.serialize().map_err(|error| error.to_string())?;
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)
            .map_err(|error| error.to_string())?;
        let temporary = path.with_extension(format!("{}.tmp", std::process::id()));
        let written = (|| {
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .mode(0o600)
                .open(&temporary)?;
            file.write_all(MAGIC)?;
            file.write_all(&Sha256::digest(&serialized))?;
            file.write_all(&serialized)?;
            file.sync_all()?;
            fs::rename(&temporary, path)
        })();
        written.map_err(|error| {
            let _ = fs::remove_file(&temporary);
            error.to_string()
        })
    }
}

/// Reads an entry after checking its digest.
#[expect(
    unsafe_code,
    reason = "wasmtime loads compiled code only through an unsafe call: see SAFETY"
)]
fn deserialize(engine: &Engine, entry: &[u8]) -> Result<Component, String> {
    let rest = entry
        .strip_prefix(MAGIC)
        .ok_or("not a hookrun cache entry")?;
    let (digest, serialized) = rest.split_first_chunk::<32>().ok_or("it is truncated")?;
    if Sha256::digest(serialized).as_slice() != digest {
        return Err("its contents do not match their digest".to_owned());
    }
    // SAFETY: `Component::deserialize` requires bytes that `Component::serialize` produced. These
    // were written by `Cache::write` from `serialize` and are unchanged since (their SHA-256
    // matches the one written with them); the key holds the engine's compatibility hash, and
    // wasmtime checks its own version and settings header besides. The directory is the user's
    // own cache, 0700.
    unsafe { Component::deserialize(engine, serialized) }.map_err(|error| error.to_string())
}

/// A `Hasher` that feeds a SHA-256, so that the engine's hash is the same in every process.
struct DigestHasher(Sha256);

impl std::hash::Hasher for DigestHasher {
    fn finish(&self) -> u64 {
        let digest = self.0.clone().finalize();
        u64::from_le_bytes(digest[..8].try_into().expect("a SHA-256 has 32 bytes"))
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}
