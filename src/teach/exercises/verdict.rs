//! A check's verdict: right or not yet, in words and as a picture.

use std::fmt;

use crate::render::palette::INK;
use crate::render::parts::{NOT_YET, RIGHT, card, verdict_box};
use crate::render::{Html, Picture, Scale, div};

/// Whether an answer was right, and what to say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub(super) right: bool,
    pub(super) text: String,
    /// Which exercise was checked ("Exercise 2 of 01: ..."), when the exercise is numbered.
    pub(super) about: Option<String>,
}

impl Verdict {
    /// Whether the answer was right.
    pub fn is_right(&self) -> bool {
        self.right
    }

    /// What to tell the learner.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Which exercise was checked, and its question ("Exercise 2 of 01: How many ...?"), when
    /// the exercise has a number ([`Exercise::numbered`](super::Exercise::numbered)).
    pub fn about(&self) -> Option<&str> {
        self.about.as_deref()
    }
}

impl Picture for Verdict {
    /// The verdict in a green or red box.
    fn draw(&self, scale: Scale) -> Html {
        let verdict = verdict_box(scale, (self.right, RIGHT, NOT_YET), &self.text);
        match &self.about {
            Some(about) => {
                let mut inner: Html = div()
                    .css("font-weight", "700")
                    .css("color", INK)
                    .css("margin-bottom", scale.px(6))
                    .text(about)
                    .into();
                inner.push(verdict);
                card(scale, inner)
            }
            None => card(scale, verdict),
        }
    }

    fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(about) = &self.about {
            writeln!(f, "{about}")?;
        }
        write!(
            f,
            "{} {}",
            if self.right { "Right!" } else { "Not yet." },
            self.text
        )
    }
}
