//! Archive and analysis through the real server: PGN and score-sheet downloads read back by
//! the records library, a player's archive, the tuuxəi of a stored game, engine lines and
//! the analysis board's errors.

mod common;

use common::{Backend, Client, Socket, TestServer, unique};
use serde_json::{Value, json};
use shatar_records::{Record, sheet};
use shatar_rules::outcome::Termination;
use shatar_rules::{Game, Ruleset, fen, uci};

on_both_backends!(
    finished_game_downloads_read_back,
    pgn_download_has_variant_elo_clocks_and_site,
    archive_lists_exactly_a_players_games,
    tuuxei_of_a_stored_game_is_shown,
    analysis_finds_the_mate_in_one_first,
    analysis_errors_name_the_field,
    the_pages_one_line_sheet_imports,
    analysis_board_shows_the_step_back_pawn,
);

/// The scholar's mate, as in the rules core's and the records library's examples.
const SCHOLARS_MATE: [&str; 7] = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

/// Two signed-up players (names returned) and a game between them (White seeks).
async fn pair(server: &TestServer, ruleset: &str) -> (Client, String, Client, String, String) {
    let (wn, bn) = (unique("Ulzii"), unique("Saraa"));
    let mut white = server.client();
    let mut black = server.client();
    let fields = [("color", "white"), ("ruleset", ruleset), ("minutes", "5")];
    let game = white.game_against(&wn, &mut black, &bn, &fields).await;
    (white, wn, black, bn, game)
}

/// Plays `moves` from the start, alternately, waiting for each to be acknowledged.
async fn play(w: &mut Socket, b: &mut Socket, moves: &[&str]) -> Value {
    w.state().await;
    b.state().await;
    let mut last = json!(null);
    for (ply, m) in moves.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut *w } else { &mut *b };
        mover.play(m, ply as u64).await;
        last = w.state_at(ply as u64 + 1).await;
        b.state_at(ply as u64 + 1).await;
    }
    last
}

/// The game ids listed on an archive page (`data-game` of each row).
fn listed_games(body: &str) -> Vec<String> {
    body.split(r#"<tr data-game=""#)
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_owned)
        .collect()
}

