//! The headless-Chromium harness the browser tests share, driven over the DevTools
//! protocol: launch, a page at a size, evaluate, wait, clicks and drags on a board's
//! squares, screenshots, print to PDF. Included with `#[path = "common/browser.rs"] mod
//! browser;` next to `mod common;` (a test file's items cannot be imported by another).
#![allow(dead_code)]

use crate::common::PATIENCE;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The Chromium to drive: `SHATAR_CHROMIUM`, else the first on `PATH`.
pub fn chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("SHATAR_CHROMIUM") {
        return Some(p.into());
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|d| d.join(name))
                    .find(|p| p.is_file())
            })
        })
}

/// `target/browser-screenshots/`.
pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target")));
    let dir = target.join("browser-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The repository's `docs/screenshots/`, when `SHATAR_UPDATE_SCREENSHOTS` is set.
fn docs_screenshot_dir() -> Option<PathBuf> {
    std::env::var_os("SHATAR_UPDATE_SCREENSHOTS")?;
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/screenshots"
    ));
    std::fs::create_dir_all(&dir).unwrap();
    Some(dir)
}

/// A headless browser, spoken to over the DevTools protocol.
pub struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next_id: u64,
}

/// A page (a target attached in flat mode).
#[derive(Clone)]
pub struct Page {
    session: String,
}

