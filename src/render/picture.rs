//! What every picture has in common: a size that one setting changes for a whole notebook
//! (for a projector, say), a text form beside it, and the hook that shows it in a cell.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use super::Html;
use super::html::Px;

/// How big pictures are drawn: 1 is the normal size, 1.5 suits a classroom projector.
///
/// A scale is always between [`Scale::SMALLEST`] and [`Scale::LARGEST`]; anything outside
/// (or not a number) is brought inside.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Scale(f64);

impl Scale {
    /// The normal size.
    pub const NORMAL: Scale = Scale(1.0);
    /// Half as big again: readable from the back of a classroom.
    pub const PROJECTOR: Scale = Scale(1.5);
    /// The smallest scale: half size.
    pub const SMALLEST: Scale = Scale(0.5);
    /// The largest scale: four times the normal size.
    pub const LARGEST: Scale = Scale(4.0);

    /// The scale `factor` times the normal size, brought within 0.5 to 4.
    ///
    /// ```
    /// use magic_tictactoe::render::Scale;
    ///
    /// assert_eq!(Scale::new(1.5).factor(), 1.5);
    /// assert_eq!(Scale::new(100.0), Scale::LARGEST);
    /// assert_eq!(Scale::new(f64::NAN), Scale::NORMAL);
    /// ```
    pub fn new(factor: f64) -> Scale {
        if factor.is_nan() {
            Scale::NORMAL
        } else {
            Scale(factor.clamp(Scale::SMALLEST.0, Scale::LARGEST.0))
        }
    }

    /// How many times the normal size.
    pub fn factor(self) -> f64 {
        self.0
    }

    /// `n` pixels at the normal size, at this scale.
    pub(crate) fn px(self, n: u32) -> Px {
        // The factor is at most 4, so the product stays far inside u32.
        Px((f64::from(n) * self.0).round() as u32)
    }
}

impl Default for Scale {
    fn default() -> Scale {
        Scale::NORMAL
    }
}

/// The scale every picture is drawn at unless it is given its own: bits of an `f64`.
static NOTEBOOK_SCALE: AtomicU64 = AtomicU64::new(0x3FF0_0000_0000_0000); // 1.0

/// The start of the name of the file that keeps a kernel's scale: [`shared_setting`].
const SHARED_SETTING: &str = "magic-tictactoe-scale-";

/// Where the notebook's scale is kept for every cell to read.
///
/// The Rust kernel links this crate into the code of each cell separately, so a static set in
/// one cell is a different static from the one the next cell reads: a teacher's
/// `render::projector()` would change nothing after its own cell. So a scale other than the
/// normal one is also written to a small file in the temporary folder, named after the kernel's
/// process, with the process's start time (where the system tells it) so that a later process
/// that happens to get the same number does not take it up. The normal scale needs no file:
/// setting it removes the file.
fn shared_setting() -> PathBuf {
    std::env::temp_dir().join(format!("{SHARED_SETTING}{}", std::process::id()))
}

/// When process `pid` started, in the system's clock ticks since boot (Linux), or nothing.
fn process_start_of(pid: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            // The fields after the command's name, which is in parentheses and may hold spaces:
            // the start time is the 22nd field of the line, the 20th after the name.
            let after_name = stat.rsplit_once(')')?.1.to_owned();
            after_name.split_whitespace().nth(19).map(str::to_owned)
        })
        .unwrap_or_default()
}

/// When this process started, in the system's clock ticks since boot (Linux), or nothing.
fn process_start() -> String {
    process_start_of("self")
}

/// Removes the scale files of kernels that have ended (their process gone, or its number now
/// another process's), so that a machine's temporary folder does not fill with one file per
/// kernel a class ever ran. Where the system tells no start times, it leaves every file alone.
fn forget_ended_kernels() {
    if process_start().is_empty() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(SHARED_SETTING))
        else {
            continue;
        };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let started = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let kept_start = started
            .split_once(' ')
            .map(|(_, start)| start)
            .unwrap_or("");
        let start = process_start_of(pid);
        if start.is_empty() || start != kept_start {
            // Another account's file in a shared folder cannot be removed: it is left.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Draws every picture from now on `factor` times its normal size (0.5 to 4), and returns the
/// scale set. Run it in a notebook's first cells to make the whole notebook bigger: it holds
/// for every cell after it, until the kernel restarts.
///
/// ```
/// use magic_tictactoe::render;
///
/// render::set_scale(2.0);
/// assert_eq!(render::scale().factor(), 2.0);
/// render::set_scale(1.0);
/// ```
pub fn set_scale(factor: f64) -> Scale {
    let scale = Scale::new(factor);
    NOTEBOOK_SCALE.store(scale.0.to_bits(), Ordering::Relaxed);
    // Without the file (a read-only temporary folder, say) the scale still holds in this cell.
    if scale == Scale::NORMAL {
        let _ = std::fs::remove_file(shared_setting());
    } else {
        forget_ended_kernels();
        let _ = std::fs::write(shared_setting(), format!("{} {}", scale.0, process_start()));
    }
    scale
}

/// Draws every picture from now on at [`Scale::PROJECTOR`], for a class watching a projector.
pub fn projector() -> Scale {
    set_scale(Scale::PROJECTOR.0)
}

/// The scale pictures are drawn at: set by [`set_scale`] in this cell or an earlier one of the
/// same kernel, normal until then.
pub fn scale() -> Scale {
    let shared = std::fs::read_to_string(shared_setting())
        .ok()
        .and_then(|text| {
            let (factor, start) = text.split_once(' ')?;
            (start == process_start()).then(|| factor.parse::<f64>().ok())?
        });
    match shared {
        Some(factor) => Scale::new(factor),
        None => Scale::new(f64::from_bits(NOTEBOOK_SCALE.load(Ordering::Relaxed))),
    }
}

/// A value that draws itself as a picture in a notebook cell, with a text form beside it for
/// viewers without HTML.
///
/// Every picture type of the crate also has the inherent methods `to_html()`, `scaled(factor)`
/// and `evcxr_display()`, so a notebook needs no `use` to show one.
pub trait Picture {
    /// The picture, drawn at `scale`.
    fn draw(&self, scale: Scale) -> Html;

    /// The picture as plain text.
    fn text(&self) -> String;
}

/// A picture with a size of its own, from `scaled(factor)`.
#[derive(Debug, Clone, Copy)]
pub struct Scaled<'a, P: ?Sized> {
    picture: &'a P,
    scale: Scale,
}

