//! Files as Laager takes and leaves them: an input is a regular file within the size its
//! kind may have, read as UTF-8 text with a byte-order mark dropped; an output is written
//! beside its target under a name no other run uses and renamed into place, never over a
//! `.laager` campaign and over any other existing file only when told to; and what a
//! killed run left half-written is cleared by the next run that writes the same target.

use super::schema::{self, Header};
use super::{Result, StoreError};
use std::fs::{File, OpenOptions};
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A megabyte, as the documented limits count them.
pub const MB: u64 = 1_000_000;

/// The kinds of file Laager reads, each with the most it reads of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A layout (the table as JSON): 20 MB.
    Layout,
    /// A game or campaign to import (JSON): 200 MB.
    Import,
    /// A chart or a club's house file (TOML): 5 MB.
    Chart,
    /// A photo of the table (PNG or JPEG bytes): 50 MB.
    Photo,
    /// A club's tables folder as one file (JSON): 100 MB.
    Bundle,
}

impl Input {
    /// The most a file of this kind may hold, in bytes.
    pub fn limit(self) -> u64 {
        match self {
            Input::Layout => 20 * MB,
            Input::Import => 200 * MB,
            Input::Chart => 5 * MB,
            Input::Photo => 50 * MB,
            Input::Bundle => 100 * MB,
        }
    }

    /// The kind in words ("a layout").
    pub fn noun(self) -> &'static str {
        match self {
            Input::Layout => "a layout",
            Input::Import => "an import",
            Input::Chart => "a chart or house file",
            Input::Photo => "a photo",
            Input::Bundle => "a club tables bundle",
        }
    }
}

/// Opens a file to read, refusing at once (without blocking on it) anything but a regular
/// file: a folder, a named pipe, a device, a socket, or a file of the kernel's (`/proc`,
/// `/sys`), whose contents are made up as they are read.
pub fn open_regular(path: &Path) -> Result<File> {
    let io = |e: std::io::Error| StoreError::Io {
        path: path.to_owned(),
        message: plain_io(&e),
    };
    let mut options = OpenOptions::new();
    options.read(true);
    // Opening a named pipe waits for a writer; non-blocking, it returns at once and the
    // check below refuses it. A regular file reads the same either way.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    let not_regular = |kind: &'static str| StoreError::NotRegular {
        path: path.to_owned(),
        kind,
    };
    if meta.is_dir() {
        return Err(not_regular("a folder"));
    }
    if !meta.is_file() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt as _;
            let kind = meta.file_type();
            if kind.is_fifo() {
                return Err(not_regular("a named pipe (FIFO)"));
            }
            if kind.is_socket() {
                return Err(not_regular("a socket"));
            }
        }
        return Err(not_regular("a device"));
    }
    if kernel_file(&file) {
        return Err(not_regular("a file of the kernel (/proc or /sys)"));
    }
    Ok(file)
}

/// Whether the file lives on the kernel's own file systems (`/proc`, `/sys`).
#[cfg(target_os = "linux")]
fn kernel_file(file: &File) -> bool {
    use std::os::fd::AsRawFd as _;
    const PROC_SUPER_MAGIC: i64 = 0x9fa0;
    const SYSFS_MAGIC: i64 = 0x6265_6572;
    // SAFETY: `statfs` is plain data, zeroed is a valid value; the descriptor is open for
    // the duration of the call.
    let mut stat: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: as above; fstatfs only writes into `stat`.
    let done = unsafe { libc::fstatfs(file.as_raw_fd(), &raw mut stat) };
    #[allow(clippy::unnecessary_cast, clippy::cast_lossless)] // f_type's width differs by target
    let kind = stat.f_type as i64;
    done == 0 && (kind == PROC_SUPER_MAGIC || kind == SYSFS_MAGIC)
}

#[cfg(not(target_os = "linux"))]
fn kernel_file(_file: &File) -> bool {
    false
}

/// Reads a file of a kind as bytes: a regular file within the kind's limit.
pub fn read_bytes(path: &Path, kind: Input) -> Result<Vec<u8>> {
    let file = open_regular(path)?;
    let limit = kind.limit();
    let too_large = || StoreError::TooLarge {
        path: path.to_owned(),
        what: kind.noun(),
        limit_mb: limit / MB,
    };
    let stated = file.metadata().map_or(0, |m| m.len());
    if stated > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(stated).unwrap_or(0));
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::Io {
            path: path.to_owned(),
            message: plain_io(&e),
        })?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads a text file of a kind: a regular file within the kind's limit, UTF-8, with a
