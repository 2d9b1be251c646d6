//! JSON for the answers hyper gives by itself: a request it cannot read as HTTP — a
//! request line or header that is not text (`GET /\xff HTTP/1.1`), a malformed method
//! or version, a header section too large, a path too long — never reaches the museum's
//! routes: hyper answers it with a bare status and no body (`400 Bad Request`,
//! `content-length: 0`) and closes the connection. [`JsonErrors`] sits between hyper and
//! the connection and gives that answer a JSON body `{"error": …}` like every other
//! refusal of the museum.
//!
//! It recognises hyper's answer by its shape: a 4xx or 5xx head with `content-length: 0`
//! and no `content-type`, written whole — the museum's own error answers always carry a
//! JSON body ([`crate::error`]), so nothing else has that shape. Everything else passes
//! through unchanged.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection whose bare error answers (hyper's own) are rewritten with a JSON body.
pub(crate) struct JsonErrors<T> {
    io: T,
    /// A rewritten answer and how much of it has been written.
    pending: Option<(Vec<u8>, usize)>,
}

impl<T> JsonErrors<T> {
    pub(crate) fn new(io: T) -> Self {
        JsonErrors { io, pending: None }
    }
}

/// What hyper's bare answer with `status` means, for a person.
fn message(status: u16) -> String {
    match status {
        400 => "the request could not be read as HTTP: its request line (method, path, \
                version) or a header is malformed or not plain text"
            .to_string(),
        414 => "the request's path is too long".to_string(),
        431 => "the request's headers are too large".to_string(),
        s => format!("the request could not be read as HTTP (status {s})"),
    }
}

/// The answer to write instead of `head`, when `head` is one of hyper's bare error
/// answers.
pub(crate) fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let rest = text
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| text.strip_prefix("HTTP/1.0 "))?;
    let status: u16 = rest.get(..3)?.parse().ok()?;
    if !(400..600).contains(&status) || !text.ends_with("\r\n\r\n") {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("\r\ncontent-type:") {
        return None;
    }
    let body = serde_json::json!({ "error": message(status) }).to_string();
    let mut out = String::with_capacity(text.len() + body.len() + 64);
    for line in text.trim_end_matches("\r\n").split("\r\n") {
        if line.eq_ignore_ascii_case("content-length: 0") {
            out.push_str("content-type: application/json\r\n");
            out.push_str("x-content-type-options: nosniff\r\n");
            out.push_str(&format!("content-length: {}\r\n", body.len()));
        } else {
            out.push_str(line);
            out.push_str("\r\n");
        }
    }
    out.push_str("\r\n");
    out.push_str(&body);
    Some(out.into_bytes())
}

impl<T: AsyncWrite + Unpin> JsonErrors<T> {
    /// Writes what is left of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, written)) = self.pending.as_mut() {
            if *written >= bytes.len() {
                self.pending = None;
                break;
            }
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(answer) = rewrite(buf) {
            this.pending = Some((answer, 0));
            // Taken whole; written by this call as far as it goes, the rest by the
            // flush that follows.
            let _ = this.poll_pending(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }

    /// Not vectored: hyper then writes each answer's head in one piece, as
    /// [`rewrite`] needs it.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_bare_error_answers_are_rewritten() {
        let bare = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\
                     date: Sun, 29 Nov 2026 05:09:20 GMT\r\n\r\n";
        let out = String::from_utf8(rewrite(bare).unwrap()).unwrap();
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(
            head.contains("\r\ncontent-type: application/json\r\n"),
            "{head}"
        );
        assert!(head.contains(&format!("\r\ncontent-length: {}\r\n", body.len())));
        assert!(head.contains("\r\nconnection: close\r\n") && head.contains("\r\ndate: "));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(
            v["error"].as_str().unwrap().contains("not plain text"),
            "{v}"
        );
        let large = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert!(String::from_utf8(rewrite(large).unwrap())
            .unwrap()
            .contains("headers are too large"));
        // The museum's own answers pass: a body, a success, a head cut short.
        for own in [
            &b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            b"{\"error\": \"HTTP/1.1 400\"}",
        ] {
            assert_eq!(rewrite(own), None, "{}", String::from_utf8_lossy(own));
        }
    }
}
