//! Typed HTML: the only way to make [`Html`] is to escape text or to build elements, so "is
//! this string already escaped?" is a question the compiler answers.
//!
//! The builders are the crate's own. Tag names, CSS properties and CSS values are all
//! `'static` strings written in this crate, numbers or palette colours; the only strings that
//! come from outside (a learner's caption, a label) go in as text or attribute values, and are
//! escaped on the way. Styles are inline only: JupyterLab strips `<style>` blocks and inline
//! `<svg>` from a notebook that is saved and reopened.

use std::fmt::{self, Write};

use super::palette::Colour;

/// A piece of HTML that is safe to show: escaped text, or elements built by the crate.
///
/// ```
/// use magic_tictactoe::render::Html;
///
/// let html = Html::text("<b>bold?</b> & \"quoted\"");
/// assert_eq!(html.as_str(), "&lt;b&gt;bold?&lt;/b&gt; &amp; &quot;quoted&quot;");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Html(String);

impl Html {
    /// `text` escaped, to show as it is: `&`, `<`, `>`, `"` and `'` become entities.
    pub fn text(text: &str) -> Html {
        let mut html = Html::default();
        html.push_text(text);
        html
    }

    /// The HTML source.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The HTML source, as a `String`.
    pub fn into_string(self) -> String {
        self.0
    }

    /// Appends `more`.
    pub fn push(&mut self, more: impl Into<Html>) {
        self.0.push_str(&more.into().0);
    }

    /// Appends `text`, escaped.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn push_text(&mut self, text: &str) {
        for c in text.chars() {
            match c {
                '&' => self.0.push_str("&amp;"),
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '"' => self.0.push_str("&quot;"),
                '\'' => self.0.push_str("&#39;"),
                c => self.0.push(c),
            }
        }
    }

    /// A script the crate wrote itself (the clickable board's), from the crate's own source.
    pub(crate) fn script(source: &str) -> Html {
        // A script may not contain its own end tag; the crate's scripts never do.
        debug_assert!(!source.contains("</script"));
        Html(format!("<script>{source}</script>"))
    }

    /// Shows the HTML in a notebook cell.
    pub fn evcxr_display(&self) {
        super::notebook::show("(HTML)", self.as_str());
    }
}

impl fmt::Display for Html {
    /// The HTML source.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Html {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Html({:?})", self.0)
    }
}

impl FromIterator<Html> for Html {
    fn from_iter<I: IntoIterator<Item = Html>>(iter: I) -> Html {
        let mut html = Html::default();
        for part in iter {
            html.push(part);
        }
        html
    }
}

impl From<Element> for Html {
    fn from(element: Element) -> Html {
        element.build()
    }
}

/// The source can be read like any string (`html.contains("...")`); only escaping and the
/// crate's builders can make it.
impl std::ops::Deref for Html {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Html {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// The tags the crate draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tag {
    Div,
    Span,
    Table,
    Tr,
    Td,
    Th,
    B,
    Button,
}

impl Tag {
    fn name(self) -> &'static str {
        match self {
            Tag::Div => "div",
            Tag::Span => "span",
            Tag::Table => "table",
            Tag::Tr => "tr",
            Tag::Td => "td",
            Tag::Th => "th",
            Tag::B => "b",
            Tag::Button => "button",
        }
    }
}

/// A number of pixels, already scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Px(pub u32);

/// A value a CSS property can take in the crate's styles.
pub(crate) trait Css {
    /// Writes `property:value;` (more than one declaration when a value needs a fallback).
    fn declare(&self, property: &str, out: &mut String);
}

impl Css for &'static str {
    fn declare(&self, property: &str, out: &mut String) {
        let _ = write!(out, "{property}:{self};");
    }
}

impl Css for Px {
    fn declare(&self, property: &str, out: &mut String) {
        let _ = write!(out, "{property}:{}px;", self.0);
    }
}

/// Two lengths, such as a padding of `4px 8px`.
impl Css for (Px, Px) {
    fn declare(&self, property: &str, out: &mut String) {
        let _ = write!(out, "{property}:{}px {}px;", self.0.0, self.1.0);
    }
}

