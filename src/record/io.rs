//! File output that never loses data.

use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use tempfile::{NamedTempFile, TempPath};

/// Writes `bytes` to `path` atomically: a temporary file in the same directory,
/// flushed and renamed over the target, so a crash leaves the old file intact.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.finish()?.commit()
}

/// A file written in pieces that replaces `path` only when committed: until
/// then it is a temporary file in the same directory (so the rename is
/// atomic), deleted if dropped.
pub struct AtomicFile {
    out: BufWriter<NamedTempFile>,
    path: PathBuf,
}

impl AtomicFile {
    /// Starts the temporary file for `path`.
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Ok(AtomicFile {
            out: BufWriter::with_capacity(1 << 16, NamedTempFile::new_in(dir)?),
            path: path.to_path_buf(),
        })
    }

    /// Flushes and closes the temporary file; it stays until committed or
    /// dropped, holding no file descriptor (many can wait at once).
    pub fn finish(self) -> std::io::Result<Written> {
        let tmp = self.out.into_inner().map_err(|e| e.into_error())?;
        tmp.as_file().sync_all()?;
        Ok(Written {
            tmp: tmp.into_temp_path(),
            path: self.path,
        })
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A finished [`AtomicFile`], waiting to replace its target.
pub struct Written {
    tmp: TempPath,
    path: PathBuf,
}

impl Written {
    /// Whether the target already holds exactly these bytes.
    pub fn same_as_target(&self) -> std::io::Result<bool> {
        let (Ok(a), Ok(b)) = (std::fs::metadata(&self.tmp), std::fs::metadata(&self.path)) else {
            return Ok(false);
        };
        if a.len() != b.len() {
            return Ok(false);
        }
        let open = |p: &Path| std::fs::File::open(p).map(std::io::BufReader::new);
        let (mut a, mut b) = (open(&self.tmp)?, open(&self.path)?);
        let (mut x, mut y) = (vec![0; 1 << 16], vec![0; 1 << 16]);
        loop {
            let n = read_full(&mut a, &mut x)?;
            if n != read_full(&mut b, &mut y)? || x[..n] != y[..n] {
                return Ok(false);
            }
            if n == 0 {
                return Ok(true);
            }
        }
    }

    /// Renames the temporary file over the target.
    pub fn commit(self) -> std::io::Result<()> {
        self.tmp.persist(&self.path).map_err(|e| e.error)
    }
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_replaces_the_target_until_committed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "old").unwrap();
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new").unwrap();
        let written = f.finish().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(!written.same_as_target().unwrap());
        written.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        // Dropped: the target stays, the temporary file goes.
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new").unwrap();
        let written = f.finish().unwrap();
        assert!(written.same_as_target().unwrap());
        drop(written);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }
}
