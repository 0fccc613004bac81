//! The class's progress: in a class kernel, every check a learner runs (an exercise's answer,
//! a check of their own win test, player or search) adds one line to a file of their own, which
//! the teacher's class page reads.
//!
//! A class kernel is one whose environment names that file in `MAGIC_TICTACTOE_PROGRESS`: the
//! class server's kernel wrapper (`scripts/class/rust-kernel`) sets it to a file in the
//! student's own home. Anywhere else (a notebook on a laptop, Binder, the tests) the variable is
//! unset and nothing is written. The line says which notebook (`JPY_SESSION_NAME`, which
//! Jupyter's server gives every kernel it starts for a notebook), which exercise, whether the
//! answer was right, the how-many-th attempt at that exercise it was, and when. It never names
//! the student: the class page knows whose file it reads from where the file is, so a student
//! can write nothing in a classmate's name.
//!
//! Writing never stops or slows a lesson: a file that cannot be written is skipped without a
//! word, and a file grown past [`MAX_BYTES`] (a loop of a million checks) gets no more lines.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that names the progress file in a class kernel.
pub const VARIABLE: &str = "MAGIC_TICTACTOE_PROGRESS";

/// A progress file stops growing at this size (about 50,000 checks).
pub const MAX_BYTES: u64 = 8 << 20;

/// Notes a check's result in the progress file, in a class kernel; does nothing elsewhere.
pub(crate) fn record(exercise: &str, right: bool) {
    let Some(file) = destination(std::env::var_os(VARIABLE)) else {
        return;
    };
    let notebook = std::env::var("JPY_SESSION_NAME").unwrap_or_default();
    let time = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64());
    // A file that cannot be written costs the learner nothing: the check's answer is shown all
    // the same.
    let _ = record_to(&file, &notebook, exercise, right, time);
}

/// The progress file a variable's value names: none when it is unset or empty.
fn destination(value: Option<std::ffi::OsString>) -> Option<PathBuf> {
    value.filter(|v| !v.is_empty()).map(PathBuf::from)
}

/// Appends one line for this check to `file` (made, with its folder, if missing), counting the
/// attempt from the lines already there for the same notebook and exercise.
fn record_to(
    file: &Path,
    notebook: &str,
    exercise: &str,
    right: bool,
    time: f64,
) -> std::io::Result<()> {
    let before = match fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => return Err(error),
    };
    if before.len() as u64 >= MAX_BYTES {
        return Ok(());
    }
    let key = format!(
        "{{\"notebook\":{},\"exercise\":{},",
        json_string(notebook),
        json_string(exercise)
    );
    let attempt = before.lines().filter(|line| line.starts_with(&key)).count() + 1;
    let line = format!("{key}\"right\":{right},\"attempt\":{attempt},\"time\":{time:.3}}}\n");
    if let Some(folder) = file.parent() {
        fs::create_dir_all(folder)?;
    }
    // One write of one whole line, appended: two kernels of the same student (two notebooks
    // open) never interleave their lines.
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)?
        .write_all(line.as_bytes())
}

/// `text` as a JSON string, quoted and escaped.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "magic-tictactoe-progress-{}-{name}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn nothing_is_written_outside_a_class_kernel() {
        assert_eq!(destination(None), None);
        assert_eq!(destination(Some("".into())), None);
        assert_eq!(
            destination(Some("/home/student/.magic-tictactoe/progress.jsonl".into())),
            Some(PathBuf::from(
                "/home/student/.magic-tictactoe/progress.jsonl"
            ))
        );
    }

    #[test]
    fn each_check_is_one_line_with_its_attempt() {
        let dir = scratch("lines");
        let file = dir.join("progress.jsonl");
        let notebook = "notebooks/01-magic-square.ipynb";
        record_to(&file, notebook, "Which square?", false, 1.0).unwrap();
        record_to(&file, notebook, "In how many \"triples\"?\n", true, 2.0).unwrap();
        record_to(&file, notebook, "Which square?", true, 3.5).unwrap();
        record_to(&file, "notebooks/02.ipynb", "Which square?", true, 4.0).unwrap();
        let text = fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"Which square?","right":false,"attempt":1,"time":1.000}"#,
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"In how many \"triples\"?\n","right":true,"attempt":1,"time":2.000}"#,
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"Which square?","right":true,"attempt":2,"time":3.500}"#,
                r#"{"notebook":"notebooks/02.ipynb","exercise":"Which square?","right":true,"attempt":1,"time":4.000}"#,
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_full_file_grows_no_more() {
        let dir = scratch("full");
        let file = dir.join("progress.jsonl");
        fs::create_dir_all(&dir).unwrap();
        fs::write(&file, vec![b'\n'; MAX_BYTES as usize]).unwrap();
        record_to(&file, "n", "e", true, 1.0).unwrap();
        assert_eq!(fs::metadata(&file).unwrap().len(), MAX_BYTES);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(json_string("a\u{1}b\\"), r#""a\u0001b\\""#);
    }
}
