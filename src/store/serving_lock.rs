//! One server per database file: the lock a serving process holds on `<database>.lock` for as
//! long as it runs (an advisory `flock`, which the kernel releases when the process ends, a
//! crash too), with the holder's process id written inside so that a second process can say
//! which one it met. SQLite's own locks keep two writers apart for a statement, not two bots
//! apart for their lives: without this, both would load the running games and fire every
//! deadline twice.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::StoreError;

/// The lock file beside a database file.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// The serving lock of one database, held until dropped.
#[derive(Debug)]
pub struct ServingLock {
    _file: File,
}

impl ServingLock {
    /// Takes the serving lock of `database` for this process.
    ///
    /// # Errors
    /// [`StoreError::InUse`] when another process holds it (with its process id when it wrote
    /// one); [`StoreError::Lock`] when the lock file cannot be opened or locked at all.
    pub fn take(database: &Path) -> Result<ServingLock, StoreError> {
        let path = lock_path(database);
        let failed = |e: std::io::Error| StoreError::Lock {
            path: path.clone(),
            cause: e.to_string(),
        };
        // Never truncated before it is ours: the holder's id stays readable.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(failed)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let holder = file
                    .read_to_string(&mut text)
                    .ok()
                    .and_then(|_| text.trim().parse::<u32>().ok());
                return Err(StoreError::InUse {
                    path: database.to_owned(),
                    holder,
                });
            }
            Err(TryLockError::Error(e)) => return Err(failed(e)),
        }
        file.set_len(0).map_err(failed)?;
        file.seek(SeekFrom::Start(0)).map_err(failed)?;
        write!(file, "{}", std::process::id()).map_err(failed)?;
        file.flush().map_err(failed)?;
        Ok(ServingLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_taker_is_refused_with_the_holders_id_until_the_lock_goes() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tengen.db");
        let first = ServingLock::take(&db).unwrap();
        let me = std::process::id();
        match ServingLock::take(&db) {
            Err(StoreError::InUse { path, holder }) => {
                assert_eq!(path, db);
                assert_eq!(holder, Some(me));
            }
            other => panic!("a second lock while the first is held: {other:?}"),
        }
        let message = ServingLock::take(&db).unwrap_err().to_string();
        assert!(message.contains(&db.display().to_string()), "{message}");
        assert!(message.contains(&format!("process {me}")), "{message}");
        drop(first);
        ServingLock::take(&db).expect("free again once the holder let go");
    }
}
