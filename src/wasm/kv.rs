//! A plugin's key-value store (`prx:host/kv`): one file per plugin under its `state_dir`.
//!
//! The whole store is read on first use and rewritten on every change, crash-safe: a temporary
//! file in the same directory, fsynced, renamed over the old one, and the directory fsynced, so
//! a crash leaves the old store or the new one, never half of either. The quota is PRX's: the
//! bytes of every key and value together, at most `max_kv_storage_mb` MiB. Stores are small by
//! that cap, so a whole rewrite is the simple and safe choice.
//!
//! Two fires may run one plugin at once, each in its own `hookrun-wasm`: a change takes the
//! store directory's lock (`install::write::lock`), reads the file again, applies itself to what
//! is there (the quota counted on that) and writes it before letting go, so neither loses the
//! other's keys.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::os::unix::fs::{DirBuilderExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

/// The store's file name inside the plugin's state directory.
const FILE: &str = "kv.bin";
/// What a store file starts with (the format's version is its last byte).
const MAGIC: &[u8] = b"hookrun-kv\x01";

/// One plugin's store, loaded.
#[derive(Debug)]
pub(super) struct Store {
    dir: PathBuf,
    entries: BTreeMap<String, Vec<u8>>,
    quota: usize,
}

impl Store {
    /// Opens the store under `dir` (an absent file is an empty store; nothing is created yet).
    pub(super) fn open(dir: &Path, quota_mb: u64) -> Result<Store, String> {
        let quota = usize::try_from(quota_mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX);
        Ok(Store {
            dir: dir.to_path_buf(),
            entries: read(dir)?,
            quota,
        })
    }

    pub(super) fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.entries.get(key).cloned()
    }

    /// Every key that starts with `prefix`, in byte order.
    pub(super) fn list_keys(&self, prefix: &str) -> Vec<String> {
        self.entries
            .range::<str, _>((
                std::ops::Bound::Included(prefix),
                std::ops::Bound::Unbounded,
            ))
            .take_while(|(key, _)| key.starts_with(prefix))
            .map(|(key, _)| key.clone())
            .collect()
    }

    /// Stores `value` under `key` within the quota, and writes the store out.
    pub(super) fn set(&mut self, key: String, value: Vec<u8>) -> Result<(), String> {
        let quota = self.quota;
        self.change(|entries| {
            let used: usize = entries.iter().map(|(k, v)| k.len() + v.len()).sum();
            let replaced = entries.get(&key).map_or(0, |old| key.len() + old.len());
            let next = used - replaced + key.len() + value.len();
            if next > quota {
                return Err(format!(
                    "plugin KV quota exceeded: requested {next} bytes, limit {quota} bytes \
                     (max_kv_storage_mb)"
                ));
            }
            entries.insert(key, value);
            Ok(())
        })
    }

    /// Deletes `key`; whether it existed.
    pub(super) fn delete(&mut self, key: &str) -> Result<bool, String> {
        self.change(|entries| Ok(entries.remove(key).is_some()))
    }

    /// One change, under the directory's lock, to the store as it is on disk now; the store in
    /// memory becomes what was written (and stays as it was when nothing was).
    fn change<T>(
        &mut self,
        apply: impl FnOnce(&mut BTreeMap<String, Vec<u8>>) -> Result<T, String>,
    ) -> Result<T, String> {
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)
            .map_err(|error| {
                format!(
                    "the kv store in {} was not saved (creating its directory): {error}",
                    self.dir.display()
                )
            })?;
        let _lock = crate::install::write::lock(&self.dir.join(FILE)).map_err(|error| {
            format!(
                "the kv store in {} was not saved (locking it): {error}",
                self.dir.display()
            )
        })?;
        let mut entries = read(&self.dir)?;
        let changed = apply(&mut entries)?;
        self.save(&entries)?;
        self.entries = entries;
        Ok(changed)
    }

    /// Writes the whole store: temporary file, fsync, rename, fsync of the directory. The caller
    /// holds the lock.
    fn save(&self, entries: &BTreeMap<String, Vec<u8>>) -> Result<(), String> {
        let failed = |what: &str, error: std::io::Error| {
            format!(
                "the kv store in {} was not saved ({what}): {error}",
                self.dir.display()
            )
        };
        let temporary = self.dir.join(format!(".{FILE}.{}.tmp", std::process::id()));
        let written = (|| {
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .mode(0o600)
                .open(&temporary)?;
            file.write_all(&encode(entries))?;
            file.sync_all()?;
            fs::rename(&temporary, self.dir.join(FILE))?;
            fs::File::open(&self.dir)?.sync_all()
        })();
        written.map_err(|error| {
            let _ = fs::remove_file(&temporary);
            failed("writing it", error)
        })
    }
}