/// Four lengths: top, right, bottom, left.
impl Css for (Px, Px, Px, Px) {
    fn declare(&self, property: &str, out: &mut String) {
        let _ = write!(
            out,
            "{property}:{}px {}px {}px {}px;",
            self.0.0, self.1.0, self.2.0, self.3.0
        );
    }
}

impl Css for Colour {
    fn declare(&self, property: &str, out: &mut String) {
        let _ = write!(out, "{property}:{};", self.hex());
        // A viewer that keeps CSS variables (a live notebook, an exported page) follows its
        // theme; one that strips them (a reopened notebook in JupyterLab) keeps the colour above.
        if let Some(variable) = self.theme_variable() {
            let _ = write!(out, "{property}:var({variable},{});", self.hex());
        }
    }
}

/// A border: its width, style and colour.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Border(pub Px, pub &'static str, pub Colour);

impl Css for Border {
    fn declare(&self, property: &str, out: &mut String) {
        let Border(width, style, colour) = *self;
        let _ = write!(out, "{property}:{}px {style} {};", width.0, colour.hex());
    }
}

/// An element being built: a tag, its attributes, its inline style, and what is inside it.
#[derive(Debug, Clone)]
pub(crate) struct Element {
    tag: Tag,
    attributes: String,
    style: String,
    children: Html,
}

impl Element {
    pub(crate) fn new(tag: Tag) -> Element {
        Element {
            tag,
            attributes: String::new(),
            style: String::new(),
            children: Html::default(),
        }
    }

    /// Sets a CSS property.
    pub(crate) fn css(mut self, property: &'static str, value: impl Css) -> Element {
        value.declare(property, &mut self.style);
        self
    }

    /// Sets an attribute; the value is escaped.
    pub(crate) fn attr(mut self, name: &'static str, value: &str) -> Element {
        let _ = write!(self.attributes, " {name}=\"{}\"", Html::text(value));
        self
    }

    /// Adds something inside, after what is there.
    pub(crate) fn child(mut self, child: impl Into<Html>) -> Element {
        self.children.push(child);
        self
    }

    /// Adds escaped text inside.
    pub(crate) fn text(mut self, text: &str) -> Element {
        self.children.push_text(text);
        self
    }

    /// Adds every one of `children` inside.
    pub(crate) fn children<H: Into<Html>>(
        mut self,
        children: impl IntoIterator<Item = H>,
    ) -> Element {
        for child in children {
            self.children.push(child);
        }
        self
    }

    fn build(self) -> Html {
        let name = self.tag.name();
        let mut html = format!("<{name}{}", self.attributes);
        if !self.style.is_empty() {
            let _ = write!(html, " style=\"{}\"", self.style.trim_end_matches(';'));
        }
        let _ = write!(html, ">{}</{name}>", self.children.0);
        Html(html)
    }
}

/// `<div>`.
pub(crate) fn div() -> Element {
    Element::new(Tag::Div)
}

/// `<span>`.
pub(crate) fn span() -> Element {
    Element::new(Tag::Span)
}

/// `<table>`.
pub(crate) fn table() -> Element {
    Element::new(Tag::Table)
}

/// `<tr>`.
pub(crate) fn tr() -> Element {
    Element::new(Tag::Tr)
}

/// `<td>`.
pub(crate) fn td() -> Element {
    Element::new(Tag::Td)
}

/// `<th>`.
pub(crate) fn th() -> Element {
    Element::new(Tag::Th)
}

/// `<b>`.
pub(crate) fn bold(text: &str) -> Element {
    Element::new(Tag::B).text(text)
}

/// `<button>`.
pub(crate) fn button() -> Element {
    Element::new(Tag::Button)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette::INK;

    #[test]
    fn text_and_attributes_are_escaped_and_styles_are_written() {
        let html: Html = div()
            .attr("title", "a \"quote\" <b>")
            .css("color", INK)
            .css("padding", (Px(4), Px(8)))
            .text("1 < 2 & 'three'")
            .into();
        assert_eq!(
            html.as_str(),
            "<div title=\"a &quot;quote&quot; &lt;b&gt;\" style=\"color:#1f1d1a;color:var(--jp-content-font-color1,#1f1d1a);padding:4px 8px\">1 &lt; 2 &amp; &#39;three&#39;</div>"
        );
    }
}
