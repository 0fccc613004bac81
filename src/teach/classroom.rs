//! What a notebook does differently in a class (on the class server, `scripts/class.sh`): it
//! notes each check for the teacher, and it can start a notebook over from the course.
//!
//! **Progress.** In a class kernel, every check a learner runs (an exercise's answer, a check
//! of their own win test, player or search) adds one line to a file of their own, which the
//! teacher's class page reads.
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
//! word, and a file grown past 8 MiB (a loop of a million checks) gets no more lines.
//!
//! **Start over.** [`start_over`] brings back the course's original of the notebook it runs
//! in, and keeps the learner's version beside it: the course is the class's repository
//! (`MAGIC_TICTACTOE_COURSE`, set by the class's kernel wrapper).

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::render::parts::{card, verdict_box};
use crate::render::{Html, Picture, Scale, notebook_pictures};

/// The environment variable that names the progress file in a class kernel.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const VARIABLE: &str = "MAGIC_TICTACTOE_PROGRESS";

/// A progress file stops growing at this size (about 50,000 checks).
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const MAX_BYTES: u64 = 8 << 20;

/// The environment variable that names the class's course (its notebooks, as the teacher last
/// changed them) in a class kernel.
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub const COURSE_VARIABLE: &str = "MAGIC_TICTACTOE_COURSE";

/// What [`start_over`] did, or why it did nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartOver {
    done: bool,
    text: String,
}

impl StartOver {
    /// Whether the original is back.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// What happened, as a sentence.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Brings back the course's original of the notebook this cell runs in, and keeps the
/// learner's version beside it, as "NAME (my work DATE TIME).ipynb"; nothing else changes.
/// Then choose File, Reload Notebook from Disk (or Revert, when JupyterLab asks) to see it.
///
/// It works in a class (the class server's notebooks); anywhere else it says so and does
/// nothing.
pub fn start_over() -> StartOver {
    let refused = |text: &str| StartOver {
        done: false,
        text: text.to_owned(),
    };
    let Some(course) = destination(std::env::var_os(COURSE_VARIABLE)) else {
        return refused(
            "Starting over works on the class server, where the course's notebooks are kept. Here, get a fresh copy of the notebook the way you got this one.",
        );
    };
    let Ok(session) = std::env::var("JPY_SESSION_NAME") else {
        return refused(
            "This kernel does not know which notebook it runs: open the notebook in JupyterLab and run the cell there.",
        );
    };
    let here = std::env::current_dir().unwrap_or_default();
    match start_over_in(&course, &session, &here, &now_for_names()) {
        Ok(kept) => StartOver {
            done: true,
            text: format!(
                "The notebook is back as the course has it. Your version is kept beside it as \"{kept}\". To see the original, choose File, Reload Notebook from Disk (or Revert, if JupyterLab asks)."
            ),
        },
        Err(why) => refused(&why),
    }
}

/// Puts the course's notebook for `session` (the notebook's path, as Jupyter gives it to the
/// kernel: the whole path, or one from the server's folder) in place of the learner's copy,
/// after renaming that copy with `when`; returns the copy's new name. `here` is the folder the
/// kernel runs in (the notebook's), for a session path that is not whole. The course's notebook
/// is the one whose path in the course ends the session's path, the longest such.
fn start_over_in(course: &Path, session: &str, here: &Path, when: &str) -> Result<String, String> {
    let session_path = Path::new(session);
    let parts: Vec<_> = session_path
        .components()
        .filter_map(|part| match part {
            std::path::Component::Normal(part) => Some(part),
            _ => None,
        })
        .collect();
    let climbs = session_path
        .components()
        .any(|part| matches!(part, std::path::Component::ParentDir));
    let in_course = (0..parts.len())
        .map(|from| parts[from..].iter().collect::<PathBuf>())
        .find(|tail| course.join(tail).is_file());
    let (Some(in_course), Some(name), false) = (in_course, session_path.file_name(), climbs) else {
        return Err(format!(
            "The course has no notebook {session}: only the course's notebooks can start over."
        ));
    };
    let original = fs::read(course.join(&in_course)).map_err(|error| {
        format!("The course's notebook could not be read ({error}): nothing changed.")
    })?;
    let mine = if session_path.is_absolute() {
        session_path.to_path_buf()
    } else {
        here.join(name)
    };
    let folder = mine.parent().unwrap_or(here);
    let stem = session_path
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy();
    let kept = format!("{stem} (my work {when}).ipynb");
    if mine.exists() {
        fs::rename(&mine, folder.join(&kept)).map_err(|error| {
            format!("Your notebook could not be put aside ({error}): nothing changed.")
        })?;
    }
    fs::write(&mine, original).map_err(|error| {
        format!("The original could not be written ({error}); your version is kept as \"{kept}\".")
    })?;
    Ok(kept)
}

/// Today's date and time for a file's name, in the computer's universal time: 2026-11-25 14.05.09.
fn now_for_names() -> String {
    name_for(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs()),
    )
}

