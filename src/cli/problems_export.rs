//! `tengen problems export DIR`'s writing: each problem as an SGF file of its own, named by its
//! id, the way tsumego collections ship (see [`crate::problems::to_sgf`]).

use std::path::{Path, PathBuf};

use crate::problems::{Problem, to_sgf};

/// Why the problems could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot create the folder {path}: {source}")]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The file name of a problem: its kind and its id (`life-and-death-1234.sgf`), the same on
/// every export of the same set.
pub fn file_name(p: &Problem) -> String {
    format!("{}-{}.sgf", p.kind.name(), p.id)
}

/// Writes every problem of `problems` into `dir` (created if missing) as
/// [`file_name`], replacing a file of that name; returns the paths written, in order.
///
/// # Errors
/// The folder cannot be created or a file cannot be written; the files written before stay.
pub fn export_dir(dir: &Path, problems: &[Problem]) -> Result<Vec<PathBuf>, ExportError> {
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Folder {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::with_capacity(problems.len());
    for p in problems {
        let path = dir.join(file_name(p));
        std::fs::write(&path, to_sgf(p)).map_err(|source| ExportError::File {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::sgf::Record;
    use crate::problems::testing::{bent_three, bent_three_to_live};

    #[test]
    fn each_problem_is_a_file_that_reads_back() {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let dir = tmp.path().join("set");
        let problems = [bent_three(), bent_three_to_live()];
        let written = export_dir(&dir, &problems).expect("writes");
        assert_eq!(written.len(), 2);
        for (path, p) in written.iter().zip(&problems) {
            assert_eq!(
                path.file_name().and_then(|n| n.to_str()),
                Some(file_name(p).as_str())
            );
            let bytes = std::fs::read(path).expect("the file is there");
            let record = Record::from_bytes(&bytes).expect("reads back");
            assert_eq!(record.first_player, Some(p.to_play));
        }
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_error() {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let file = tmp.path().join("plain-file");
        std::fs::write(&file, b"x").expect("writes");
        let r = export_dir(&file.join("set"), &[bent_three()]);
        assert!(matches!(r, Err(ExportError::Folder { .. })), "{r:?}");
    }
}