/// leading byte-order mark dropped.
pub fn read_text(path: &Path, kind: Input) -> Result<String> {
    let bytes = read_bytes(path, kind)?;
    let mut text = String::from_utf8(bytes).map_err(|e| StoreError::Io {
        path: path.to_owned(),
        message: format!(
            "not UTF-8 text (a byte that is not UTF-8 at offset {})",
            e.utf8_error().valid_up_to()
        ),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// What a write does with a target that already exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// Refuse it: the target must be new.
    Refuse,
    /// Replace it (`--force`), unless it is a `.laager` campaign.
    Replace,
}

/// Whether the file at `path` is a `.laager` campaign, by its SQLite header's
/// application id (whatever its name).
pub fn is_campaign(path: &Path) -> bool {
    let Ok(file) = open_regular(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(100);
    if file.take(100).read_to_end(&mut head).is_err() {
        return false;
    }
    matches!(schema::read_header(&head), Header::Laager { .. })
}

/// Whether two paths name one file (the same device and inode).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Checks that `target` may be written: its folder exists, and it does not exist, or it
/// may be replaced and is not a campaign. Clears what killed runs left beside it.
pub fn check_target(target: &Path, existing: Existing) -> Result<()> {
    let folder = folder_of(target);
    if !folder.is_dir() {
        return Err(StoreError::Unwritable {
            path: target.to_owned(),
            reason: format!("the folder {} does not exist", folder.display()),
        });
    }
    clear_leftovers(target);
    match std::fs::symlink_metadata(target) {
        Err(_) => Ok(()),
        Ok(meta) if meta.is_dir() => Err(StoreError::NotRegular {
            path: target.to_owned(),
            kind: "a folder",
        }),
        Ok(_) if is_campaign(target) => Err(StoreError::Campaign(target.to_owned())),
        Ok(_) => match existing {
            Existing::Refuse => Err(StoreError::WouldOverwrite(target.to_owned())),
            Existing::Replace => Ok(()),
        },
    }
}

/// Writes `bytes` to `target`: into a new temporary file beside it, flushed to disk, then
/// moved into place. With [`Existing::Refuse`] the move refuses a target that appeared
/// meanwhile; a campaign is never replaced.
pub fn write_file(target: &Path, bytes: &[u8], existing: Existing) -> Result<()> {
    check_target(target, existing)?;
    let partial = Partial::create(target)?;
    let written = partial.file().and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(e) = written {
        return Err(unwritable(target, &e));
    }
    partial.finish(existing)
}

/// A temporary file beside a target: `TARGET.partial-PID-N`, removed when dropped unless
/// it was moved into place.
#[derive(Debug)]
pub struct Partial {
    target: PathBuf,
    path: PathBuf,
    done: bool,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

impl Partial {
    /// Creates the empty temporary file (refusing a name already taken).
    pub fn create(target: &Path) -> Result<Partial> {
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let mut name = target.as_os_str().to_owned();
            name.push(format!(".partial-{}-{n}", std::process::id()));
            let path = PathBuf::from(name);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => {
                    return Ok(Partial {
                        target: target.to_owned(),
                        path,
                        done: false,
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(unwritable(target, &e)),
            }
        }
    }

    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn file(&self) -> std::io::Result<File> {
        OpenOptions::new().write(true).open(&self.path)
    }

    /// Moves the finished temporary file into place.
    pub fn finish(mut self, existing: Existing) -> Result<()> {
        let target = self.target.clone();
        match existing {
            Existing::Refuse => match std::fs::hard_link(&self.path, &target) {
                Ok(()) => {
                    let _ = std::fs::remove_file(&self.path);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    return Err(if is_campaign(&target) {
                        StoreError::Campaign(target)
                    } else {
                        StoreError::WouldOverwrite(target)
                    });
                }
                // A file system without hard links: check, then move.
                Err(_) => {
                    if target.exists() {
                        return Err(StoreError::WouldOverwrite(target));
                    }
                    std::fs::rename(&self.path, &target).map_err(|e| unwritable(&target, &e))?;
                }
            },
            Existing::Replace => {
                if is_campaign(&target) {
                    return Err(StoreError::Campaign(target));
                }
                std::fs::rename(&self.path, &target).map_err(|e| unwritable(&target, &e))?;
            }
        }
        self.done = true;
        sync_folder(&target);
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.path);
            let _ = std::fs::remove_file(journal_of(&self.path));
        }
    }
}

/// The rollback journal SQLite keeps beside a database while it writes.
pub fn journal_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-journal");
    PathBuf::from(name)
}

fn folder_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Removes `TARGET.partial-PID[-N][-journal]` files whose process is no longer running:
/// what a run killed while writing `target` left behind.
pub fn clear_leftovers(target: &Path) {
    let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let prefix = format!("{name}.partial-");
    let Ok(entries) = std::fs::read_dir(folder_of(target)) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let rest = rest.strip_suffix("-journal").unwrap_or(rest);
        let mut parts = rest.splitn(2, '-');
        let Some(pid) = parts.next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if parts.next().is_some_and(|n| n.parse::<u64>().is_err()) {
            continue;
        }
        if !process_alive(pid) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process of this id is running (or might be: when in doubt, it is).
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return true;
        };
        if pid <= 0 {
            return true;
        }
        // SAFETY: signal 0 checks only that the process exists; nothing is sent.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        alive || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        true
    }
}

