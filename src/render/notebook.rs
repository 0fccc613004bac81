//! The one place that talks to the Jupyter Rust kernel: a value shown in a notebook cell prints
//! its text and its picture as one rich output, through `evcxr_runtime`.

/// Prints `text` and `html` as one rich output for the Rust kernel (evcxr): the text for
/// viewers without HTML, the picture for the rest.
pub(crate) fn show(text: &str, html: &str) {
    evcxr_runtime::mime_type("text/plain").text(text);
    evcxr_runtime::mime_type("text/html").text(html);
}
