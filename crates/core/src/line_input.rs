//! Reading protocol input line by line as bytes, as the engine protocols (`pbrain-tabula`,
//! `nboard-tabula`) do: a line that is too long or not UTF-8 is reported, skipped and never
//! kept whole in memory, so a bad line costs the reader nothing and the next one reads.

use std::io::{self, BufRead, Read};

/// The longest input line read, in bytes (64 KiB); a longer one is read as [`Input::TooLong`],
/// skipped up to its newline without being kept in memory.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input as [`read_line`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes (skipped).
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line of `reader` as bytes: `None` at the end of input. Keeps at most
/// [`MAX_LINE`] bytes of a line in memory; `\n` or `\r\n` ends a line.
pub fn read_line<R: BufRead>(reader: &mut R) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    let read = Read::take(&mut *reader, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > MAX_LINE {
        skip_line(reader)?;
        return Ok(Some(Input::TooLong));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line),
        Err(_) => Input::NotUtf8,
    }))
}

/// Consumes `reader` up to and including the next newline (or to the end of input).
fn skip_line<R: BufRead>(reader: &mut R) -> io::Result<()> {
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buffer.len();
                reader.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_and_reports_long_and_broken_ones() {
        let mut text = b"one\r\ntwo\n".to_vec();
        text.extend(vec![b'x'; MAX_LINE + 5]);
        text.extend(b"\n\xff\xfe\nlast");
        let mut reader = &text[..];
        let mut lines = Vec::new();
        while let Some(input) = read_line(&mut reader).unwrap() {
            lines.push(input);
        }
        assert_eq!(
            lines,
            [
                Input::Line("one".into()),
                Input::Line("two".into()),
                Input::TooLong,
                Input::NotUtf8,
                Input::Line("last".into()),
            ]
        );
    }
}