fn sync_folder(target: &Path) {
    #[cfg(unix)]
    if let Ok(folder) = File::open(folder_of(target)) {
        let _ = folder.sync_all();
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// A write the system refused, in plain words.
pub(super) fn unwritable(target: &Path, e: &std::io::Error) -> StoreError {
    StoreError::Unwritable {
        path: target.to_owned(),
        reason: plain_io(e),
    }
}

/// What the system said, in the words a user needs.
pub(super) fn plain_io(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file or folder".to_owned(),
        ErrorKind::PermissionDenied => "permission denied".to_owned(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".to_owned(),
        ErrorKind::StorageFull => "the disk is full".to_owned(),
        ErrorKind::IsADirectory => "it is a folder".to_owned(),
        _ => e.to_string(),
    }
}

/// How long a writer waits for another to release a folder's lock before giving up.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// An exclusive lock on a folder, held by one writer at a time (in every process) until
/// dropped: on Unix an advisory `flock` on the folder itself, elsewhere a `.laager-lock`
/// file inside it.
#[derive(Debug)]
pub struct FolderLock {
    #[cfg(unix)]
    _folder: File,
    #[cfg(not(unix))]
    marker: PathBuf,
}

impl FolderLock {
    /// Takes the lock on `folder`, waiting up to `wait` for another writer to release it.
    /// A lock held longer is a [`StoreError::Conflict`] naming the folder.
    pub fn acquire(folder: &Path, wait: std::time::Duration) -> Result<FolderLock> {
        let deadline = std::time::Instant::now() + wait;
        let held = || StoreError::Conflict {
            path: folder.to_owned(),
            reason: format!(
                "another laager is writing to this folder and has held its lock for over {} s; nothing was written: try again when it is done",
                wait.as_secs()
            ),
        };
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd as _;
            let handle = File::open(folder).map_err(|e| StoreError::Io {
                path: folder.to_owned(),
                message: plain_io(&e),
            })?;
            loop {
                // SAFETY: the descriptor is open for the duration of the call.
                let done =
                    unsafe { libc::flock(handle.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
                if done == 0 {
                    return Ok(FolderLock { _folder: handle });
                }
                let e = std::io::Error::last_os_error();
                if e.raw_os_error() != Some(libc::EWOULDBLOCK)
                    && e.kind() != std::io::ErrorKind::Interrupted
                {
                    return Err(StoreError::Io {
                        path: folder.to_owned(),
                        message: plain_io(&e),
                    });
                }
                if std::time::Instant::now() >= deadline {
                    return Err(held());
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
        #[cfg(not(unix))]
        {
            let marker = folder.join(".laager-lock");
            loop {
                match OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&marker)
                {
                    Ok(_) => return Ok(FolderLock { marker }),
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(unwritable(&marker, &e)),
                }
                if std::time::Instant::now() >= deadline {
                    return Err(held());
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

#[cfg(not(unix))]
impl Drop for FolderLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.marker);
    }
}
