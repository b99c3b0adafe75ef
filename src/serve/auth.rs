//! The bearer token every request needs: `HOOKRUN_SERVE_TOKEN` when set, else the token file under
//! the user's configuration directory (`$XDG_CONFIG_HOME/hookrun/serve-token`, else
//! `~/.config/hookrun/serve-token`), generated on first start with mode 0600. A token file that
//! others can read is refused (fail closed), as is an empty token. Tokens are compared in constant
//! time: both sides are hashed and the digests compared without an early exit.

use std::io::{Read as _, Write as _};
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The variable that gives the token instead of the file.
pub(crate) const VARIABLE: &str = "HOOKRUN_SERVE_TOKEN";

/// The server's token, kept as its digest.
pub(crate) struct Token {
    digest: [u8; 32],
}

/// Where the token came from, for the start-up message.
pub(crate) enum Origin {
    Variable,
    File(PathBuf),
}

impl Token {
    pub(crate) fn new(secret: &str) -> Token {
        Token {
            digest: Sha256::digest(secret.as_bytes()).into(),
        }
    }

    /// Whether an `Authorization` header value is `Bearer <this token>`.
    pub(crate) fn admits(&self, header: Option<&[u8]>) -> bool {
        let Some(given) = header.and_then(|h| h.strip_prefix(b"Bearer ")) else {
            return false;
        };
        let digest: [u8; 32] = Sha256::digest(given.trim_ascii()).into();
        digest
            .iter()
            .zip(&self.digest)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

/// Why the server has no token.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TokenError {
    #[error("{VARIABLE} is not valid UTF-8")]
    NotUtf8,
    #[error("{VARIABLE} is empty")]
    Empty,
    #[error("neither {VARIABLE} nor HOME is set: no place for the server's token")]
    NoPlace,
    #[error("{}: {source}", path.display())]
    File {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// The token: from the variable, else the file (created when missing).
pub(crate) fn load() -> Result<(Token, Origin), TokenError> {
    if let Some(value) = std::env::var_os(VARIABLE) {
        let value = value.into_string().map_err(|_| TokenError::NotUtf8)?;
        if value.trim().is_empty() {
            return Err(TokenError::Empty);
        }
        return Ok((Token::new(value.trim()), Origin::Variable));
    }
    let path = token_path().ok_or(TokenError::NoPlace)?;
    let secret = match read_or_create(&path) {
        Ok(secret) => secret,
        Err(source) => return Err(TokenError::File { path, source }),
    };
    Ok((Token::new(&secret), Origin::File(path)))
}

/// `$XDG_CONFIG_HOME/hookrun/serve-token`, else `~/.config/hookrun/serve-token`.
pub(crate) fn token_path() -> Option<PathBuf> {
    crate::config::sources::user_config_path().map(|config| config.with_file_name("serve-token"))
}

fn read_or_create(path: &Path) -> std::io::Result<String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path);
    match created {
        Ok(mut file) => {
            let secret = random_hex()?;
            file.write_all(secret.as_bytes())?;
            file.write_all(b"\n")?;
            file.sync_all()?;
            Ok(secret)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let meta = std::fs::metadata(path)?;
            if meta.permissions().mode() & 0o077 != 0 {
                return Err(std::io::Error::other(format!(
                    "others can read or write it (mode {:o}): make it 0600",
                    meta.permissions().mode() & 0o777
                )));
            }
            let text = std::fs::read_to_string(path)?;
            let secret = text.trim();
            if secret.is_empty() {
                return Err(std::io::Error::other("it is empty"));
            }
            Ok(secret.to_owned())
        }
        Err(e) => Err(e),
    }
}

/// 32 random bytes from the kernel, in hex.
fn random_hex() -> std::io::Result<String> {
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes
        .iter()
        .fold(String::with_capacity(64), |mut out, byte| {
            use std::fmt::Write as _;
            let _ = write!(out, "{byte:02x}");
            out
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_bearer_token_is_admitted() {
        let token = Token::new("s3cret");
        assert!(token.admits(Some(b"Bearer s3cret")));
        assert!(!token.admits(Some(b"Bearer s3cre")));
        assert!(!token.admits(Some(b"Bearer s3cret2")));
        assert!(!token.admits(Some(b"Basic s3cret")));
        assert!(!token.admits(Some(b"s3cret")));
        assert!(!token.admits(None));
    }

    #[test]
    fn a_token_file_is_created_0600_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hookrun/serve-token");
        let first = read_or_create(&path).unwrap();
        assert_eq!(first.len(), 64);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(read_or_create(&path).unwrap(), first);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let refused = read_or_create(&path).unwrap_err().to_string();
        assert!(refused.contains("make it 0600"), "{refused}");
    }
}
