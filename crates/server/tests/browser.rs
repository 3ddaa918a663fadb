//! Browser end-to-end tests in headless Chromium, driven over the DevTools protocol with the
//! socket client the other tests use (no WebDriver, no extra crates). They skip, saying so,
//! when no Chromium is installed (`scripts/install-test-deps-server.sh --browser`).
//! Screenshots go to `target/browser-screenshots/`.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, Page, chromium};
use common::{Backend, TestServer};
use serde_json::json;

/// The board pages' helpers on top of the shared DevTools client (which clicks and drags
/// squares): the move list, keys, and a click through the DOM (`click_js`, which reaches
/// an element whatever is drawn over it).
impl Browser {
    /// The move list as UCI texts.
    async fn moves(&mut self, page: &Page) -> Vec<String> {
        let text = self.eval(page, "Array.from(document.querySelectorAll('#moves [data-uci]')).map(m => m.getAttribute('data-uci')).join(' ')").await;
        text.as_str()
            .unwrap()
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    }
    async fn key(&mut self, page: &Page, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.on(
                page,
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            )
            .await;
        }
    }

    async fn click_js(&mut self, page: &Page, selector: &str) {
        self.eval(
            page,
            &format!("document.querySelector({selector:?}).click(); true"),
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visitor_plays_the_computer_by_clicking_and_switches_language() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = TestServer::start(Backend::Sqlite).await;
    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 1200, 850).await;
    assert_eq!(br.eval(&page, "document.documentElement.lang").await, "en");
    br.screenshot(&page, "lobby-en.png").await;
    br.eval(&page, "document.querySelector('.computer-form select[name=level]').value = '1'; document.querySelector('.computer-form').submit(); true").await;
    br.wait_for(&page, "location.pathname.startsWith('/game/') && document.querySelectorAll('#board use').length === 32").await;
    // The board shows the Shatar men: the bers on d1 is drawn from the Shatar set.
    let d1 = br.eval(&page, "Array.from(document.querySelectorAll('#board use')).map(u => u.getAttribute('href')).filter(h => h.endsWith('#wB'))").await;
    assert_eq!(d1, json!(["/static/pieces-shatar.svg#wB"]));
    // Click-click: selecting e2 shows the one first-round destination, e4.
    br.click_square(&page, "e2").await;
    assert_eq!(
        br.eval(
            &page,
            "document.querySelectorAll('#board circle.hint').length"
        )
        .await,
        1
    );
    br.click_square(&page, "e4").await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#moves [data-uci]').length === 2",
    )
    .await;
    let moves = br.moves(&page).await;
    assert_eq!(moves, ["e2e4", "e7e5"]);
    // Drag and drop.
    br.drag(&page, "g1", "f3").await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#moves [data-uci]').length === 4",
    )
    .await;
    assert_eq!(br.moves(&page).await[2], "g1f3");
    // The list is written in the visitor's notation and language by the records library.
    br.wait_for(
        &page,
        "document.querySelector('#moves [data-uci=g1f3]').textContent === 'Nf3'",
    )
    .await;
    br.screenshot(&page, "game-vs-computer-en.png").await;
    // The language switch keeps the page and changes its words.
    br.eval(
        &page,
        "document.querySelector('nav a[lang=zh]').click(); true",
    )
    .await;
    br.wait_for(&page, "document.documentElement.lang === 'zh' && document.querySelectorAll('#board use').length > 0").await;
    assert_eq!(
        br.eval(&page, "document.getElementById('btn-flip').textContent")
            .await,
        "翻转棋盘"
    );
    br.wait_for(&page, "document.querySelector('#moves [data-uci=g1f3]') !== null && document.querySelector('#moves [data-uci=g1f3]').textContent === '马f3'").await;
    br.screenshot(&page, "game-vs-computer-zh.png").await;
    br.eval(
        &page,
        "document.querySelector('nav a[lang=mn]').click(); true",
    )
    .await;
    br.wait_for(&page, "document.documentElement.lang === 'mn'")
        .await;
    assert_eq!(
        br.eval(&page, "document.getElementById('btn-flip').textContent")
            .await,
        "Самбарыг эргүүлэх"
    );
    drop(br);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_each_other() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = TestServer::start(Backend::Sqlite).await;
    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let mut pages = Vec::new();
    for name in [common::unique("Ulzii"), common::unique("Saraa")] {
        let p = br.page(&format!("{base}/signup"), 1000, 800).await;
        br.eval(
            &p,
            &format!(
                "document.querySelector('input[name=username]').value = '{name}'; \
             document.querySelector('input[name=password]').value = '12345678'; \
             document.querySelector('form.card').submit(); true"
            ),
        )
        .await;
        br.wait_for(
            &p,
            "location.pathname === '/' && document.body.textContent.includes('Signed in as')",
        )
        .await;
        pages.push(p);
    }
    let (white, black) = (pages[0].clone(), pages[1].clone());
    br.eval(&white, "document.querySelector('.seek-form select[name=color]').value = 'white'; document.querySelector('.seek-form').submit(); true").await;
    br.wait_for(&white, "location.pathname.startsWith('/seeks/')")
        .await;
    let seek_path = br.eval(&white, "location.pathname").await;
    br.goto(&black, &format!("{base}{}", seek_path.as_str().unwrap()))
        .await;
    br.eval(
        &black,
        "document.querySelector('form[action$=accept]').submit(); true",
    )
    .await;
    br.wait_for(&black, "location.pathname.startsWith('/game/') && document.querySelectorAll('#board use').length === 32").await;
    // The seeker's page notices the accepted challenge and opens the game.
    br.wait_for(&white, "location.pathname.startsWith('/game/') && document.querySelectorAll('#board use').length === 32").await;
    br.click_square(&white, "d2").await;
    br.click_square(&white, "d4").await;
    br.wait_for(
        &black,
        "document.querySelectorAll('#moves li').length === 1",
    )
    .await;
    // Black's board is flipped; the mirror move by dragging.
    br.drag(&black, "d7", "d5").await;
    // Both pages show the move once the server has acknowledged it (the mover's own page
    // too: its list follows the server, not the drag).
    for page in [&white, &black] {
        br.wait_for(
            page,
            "document.querySelector('#moves [data-uci=d7d5]') !== null",
        )
        .await;
    }
    assert_eq!(br.moves(&white).await, ["d2d4", "d7d5"]);
    assert_eq!(br.moves(&black).await, ["d2d4", "d7d5"]);
    br.screenshot(&white, "two-browsers-white.png").await;
    br.screenshot(&black, "two-browsers-black.png").await;
    drop(br);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archive_replay_and_analysis_in_three_languages() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = TestServer::start(Backend::Sqlite).await;
    let base = format!("http://{}", server.addr);
    // A finished game between two accounts: the scholar's mate over the game sockets.
    let (wn, bn) = (common::unique("Ulzii"), common::unique("Saraa"));
    let mut white = server.client();
    let mut black = server.client();
    let fields = [
        ("color", "white"),
        ("ruleset", "official"),
        ("minutes", "5"),
    ];
    let game = white.game_against(&wn, &mut black, &bn, &fields).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    for (ply, m) in moves.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut w } else { &mut b };
        mover.play(m, ply as u64).await;
        w.state_at(ply as u64 + 1).await;
        b.state_at(ply as u64 + 1).await;
    }

    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 1200, 900).await;
    for lang in ["zh", "mn", "en"] {
        br.goto(&page, &format!("{base}/lang/{lang}?back=/")).await;
        br.wait_for(
            &page,
            &format!("document.documentElement.lang === '{lang}'"),
        )
        .await;
        br.documented(&page, &format!("lobby-{lang}.png")).await;
        // The header leads to the archive and the analysis board.
        assert_eq!(
            br.eval(
                &page,
                "['/games', '/analysis'].every(h => document.querySelector(`nav a[href='${h}']`))"
            )
            .await,
            true
        );
        br.goto(&page, &format!("{base}/@/{wn}")).await;
        br.wait_for(
            &page,
            "document.querySelectorAll('table.archive tbody tr').length === 1",
        )
        .await;
        br.documented(&page, &format!("archive-{lang}.png")).await;
        br.goto(&page, &format!("{base}/game/{game}/replay")).await;
        // The final position: 31 men (the pawn on f7 was taken), Black in check.
        br.wait_for(&page, "document.querySelectorAll('#board use').length === 31 && document.querySelector('#board circle.check')").await;
        br.documented(&page, &format!("game-replay-{lang}.png"))
            .await;
        br.goto(&page, &format!("{base}/analysis?game={game}&ply=4"))
            .await;
        br.wait_for(&page, "document.querySelectorAll('#analysis-moves button.mv').length === 7 && document.body.getAttribute('data-ply') === '4'").await;
        br.eval(&page, "document.getElementById('depth').value = '6'; true")
            .await;
        br.click_js(&page, "#btn-analyse").await;
        br.wait_for(
            &page,
            "document.querySelectorAll('#engine-lines li').length === 3",
        )
        .await;
        br.documented(&page, &format!("analysis-{lang}.png")).await;
    }

    // Stepping through the game (the page is in English now).
    br.goto(&page, &format!("{base}/game/{game}/replay")).await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '7'")
        .await;
    br.click_js(&page, "#btn-first").await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '0' && document.querySelectorAll('#board use').length === 32").await;
    br.key(&page, "ArrowRight", 39).await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '1'")
        .await;
    // The last move is marked: e2 and e4.
    assert_eq!(
        br.eval(
            &page,
            "document.querySelectorAll('#board rect.mark.last').length"
        )
        .await,
        2
    );
    br.click_js(&page, "#btn-next").await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '2'")
        .await;
    br.click_js(&page, "#replay-moves button.mv[data-ply='5']")
        .await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '5' && document.querySelector('button.mv.current').textContent === 'Bc4'").await;
    br.click_js(&page, "#btn-prev").await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '4'")
        .await;
    // "Analyse this position" follows the ply shown.
    assert_eq!(
        br.eval(
            &page,
            "document.getElementById('analyse').getAttribute('href')"
        )
        .await,
        format!("/analysis?game={game}&ply=4")
    );
    br.key(&page, "End", 35).await;
    br.wait_for(&page, "document.body.getAttribute('data-ply') === '7'")
        .await;

    // The analysis board: a move played by clicking replaces the rest of the line.
    br.goto(&page, &format!("{base}/analysis?game={game}&ply=4"))
        .await;
    br.wait_for(&page, "document.querySelectorAll('#analysis-moves button.mv').length === 7 && document.body.getAttribute('data-ply') === '4'").await;
    br.click_square(&page, "g1").await;
    br.click_square(&page, "f3").await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#analysis-moves button.mv').length === 5",
    )
    .await;
    assert_eq!(
        br.eval(&page, "Array.from(document.querySelectorAll('#analysis-moves button.mv')).map(b => b.textContent).join(' ')").await,
        "e4 e5 Qh5 Nc6 Nf3"
    );
    // The set-up editor: removing White's king is refused with the FEN field named.
    br.click_js(&page, "#btn-edit").await;
    br.click_js(&page, ".palette .man[data-man='']").await;
    br.click_square(&page, "e1").await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#board use').length === 31",
    )
    .await;
    br.click_js(&page, "#btn-done").await;
    br.wait_for(&page, "!document.getElementById('error').hidden")
        .await;
    assert_eq!(
        br.eval(&page, "[document.getElementById('error').getAttribute('data-field'), document.getElementById('error').textContent]").await,
        json!(["fen", "FEN: White has no king."])
    );
    // Putting it back is accepted: Black to move, as in the position edited.
    br.click_js(&page, ".palette .man[data-man='wK']").await;
    br.click_square(&page, "e1").await;
    br.click_js(&page, "#btn-done").await;
    br.wait_for(
        &page,
        "document.getElementById('editor').hidden && document.getElementById('error').hidden",
    )
    .await;
    assert_eq!(
        br.eval(&page, "document.getElementById('fen').value").await,
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/5N2/PPPP1PPP/RNB1KB1R b - - 0 1"
    );
    // Import of a score sheet of S4.
    br.eval(
        &page,
        "document.getElementById('ruleset').value = 'competition'; \
         document.getElementById('import-text').value = '白方：巴特 蓝方：道尔吉\\n(1)e2—e4,e7—e5; (2)Ng1—f3,d7—d6;'; true",
    )
    .await;
    br.click_js(&page, "#btn-import").await;
    br.wait_for(&page, "document.querySelectorAll('#analysis-moves button.mv').length === 4 && document.body.getAttribute('data-ply') === '4'").await;
    assert_eq!(
        br.eval(&page, "Array.from(document.querySelectorAll('#analysis-moves button.mv')).map(b => b.getAttribute('data-uci')).join(' ')").await,
        "e2e4 e7e5 g1f3 d7d6"
    );
    // Promotion: the picker (one for the game and the analysis pages) names each man in
    // the page language, and the choice is the move played.
    br.goto(&page, &format!("{base}/lang/zh?back=/")).await;
    br.goto(
        &page,
        &format!("{base}/analysis?ruleset=official&fen=4k2r/1P6/8/8/8/8/8/4K3%20w%20-%20-%200%201"),
    )
    .await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#board use').length === 4",
    )
    .await;
    br.click_square(&page, "b7").await;
    br.click_square(&page, "b8").await;
    br.wait_for(&page, "!document.getElementById('promo').hidden")
        .await;
    assert_eq!(
        br.eval(&page, "Array.from(document.querySelectorAll('#promo .choices button')).map(b => b.title + '=' + b.querySelector('span').textContent).join(' ')").await,
        "虎（狮）=虎（狮） 车=车 驼=驼 马=马"
    );
    br.click_js(&page, "#promo .choices button:nth-child(2)")
        .await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#analysis-moves button.mv').length === 1",
    )
    .await;
    assert_eq!(
        br.eval(&page, "[document.getElementById('promo').hidden, document.querySelector('#analysis-moves button.mv').getAttribute('data-uci')]").await,
        json!([true, "b7b8r"])
    );
    // The step-back pawn (docs/rules.md §2): the returning pawn carries its badge, and its
    // first step back offers the weak bers or the returning pawn.
    br.goto(
        &page,
        &format!("{base}/analysis?ruleset=traditional-step-back&fen=1P~2k3/7p/8/8/8/8/8/4K3%20w%20-%20-%200%2030"),
    )
    .await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#board use').length === 4 && document.querySelectorAll('#board .badge').length === 1",
    )
    .await;
    br.click_square(&page, "b8").await;
    br.click_square(&page, "a7").await;
    br.wait_for(&page, "!document.getElementById('promo').hidden")
        .await;
    assert_eq!(
        br.eval(&page, "Array.from(document.querySelectorAll('#promo .choices button')).map(b => b.title + ':' + b.querySelectorAll('.badge').length).join(' ')").await,
        "无力狮（半能虎）:1 回兵:1"
    );
    br.click_js(&page, "#promo .choices button:nth-child(2)")
        .await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#analysis-moves button.mv').length === 1",
    )
    .await;
    assert_eq!(
        br.eval(&page, "[document.querySelector('#analysis-moves button.mv').getAttribute('data-uci'), document.querySelectorAll('#board .badge').length]").await,
        json!(["b8a7", 1])
    );
    drop(br);
    server.stop().await;
}