/// The move text of a PGN on one line, without `{[%clk …]}` comments and the `N...`
/// numbers that follow them.
fn without_clocks(pgn: &str) -> String {
    let moves = pgn
        .split_once("\n\n")
        .map_or(pgn, |(_, m)| m)
        .replace('\n', " ");
    let mut out = Vec::new();
    let mut rest = moves.as_str();
    while let Some(start) = rest.find("{[%clk ") {
        out.push(&rest[..start]);
        rest = &rest[start..];
        rest = &rest[rest.find('}').map_or(rest.len(), |e| e + 1)..];
    }
    out.push(rest);
    out.concat()
        .split_whitespace()
        .filter(|w| !w.ends_with("..."))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Replays PGN text with pyffish (Fairy-Stockfish's library) and the project's variant
/// definitions: each game's `Variant` (`Shatar` is Fairy-Stockfish's own `shatar`), its
/// moves matched against pyffish's SAN of its legal moves, its `%clk` comments. Returns
/// one `{"variant", "uci", "clk"}` per game, or `None` (with a note) where pyffish is not
/// installed.
fn read_with_pyffish(pgn: &str) -> Option<Vec<Value>> {
    const SCRIPT: &str = r#"
import json, re, sys
try:
    import pyffish as sf
except ImportError as e:
    print("MISSING", e)
    sys.exit(3)
sf.load_variant_config(open(sys.argv[2], encoding="utf-8").read())
games = []
for text in re.split(r"\n\n(?=\[)", open(sys.argv[1], encoding="utf-8").read().strip()):
    head, moves = text.split("\n\n", 1)
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M))
    variant = tags["Variant"]
    variant = "shatar" if variant == "Shatar" else variant
    start = tags.get("FEN") or sf.start_fen(variant)
    clk = re.findall(r"\{\[%clk\s+(\d+:\d\d:\d\d)\]\}", moves)
    tokens = re.sub(r"\{[^}]*\}", " ", moves).split()
    played = []
    for tok in tokens:
        if re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", tok):
            continue
        fen = sf.get_fen(variant, start, played)
        legal = sf.legal_moves(variant, fen, [])
        found = [m for m in legal
                 if sf.get_san(variant, fen, m).rstrip("+#") == tok.rstrip("+#")]
        if len(found) != 1:
            print(f"{tok}: {len(found)} moves of {sorted(legal)} read it", file=sys.stderr)
            sys.exit(1)
        played.append(found[0])
    games.append({"variant": variant, "uci": played, "clk": clk})
print(json.dumps(games))
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, pgn).unwrap();
    let ini = format!(
        "{}/../engine/data/openings/variants.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = match std::process::Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(&path)
        .arg(&ini)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped the pyffish check: no python3 ({e})");
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(3) {
        eprintln!(
            "skipped the pyffish check: {} (scripts/install-test-deps.sh installs it)",
            stdout.trim()
        );
        return None;
    }
    assert!(
        out.status.success(),
        "pyffish could not read the PGN: {}{}\n{pgn}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_str(stdout.trim()).unwrap())
}

/// The `%clk` texts of a game's stored clocks: the mover's clock after each move.
async fn stored_clocks(server: &TestServer, game: &str) -> Vec<String> {
    let moves = shatar_server::db::games::moves(&server.state().db, game)
        .await
        .unwrap();
    moves
        .iter()
        .map(|m| {
            let ms = if m.ply % 2 == 0 {
                m.white_ms
            } else {
                m.black_ms
            };
            let s = ms / 1000;
            format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
        })
        .collect()
}

async fn pgn_download_has_variant_elo_clocks_and_site(bk: Backend) {
    let mut server = TestServer::start(bk).await;
    if let Some(r) = server.running.take() {
        r.shutdown().await;
    }
    let mut config = common::config(server.dir.path().to_path_buf(), &server.backend);
    config.public_url = Some("https://shatar.example".into());
    let running = shatar_server::start(config).await.unwrap();
    server.addr = running.addr;
    server.running = Some(running);

    let (wn, bn) = (unique("Elo"), unique("Clk"));
    let mut white = server.client();
    let mut black = server.client();
    let rated = [
        ("color", "white"),
        ("ruleset", "official"),
        ("minutes", "3"),
        ("increment", "2"),
        ("rated", "1"),
    ];
    // 1. A rated official game, the scholar's mate: both players new, 1500 before it.
    let game1 = white.game_against(&wn, &mut black, &bn, &rated).await;
    let mut w = white.socket(&game1).await;
    let mut b = black.socket(&game1).await;
    assert_eq!(play(&mut w, &mut b, &SCHOLARS_MATE).await["result"], "1-0");
    // 2. A rated competition game still being played: the ratings now, after game 1.
    let mut seek2 = rated.to_vec();
    seek2[1] = ("ruleset", "competition");
    let id = white.seek(&seek2).await;
    let game2 = black.accept(&id).await;
    let mut w = white.socket(&game2).await;
    let mut b = black.socket(&game2).await;
    play(&mut w, &mut b, &["d2d4", "d7d5", "g1f3"]).await;
    // 3. A casual fsf game (Fairy-Stockfish's own shatar): no Elo tags.
    let casual = [("color", "white"), ("ruleset", "fsf"), ("minutes", "5")];
    let id = white.seek(&casual).await;
    let game3 = black.accept(&id).await;
    let mut w = white.socket(&game3).await;
    let mut b = black.socket(&game3).await;
    let fsf_moves = ["e2e3", "e7e6", "g1f3", "b8c6"];
    play(&mut w, &mut b, &fsf_moves).await;

    let db = server.state().db.clone();
    let wid = shatar_server::db::users::by_name(&db, &wn)
        .await
        .unwrap()
        .unwrap()
        .id;
    let changes = shatar_server::db::ratings::changes_of_game(&db, &game1)
        .await
        .unwrap();
    let after = |id: i64| {
        let c = changes.iter().find(|c| c.user_id == id).unwrap();
        format!("{:.0}", c.after.rating)
    };
    let bid = changes.iter().find(|c| c.user_id != wid).unwrap().user_id;
    let (w_after, b_after) = (after(wid), after(bid));
    assert_ne!(w_after, "1500", "game 1 moved the ratings");

    let mut c = server.client();
    let mut all = String::new();
    let cases = [
        (
            &game1,
            "official",
            "shatarofficialgame",
            Some(("1500", "1500")),
            &SCHOLARS_MATE[..],
        ),
        (
            &game2,
            "competition",
            "shatarofficialgame",
            Some((w_after.as_str(), b_after.as_str())),
            &["d2d4", "d7d5", "g1f3"][..],
        ),
        (&game3, "fsf", "Shatar", None, &fsf_moves[..]),
    ];
    for (game, ruleset, variant, elo, moves) in cases {
        let r = c.get(&format!("/game/{game}/pgn")).await;
        assert_eq!(r.status, 200);
        let body = &r.body;
        assert!(
            body.contains(&format!("[Site \"https://shatar.example/game/{game}\"]\n")),
            "{body}"
        );
        assert!(
            body.contains(&format!(
                "[Ruleset \"{ruleset}\"]\n[Variant \"{variant}\"]\n"
            )),
            "{body}"
        );
        match elo {
            Some((we, be)) => {
                assert!(body.contains(&format!("[WhiteElo \"{we}\"]\n")), "{body}");
                assert!(body.contains(&format!("[BlackElo \"{be}\"]\n")), "{body}");
            }
            None => assert!(!body.contains("Elo "), "{body}"),
        }
        // The clocks: one comment per move, the mover's stored clock.
        let clocks = stored_clocks(&server, game).await;
        assert_eq!(clocks.len(), moves.len());
        let record = Record::from_pgn_str(body, Ruleset::OFFICIAL).unwrap();
        let read: Vec<String> = record
            .moves
            .iter()
            .map(|n| uci::write(&n.mv, &record.ruleset))
            .collect();
        assert_eq!(read, moves, "{body}");
        let comments: Vec<String> = record.moves.iter().map(|n| n.comments.join("|")).collect();
        let expected: Vec<String> = clocks.iter().map(|c| format!("[%clk {c}]")).collect();
        assert_eq!(comments, expected, "{body}");
        // The first round costs no time: both clocks untouched after it.
        let initial = if ruleset == "fsf" {
            "0:05:00"
        } else {
            "0:03:00"
        };
        assert_eq!(clocks[..2], [initial, initial], "{body}");
        all.push_str(body);
        all.push('\n');
    }
    // Fairy-Stockfish reads the three games with their variants, to the same moves and
    // clocks.
    if let Some(games) = read_with_pyffish(&all) {
        assert_eq!(games.len(), 3);
        for ((game, _, variant, _, moves), read) in cases.iter().zip(&games) {
            let fsf_name = if *variant == "Shatar" {
                "shatar"
            } else {
                variant
            };
            assert_eq!(read["variant"], *fsf_name);
            assert_eq!(read["uci"], json!(moves), "{game}");
            assert_eq!(
                read["clk"],
                json!(stored_clocks(&server, game).await),
                "{game}"
            );
        }
    }
    server.stop().await;
}

async fn finished_game_downloads_read_back(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, wn, black, bn, game) = pair(&server, "official").await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    let end = play(&mut w, &mut b, &SCHOLARS_MATE).await;
    assert_eq!(end["status"], "ended");
    assert_eq!(end["result"], "1-0");

    // PGN: an attachment the records library reads back to the same moves and result.
    let mut c = server.client();
    let r = c.get(&format!("/game/{game}/pgn")).await;
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-disposition"),
        Some(format!("attachment; filename=\"shatar-{game}.pgn\"").as_str())
    );
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("application/x-chess-pgn")
    );
    let record = Record::from_pgn_str(&r.body, Ruleset::COMPETITION).unwrap();
    // The Ruleset tag wins over the default given to the reader.
    assert_eq!(record.ruleset, Ruleset::OFFICIAL);
    let moves: Vec<String> = record
        .moves
        .iter()
        .map(|n| uci::write(&n.mv, &record.ruleset))
        .collect();
    assert_eq!(moves, SCHOLARS_MATE);
    assert_eq!(record.result(), "1-0");
    assert_eq!(record.tags.get("White"), Some(wn.as_str()));
    assert_eq!(record.tags.get("Black"), Some(bn.as_str()));
    assert_eq!(record.tags.get("Termination"), Some("checkmate"));
    assert_eq!(record.tags.get("TimeControl"), Some("300+0"));
    assert_eq!(record.tags.get("Event"), Some("Casual Shatar game"));
    let ended = record.end().expect("the rules core ends the replayed game");
    assert_eq!(ended.termination, Termination::Checkmate);
    assert_eq!(ended.outcome.pgn(), "1-0");
    // The moves in English SAN, as any chess reader writes the scholar's mate (read
    // without the clock comments).
    assert!(
        without_clocks(&r.body).contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "{}",
        r.body
    );
    assert!(r.body.contains("[Ruleset \"official\"]"));
    assert!(r.body.contains("[Opening \"open\"]"));

    // The score sheet in Chinese, S4's full notation, read back by the records library.
    c.cookies.insert("lang".into(), "zh".into());
    let r = c.get(&format!("/game/{game}/sheet.txt")).await;
    assert_eq!(r.status, 200);
    assert!(
        r.header("content-disposition")
            .unwrap()
            .starts_with("attachment")
    );
    // S4's Chinese sheets call the second side Blue (蓝方).
    assert!(
        r.body.starts_with(&format!("白方：{wn} 蓝方：{bn}\n")),
        "{}",
        r.body
    );
    // S4 ch.2 §2: `(1)e2—e4,e7—e5;`, the bers of White is 虎, a capture is written `:`.
    assert!(
        r.body.contains("(1)e2—e4,e7—e5; (2)虎d1—h5,马b8—c6;"),
        "{}",
        r.body
    );
    assert!(r.body.contains("(4)虎h5:f7#;"), "{}", r.body);
    assert!(r.body.contains("结果：1-0"), "{}", r.body);
    let read = sheet::read_sheet(&r.body, Ruleset::OFFICIAL).unwrap();
    let moves: Vec<String> = read
        .moves
        .iter()
        .map(|n| uci::write(&n.mv, &read.ruleset))
        .collect();
    assert_eq!(moves, SCHOLARS_MATE);
    assert_eq!(read.result(), "1-0");
    assert_eq!(read.tags.get("White"), Some(wn.as_str()));
    assert_eq!(read.tags.get("Black"), Some(bn.as_str()));
    // The short form and the printable page.
    let r = c
        .get(&format!("/game/{game}/sheet.txt?notation=short"))
        .await;
    assert!(r.body.contains("(1)e4,e5; (2)虎h5,马c6;"), "{}", r.body);
    let page = c.get(&format!("/game/{game}/sheet")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<h1>记录表</h1>"));
    assert!(page.body.contains("<td>虎h5:f7#</td>"), "{}", page.body);
    let bad = c
        .get(&format!("/game/{game}/sheet.txt?notation=fancy"))
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("notation"), "{}", bad.body);

    // The replay page: seven moves, in SAN by default, in full notation once chosen.
    let mut c = server.client();
    let page = c.get(&format!("/game/{game}/replay")).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.body.matches(r#"class="mv""#).count(), 7);
    assert!(page.body.contains(r#"data-uci="h5f7">Qxf7#</button>"#));
    assert!(
        page.body
            .contains(r#"<strong>1-0</strong> White wins (checkmate)"#),
        "{}",
        page.body
    );
    let r = c.get("/notation/full?back=/game/x").await;
    assert_eq!(r.status, 303);
    assert_eq!(c.cookies.get("notation").map(String::as_str), Some("full"));
    let page = c.get(&format!("/game/{game}/replay")).await;
    assert!(
        page.body.contains(r#"data-uci="e2e4">e2—e4</button>"#),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"data-uci="h5f7">Qh5:f7#</button>"#));
    assert_eq!(c.get("/notation/fancy").await.status, 404);
    // "Analyse this position" opens the analysis board on the game at a ply.
    let page = c.get(&format!("/analysis?game={game}&ply=4")).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(r#""moves":["e2e4","e7e5","d1h5","b8c6","f1c4","g8f6","h5f7"],"ply":4"#),
        "{}",
        page.body
    );
    assert_eq!(c.get("/game/nosuchgame/pgn").await.status, 404);
    server.stop().await;
}

async fn archive_lists_exactly_a_players_games(bk: Backend) {
    let server = TestServer::start(bk).await;
    let names: Vec<String> = ["Bat", "Dorj", "Tuya"].iter().map(|n| unique(n)).collect();
    let mut clients = Vec::new();
    for n in &names {
        let mut c = server.client();
        c.sign_up(n, "12345678").await;
        clients.push(c);
    }
    // Bat–Dorj (played to mate), Bat–Tuya, Dorj–Tuya (not started).
    let game_between = |a: usize, b: usize| {
        let (mut x, mut y) = (clients[a].clone(), clients[b].clone());
        async move {
            let seek = x
                .seek(&[
                    ("color", "white"),
                    ("ruleset", "official"),
                    ("minutes", "5"),
                ])
                .await;
            y.accept(&seek).await
        }
    };
    let g1 = game_between(0, 1).await;
    let g2 = game_between(0, 2).await;
    let g3 = game_between(1, 2).await;
    let mut w = clients[0].socket(&g1).await;
    let mut b = clients[1].socket(&g1).await;
    play(&mut w, &mut b, &SCHOLARS_MATE).await;

    let mut v = server.client();
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    for (name, expect) in [
        (&names[0], vec![g1.clone(), g2.clone()]),
        (&names[1], vec![g1.clone(), g3.clone()]),
        (&names[2], vec![g2.clone(), g3.clone()]),
    ] {
        let page = v.get(&format!("/@/{name}")).await;
        assert_eq!(page.status, 200, "{}", page.body);
        let listed = listed_games(&page.body);
        assert_eq!(sorted(listed.clone()), sorted(expect.clone()), "{name}");
        assert!(page.body.contains("2 games"), "{}", page.body);
    }
    // Newest first: Bat's game with Tuya was created after the one with Dorj.
    let page = v.get(&format!("/@/{}", names[0])).await;
    assert_eq!(listed_games(&page.body), [g2.clone(), g1.clone()]);
    // The finished game shows its result; its opponent links to the opponent's archive.
    assert!(page.body.contains("1-0 · checkmate"), "{}", page.body);
    assert!(
        page.body
            .contains(&format!(r#"<a href="/@/{}">{}</a>"#, names[1], names[1]))
    );
    // Names differ by more than case: the archive finds the account whatever the case.
    let upper = v.get(&format!("/@/{}", names[0].to_uppercase())).await;
    assert_eq!(upper.status, 200);
    assert_eq!(v.get(&format!("/@/{}", unique("Nobody"))).await.status, 404);
    assert_eq!(v.get(&format!("/@/{}?page=0", names[0])).await.status, 400);
    assert_eq!(
        listed_games(&v.get(&format!("/@/{}?page=2", names[0])).await.body),
        Vec::<String>::new()
    );
    // A game being played replays too, and says so.
    let live = v.get(&format!("/game/{g2}/replay")).await;
    assert_eq!(live.status, 200);
    assert!(live.body.contains("being played"), "{}", live.body);
    assert_eq!(live.body.matches(r#"class="mv""#).count(), 0);
    // The recently finished games: the mated game, not the two unstarted ones.
    let recent = v.get("/games").await;
    let listed = listed_games(&recent.body);
    assert!(listed.contains(&g1), "{}", recent.body);
    assert!(!listed.contains(&g2) && !listed.contains(&g3));
    // The header links to the lists.
    assert!(recent.body.contains(r#"<a href="/games">Games</a>"#));
    assert!(recent.body.contains(r#"<a href="/analysis">Analysis</a>"#));

    // Pages of 20: 21 more games of Dorj and Tuya.
    let mut made = vec![g3.clone()];
    for _ in 0..20 {
        made.push(game_between(1, 2).await);
        // Distinct creation times keep "newest first" a total order.
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    let first = listed_games(&v.get(&format!("/@/{}", names[2])).await.body);
    let second = listed_games(&v.get(&format!("/@/{}?page=2", names[2])).await.body);
    assert_eq!(first.len(), 20);
    assert_eq!(second.len(), 2);
    assert_eq!(first[0], *made.last().unwrap());
    let mut all: Vec<String> = first.into_iter().chain(second).collect();
    let mut expect = made.clone();
    expect.push(g2.clone());
    assert_eq!(sorted(all.clone()), sorted(expect));
    all.dedup();
    assert_eq!(all.len(), 22);
    server.stop().await;
}

async fn tuuxei_of_a_stored_game_is_shown(bk: Backend) {
    // S3's first example, stored as a finished traditional game from its set-up position:
    // 1.R c7-a7+ K a8-b8 2.B c5-d6+ K b8-c8 3.P b6-b7#, "駝二圖嘿" (Camel 2 tuuxəi).
    let server = TestServer::start(bk).await;
    let state = server.state();
    let id = unique("t").replace(|c: char| !c.is_ascii_alphanumeric(), "");
    let initial = "k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1";
    let row = shatar_server::db::games::GameRow {
        initial_fen: initial.into(),
        status: shatar_server::db::games::Status::Ended,
        result: shatar_rules::outcome::Outcome::from_pgn("1-0"),
        termination: Some(shatar_server::db::games::Ending::Checkmate),
        created_ms: 1_700_000_000_000,
        white_guest: Some("a".repeat(64)),
        black_guest: Some("b".repeat(64)),
        ..shatar_server::db::games::GameRow::new(
            id.clone(),
            shatar_rules::Preset::Traditional,
            600_000,
            0,
        )
    };
    let mut tx = state.db.pool.begin().await.unwrap();
    shatar_server::db::games::insert(&mut tx, &row)
        .await
        .unwrap();
    for (ply, m) in ["c7a7", "a8b8", "c5d6", "b8c8", "b6b7"].iter().enumerate() {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, uci, white_ms, black_ms, played_ms) VALUES ($1, $2, $3, 1, 1, 1)",
        )
        .bind(&id)
        .bind(ply as i64)
        .bind(*m)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    // Stored as the step writer stores an ended game.
    sqlx::query("UPDATE games SET result = $1, termination = $2, ended_ms = $3 WHERE id = $4")
        .bind("1-0")
        .bind("checkmate")
        .bind(1_700_000_600_000i64)
        .bind(&id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // The rules core agrees that the line ends in a mate.
    let mut g = Game::from_position(fen::read(initial, Ruleset::TRADITIONAL).unwrap());
    for m in ["c7a7", "a8b8", "c5d6", "b8c8", "b6b7"] {
        g.play(uci::parse_move(g.position(), m).unwrap()).unwrap();
    }
    assert_eq!(g.end().unwrap().termination, Termination::Checkmate);

    let mut c = server.client();
    let page = c.get(&format!("/game/{id}/replay")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("Tuuxəi: Camel 2 tuuxəi"),
        "{}",
        page.body
    );
    let pgn = c.get(&format!("/game/{id}/pgn")).await;
    assert!(pgn.body.contains("[Tuuxei \"Camel 2\"]"), "{}", pgn.body);
    assert!(pgn.body.contains(&format!("[FEN \"{initial}\"]")));
    assert!(pgn.body.contains("[SetUp \"1\"]"));
    let back = Record::from_pgn_str(&pgn.body, Ruleset::OFFICIAL).unwrap();
    assert_eq!(back.ruleset, Ruleset::TRADITIONAL);
    assert_eq!(back.moves.len(), 5);
    assert_eq!(back.tuuxei().unwrap().count, 2);
    c.cookies.insert("lang".into(), "zh".into());
    let page = c.get(&format!("/game/{id}/replay")).await;
    assert!(page.body.contains("圖嘿: 駝二圖嘿"), "{}", page.body);
    let sheet_text = c.get(&format!("/game/{id}/sheet.txt")).await.body;
    assert!(sheet_text.contains("圖嘿：駝二圖嘿"), "{sheet_text}");
    assert!(
        sheet_text.contains(&format!("FEN：{initial}")),
        "{sheet_text}"
    );
    let read = sheet::read_sheet(&sheet_text, Ruleset::TRADITIONAL).unwrap();
    assert_eq!(read.moves.len(), 5);
    assert_eq!(read.tuuxei().unwrap().count, 2);
    c.cookies.insert("lang".into(), "mn".into());
    let page = c.get(&format!("/game/{id}/replay")).await;
    assert!(
        page.body.contains("Туухэй: Тэмээ 2 туухэй"),
        "{}",
        page.body
    );
    // Players without accounts are named in the page language.
    assert!(page.body.contains("Зочин – Зочин"), "{}", page.body);
    server.stop().await;
}

async fn analysis_finds_the_mate_in_one_first(bk: Backend) {
    let server = TestServer::start(bk).await;
    let mut c = server.client();
    // Ra8 mates: the king on g8 is shut in by its own pawns, and a rook's mate counts.
    let fen_text = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let q = format!(
        "/api/analysis/engine?ruleset=official&fen={}&multipv=3&depth=4",
        common::form_encode(&[("", fen_text)]).trim_start_matches('=')
    );
    let r = c.get(&q).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let a = r.json();
    assert_eq!(a["multipv"], 3);
    assert_eq!(a["depth"], 4);
    let lines = a["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["score"], json!({"mate": 1}));
    assert_eq!(lines[0]["pv"], json!(["a1a8"]));
    assert_eq!(lines[0]["text"], "1. Ra8#");
    let start = fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
    let mut firsts = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(line["multipv"], k + 1);
        assert_eq!(line["depth"], 4);
        // Every line is legal move by move.
        let mut g = Game::from_position(start.clone());
        for m in line["pv"].as_array().unwrap() {
            let mv = uci::parse_move(g.position(), m.as_str().unwrap()).unwrap();
            g.play(mv).unwrap();
        }
        firsts.push(line["pv"][0].as_str().unwrap().to_owned());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different first moves");
    // The board's position: the first round allows only e2-e4 and d2-d4 (S1 §1.2), and
    // the moves come back in the page's language and the chosen notation.
    let r = c
        .get("/api/analysis/position?ruleset=official&fen=startpos")
        .await;
    assert_eq!(r.json()["dests"], json!({"d2": ["d4"], "e2": ["e4"]}));
    c.cookies.insert("notation".into(), "full".into());
    c.cookies.insert("lang".into(), "zh".into());
    let r = c
        .get("/api/analysis/position?ruleset=competition&moves=e2e4,e7e5,g1f3&ply=2")
        .await;
    let v = r.json();
    let texts: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e2—e4", "e7—e5", "马g1—f3"]);
    assert_eq!(v["ply"], 2);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"
    );
    // The set-up palette names the men; in Mongolian with the traditional script too.
    c.cookies.insert("lang".into(), "mn".into());
    let page = c.get("/analysis").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(r#"<script src="/static/analysis.js"></script>"#)
    );
    assert!(page.body.contains("Цагаан Ноён (ᠨᠣᠶᠠᠨ)"), "{}", page.body);
    assert!(page.body.contains("Хар Бэрс (ᠪᠠᠷᠰ)"), "{}", page.body);
    server.stop().await;
}

/// The step-back pawn on the analysis board (docs/rules.md §2): the board codes mark the
/// returning pawn and each bers's kind, and the first step back is offered as a choice of
/// the weak bers or the returning pawn; the third step makes the full bers, no choice.
async fn analysis_board_shows_the_step_back_pawn(bk: Backend) {
    let server = TestServer::start(bk).await;
    let mut c = server.client();
    let enc = |s: &str| {
        common::form_encode(&[("", s)])
            .trim_start_matches('=')
            .to_owned()
    };
    // White: a returning pawn on b8 (no step yet) and one on g6 (two steps), a full bers on
    // d4 and a weak one on h1 (the ruleset's own, traditional's weak bers); Black: the king
    // and a pawn on h7 (a bare king would end the game under this ruleset).
    let text = "1P~2k3/7p/6P~1/8/3Q4/8/8/4K2J w - - 0 30";
    let r = c
        .get(&format!(
            "/api/analysis/position?ruleset=traditional-step-back&fen={}",
            enc(text)
        ))
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["fen"], text);
    assert_eq!(
        v["board"],
        json!({"b8": "wP~", "e8": "bK", "h7": "bP", "g6": "wP~", "d4": "wB+", "e1": "wK", "h1": "wB-"})
    );
    assert_eq!(v["dests"]["b8"], json!(["a7", "c7"]));
    assert_eq!(
        v["promotions"]["b8a7"],
        json!([["B-", "b8a7j"], ["P~", "b8a7"]])
    );
    assert_eq!(
        v["promotions"]["b8c7"],
        json!([["B-", "b8c7j"], ["P~", "b8c7"]])
    );
    // The third step: only the full bers.
    assert_eq!(v["promotions"]["g6f5"], json!([["B+", "g6f5q"]]));
    assert_eq!(v["promotions"]["g6h5"], json!([["B+", "g6h5q"]]));
    // No other move is a choice.
    assert_eq!(v["promotions"].as_object().unwrap().len(), 4);
    // The editor offers both marked men, and the ruleset lists name the preset.
    let page = c.get("/analysis").await;
    assert!(page.body.contains(r#"data-man="wP~""#), "{}", page.body);
    assert!(
        page.body.contains(r#"title="White Returning hüü""#),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"data-man="bB-""#), "{}", page.body);
    assert!(
        page.body.contains(
            r#"<option value="traditional-step-back">Traditional rules, the pawn steps back</option>"#
        ),
        "{}",
        page.body
    );
    server.stop().await;
}

async fn analysis_errors_name_the_field(bk: Backend) {
    let server = TestServer::start(bk).await;
    let mut c = server.client();
    let err = |r: &common::Resp| -> (u16, String, String) {
        let v: Value = serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {}", r.body));
        (
            r.status,
            v["field"].as_str().unwrap_or("").to_owned(),
            v["error"].as_str().unwrap_or("").to_owned(),
        )
    };
    let enc = |s: &str| {
        common::form_encode(&[("", s)])
            .trim_start_matches('=')
            .to_owned()
    };
    // A rank of seven squares.
    let r = c
        .get(&format!(
            "/api/analysis/position?fen={}",
            enc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1")
        ))
        .await;
    assert_eq!(
        err(&r),
        (
            400,
            "fen".into(),
            "FEN: rank 1 describes 7 squares; it needs 8.".into()
        )
    );
    // No black king.
    let r = c
        .get(&format!(
            "/api/analysis/position?fen={}",
            enc("8/8/8/8/8/8/8/K7 w - - 0 1")
        ))
        .await;
    assert_eq!(
        err(&r),
        (400, "fen".into(), "FEN: Black has no king.".into())
    );
    // Black must mirror White's first move (S1 §1.2).
    let r = c.get("/api/analysis/position?moves=e2e4,d7d5").await;
    let (status, field, error) = err(&r);
    assert_eq!((status, field.as_str()), (400, "moves"));
    assert_eq!(
        error,
        "Moves: move 1, Black (d7d5): d7d5 is not a legal move in this position."
    );
    let r = c.get("/api/analysis/position?ruleset=chess").await;
    assert_eq!(err(&r).1, "ruleset");
    let r = c.get("/api/analysis/position?moves=e2e4&ply=5").await;
    assert_eq!(err(&r).1, "ply");
    let r = c.get("/api/analysis/engine?multipv=6").await;
    assert_eq!(
        err(&r),
        (
            400,
            "multipv".into(),
            "Lines: “6” is not a whole number from 1 to 5.".into()
        )
    );
    let r = c.get("/api/analysis/engine?depth=99").await;
    assert_eq!(err(&r).1, "depth");
    let long = "1".repeat(200);
    let r = c.get(&format!("/api/analysis/position?fen={long}")).await;
    assert_eq!(err(&r).1, "fen");

    // Import: a sheet of S4 replays; an illegal move is reported by line and move.
    let r = c
        .post(
            "/api/analysis/import",
            &[
                (
                    "text",
                    "白方：巴特 蓝方：道尔吉\n(1)e2—e4,e7—e5; (2)Ng1—f3,d7—d6;\n",
                ),
                ("ruleset", "competition"),
            ],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["moves"], json!(["e2e4", "e7e5", "g1f3", "d7d6"]));
    assert_eq!(v["white"], "巴特");
    assert_eq!(v["ruleset"], "competition");
    let r = c
        .post(
            "/api/analysis/import",
            &[
                ("text", "[White \"A\"]\n\n1. e4 e5\n2. Kd3 *\n"),
                ("ruleset", "official"),
            ],
        )
        .await;
    let (status, field, error) = err(&r);
    assert_eq!((status, field.as_str()), (400, "text"));
    assert!(
        error.contains("line 4: move 2, White: Kd3 is illegal"),
        "{error}"
    );
    let r = c
        .post(
            "/api/analysis/import",
            &[("text", "  "), ("ruleset", "official")],
        )
        .await;
    assert_eq!(
        err(&r),
        (
            400,
            "text".into(),
            "Text: there is nothing to import.".into()
        )
    );
    let big = "1. e4 e5 ".repeat(2000);
    let r = c
        .post(
            "/api/analysis/import",
            &[("text", &big), ("ruleset", "official")],
        )
        .await;
    assert_eq!(err(&r).1, "text");
    // Beyond the body limit the server refuses before reading.
    let huge = "x".repeat(200_000);
    let r = c.post("/api/analysis/import", &[("text", &huge)]).await;
    assert_eq!(r.status, 413);

    // The same refusals in the visitor's language (hand-translated sentences; the fields
    // stay the API's names).
    let seven = enc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1");
    for (lang, fen_error, lines_error, move_error, import_error) in [
        (
            "zh",
            "FEN：第 1 行描述了 7 格，应为 8 格。",
            "变化数：“6”不是 1 到 5 之间的整数。",
            "着法：第 1 回合黑方（d7d5）：d7d5 在此局面中不是合法着法。",
            "文本：第 4 行：第 2 回合，白方：Kd3 不是合法着法（",
        ),
        (
            "mn",
            "FEN: 1-р эгнээ 7 нүд дүрсэлсэн; 8 байх ёстой.",
            "Хувилбарын тоо: “6” нь 1-ээс 5 хүртэлх бүхэл тоо биш.",
            "Нүүдэл: 1-р нүүдэл, Хар (d7d5): d7d5 нь энэ байрлалд дүрмийн нүүдэл биш.",
            "Бичвэр: 4-р мөр: 2-р нүүдэл, Цагаан: Kd3 нь дүрмийн нүүдэл биш (",
        ),
    ] {
        let mut c = server.client();
        c.headers.push(("Accept-Language".into(), lang.into()));
        let r = c.get(&format!("/api/analysis/position?fen={seven}")).await;
        assert_eq!(err(&r), (400, "fen".into(), fen_error.into()), "{lang}");
        let r = c.get("/api/analysis/engine?multipv=6").await;
        assert_eq!(
            err(&r),
            (400, "multipv".into(), lines_error.into()),
            "{lang}"
        );
        let r = c.get("/api/analysis/position?moves=e2e4,d7d5").await;
        assert_eq!(err(&r), (400, "moves".into(), move_error.into()), "{lang}");
        let r = c
            .post(
                "/api/analysis/import",
                &[
                    ("text", "[White \"A\"]\n\n1. e4 e5\n2. Kd3 *\n"),
                    ("ruleset", "official"),
                ],
            )
            .await;
        // The records library's reason (English) follows in brackets.
        let (status, field, error) = err(&r);
        assert_eq!((status, field.as_str()), (400, "text"), "{lang}");
        assert!(error.starts_with(import_error), "{lang}: {error}");
    }
    server.stop().await;
}

/// The analysis page's own example, a score sheet on one line, imports in each language
/// (the text taken from the page's placeholder); a header without moves is refused with
/// the reason, in the visitor's language.
async fn the_pages_one_line_sheet_imports(bk: Backend) {
    let server = TestServer::start(bk).await;
    let mut c = server.client();
    for (lang, label, white, black) in [
        ("en", "White:", "Bat", "Dorj"),
        ("zh", "白方：", "巴特", "道尔吉"),
        ("mn", "Цагаан:", "Бат", "Дорж"),
    ] {
        c.cookies.insert("lang".into(), lang.into());
        let page = c.get("/analysis").await;
        assert_eq!(page.status, 200);
        let hint = page
            .body
            .split(r#"<textarea id="import-text""#)
            .nth(1)
            .and_then(|t| t.split(r#"placeholder=""#).nth(1))
            .and_then(|t| t.split('"').next())
            .unwrap();
        let example = &hint[hint.find(label).unwrap_or_else(|| panic!("{lang}: {hint}"))..];
        assert!(!example.contains('\n'), "one line: {example}");
        let r = c
            .post(
                "/api/analysis/import",
                &[("text", example), ("ruleset", "official")],
            )
            .await;
        assert_eq!(r.status, 200, "{lang}: {example}: {}", r.body);
        let v = r.json();
        assert_eq!(v["moves"], json!(["e2e4", "e7e5"]), "{lang}");
        assert_eq!(
            (v["white"].as_str(), v["black"].as_str()),
            (Some(white), Some(black))
        );
        // The same names with no move: refused, saying where moves begin.
        let names = &example[..example.find("(1)").unwrap()];
        let r = c
            .post(
                "/api/analysis/import",
                &[("text", names), ("ruleset", "official")],
            )
            .await;
        assert_eq!(r.status, 400, "{lang}: {}", r.body);
        let v = r.json();
        assert_eq!(v["field"], "text");
        let expected = match lang {
            "en" => {
                "No moves found: names were read, but no move number. The moves begin with (1), as in (1)e2—e4,e7—e5;, or with 1., as in 1. e4 e5."
            }
            "zh" => {
                "未找到着法：已读到对局者姓名，但没有回合编号。着法应以 (1) 开头，如 (1)e2—e4,e7—e5;，或以 1. 开头，如 1. e4 e5。"
            }
            _ => {
                "Нүүдэл олдсонгүй: нэрсийг уншсан боловч нүүдлийн дугаар алга. Нүүдэл (1)-ээр эхэлнэ, жишээ нь (1)e2—e4,e7—e5;, эсвэл 1.-ээр, жишээ нь 1. e4 e5."
            }
        };
        assert_eq!(v["error"], expected);
    }
    // PGN-style numbers on one line too.
    let r = c
        .post(
            "/api/analysis/import",
            &[
                ("text", "White: Bat Black: Dorj 1. e4 e5 2. Nf3 Nc6"),
                ("ruleset", "official"),
            ],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6"]));
    server.stop().await;
}

/// A GET from another loopback address (`source`), answered with its status and body.
async fn get_from(source: &str, server: &TestServer, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    let mut stream = socket.connect(server.addr).await.unwrap();
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(common::PATIENCE, stream.read_to_end(&mut raw))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// The analysis queue's share per address: a third analysis from one address while two
/// are queued or running is refused with 429 in the visitor's language; another address
/// is still served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_fill_the_analysis_queue() {
    let server = TestServer::start(Backend::Sqlite).await;
    let pool = std::sync::Arc::clone(&server.state().analysis);
    let local: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    // The deepest search of five lines: each holds the one worker for up to 3 s.
    let slow = "/api/analysis/engine?depth=20&multipv=5";
    let mut running = Vec::new();
    for _ in 0..2 {
        let mut c = server.client();
        running.push(tokio::spawn(async move { c.get(slow).await.status }));
    }
    while pool.in_flight(local) < 2 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let mut c = server.client();
    c.cookies.insert("lang".into(), "zh".into());
    let r = c.get(slow).await;
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({"error": "来自您地址的分析请求过多：同时最多 2 个。请等待其中一个完成。", "field": null})
    );
    c.cookies.insert("lang".into(), "en".into());
    let r = c.get(slow).await;
    assert_eq!(
        r.json()["error"],
        "Too many analyses from your address: at most 2 at once. Wait for one to finish."
    );
    // Another address is still served (its turn comes before local's second).
    let other = get_from("127.0.0.2", &server, "/api/analysis/engine?depth=2").await;
    assert_eq!(other.0, 200, "{}", other.1);
    for r in running {
        assert_eq!(r.await.unwrap(), 200);
    }
    assert_eq!(pool.in_flight(local), 0);
    server.stop().await;
}
