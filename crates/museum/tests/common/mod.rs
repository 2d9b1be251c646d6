//! A minimal HTTP/1.1 client over one keep-alive TCP connection (JSON bodies with a
//! Content-Length, as the museum's API answers), and a server on a loopback port: enough
//! to drive the real server in tests and the benchmark without another HTTP stack.
#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use ludomat_museum::{Museum, MuseumConfig, Server, Stopped};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

/// Starts the museum on 127.0.0.1:0 with `config`, except that one client (every test's
/// 127.0.0.1) may hold every visit, open every stream, have any amount of work waiting,
/// run any number of autoplays (up to the museum's bound) and ask as fast as it likes;
/// returns its address and the museum.
pub async fn start(config: MuseumConfig) -> (SocketAddr, Museum) {
    start_exact(MuseumConfig {
        rate_limit: None,
        max_visits_per_client: usize::MAX,
        max_streams_per_visit: usize::MAX,
        max_streams_per_client: usize::MAX,
        max_waiting_per_client: usize::MAX,
        max_autoplays_per_client: usize::MAX,
        max_connections_per_client: Some(usize::MAX),
        ..config
    })
    .await
}

/// Starts the museum on 127.0.0.1:0 with exactly `config`.
pub async fn start_exact(config: MuseumConfig) -> (SocketAddr, Museum) {
    let running = Running::start(config).await;
    let r = (running.addr, running.museum.clone());
    // Runs until the test's runtime ends.
    std::mem::forget(running.stop);
    r
}

/// A server the test stops.
pub struct Running {
    pub addr: SocketAddr,
    pub museum: Museum,
    pub stop: tokio::sync::oneshot::Sender<()>,
    pub stopped: tokio::task::JoinHandle<Stopped>,
    pub max_connections: usize,
}

impl Running {
    pub async fn start(config: MuseumConfig) -> Running {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let server = Server::new(listener, config).unwrap();
        let addr = server.local_addr().unwrap();
        let museum = server.museum().clone();
        let max_connections = server.max_connections();
        let (stop, stopping) = tokio::sync::oneshot::channel::<()>();
        let stopped = tokio::spawn(async move {
            server
                .run_until(async {
                    let _ = stopping.await;
                })
                .await
                .unwrap()
        });
        Running {
            addr,
            museum,
            stop,
            stopped,
            max_connections,
        }
    }
}

/// An answer: status and body (JSON when it parses, else a string).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    /// Header names in lower case, with their values.
    pub headers: Vec<(String, String)>,
}

impl Answer {
    /// The value of header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or("")
    }
}

/// One keep-alive connection. Like any HTTP client, it reconnects once when the server
/// has closed an idle connection (hyper closes one idle for 30 s).
pub struct Client {
    addr: SocketAddr,
    /// The client's own address (127.0.0.1 unless given: 127.0.0.2 … are other clients).
    from: Option<IpAddr>,
    stream: BufReader<TcpStream>,
    /// The Host header sent (the server's address unless changed).
    pub host: String,
    /// More header lines sent with every request (`name: value`).
    pub headers: Vec<String>,
}

/// A connection to `addr`, from `from` when given.
pub async fn connect_from(addr: SocketAddr, from: Option<IpAddr>) -> std::io::Result<TcpStream> {
    match from {
        None => TcpStream::connect(addr).await,
        Some(ip) => {
            let socket = TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(ip, 0))?;
            socket.connect(addr).await
        }
    }
}

async fn open(addr: SocketAddr, from: Option<IpAddr>) -> BufReader<TcpStream> {
    let mut last = None;
    for _ in 0..5 {
        match connect_from(addr, from).await {
            Ok(stream) => {
                stream.set_nodelay(true).unwrap();
                return BufReader::new(stream);
            }
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("cannot connect to {addr}: {last:?}");
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_from(addr, None).await
    }

    /// A client at another loopback address (`127.0.0.2`, …).
    pub async fn connect_from(addr: SocketAddr, from: Option<IpAddr>) -> Client {
        Client {
            addr,
            from,
            stream: open(addr, from).await,
            host: addr.to_string(),
            headers: Vec::new(),
        }
    }

    /// Sends `body` as given (raw bytes, so tests can send malformed JSON).
    pub async fn raw(&mut self, method: &str, path: &str, body: &[u8]) -> Answer {
        let extra: String = self.headers.iter().map(|h| format!("{h}\r\n")).collect();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nhost: {}\r\n{extra}content-type: application/json\r\ncontent-length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        for attempt in 0..2 {
            let s = self.stream.get_mut();
            let sent =
                s.write_all(head.as_bytes()).await.is_ok() && s.write_all(body).await.is_ok();
            if sent {
                if let Some(answer) = self.read_answer().await {
                    return answer;
                }
            }
            assert_eq!(
                attempt, 0,
                "{method} {path}: the server closed the connection twice"
            );
            self.stream = open(self.addr, self.from).await;
        }
        unreachable!()
    }

    /// The connection, to keep it open and silent.
    pub fn into_stream(self) -> TcpStream {
        self.stream.into_inner()
    }

    pub async fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let bytes = body.map(|b| b.to_string().into_bytes()).unwrap_or_default();
        self.raw(method, path, &bytes).await
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.call("GET", path, None).await
    }

    /// Asserts that `GET /api/exhibits` lists the exhibit `kind`.
    pub async fn assert_listed(&mut self, kind: &str) {
        let list = self.get("/api/exhibits").await;
        let kinds = list.body.as_array().expect("the exhibit list is an array");
        assert!(
            kinds.iter().any(|e| e["kind"] == kind),
            "{kind} is not listed"
        );
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.call("POST", path, Some(body)).await
    }

    /// `None` when the connection was closed before any answer.
    async fn read_answer(&mut self) -> Option<Answer> {
        let mut line = String::new();
        if self.stream.read_line(&mut line).await.unwrap_or(0) == 0 {
            return None;
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("bad status line {line:?}"));
        let mut length = 0usize;
        let mut headers = Vec::new();
        loop {
            let mut h = String::new();
            self.stream.read_line(&mut h).await.unwrap();
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                headers.push((k.to_ascii_lowercase(), v.trim().to_string()));
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap();
                }
                assert!(
                    !(k.eq_ignore_ascii_case("transfer-encoding")),
                    "chunked answers are not read by this client"
                );
            }
        }
        let mut body = vec![0; length];
        self.stream.read_exact(&mut body).await.unwrap();
        let body = serde_json::from_slice(&body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
        Some(Answer {
            status,
            body,
            headers,
        })
    }
}