/// The date and time `seconds` after 1970 began, for a file's name.
fn name_for(seconds: u64) -> String {
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Days since 1970-01-01 to a date (Howard Hinnant's civil_from_days).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}.{:02}.{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

impl Picture for StartOver {
    /// What happened, in a green box, or why nothing did, in a red one.
    fn draw(&self, scale: Scale) -> Html {
        let marks = (
            self.done,
            "\u{2714} Started over.",
            "\u{2718} Nothing changed.",
        );
        card(scale, verdict_box(scale, marks, &self.text))
    }

    fn text(&self) -> String {
        self.text.clone()
    }
}

notebook_pictures!(StartOver);

/// The number a course notebook's name starts with ("01" for 01-magic-square.ipynb), from the
/// notebook Jupyter says this kernel runs; none outside Jupyter or for a name with no number.
pub(crate) fn notebook_number() -> Option<String> {
    number_of(&std::env::var("JPY_SESSION_NAME").ok()?)
}

fn number_of(session: &str) -> Option<String> {
    let name = Path::new(session).file_name()?.to_str()?;
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty() && digits.len() <= 4).then_some(digits)
}

/// Notes a check's result in the progress file, in a class kernel; does nothing elsewhere.
/// `exercise` is the exercise's stable name in its notebook (its number, or the checking
/// call's name); `question`, when not empty, its question, for the teacher to read.
pub(crate) fn record(exercise: &str, question: &str, right: bool) {
    let Some(file) = destination(std::env::var_os(VARIABLE)) else {
        return;
    };
    let notebook = std::env::var("JPY_SESSION_NAME").unwrap_or_default();
    let time = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64());
    // A file that cannot be written costs the learner nothing: the check's answer is shown all
    // the same.
    let _ = record_to(&file, &notebook, exercise, question, right, time);
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
    question: &str,
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
    let question = if question.is_empty() {
        String::new()
    } else {
        format!(",\"question\":{}", json_string(question))
    };
    let line =
        format!("{key}\"right\":{right},\"attempt\":{attempt},\"time\":{time:.3}{question}}}\n");
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
        record_to(&file, notebook, "1", "Which square?", false, 1.0).unwrap();
        record_to(&file, notebook, "In how many \"triples\"?\n", "", true, 2.0).unwrap();
        record_to(&file, notebook, "1", "Which square?", true, 3.5).unwrap();
        record_to(&file, "notebooks/02.ipynb", "1", "", true, 4.0).unwrap();
        let text = fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"1","right":false,"attempt":1,"time":1.000,"question":"Which square?"}"#,
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"In how many \"triples\"?\n","right":true,"attempt":1,"time":2.000}"#,
                r#"{"notebook":"notebooks/01-magic-square.ipynb","exercise":"1","right":true,"attempt":2,"time":3.500,"question":"Which square?"}"#,
                r#"{"notebook":"notebooks/02.ipynb","exercise":"1","right":true,"attempt":1,"time":4.000}"#,
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
        record_to(&file, "n", "e", "", true, 1.0).unwrap();
        assert_eq!(fs::metadata(&file).unwrap().len(), MAX_BYTES);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn starting_over_brings_the_original_back_and_keeps_the_learners() {
        let dir = scratch("start-over");
        let course = dir.join("course");
        let here = dir.join("work/notebooks");
        fs::create_dir_all(course.join("notebooks")).unwrap();
        fs::create_dir_all(&here).unwrap();
        fs::write(course.join("notebooks/01-a.ipynb"), "original").unwrap();
        fs::write(here.join("01-a.ipynb"), "mine").unwrap();
        fs::write(here.join("02-b.ipynb"), "other work").unwrap();
        let kept = start_over_in(
            &course,
            "notebooks/01-a.ipynb",
            &here,
            "2026-11-25 12.00.00",
        );
        assert_eq!(
            kept.as_deref(),
            Ok("01-a (my work 2026-11-25 12.00.00).ipynb")
        );
        assert_eq!(
            fs::read_to_string(here.join("01-a.ipynb")).unwrap(),
            "original"
        );
        assert_eq!(
            fs::read_to_string(here.join(kept.unwrap())).unwrap(),
            "mine"
        );
        assert_eq!(
            fs::read_to_string(here.join("02-b.ipynb")).unwrap(),
            "other work"
        );
        let refused = start_over_in(&course, "notebooks/my-own.ipynb", &here, "x");
        assert!(
            refused
                .unwrap_err()
                .contains("The course has no notebook notebooks/my-own.ipynb")
        );
        let outside = start_over_in(&course, "../course/notebooks/01-a.ipynb", &here, "x");
        assert!(outside.unwrap_err().contains("The course has no notebook"));
        // Jupyter gives the kernel the notebook's whole path.
        let whole = here.join("01-a.ipynb");
        let kept = start_over_in(&course, &whole.to_string_lossy(), Path::new("/"), "2");
        assert_eq!(kept.as_deref(), Ok("01-a (my work 2).ipynb"));
        assert_eq!(fs::read_to_string(&whole).unwrap(), "original");
        assert_eq!(
            fs::read_to_string(here.join("01-a (my work 2).ipynb")).unwrap(),
            "original"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn dates_for_names_are_calendar_dates() {
        assert_eq!(name_for(0), "1970-01-01 00.00.00");
        assert_eq!(name_for(1_795_000_000), "2026-11-18 11.06.40");
        assert_eq!(name_for(951_782_400 + 86_399), "2000-02-29 23.59.59");
    }

    #[test]
    fn a_notebook_is_known_by_the_number_its_name_starts_with() {
        assert_eq!(
            number_of("/home/student/magic-tictactoe/notebooks/01-magic-square.ipynb").as_deref(),
            Some("01")
        );
        assert_eq!(
            number_of("notebooks/12-a-game-of-your-own.ipynb").as_deref(),
            Some("12")
        );
        assert_eq!(number_of("my-notebook.ipynb"), None);
        assert_eq!(number_of("2026-11-26-notes.ipynb"), Some("2026".to_owned()));
        assert_eq!(number_of("123456-x.ipynb"), None);
        assert_eq!(number_of(""), None);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(json_string("a\u{1}b\\"), r#""a\u0001b\\""#);
    }
}
