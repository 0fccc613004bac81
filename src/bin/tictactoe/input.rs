//! Reading one line of what a person typed, whatever they typed.

use std::io::{self, BufRead};

/// The longest line taken as input; anything longer is refused, not stored.
const MAX_LINE: usize = 256;

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// End of input: Ctrl-D, or the other end of a pipe closed.
    End,
    /// A line longer than `MAX_LINE` bytes.
    TooLong,
    /// A line that is not UTF-8.
    NotText,
    /// A line of text, without its line ending.
    Text(String),
}

/// Reads up to the next newline without ever holding more than `MAX_LINE` bytes of it.
pub(crate) fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut saw_anything = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if !saw_anything {
                return Ok(Line::End);
            }
            break;
        }
        saw_anything = true;
        let (chunk, found_newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], true),
            None => (buffer, false),
        };
        if line.len() + chunk.len() > MAX_LINE {
            too_long = true;
        } else {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(found_newline);
        input.consume(used);
        if found_newline {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(match String::from_utf8(line) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotText,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_every_kind() {
        let mut input: &[u8] = b"5\r\n\xff\xfe\n\nlast";
        assert_eq!(read_line(&mut input).unwrap(), Line::Text("5".into()));
        assert_eq!(read_line(&mut input).unwrap(), Line::NotText);
        assert_eq!(read_line(&mut input).unwrap(), Line::Text(String::new()));
        assert_eq!(read_line(&mut input).unwrap(), Line::Text("last".into()));
        assert_eq!(read_line(&mut input).unwrap(), Line::End);
        let long = vec![b'7'; 100_000];
        let mut input: &[u8] = &long;
        assert_eq!(read_line(&mut input).unwrap(), Line::TooLong);
        assert_eq!(read_line(&mut input).unwrap(), Line::End);
    }
}