impl Browser {
    pub async fn launch(exe: &PathBuf) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--remote-debugging-port=0",
                "--no-first-run",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let url = loop {
            let line = lines
                .next()
                .expect("Chromium prints its DevTools address")
                .unwrap();
            if let Some((_, u)) = line.split_once("DevTools listening on ") {
                break u.trim().to_owned();
            }
        };
        std::thread::spawn(move || for _ in lines {});
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Browser {
            child,
            _profile: profile,
            ws,
            next_id: 0,
        }
    }

    pub async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let v = self.answer(session, method, params).await;
        assert!(v.get("error").is_none(), "{method}: {v}");
        v["result"].clone()
    }

    /// The whole DevTools answer to one command, error or result.
    async fn answer(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .unwrap();
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("DevTools answer")
                .unwrap()
                .unwrap();
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                if v["id"] == id {
                    return v;
                }
            }
        }
    }

    /// A new page in a fresh browser context (its own cookies), `width` × `height`, at
    /// `url`.
    pub async fn page(&mut self, url: &str, width: u32, height: u32) -> Page {
        let ctx = self
            .call(None, "Target.createBrowserContext", json!({}))
            .await;
        let target = self
            .call(
                None,
                "Target.createTarget",
                json!({"url": "about:blank", "browserContextId": ctx["browserContextId"]}),
            )
            .await;
        let attached = self
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target["targetId"], "flatten": true}),
            )
            .await;
        let page = Page {
            session: attached["sessionId"].as_str().unwrap().to_owned(),
        };
        self.on(&page, "Page.enable", json!({})).await;
        self.on(
            &page,
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await;
        self.goto(&page, url).await;
        page
    }

    pub async fn on(&mut self, page: &Page, method: &str, params: Value) -> Value {
        let s = page.session.clone();
        self.call(Some(&s), method, params).await
    }

    pub async fn goto(&mut self, page: &Page, url: &str) {
        self.on(page, "Page.navigate", json!({"url": url})).await;
        self.wait_for(
            page,
            "document.readyState === 'complete' && !!document.body",
        )
        .await;
    }

    pub async fn eval(&mut self, page: &Page, expr: &str) -> Value {
        let r = self
            .on(
                page,
                "Runtime.evaluate",
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        assert!(r.get("exceptionDetails").is_none(), "{expr}: {r}");
        r["result"]["value"].clone()
    }

    /// Polls `expr` until it is true (a guard of PATIENCE, not a timing assertion).
    pub async fn wait_for(&mut self, page: &Page, expr: &str) {
        let start = std::time::Instant::now();
        loop {
            let s = page.session.clone();
            let v = self
                .answer(
                    Some(&s),
                    "Runtime.evaluate",
                    json!({"expression": format!("!!({expr})"), "returnByValue": true}),
                )
                .await;
            let navigating = v["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("navigated") || m.contains("context"));
            assert!(v.get("error").is_none() || navigating, "{expr}: {v}");
            if v["result"]["result"]["value"] == true {
                return;
            }
            assert!(start.elapsed() < PATIENCE, "waited in vain for {expr}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// `Runtime.evaluate` that tolerates the page navigating meanwhile: `None` then.
    pub async fn try_eval(&mut self, page: &Page, expr: &str) -> Option<Value> {
        let s = page.session.clone();
        let v = self
            .answer(
                Some(&s),
                "Runtime.evaluate",
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        if v.get("error").is_some() || v["result"].get("exceptionDetails").is_some() {
            return None;
        }
        Some(v["result"]["result"]["value"].clone())
    }

    /// The centre of the first element matching `selector`, scrolled into view (`None`
    /// while there is none, or while the page is navigating).
    async fn centre(&mut self, page: &Page, selector: &str) -> Option<(f64, f64)> {
        let sel = serde_json::to_string(selector).unwrap();
        let v = self
            .try_eval(
                page,
                &format!(
                    "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
                     e.scrollIntoView({{block: 'center', inline: 'center'}}); \
                     const r = e.getBoundingClientRect(); \
                     return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
                ),
            )
            .await?;
        Some((v[0].as_f64()?, v[1].as_f64()?))
    }

    /// A real mouse click (press and release) in the middle of the first element matching
    /// `selector`, waiting for it to be there; what is on top at that point gets it.
    pub async fn click(&mut self, page: &Page, selector: &str) {
        let start = std::time::Instant::now();
        let (x, y) = loop {
            if let Some(c) = self.centre(page, selector).await {
                break c;
            }
            assert!(start.elapsed() < PATIENCE, "no {selector} to click");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        for kind in ["mousePressed", "mouseReleased"] {
            self.on(
                page,
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// Marks the current document, so that [`Browser::wait_for_new_document`] can tell
    /// when another has replaced it.
    pub async fn mark_document(&mut self, page: &Page) {
        self.wait_for(page, "document.readyState === 'complete'")
            .await;
        self.eval(page, "window.__shatarOld = true").await;
    }

    /// Waits until a document other than the one marked has loaded.
    pub async fn wait_for_new_document(&mut self, page: &Page) {
        self.wait_for(
            page,
            "!window.__shatarOld && document.readyState === 'complete' && !!document.body",
        )
        .await;
    }

    /// Clicks `selector` (a submit button or a link) and waits for the page it leads to.
    pub async fn click_and_load(&mut self, page: &Page, selector: &str) {
        self.mark_document(page).await;
        self.click(page, selector).await;
        self.wait_for_new_document(page).await;
    }

    /// Types `text` into the field matching `selector` as a keyboard would (focus, then
    /// the text inserted, input events and all), after clearing it.
    pub async fn type_into(&mut self, page: &Page, selector: &str, text: &str) {
        let sel = serde_json::to_string(selector).unwrap();
        self.wait_for(page, &format!("document.querySelector({sel})"))
            .await;
        self.eval(
            page,
            &format!(
                "(() => {{ const e = document.querySelector({sel}); e.scrollIntoView({{block: 'center'}}); \
                 e.focus(); e.select && e.select(); }})()"
            ),
        )
        .await;
        self.on(page, "Input.insertText", json!({"text": text}))
            .await;
        let typed = self
            .eval(page, &format!("document.querySelector({sel}).value"))
            .await;
        assert_eq!(typed.as_str(), Some(text), "typed into {selector}");
    }

    /// Chooses `value` in the `<select>` matching `selector` (a change event follows).
    pub async fn choose(&mut self, page: &Page, selector: &str, value: &str) {
        let sel = serde_json::to_string(selector).unwrap();
        let val = serde_json::to_string(value).unwrap();
        let ok = self
            .eval(
                page,
                &format!(
                    "(() => {{ const e = document.querySelector({sel}); e.value = {val}; \
                     e.dispatchEvent(new Event('input', {{bubbles: true}})); \
                     e.dispatchEvent(new Event('change', {{bubbles: true}})); return e.value === {val}; }})()"
                ),
            )
            .await;
        assert_eq!(ok, true, "{selector} has no option {value}");
    }

    /// Sets a cookie for `url` in the page's browser context (its language, say).
    pub async fn set_cookie(&mut self, page: &Page, url: &str, name: &str, value: &str) {
        let r = self
            .on(
                page,
                "Network.setCookie",
                json!({"url": url, "name": name, "value": value}),
            )
            .await;
        assert_eq!(r["success"], true, "cookie {name}: {r}");
    }

    /// The value of the cookie `name` in the page's browser context.
    pub async fn cookie(&mut self, page: &Page, name: &str) -> Option<String> {
        let r = self.on(page, "Network.getCookies", json!({})).await;
        r["cookies"]
            .as_array()?
            .iter()
            .find(|c| c["name"] == name)
            .and_then(|c| c["value"].as_str())
            .map(str::to_owned)
    }

    /// The text of the page's body.
    pub async fn text(&mut self, page: &Page) -> String {
        self.eval(page, "document.body.innerText")
            .await
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub async fn screenshot(&mut self, page: &Page, name: &str) {
        // A page behind another may wait for a frame that never comes: in front first.
        self.on(page, "Page.bringToFront", json!({})).await;
        let shot = self
            .on(
                page,
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": false}),
            )
            .await;
        let bytes = base64_decode(shot["data"].as_str().unwrap());
        std::fs::write(screenshot_dir().join(name), bytes).unwrap();
    }

    /// A screenshot under `target/` and, when asked for, in `docs/screenshots/`.
    pub async fn documented(&mut self, page: &Page, name: &str) {
        self.screenshot(page, name).await;
        if let Some(dir) = docs_screenshot_dir() {
            std::fs::copy(screenshot_dir().join(name), dir.join(name)).unwrap();
        }
    }

    /// The centre of square `sq` of the page's `#board` on the screen (either way up).
    pub async fn center(&mut self, page: &Page, sq: &str) -> (f64, f64) {
        let v = self
            .eval(page, &format!(
                "(() => {{ const r = document.querySelector('#board svg').getBoundingClientRect(); \
                 const flipped = document.querySelectorAll('#board .coords text')[1].textContent !== '8'; \
                 const f = 'abcdefgh'.indexOf('{sq}'[0]), k = parseInt('{sq}'[1]) - 1; \
                 const x = flipped ? 7 - f : f, y = flipped ? k : 7 - k; \
                 return [r.left + (x + 0.5) * r.width / 8, r.top + (y + 0.5) * r.height / 8]; }})()"
            ))
            .await;
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    }

    /// A mouse event at a point.
    pub async fn mouse(&mut self, page: &Page, kind: &str, (x, y): (f64, f64)) {
        let buttons = if kind == "mouseReleased" { 0 } else { 1 };
        self.on(page, "Input.dispatchMouseEvent", json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})).await;
    }

    /// A click on square `sq` of the page's board.
    pub async fn click_square(&mut self, page: &Page, sq: &str) {
        let p = self.center(page, sq).await;
        self.mouse(page, "mousePressed", p).await;
        self.mouse(page, "mouseReleased", p).await;
    }

    /// A drag from square `from` to `to`.
    pub async fn drag(&mut self, page: &Page, from: &str, to: &str) {
        let a = self.center(page, from).await;
        let b = self.center(page, to).await;
        self.mouse(page, "mousePressed", a).await;
        self.mouse(page, "mouseMoved", ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0))
            .await;
        self.mouse(page, "mouseMoved", b).await;
        self.mouse(page, "mouseReleased", b).await;
    }

    /// The page printed with its print stylesheet (`@page` sizes), as PDF bytes.
    pub async fn print_pdf(&mut self, page: &Page) -> Vec<u8> {
        let pdf = self
            .on(
                page,
                "Page.printToPDF",
                json!({"preferCSSPageSize": true, "printBackground": false}),
            )
            .await;
        base64_decode(pdf["data"].as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn base64_decode(s: &str) -> Vec<u8> {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut buf, mut bits) = (0u32, 0);
    for c in s.bytes().filter(|c| *c != b'=') {
        let v = A.iter().position(|a| *a == c).unwrap() as u32;
        buf = (buf << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buf >> bits) as u8);
        }
    }
    out
}
