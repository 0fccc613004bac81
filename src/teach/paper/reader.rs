//! Reading a paper tree typed as nested lists: `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`.

use std::str::FromStr;

use super::error::{MAX_LEAF_VALUE, MAX_LEAVES, MAX_TREE_DEPTH, PaperTreeError};
use super::model::{Nested, PaperTree};
use crate::rules::text::quoted;

/// Reads nested lists, one character at a time.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
    /// Leaves read so far; past [`MAX_LEAVES`] they are counted, not kept.
    leaves: usize,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        // Any space, a pasted no-break or em space included: some take more than one byte.
        while let Some(space) = self.text[self.at..]
            .chars()
            .next()
            .filter(|c| c.is_whitespace())
        {
            self.at += space.len_utf8();
        }
    }

    fn problem(&self, what: &str) -> PaperTreeError {
        let rest: String = self.text[self.at..].chars().take(12).collect();
        PaperTreeError::Unreadable(if rest.is_empty() {
            format!("{what} at the end")
        } else {
            format!("{what} at {}", quoted(&rest))
        })
    }

    fn item(&mut self) -> Result<Nested, PaperTreeError> {
        self.skip_space();
        if self.text[self.at..].starts_with('[') {
            self.at += 1;
            self.depth += 1;
            if self.depth > MAX_TREE_DEPTH + 1 {
                return Err(PaperTreeError::TooDeep(self.depth - 1));
            }
            let mut moves = Vec::new();
            let mut read = 0;
            loop {
                self.skip_space();
                if self.text[self.at..].starts_with(']') {
                    self.at += 1;
                    break;
                }
                if read > 0 {
                    if !self.text[self.at..].starts_with(',') {
                        return Err(self.problem("a comma or ] was expected"));
                    }
                    self.at += 1;
                }
                // Too many moves or leaves is told after the whole tree is read, so that the
                // refusal names the limit the tree really breaks; a tree past the leaf limit
                // is only counted, so a huge text costs no more than reading it.
                let item = self.item()?;
                read += 1;
                if self.leaves <= MAX_LEAVES {
                    moves.push(item);
                }
            }
            self.depth -= 1;
            if read == 0 {
                return Err(PaperTreeError::EmptyList);
            }
            Ok(Nested::Moves(moves))
        } else {
            let rest = &self.text[self.at..];
            let length = rest
                .char_indices()
                .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+'))))
                .map_or(rest.len(), |(i, _)| i);
            let number = &rest[..length];
            if number.is_empty() || number == "-" || number == "+" {
                return Err(self.problem("a number or [ was expected"));
            }
            self.at += length;
            let value: i64 = number
                .parse()
                .map_err(|_| PaperTreeError::ValueTooBig(i64::MAX))?;
            if !(-i64::from(MAX_LEAF_VALUE)..=i64::from(MAX_LEAF_VALUE)).contains(&value) {
                return Err(PaperTreeError::ValueTooBig(value));
            }
            self.leaves += 1;
            Ok(Nested::Leaf(value as i32))
        }
    }
}

impl FromStr for PaperTree {
    type Err = PaperTreeError;

    /// Reads nested lists of whole numbers: `[[3, 12, 8], [2, 4, 6], [14, 5, 2]]`.
    ///
    /// # Errors
    ///
    /// [`PaperTreeError`] for text that is not such lists, or a tree too big to draw.
    fn from_str(s: &str) -> Result<PaperTree, PaperTreeError> {
        let mut reader = Reader {
            text: s,
            at: 0,
            depth: 0,
            leaves: 0,
        };
        let nested = reader.item()?;
        reader.skip_space();
        if reader.at < s.len() {
            return Err(reader.problem("more text after the tree"));
        }
        if reader.leaves > MAX_LEAVES {
            return Err(PaperTreeError::TooManyLeaves(reader.leaves));
        }
        PaperTree::checked(&nested)
    }
}