/// Opens the SSE stream of visit `id` and returns a reader of its `data:` lines.
pub async fn events(addr: SocketAddr, id: &str) -> EventReader {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET /api/visits/{id}/events HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut r = BufReader::new(stream);
    let mut line = String::new();
    r.read_line(&mut line).await.unwrap();
    assert!(line.contains("200"), "{line}");
    EventReader { r }
}

/// Opens the SSE stream of visit `id` from `from` (another loopback address, as a
/// client of its own); the reader, or the status of the refusal.
pub async fn events_from(
    addr: SocketAddr,
    from: Option<IpAddr>,
    id: &str,
) -> Result<EventReader, u16> {
    events_explained(addr, from, id)
        .await
        .map_err(|(status, _)| status)
}

/// As [`events_from`], with the refusal's message.
pub async fn events_explained(
    addr: SocketAddr,
    from: Option<IpAddr>,
    id: &str,
) -> Result<EventReader, (u16, String)> {
    let opened = async {
        let mut stream = connect_from(addr, from).await?;
        let req = format!("GET /api/visits/{id}/events HTTP/1.1\r\nhost: {addr}\r\n\r\n");
        stream.write_all(req.as_bytes()).await?;
        let mut r = BufReader::new(stream);
        let mut line = String::new();
        r.read_line(&mut line).await?;
        Ok::<_, std::io::Error>((r, line))
    };
    let (mut r, line) = opened.await.map_err(|e| (0, e.to_string()))?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if status == 200 {
        return Ok(EventReader { r });
    }
    let mut length = 0;
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).await.unwrap_or(0) == 0 || h.trim().is_empty() {
            break;
        }
        if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    let _ = r.read_exact(&mut body).await;
    let error = serde_json::from_slice::<Value>(&body)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_default();
    Err((status, error))
}

pub struct EventReader {
    r: BufReader<TcpStream>,
}

impl EventReader {
    /// The next `state` event's data, within `timeout`.
    pub async fn next(&mut self, timeout: Duration) -> Option<Value> {
        tokio::time::timeout(timeout, async {
            loop {
                let mut line = String::new();
                if self.r.read_line(&mut line).await.ok()? == 0 {
                    return None;
                }
                // Chunked framing: size lines and blank lines are skipped.
                if let Some(data) = line.trim_end().strip_prefix("data: ") {
                    return serde_json::from_str(data).ok();
                }
            }
        })
        .await
        .ok()
        .flatten()
    }
}

/// `POST /api/visits/{id}/actions`.
pub async fn act(c: &mut Client, id: &str, action: Value) -> Answer {
    c.post(&format!("/api/visits/{id}/actions"), action).await
}

/// The visit's view now.
pub async fn view(c: &mut Client, id: &str) -> Value {
    c.get(&format!("/api/visits/{id}")).await.body["view"].clone()
}

/// Refused with `status`, naming `says`, and the view as before.
pub async fn refused(c: &mut Client, id: &str, action: Value, status: u16, says: &str) {
    let before = view(c, id).await;
    let a = act(c, id, action).await;
    assert_eq!(a.status, status, "{a:?}");
    assert!(a.error().contains(says), "{a:?}");
    assert_eq!(view(c, id).await, before, "the refusal changed the visit");
}

/// Refused with some 4xx status, naming `says`, and the view as before.
pub async fn refused_4xx(c: &mut Client, id: &str, action: Value, says: &str) {
    let before = view(c, id).await;
    let a = act(c, id, action.clone()).await;
    assert!((400..500).contains(&a.status), "{action}: {a:?}");
    assert!(a.error().contains(says), "{action}: {}", a.error());
    assert_eq!(view(c, id).await, before, "{action} changed the visit");
}
