//! `GET /api/visits/{id}/kit.pdf`: the matchbox kit of a MENACE or HER visit's current
//! boxes, over real HTTP on loopback.

mod common;

use common::{act, start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Status, headers (lower case) and body bytes of `GET path`.
async fn get_bytes(addr: std::net::SocketAddr, path: &str) -> (u16, String, Vec<u8>) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut all = Vec::new();
    s.read_to_end(&mut all).await.unwrap();
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&all[..split]).to_lowercase();
    let status = head[9..12].parse().unwrap();
    (status, head, all[split + 4..].to_vec())
}

fn pages(pdf: &[u8]) -> usize {
    pdf.windows(11).filter(|w| w == b"/Type/Page/").count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menace_and_her_visits_download_their_kits() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;

    let v = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"opponent": "random", "seed": 4}}),
        )
        .await;
    assert_eq!(v.status, 201, "{v:?}");
    let id = v.body["id"].as_str().unwrap().to_string();
    act(&mut c, &id, json!({"type": "play_games", "n": 50})).await;
    let (status, head, pdf) = get_bytes(addr, &format!("/api/visits/{id}/kit.pdf")).await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("content-type: application/pdf"), "{head}");
    assert!(head.contains("filename=\"menace-x-kit.pdf\""), "{head}");
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(pages(&pdf), 10, "assembly, 2 contents pages, 7 sheets");
    let (status, _, letter) = get_bytes(
        addr,
        &format!("/api/visits/{id}/kit.pdf?paper=letter&box=36x16mm&tint=true"),
    )
    .await;
    assert_eq!(status, 200);
    // 5 × 10 = 50 sideways fronts of 36 × 16 mm a Letter sheet: 1 + 1 + 3 + 4 sheets.
    assert_eq!(pages(&letter), 1 + 2 + 9);
    let media = b"/MediaBox[0 0 612";
    assert!(
        letter.windows(media.len()).any(|w| w == media),
        "Letter pages"
    );

    let (status, _, body) = get_bytes(addr, &format!("/api/visits/{id}/kit.pdf?box=5x5mm")).await;
    assert_eq!(status, 400);
    assert!(String::from_utf8_lossy(&body).contains("too small to draw the board legibly"));
    // A tab's depth that is no number in range is refused as it was written.
    let long = "7".repeat(100);
    for tab in ["abc", long.as_str(), "1e400", "NaN", "-1", "16"] {
        let (status, _, body) =
            get_bytes(addr, &format!("/api/visits/{id}/kit.pdf?tab={tab}")).await;
        let body = String::from_utf8_lossy(&body);
        assert_eq!(status, 400, "{tab}: {body}");
        assert!(
            body.contains(&format!("tab: '{}", &tab[..tab.len().min(30)]))
                && body.contains("a number of mm from 0 (none) to 15")
                && !body.contains("infinity")
                && !body.contains("float"),
            "{tab}: {body}"
        );
    }
    // Bytes that are no text are quoted as they were sent, never as U+FFFD.
    for (q, says) in [("tab=%FF", "tab: '%FF' is not"), ("paper=%FF", "'%FF'")] {
        let (status, _, body) = get_bytes(addr, &format!("/api/visits/{id}/kit.pdf?{q}")).await;
        let body = String::from_utf8_lossy(&body);
        assert_eq!(status, 400, "{q}: {body}");
        assert!(
            body.contains(says) && !body.contains('\u{FFFD}'),
            "{q}: {body}"
        );
    }
    // Errors are never cut inside the museum's own words, only in the echoed input.
    for q in ["box=999x999mm", "bogus=1", "tint=maybe", "paper=ledger"] {
        let (status, _, body) = get_bytes(addr, &format!("/api/visits/{id}/kit.pdf?{q}")).await;
        let body = String::from_utf8_lossy(&body);
        assert_eq!(status, 400, "{q}: {body}");
        assert!(!body.contains('…'), "{q}: {body}");
    }

    let h = c
        .post(
            "/api/visits",
            json!({"kind": "hexapawn", "config": {"white": "random", "seed": 2}}),
        )
        .await;
    let hid = h.body["id"].as_str().unwrap().to_string();
    let (status, head, pdf) = get_bytes(addr, &format!("/api/visits/{hid}/kit.pdf")).await;
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("filename=\"her-kit.pdf\""), "{head}");
    assert_eq!(pages(&pdf), 5);

    let t = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
    let tid = t.body["id"].as_str().unwrap().to_string();
    let (status, _, body) = get_bytes(addr, &format!("/api/visits/{tid}/kit.pdf")).await;
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("has no matchboxes"));
    let (status, _, _) = get_bytes(addr, "/api/visits/nope/kit.pdf").await;
    assert_eq!(status, 404);
}
