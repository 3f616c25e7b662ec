//! File edges: reading an input (a path or `-` for stdin) and writing an output atomically.
//!
//! Outputs are written to a temporary file beside the target and renamed over it, so a grader never sees a
//! half-written `output.txt` and a failed run leaves an existing one untouched.

use crate::error::CliError;
use std::io::{Read, Write};
use std::path::Path;

/// Reads a whole input file as text (`-` reads stdin).
pub fn read_input(path: &Path) -> Result<String, CliError> {
    let mut text = String::new();
    let res = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read(path).and_then(|bytes| {
            text = String::from_utf8(bytes)
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "the file is not UTF-8 text"))?;
            Ok(())
        })
    };
    res.map_err(|source| CliError::Read { path: path.display().to_string(), source })?;
    Ok(text)
}

/// Writes `contents` to `path` atomically (`-` writes stdout).
pub fn write_output(path: &Path, contents: &str) -> Result<(), CliError> {
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        out.write_all(contents.as_bytes())?;
        return Ok(out.flush()?);
    }
    let wrap = |source| CliError::Write { path: path.display().to_string(), source };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, contents).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(wrap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        write_output(&p, "one").unwrap();
        write_output(&p, "two").unwrap();
        assert_eq!(read_input(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
        assert!(matches!(read_input(&dir.path().join("missing")), Err(CliError::Read { .. })));
    }
}