/// The store under `dir` as it is on disk (an absent file is an empty store).
fn read(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let path = dir.join(FILE);
    match fs::read(&path) {
        Ok(bytes) => decode(&bytes)
            .map_err(|why| format!("the kv store {} is damaged: {why}", path.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
        Err(error) => Err(format!(
            "the kv store {} is unreadable: {error}",
            path.display()
        )),
    }
}

/// The file's bytes: the magic, then for each entry its key's and value's lengths (u32 little
/// endian) and bytes.
fn encode(entries: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let size: usize = entries.iter().map(|(k, v)| 8 + k.len() + v.len()).sum();
    let mut bytes = Vec::with_capacity(MAGIC.len() + size);
    bytes.extend_from_slice(MAGIC);
    for (key, value) in entries {
        for part in [key.as_bytes(), value.as_slice()] {
            let length = u32::try_from(part.len()).expect("the quota keeps entries under 4 GiB");
            bytes.extend_from_slice(&length.to_le_bytes());
            bytes.extend_from_slice(part);
        }
    }
    bytes
}

fn decode(bytes: &[u8]) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut rest = bytes
        .strip_prefix(MAGIC)
        .ok_or("it does not start as a hookrun kv store")?;
    let mut entries = BTreeMap::new();
    while !rest.is_empty() {
        let key = take(&mut rest)?;
        let key = String::from_utf8(key.to_vec()).map_err(|_| "a key is not UTF-8".to_owned())?;
        let value = take(&mut rest)?;
        entries.insert(key, value.to_vec());
    }
    Ok(entries)
}

/// One length-prefixed part off the front of `rest`.
fn take<'a>(rest: &mut &'a [u8]) -> Result<&'a [u8], String> {
    let (length, tail) = rest
        .split_first_chunk::<4>()
        .ok_or("it ends inside an entry")?;
    let length = usize::try_from(u32::from_le_bytes(*length)).unwrap_or(usize::MAX);
    if tail.len() < length {
        return Err("it ends inside an entry".to_owned());
    }
    let (part, tail) = tail.split_at(length);
    *rest = tail;
    Ok(part)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path, quota_mb: u64) -> Store {
        Store::open(dir, quota_mb).unwrap()
    }

    #[test]
    fn values_persist_across_opens_and_the_file_is_private() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state/audit");
        let mut kv = store(&state, 1);
        assert_eq!(kv.get("a"), None);
        assert!(!state.exists(), "nothing is created before the first write");
        kv.set("count:total".into(), b"41".to_vec()).unwrap();
        kv.set("count:tool_call".into(), b"1".to_vec()).unwrap();
        kv.set("other".into(), vec![0, 255]).unwrap();
        let again = store(&state, 1);
        assert_eq!(again.get("count:total"), Some(b"41".to_vec()));
        assert_eq!(again.get("other"), Some(vec![0, 255]));
        assert_eq!(
            again.list_keys("count:"),
            ["count:tool_call", "count:total"]
        );
        assert_eq!(again.list_keys("").len(), 3);
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&state), 0o700);
        assert_eq!(mode(&state.join(FILE)), 0o600);
        let leftovers: Vec<_> = fs::read_dir(&state).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file stays behind");
    }

    #[test]
    fn stores_opened_at_once_on_one_directory_lose_none_of_each_others_keys() {
        let dir = tempfile::tempdir().unwrap();
        let writers: Vec<_> = (0..8)
            .map(|writer| {
                // Each opened before any writes, as two fires' plugin hosts would be.
                let mut kv = store(dir.path(), 1);
                std::thread::spawn(move || {
                    for key in 0..20 {
                        kv.set(format!("{writer}:{key}"), vec![1]).unwrap();
                    }
                    kv.delete(&format!("{writer}:0")).unwrap();
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let kv = store(dir.path(), 1);
        assert_eq!(kv.list_keys("").len(), 8 * 19);
        assert_eq!(kv.get("7:19"), Some(vec![1]));
        assert_eq!(kv.get("3:0"), None);
    }

    #[test]
    fn delete_says_whether_the_key_existed_and_persists() {
        let dir = tempfile::tempdir().unwrap();
        let mut kv = store(dir.path(), 1);
        kv.set("k".into(), b"v".to_vec()).unwrap();
        assert_eq!(kv.delete("k"), Ok(true));
        assert_eq!(kv.delete("k"), Ok(false));
        assert_eq!(store(dir.path(), 1).get("k"), None);
    }

    #[test]
    fn the_quota_counts_keys_and_values_and_overwrites_free_the_old_value() {
        let dir = tempfile::tempdir().unwrap();
        let mut kv = store(dir.path(), 1);
        let mib = 1024 * 1024;
        kv.set("a".into(), vec![1; mib - 1]).unwrap(); // exactly the quota
        let refused = kv.set("b".into(), vec![2]).unwrap_err();
        assert!(refused.contains("quota exceeded"), "{refused}");
        assert_eq!(kv.get("b"), None);
        kv.set("a".into(), vec![3; 10]).unwrap(); // replacing frees the old value
        kv.set("b".into(), vec![4; mib / 2]).unwrap();
        assert_eq!(
            store(dir.path(), 1).get("b").map(|v| v.len()),
            Some(mib / 2)
        );
    }

    #[test]
    fn a_damaged_store_is_an_error_not_an_empty_store() {
        let dir = tempfile::tempdir().unwrap();
        let mut kv = store(dir.path(), 1);
        kv.set("key".into(), b"value".to_vec()).unwrap();
        let path = dir.path().join(FILE);
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 2]).unwrap();
        let error = Store::open(dir.path(), 1).unwrap_err();
        assert!(
            error.contains("is damaged: it ends inside an entry"),
            "{error}"
        );
        fs::write(&path, b"something else").unwrap();
        assert!(Store::open(dir.path(), 1).is_err());
    }

    #[test]
    fn encoding_round_trips() {
        let mut entries = BTreeMap::new();
        assert_eq!(decode(&encode(&entries)), Ok(entries.clone()));
        entries.insert(String::new(), Vec::new());
        entries.insert("ключ".to_owned(), vec![0; 3]);
        assert_eq!(decode(&encode(&entries)), Ok(entries));
    }
}