impl<'a, P: Picture + ?Sized> Scaled<'a, P> {
    /// `picture` drawn at `scale`.
    pub fn new(picture: &'a P, scale: Scale) -> Scaled<'a, P> {
        Scaled { picture, scale }
    }

    /// The picture as HTML, at its own scale.
    pub fn to_html(&self) -> Html {
        self.picture.draw(self.scale)
    }

    /// Shows the picture in a notebook cell.
    pub fn evcxr_display(&self) {
        super::notebook::show(&self.picture.text(), self.to_html().as_str());
    }
}

impl<P: Picture + ?Sized> Picture for Scaled<'_, P> {
    fn draw(&self, _: Scale) -> Html {
        self.to_html()
    }

    fn text(&self) -> String {
        self.picture.text()
    }
}

/// Shows a call's answer in a notebook cell the same way whether it succeeded or refused: the
/// picture when it is `Ok`, and a red card with the refusal's sentence when it is `Err`, as a
/// [`Game`](crate::Game) shows a refused move. The Rust kernel shows a cell's last value by
/// calling its `evcxr_display` method, so with this trait in scope (the prelude brings it) a
/// cell ending in `Menace::new().train(Level::Random, 10_000_000)` shows the refusal as a red
/// card instead of the text `Err(...)`.
///
/// ```
/// use magic_tictactoe::prelude::*;
///
/// let refused = "[1, 2".parse::<PaperTree>();
/// let card = refused.notebook_html();
/// assert!(card.as_str().contains("\u{2718}"));
/// refused.evcxr_display(); // what the kernel calls
/// ```
pub trait ShowInNotebook {
    /// The answer as the notebook shows it.
    fn notebook_html(&self) -> Html;

    /// Shows the answer in a notebook cell.
    fn evcxr_display(&self);
}

/// Gives each listed [`Picture`] type its inherent `to_html`, `scaled` and `evcxr_display`.
macro_rules! notebook_pictures {
    // The methods each picture gets, written once.
    (@methods) => {
        /// The picture as HTML, at the scale set for the notebook
        /// ([`render::set_scale`](crate::render::set_scale)).
        pub fn to_html(&self) -> $crate::render::Html {
            $crate::render::Picture::draw(self, $crate::render::scale())
        }

        /// The same picture drawn `factor` times its normal size (0.5 to 4), whatever the
        /// notebook's scale.
        pub fn scaled(&self, factor: f64) -> $crate::render::Scaled<'_, Self> {
            $crate::render::Scaled::new(self, $crate::render::Scale::new(factor))
        }

        /// Shows the picture in a notebook cell.
        pub fn evcxr_display(&self) {
            $crate::render::Scaled::new(self, $crate::render::scale()).evcxr_display();
        }
    };
    // A picture of any game: `Challenge<G> where G: TwoPlayerGame + 'static`.
    ($picture:ident<$game:ident> where $($bound:tt)+) => {
        impl<$game> $picture<$game> where $($bound)+ {
            $crate::render::notebook_pictures!(@methods);
        }
    };
    ($($picture:ty),* $(,)?) => {$(
        impl $picture {
            $crate::render::notebook_pictures!(@methods);
        }
    )*};
}

pub(crate) use notebook_pictures;

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// A process number no process has now (Linux), for a kernel that has ended.
    fn ended_pid() -> u32 {
        (4_000_000..)
            .find(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists())
            .unwrap()
    }

    #[test]
    fn the_scale_files_of_ended_kernels_are_removed_and_a_living_ones_kept() {
        // Not this process's own file: the other tests here would draw at its scale meanwhile.
        let folder = std::env::temp_dir();
        let ended = folder.join(format!("{SHARED_SETTING}{}", ended_pid()));
        // Process 1 and this test's parent live: process 1's file has its start time, the
        // parent's another one (a kernel that had its number before it).
        let parent = std::os::unix::process::parent_id();
        if parent == 1 {
            return; // started by process 1 itself (a container's command): no second process to tell
        }
        let living = folder.join(format!("{SHARED_SETTING}1"));
        let reused = folder.join(format!("{SHARED_SETTING}{parent}"));
        let other = folder.join(format!("{SHARED_SETTING}notes"));
        std::fs::write(&ended, "2 12345").unwrap();
        std::fs::write(&reused, "2 not-its-start").unwrap();
        std::fs::write(&living, format!("2 {}", process_start_of("1"))).unwrap();
        std::fs::write(&other, "a learner's own file").unwrap();
        forget_ended_kernels();
        let (ended_left, reused_left) = (ended.exists(), reused.exists());
        let (living_kept, other_kept) = (living.exists(), other.exists());
        for file in [&ended, &reused, &living, &other] {
            let _ = std::fs::remove_file(file);
        }
        assert!(
            !ended_left && !reused_left,
            "the files of kernels that ended are removed"
        );
        assert!(
            living_kept && other_kept,
            "a living kernel's file, and files of other names, stay"
        );
    }
}
