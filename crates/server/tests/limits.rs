//! Per-address limits: open game sockets per IP address, messages per socket, HTTP requests
//! per IP address — each refused with a message that says which limit, through the real
//! server.

mod common;

use common::{PATIENCE, TestServer, unique};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// A game between two new accounts; returns its id.
async fn a_game(server: &TestServer) -> String {
    let mut white = server.client();
    let mut black = server.client();
    let fields = [
        ("color", "white"),
        ("ruleset", "official"),
        ("minutes", "5"),
    ];
    white
        .game_against(&unique("LimW"), &mut black, &unique("LimB"), &fields)
        .await
}

async fn open(server: &TestServer, game: &str) -> Result<common::Socket, (u16, String)> {
    let req = format!("ws://{}/game/{game}/ws", server.addr)
        .into_client_request()
        .unwrap();
    match tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(req))
        .await
        .unwrap()
    {
        Ok((ws, _)) => Ok(common::Socket { ws, you: None }),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err((
            resp.status().as_u16(),
            String::from_utf8_lossy(resp.body().as_deref().unwrap_or_default()).into_owned(),
        )),
        Err(e) => panic!("socket: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_per_address_are_capped() {
    let server = TestServer::start_with(|c| c.max_sockets_per_ip = 3).await;
    let game = a_game(&server).await;
    let mut open_ones = Vec::new();
    for _ in 0..3 {
        let mut s = open(&server, &game).await.expect("within the cap");
        assert_eq!(s.recv().await["t"], "hello");
        open_ones.push(s);
    }
    let (status, body) = open(&server, &game)
        .await
        .err()
        .expect("the fourth is refused");
    assert_eq!(status, 429);
    assert!(
        body.contains("Too many game connections from your address (at most 3 at once)"),
        "{body}"
    );
    // Closing one frees its place (once the server has seen the close).
    open_ones.pop().unwrap().close().await;
    let mut s = loop {
        match open(&server, &game).await {
            Ok(s) => break s,
            Err((429, _)) => tokio::time::sleep(std::time::Duration::from_millis(20)).await,
            Err(e) => panic!("{e:?}"),
        }
    };
    assert_eq!(s.recv().await["t"], "hello");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_sending_too_fast_is_told_and_closed() {
    let server = TestServer::start_with(|c| {
        c.socket_messages_per_second = 1;
        c.socket_message_burst = 5;
    })
    .await;
    let game = a_game(&server).await;
    let mut s = open(&server, &game).await.unwrap();
    // Twenty pings at once: five fit the burst, the sixth is over the limit.
    for _ in 0..20 {
        if s.ws
            .send(Message::Text(r#"{"t":"ping"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut pongs = 0;
    let mut error = None;
    let close = loop {
        let msg = tokio::time::timeout(PATIENCE, s.ws.next()).await.unwrap();
        match msg {
            Some(Ok(Message::Text(t))) => {
                let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap();
                match v["t"].as_str() {
                    Some("pong") => pongs += 1,
                    Some("error") => error = Some(v),
                    _ => {}
                }
            }
            Some(Ok(Message::Close(c))) => break c,
            Some(Ok(_)) => {}
            other => panic!("expected a close frame, got {other:?}"),
        }
    };
    assert_eq!(pongs, 5, "the burst is answered");
    let error = error.expect("an error before the close");
    assert_eq!(
        error["error"],
        "Too many messages: at most 1 a second (bursts of 5); the connection is closed."
    );
    assert_eq!(error["closing"], true);
    let close = close.expect("a close frame with a reason");
    assert_eq!(close.code, CloseCode::Policy);
    assert_eq!(close.reason.as_str(), "message rate limit");
    server.stop().await;
}

/// Sends `text` and reads until the close frame: the error before it and the close itself.
async fn send_and_await_close(
    s: &mut common::Socket,
    text: String,
) -> (
    Vec<serde_json::Value>,
    Option<tokio_tungstenite::tungstenite::protocol::CloseFrame>,
) {
    s.ws.send(Message::Text(text.into())).await.unwrap();
    let mut errors = Vec::new();
    loop {
        let msg = tokio::time::timeout(PATIENCE, s.ws.next()).await.unwrap();
        match msg {
            Some(Ok(Message::Text(t))) => {
                let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap();
                if v["t"] == "error" {
                    errors.push(v);
                }
            }
            Some(Ok(Message::Close(c))) => return (errors, c),
            Some(Ok(_)) => {}
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_over_long_message_is_told_and_closed() {
    let server = TestServer::start(common::Backend::Sqlite).await;
    let game = a_game(&server).await;
    // 513 bytes: one over the protocol's limit, far under the transport's.
    // 5000 bytes: over the transport's 4 KiB too; the answer is the same.
    for len in [513usize, 600, 5000] {
        let mut s = open(&server, &game).await.unwrap();
        assert_eq!(s.recv().await["t"], "hello");
        let pad = len - r#"{"t":"ping","x":""}"#.len();
        let text = format!(r#"{{"t":"ping","x":"{}"}}"#, "a".repeat(pad));
        assert_eq!(text.len(), len);
        let (errors, close) = send_and_await_close(&mut s, text).await;
        assert_eq!(
            errors,
            vec![serde_json::json!({
                "t": "error",
                "error": format!("The message of {len} bytes is longer than the limit of 512 bytes; the connection is closed."),
                "closing": true,
            })],
            "{len} bytes"
        );
        let close = close.expect("a close frame with a reason");
        assert_eq!(close.code, CloseCode::Size, "{len} bytes");
        assert_eq!(close.reason.as_str(), "message too long");
    }
    // 512 bytes is within the limit: answered (a malformed message, `x` is unknown), and
    // the socket stays open.
    let mut s = open(&server, &game).await.unwrap();
    assert_eq!(s.recv().await["t"], "hello");
    let text = format!(r#"{{"t":"ping","x":"{}"}}"#, "a".repeat(512 - 19));
    assert_eq!(text.len(), 512);
    s.ws.send(Message::Text(text.into())).await.unwrap();
    assert!(
        s.error()
            .await
            .starts_with("The message could not be read (unknown field `x`")
    );
    assert_eq!(s.get_state_via_ping().await["t"], "state");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_requests_per_address_are_rate_limited() {
    let server = TestServer::start_with(|c| {
        c.http_requests_per_second = 1;
        c.http_request_burst = 4;
    })
    .await;
    let mut c = server.client();
    for _ in 0..4 {
        assert_eq!(c.get("/health").await.status, 200);
    }
    let r = c.get("/health").await;
    assert_eq!(r.status, 429);
    assert!(
        r.body.contains("Too many requests from your address"),
        "{}",
        r.body
    );
    server.stop().await;
}
