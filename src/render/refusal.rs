//! A call's refusal in a notebook: a `Result` shows its answer, or the reason it gave none as
//! a red card.

use super::parts::{card, refusal};
use super::{Html, Picture, Scale, Scaled, ShowInNotebook, scale};

/// A refusal, drawn as a red card.
struct Refusal(String);

impl Picture for Refusal {
    fn draw(&self, scale: Scale) -> Html {
        card(scale, refusal(scale, &self.0))
    }

    fn text(&self) -> String {
        format!("\u{2718} {}", self.0)
    }
}

impl<T: Picture, E: std::fmt::Display> ShowInNotebook for Result<T, E> {
    fn notebook_html(&self) -> Html {
        match self {
            Ok(picture) => picture.draw(scale()),
            Err(refusal) => Refusal(refusal.to_string()).draw(scale()),
        }
    }

    fn evcxr_display(&self) {
        match self {
            Ok(picture) => Scaled::new(picture, scale()).evcxr_display(),
            Err(refusal) => Scaled::new(&Refusal(refusal.to_string()), scale()).evcxr_display(),
        }
    }
}
