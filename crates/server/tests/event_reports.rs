//! The event report pages through the real server, with values worked by hand: a 4-player
//! round robin's standings after each round (places, points, Sonneborn–Berger), its
//! crosstable and awards; an 8-player single elimination's bracket with the champion
//! marked in the final; a team event's match cards with their totals; what the public
//! sees of unpublished rounds (nothing) and the staff (everything); names with markup
//! escaped; headings in Chinese, Mongolian and English.

mod common;

use common::{Backend, Client, Resp, TestServer, unique};
use serde_json::{Value, json};
use shatar_server::db::tokens;
use shatar_server::db::users::{self, AccountRole};

on_both_backends!(
    round_robin_standings_crosstable_and_awards,
    single_elimination_bracket,
    double_elimination_draws_both_brackets,
    team_match_cards,
);

// ---------------------------------------------------------------------------------------
// Test kit.

/// A server without the per-address request limit (every client is 127.0.0.1).
async fn start(backend: Backend) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut c = common::config(dir.path().to_path_buf(), &backend);
    c.http_requests_per_second = 100_000;
    c.http_request_burst = 100_000;
    let running = shatar_server::start(c).await.unwrap();
    TestServer {
        addr: running.addr,
        running: Some(running),
        dir,
        backend,
    }
}

/// An organiser: the browser that signed up (its session) and an API client (its token).
struct Organiser {
    browser: Client,
    api: Client,
}

async fn organiser(server: &TestServer) -> Organiser {
    let name = unique("Org");
    let mut browser = server.client();
    browser.sign_up(&name, "12345678").await;
    let db = &server.state().db;
    let user = users::by_name(db, &name).await.unwrap().unwrap();
    users::update(db, user.id, &user.password_hash, AccountRole::Organiser)
        .await
        .unwrap();
    let token = tokens::create(db, user.id, "reports tests").await.unwrap();
    let mut api = server.client();
    api.headers
        .push(("Authorization".into(), format!("Bearer {token}")));
    Organiser { browser, api }
}

async fn call(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Value {
    let r = c
        .request(
            method,
            path,
            body.map(|b| ("application/json", b.to_string().into_bytes())),
        )
        .await;
    assert!(
        (200..300).contains(&r.status),
        "{method} {path}: {} {}",
        r.status,
        r.body
    );
    serde_json::from_str(&r.body).unwrap_or(Value::Null)
}

fn id_of(v: &Value) -> String {
    match &v["id"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Creates an event with `players` (name, rating, club, region) and makes the draw.
async fn started_event(c: &mut Client, body: Value, players: &[(&str, u32, &str, &str)]) -> String {
    let id = id_of(&call(c, "POST", "/api/events", Some(body)).await);
    for (name, rating, club, region) in players {
        call(
            c,
            "POST",
            &format!("/api/events/{id}/players"),
            Some(json!({"name": name, "rating": rating, "club": club, "region": region})),
        )
        .await;
    }
    call(c, "POST", &format!("/api/events/{id}/start"), None).await;
    id
}

/// Pairs the next round: its (board, white, black).
async fn pair(c: &mut Client, id: &str) -> Vec<(u32, u32, Option<u32>)> {
    let r = call(c, "POST", &format!("/api/events/{id}/rounds"), None).await;
    r["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |v: &Value| u32::try_from(v.as_u64().unwrap()).unwrap();
            (
                n(&p["board"]),
                n(&p["white"]),
                p["black"].as_u64().map(|b| b as u32),
            )
        })
        .collect()
}

async fn result(c: &mut Client, id: &str, round: u32, board: u32, result: &str) {
    call(
        c,
        "PUT",
        &format!("/api/events/{id}/rounds/{round}/boards/{board}/result"),
        Some(json!({ "result": result })),
    )
    .await;
}

async fn publish(c: &mut Client, id: &str, round: u32) {
    call(
        c,
        "POST",
        &format!("/api/events/{id}/rounds/{round}/publish"),
        None,
    )
    .await;
}

/// The start numbers the draw gave, in the order the players were registered.
async fn numbers(c: &mut Client, id: &str, names: &[&str]) -> Vec<u32> {
    let r = c.get(&format!("/api/events/{id}")).await;
    let v = r.json();
    let players = v["players"].as_array().unwrap();
    names
        .iter()
        .map(|name| {
            let p = players
                .iter()
                .find(|p| p["name"] == *name)
                .unwrap_or_else(|| panic!("no {name} in {v}"));
            u32::try_from(p["number"].as_u64().unwrap()).unwrap()
        })
        .collect()
}

async fn page(c: &mut Client, path: &str) -> String {
    let r: Resp = c.get(path).await;
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.body
}

/// A client reading the pages in `lang`.
fn reader(server: &TestServer, lang: &str) -> Client {
    let mut c = server.client();
    c.cookies.insert("lang".into(), lang.into());
    c
}

/// The table row of entrant `n` (`<tr data-entrant="n">` … `</tr>`).
fn row(body: &str, n: u32) -> &str {
    let marker = format!("<tr data-entrant=\"{n}\">");
    let start = body
        .find(&marker)
        .unwrap_or_else(|| panic!("no row of {n} in {body}"));
    let end = body[start..].find("</tr>").unwrap() + start;
    &body[start..end]
}

/// The text of the first cell whose opening tag contains `attr` in `html`.
fn cell(html: &str, attr: &str) -> String {
    let at = html
        .find(attr)
        .unwrap_or_else(|| panic!("no {attr} in {html}"));
    let start = html[at..].find('>').unwrap() + at + 1;
    let end = html[start..].find('<').unwrap() + start;
    html[start..end].to_owned()
}

/// The place, points and Sonneborn–Berger of entrant `n`.
fn line(body: &str, n: u32) -> (String, String, String) {
    let r = row(body, n);
    (
        cell(r, "class=\"num place\""),
        cell(r, "data-tb=\"PTS\""),
        cell(r, "data-tb=\"SB\""),
    )
}

fn position(body: &str, n: u32) -> usize {
    body.find(&format!("<tr data-entrant=\"{n}\">")).unwrap()
}

/// A bracket's match box: its `<div class="match …" data-slot="…">` up to the next box or
/// the end of the page.
fn match_box<'a>(body: &'a str, slot: &str) -> &'a str {
    let at = body
        .find(&format!("data-slot=\"{slot}\""))
        .unwrap_or_else(|| panic!("no box {slot} in {body}"));
    let open = "<div class=\"match";
    let start = body[..at].rfind(open).unwrap();
    let end = body[at..]
        .find(open)
        .or_else(|| body[at..].find("</main>"))
        .unwrap()
        + at;
    &body[start..end]
}

// ---------------------------------------------------------------------------------------
// 1. A round robin of four.

/// The results chosen, by pair: 1 beats 4, 2 beats 3 (round 1); 1 draws 2, 3 beats 4
/// (round 2); 3 beats 1, 2 draws 4 (round 3).
fn rr_winner(a: u32, b: u32) -> Option<u32> {
    match (a.min(b), a.max(b)) {
        (1, 4) => Some(1),
        (2, 3) => Some(2),
        (1, 2) => None,
        (3, 4) => Some(3),
        (1, 3) => Some(3),
        (2, 4) => None,
        other => panic!("not a pair of this event: {other:?}"),
    }
}

fn word(white: u32, black: u32, winner: Option<u32>) -> &'static str {
    match winner {
        None => "1/2-1/2",
        Some(w) if w == white => "1-0",
        Some(w) => {
            assert_eq!(w, black);
            "0-1"
        }
    }
}

async fn round_robin_standings_crosstable_and_awards(b: Backend) {
    let server = start(b).await;
    let mut org = organiser(&server).await;
    let players = [
        ("Батбаяр", 2100, "Хөх хот", "Өвөр Монгол"),
        ("Дорж", 2000, "Дархан клуб", "Дархан-Уул"),
        ("巴特尔", 1900, "呼和浩特", "内蒙古"),
        ("Сүх", 1800, "Эрдэнэт", "Орхон"),
    ];
    let id = started_event(
        &mut org.api,
        json!({"name": unique("Naadam "), "system": "round-robin"}),
        &players,
    )
    .await;
    // The draw gives the start numbers by lot; the results are chosen by start number,
    // and the Berger table fixes who meets whom in each round.
    let names: Vec<&str> = players.iter().map(|p| p.0).collect();
    let numbers = numbers(&mut org.api, &id, &names).await;
    let player = |n: u32| players[numbers.iter().position(|&x| x == n).unwrap()];
    let berger = [[(1, 4), (2, 3)], [(1, 2), (3, 4)], [(1, 3), (2, 4)]];
    for (round, want) in (1..=3).zip(berger) {
        let boards = pair(&mut org.api, &id).await;
        let mut pairs: Vec<(u32, u32)> = boards
            .iter()
            .map(|&(_, w, b)| (w.min(b.unwrap()), w.max(b.unwrap())))
            .collect();
        pairs.sort();
        assert_eq!(pairs, want, "round {round}");
        for (board, white, black) in boards {
            let black = black.unwrap();
            let w = word(white, black, rr_winner(white, black));
            result(&mut org.api, &id, round, board, w).await;
        }
        // Round 3 stays unpublished, its results in.
        if round < 3 {
            publish(&mut org.api, &id, round).await;
        }
    }
    let standings = format!("/events/{id}/standings");
    let mut public = server.client();

    // The staff see all three rounds. Points: 2 → 1 + ½ + ½ = 2, 3 → 0 + 1 + 1 = 2,
    // 1 → 1 + ½ + 0 = 1½, 4 → ½. Sonneborn–Berger (beaten opponents' points, half of the
    // drawn ones'): 2 → 2 (beat 3) + ¾ (drew 1) + ¼ (drew 4) = 3; 3 → ½ + 1½ = 2;
    // 1 → ½ (beat 4) + ¾ (drew 2) = 1½; 4 → 1 (drew 2). 2 and 3 level on points: SB
    // puts 2 first.
    let staff = page(&mut org.browser, &standings).await;
    assert!(
        staff.contains("<h1>Standings after round 3</h1>"),
        "{staff}"
    );
    assert_eq!(line(&staff, 2), ("1".into(), "2".into(), "3".into()));
    assert_eq!(line(&staff, 3), ("2".into(), "2".into(), "2".into()));
    assert_eq!(line(&staff, 1), ("3".into(), "1.5".into(), "1.5".into()));
    assert_eq!(line(&staff, 4), ("4".into(), "0.5".into(), "1".into()));
    assert!(position(&staff, 2) < position(&staff, 3));
    assert!(position(&staff, 3) < position(&staff, 1));
    assert!(position(&staff, 1) < position(&staff, 4));
    // Wins: 3 won twice.
    assert_eq!(cell(row(&staff, 3), "data-tb=\"WIN\""), "2");
    // Club and region columns; every tie-break headed by its full name, its code in the
    // legend.
    let (_, _, club, region) = player(2);
    assert!(
        row(&staff, 2).contains(&format!("<td>{club}</td><td>{region}</td>")),
        "{staff}"
    );
    for name in [
        "Points",
        "Sonneborn–Berger",
        "Games won",
        "Direct encounter",
        "Fewer violations",
    ] {
        assert!(staff.contains(&format!(">{name}</th>")), "{name}: {staff}");
    }
    assert!(staff.contains("<abbr title=\"Sonneborn–Berger\">SB</abbr>"));
    assert!(staff.contains("?after=3"));
    assert!(staff.contains("the public sees up to round 2"));

    // The public sees up to round 2 (round 3 is not published). After two rounds: 1 and
    // 2 on 1½, 3 on 1, 4 on 0; SB 2 → 1 (beat 3) + ¾ (drew 1) = 1¾, 1 → 0 + ¾ = ¾.
    let seen = page(&mut public, &standings).await;
    assert!(seen.contains("<h1>Standings after round 2</h1>"), "{seen}");
    assert_eq!(line(&seen, 2), ("1".into(), "1.5".into(), "1.75".into()));
    assert_eq!(line(&seen, 1), ("2".into(), "1.5".into(), "0.75".into()));
    assert_eq!(line(&seen, 3), ("3".into(), "1".into(), "0".into()));
    assert_eq!(line(&seen, 4).0, "4");
    assert!(!seen.contains("?after=3"), "{seen}");
    assert!(!seen.contains("the public sees"));
    assert_eq!(
        public.get(&format!("{standings}?after=3")).await.status,
        404
    );
    assert_eq!(
        public.get(&format!("{standings}?after=x")).await.status,
        404
    );
    // After round 1: 1 and 2 won, level on everything (they have not met): they share
    // places 1–2; 3 and 4 share 3–4.
    let first = page(&mut public, &format!("{standings}?after=1")).await;
    assert!(first.contains("<h1>Standings after round 1</h1>"));
    for (n, place, pts) in [
        (1, "1-2", "1"),
        (2, "1-2", "1"),
        (3, "3-4", "0"),
        (4, "3-4", "0"),
    ] {
        let (p, points, _) = line(&first, n);
        assert_eq!((p.as_str(), points.as_str()), (place, pts), "{n}");
    }
    // The staff may look at the standings after an earlier round too.
    let staff_first = page(&mut org.browser, &format!("{standings}?after=1")).await;
    assert_eq!(line(&staff_first, 1).0, "1-2");

    // Headings in the reader's language.
    for (lang, heading, sb) in [
        ("zh", "第 2 轮后成绩排名", "小分（索尼伯格分）"),
        ("mn", "2-р тойргийн дараах байрлал", "Зонненборн-Бергер"),
        ("en", "Standings after round 2", "Sonneborn–Berger"),
    ] {
        let body = page(&mut reader(&server, lang), &standings).await;
        assert!(
            body.contains(&format!("<h1>{heading}</h1>")),
            "{lang}: {body}"
        );
        assert!(body.contains(&format!(">{sb}</th>")), "{lang}: {body}");
        assert!(body.contains(&format!("<html lang=\"{lang}\">")));
    }

    // Crosstable: the points scored against each opponent, ½ for a draw.
    let cross = format!("/events/{id}/crosstable");
    let staff = page(&mut org.browser, &cross).await;
    assert!(
        staff.contains("<h1>Crosstable after round 3</h1>"),
        "{staff}"
    );
    let vs = |body: &str, n: u32, m: u32| cell(row(body, n), &format!("data-vs=\"{m}\""));
    assert_eq!(vs(&staff, 2, 3), "1");
    assert_eq!(vs(&staff, 3, 2), "0");
    assert_eq!(vs(&staff, 1, 2), "½");
    assert_eq!(vs(&staff, 3, 1), "1");
    assert_eq!(vs(&staff, 2, 2), "×");
    // The public does not see round 3's game.
    let seen = page(&mut public, &cross).await;
    assert_eq!(vs(&seen, 3, 1), "");
    assert_eq!(vs(&seen, 3, 4), "1");

    // Awards: final for the staff (every round in), provisional for the public.
    let awards = format!("/events/{id}/awards");
    let staff = page(&mut org.browser, &awards).await;
    let award = |place: u32, n: u32| {
        format!(
            "<tr><td>{place}</td><td>{}</td><td>Place {place}</td></tr>",
            player(n).0
        )
    };
    assert!(staff.contains(&award(1, 2)), "{staff}");
    assert!(staff.contains(&award(2, 3)), "{staff}");
    assert!(!staff.contains("Provisional"));
    let seen = page(&mut public, &awards).await;
    assert!(seen.contains("Provisional"), "{seen}");
    assert!(seen.contains(&award(2, 1)), "{seen}");

    // The links bar leads to each report and back to the event; no bracket or cards here.
    for href in [
        format!("/events/{id}\""),
        format!("/events/{id}/standings\""),
        format!("/events/{id}/crosstable\""),
        format!("/events/{id}/awards\""),
    ] {
        assert!(seen.contains(&format!("href=\"{href}")), "{href}");
    }
    assert!(!seen.contains("/bracket\""));
    let r = public.get(&format!("/events/{id}/bracket")).await;
    assert_eq!(r.status, 404);
    assert!(
        r.body
            .contains("is not a knock-out event; it has no bracket."),
        "{}",
        r.body
    );
    let r = public.get(&format!("/events/{id}/rounds/1/cards")).await;
    assert_eq!(r.status, 404);
    assert!(r.body.contains("is not a team event"), "{}", r.body);
    assert_eq!(public.get("/events/nothing/standings").await.status, 404);
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 2. A single elimination of eight.

/// Two-game matches: the pairing's White wins both (`1-0`, then `0-1` with colours
/// swapped), or its Black does.
fn two_games(white: u32, winner: u32) -> &'static str {
    if winner == white {
        "1-0 0-1"
    } else {
        "0-1 1-0"
    }
}

async fn single_elimination_bracket(b: Backend) {
    let server = start(b).await;
    let mut org = organiser(&server).await;
    // Rated 2000, 1990 … 1930: "Player 1" the best; the fifth's name has markup.
    let names: Vec<String> = (1..=8)
        .map(|i| {
            if i == 5 {
                "<b>x</b>".to_owned()
            } else {
                format!("Player {i}")
            }
        })
        .collect();
    let players: Vec<(&str, u32, &str, &str)> = names
        .iter()
        .zip(0..)
        .map(|(n, i)| (n.as_str(), 2000 - 10 * i, "", ""))
        .collect();
    let id = started_event(
        &mut org.api,
        json!({"name": unique("Cup "), "system": "single-elimination"}),
        &players,
    )
    .await;
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    // no[i - 1]: the start number of the i-th rated; rank(n): which rated n is.
    let no = numbers(&mut org.api, &id, &refs).await;
    let rank = |n: u32| no.iter().position(|&x| x == n).unwrap() + 1;
    // The bracket is drawn by lot. The better rated wins every match, so "Player 1"
    // wins all three and the final's other player is the best of the other half.
    let mut finalist = 0;
    for round in 1..=3 {
        let boards = pair(&mut org.api, &id).await;
        assert_eq!(boards.len(), 4 >> (round - 1), "round {round}");
        for (board, white, black) in boards {
            let black = black.unwrap();
            let winner = if rank(white) < rank(black) {
                white
            } else {
                black
            };
            if round == 3 {
                assert_eq!(rank(winner), 1);
                finalist = white + black - winner;
            }
            result(&mut org.api, &id, round, board, two_games(white, winner)).await;
        }
        if round < 3 {
            publish(&mut org.api, &id, round).await;
        }
    }
    let bracket = format!("/events/{id}/bracket");
    let mut public = server.client();
    let side = |class: &str, n: u32| {
        format!(
            "<div class=\"{class}\"><span class=\"no\">{n}</span><span class=\"name\" title=\"{name}\">{name}</span>",
            name = crate_escape(&names[rank(n) - 1])
        )
    };

    // The staff see the final played: "Player 1" marked as its winner, 2 games to 0.
    let staff = page(&mut org.browser, &bracket).await;
    let fin = match_box(&staff, "W3-1");
    assert!(fin.starts_with("<div class=\"match decided\""), "{fin}");
    assert!(
        fin.contains(&format!(
            "{}<span class=\"score\">2</span>",
            side("entry winner", no[0])
        )),
        "{fin}"
    );
    assert!(
        fin.contains(&format!(
            "{}<span class=\"score\">0</span></div>",
            side("entry", finalist)
        )),
        "{fin}"
    );
    assert_eq!(fin.matches("entry winner").count(), 1);
    assert!(staff.contains("Champion: Player 1"), "{staff}");
    // Columns: quarter-finals, semi-finals, final; each box won by its better rated.
    for label in ["Quarter-finals", "Semi-finals", "Final"] {
        assert!(
            staff.contains(&format!("<div class=\"col-head\">{label}</div>")),
            "{label}"
        );
    }
    let numbers_in = |b: &str| -> Vec<u32> {
        b.split("<span class=\"no\">")
            .skip(1)
            .map(|rest| rest[..rest.find('<').unwrap()].parse().unwrap())
            .collect()
    };
    for slot in ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2"] {
        let b = match_box(&staff, slot);
        let both = numbers_in(b);
        assert_eq!(both.len(), 2, "{b}");
        let better = *both.iter().min_by_key(|&&n| rank(n)).unwrap();
        assert!(b.contains(&side("entry winner", better)), "{b}");
    }
    // Markup in a name is text.
    assert!(
        staff.contains("title=\"&lt;b&gt;x&lt;/b&gt;\">&lt;b&gt;x&lt;/b&gt;</span>"),
        "{staff}"
    );
    assert!(!staff.contains("<b>x</b>"));

    // The public does not see the unpublished final: an empty box, no champion.
    let seen = page(&mut public, &bracket).await;
    let fin = match_box(&seen, "W3-1");
    assert!(fin.starts_with("<div class=\"match unplayed\""), "{fin}");
    assert!(!fin.contains("Player 1"), "{fin}");
    assert!(!seen.contains("Champion"));
    assert_eq!(match_box(&seen, "W2-1").matches("entry winner").count(), 1);
    publish(&mut org.api, &id, 3).await;
    let seen = page(&mut public, &bracket).await;
    assert!(match_box(&seen, "W3-1").contains(&side("entry winner", no[0])));
    assert!(seen.contains("Champion: Player 1"));
    assert!(seen.contains(&format!("href=\"/events/{id}/bracket\"")));

    // The knock-out standings: the champion, the finalist, the two semi-finalists
    // sharing 3–4, the four out in round 1 sharing 5–8.
    let standings = page(&mut public, &format!("/events/{id}/standings")).await;
    assert_eq!(line_place(&standings, no[0]), "1");
    assert_eq!(line_place(&standings, finalist), "2");
    let places: Vec<String> = no.iter().map(|&n| line_place(&standings, n)).collect();
    assert_eq!(
        places.iter().filter(|p| *p == "3-4").count(),
        2,
        "{places:?}"
    );
    assert_eq!(
        places.iter().filter(|p| *p == "5-8").count(),
        4,
        "{places:?}"
    );
    assert!(standings.contains("&lt;b&gt;x&lt;/b&gt;"));
    assert!(!standings.contains("<b>x</b>"));
    // In Chinese and Mongolian.
    let zh = page(&mut reader(&server, "zh"), &bracket).await;
    assert!(
        zh.contains("<h1>淘汰赛对阵图</h1>") && zh.contains(">决赛</div>"),
        "{zh}"
    );
    let mn = page(&mut reader(&server, "mn"), &bracket).await;
    assert!(
        mn.contains("<h1>Хасагдах шатны хүснэгт</h1>") && mn.contains(">Хагас шигшээ</div>"),
        "{mn}"
    );
    server.stop().await;
}

/// A name as the page writes it.
fn crate_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn line_place(body: &str, n: u32) -> String {
    cell(row(body, n), "class=\"num place\"")
}

// ---------------------------------------------------------------------------------------
// 3. A double elimination: the winners' tree with the grand final, the losers' below.

async fn double_elimination_draws_both_brackets(b: Backend) {
    let server = start(b).await;
    let mut org = organiser(&server).await;
    let names = ["D1", "D2", "D3", "D4"];
    let players: Vec<(&str, u32, &str, &str)> = names
        .iter()
        .zip(0..)
        .map(|(n, i)| (*n, 2000 - 10 * i, "", ""))
        .collect();
    let id = started_event(
        &mut org.api,
        json!({"name": unique("Double "), "system": "double-elimination"}),
        &players,
    )
    .await;
    let no = numbers(&mut org.api, &id, &names).await;
    let seed = |n: u32| no.iter().position(|&x| x == n).unwrap() as u32 + 1;
    // Round 1: the better rated wins.
    let mut expected = Vec::new();
    for (board, white, black) in pair(&mut org.api, &id).await {
        let black = black.unwrap();
        let winner = if seed(white) < seed(black) {
            white
        } else {
            black
        };
        expected.push(seed(winner));
        result(&mut org.api, &id, 1, board, two_games(white, winner)).await;
    }
    expected.sort();
    let body = page(&mut org.browser, &format!("/events/{id}/bracket")).await;
    assert!(body.contains("<h2>Winners' bracket</h2>"), "{body}");
    assert!(body.contains("<h2>Losers' bracket</h2>"), "{body}");
    // The rest are empty boxes: W2-1, L1-1, L2-1, the grand final; no second final
    // unless one is played.
    for slot in ["W2-1", "L1-1", "L2-1", "GF"] {
        assert!(match_box(&body, slot).contains("match unplayed"), "{slot}");
    }
    assert!(!body.contains("data-slot=\"GF2\""));
    let mut winners: Vec<u32> = ["W1-1", "W1-2"]
        .iter()
        .map(|s| {
            let b = match_box(&body, s);
            seed(
                cell(&b[b.find("entry winner").unwrap()..], "class=\"no\"")
                    .parse()
                    .unwrap(),
            )
        })
        .collect();
    winners.sort();
    assert_eq!(winners, expected);
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 4. Team match cards.

async fn team_match_cards(b: Backend) {
    use shatar_tournament::{Entrants, Event, LineupMode, Player, RoundNo, System, TeamMatch};
    let server = start(b).await;
    let mut org = organiser(&server).await;
    // Four teams of two, boards fixed; round 1 (Berger, no lot) is 1–4 and 2–3.
    let mut e = Event::new(unique("League "), System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::FixedBoards,
    };
    for (t, (name, region)) in [
        ("Хөх хот", "Өвөр Монгол"),
        ("Улаанбаатар", "Төв"),
        ("北京", "华北"),
        ("Дархан", "Дархан-Уул"),
    ]
    .iter()
    .enumerate()
    {
        e.add_team(
            *name,
            *region,
            vec![
                Player::named(format!("{}a", t + 1)),
                Player::named(format!("{}b", t + 1)),
            ],
        )
        .unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    let first = RoundNo::FIRST;
    // Match 1–4: board 1 (team 1 White) 1-0, board 2 (team 4 White) a draw: team 1 scores
    // 1½, team 4 ½; match points 2–0. Match 2–3: board 1 (team 2 White) 0-1, board 2
    // (team 3 White) 0-1: one game each, 1–1, match points 1–1.
    for (p, results) in e.rounds[0]
        .pairings
        .clone()
        .iter()
        .zip([["1-0", "1/2"], ["0-1", "0-1"]])
    {
        let teams = (p.white.get(), p.black.unwrap().get());
        assert!(teams == (1, 4) || teams == (2, 3), "{teams:?}");
        let tm = TeamMatch {
            white_lineup: e.team(p.white).unwrap().members.clone(),
            black_lineup: e.team(p.black.unwrap()).unwrap().members.clone(),
            boards: results.iter().map(|r| vec![r.parse().unwrap()]).collect(),
        };
        e.set_team_result(first, p.board, tm).unwrap();
    }
    let file = shatar_tournament::store::to_json(&e).unwrap();
    let r = org
        .api
        .request(
            "POST",
            "/api/events/import?format=json",
            Some(("application/json", file.into_bytes())),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = id_of(&r.json());

    // The imported round is published: the public sees its cards.
    let mut public = server.client();
    let cards = page(&mut public, &format!("/events/{id}/rounds/1/cards")).await;
    assert!(cards.contains("<h1>Match cards, round 1</h1>"), "{cards}");
    assert!(
        cards.contains("<h2>Board 1: Хөх хот – Дархан</h2>"),
        "{cards}"
    );
    assert!(
        cards.contains("<span class=\"total\" data-team=\"1\">1.5</span>"),
        "{cards}"
    );
    assert!(cards.contains("<span class=\"total\" data-team=\"4\">0.5</span>"));
    assert!(cards.contains("Match points: <span>2</span> – <span>0</span>"));
    assert!(cards.contains("<span class=\"total\" data-team=\"2\">1</span>"));
    assert!(cards.contains("<span class=\"total\" data-team=\"3\">1</span>"));
    assert!(cards.contains("Match points: <span>1</span> – <span>1</span>"));
    // The boards with their players and results, from the library's card: board 1 1a
    // (White) against 4a, board 2 4b (White) against 1b.
    assert!(
        cards.contains("<tr><td>1</td><td>1a</td><td>4a</td><td>1-0</td></tr>"),
        "{cards}"
    );
    assert!(
        cards.contains("<tr><td>2</td><td>4b</td><td>1b</td><td>½-½</td></tr>"),
        "{cards}"
    );
    for sign in ["Captain, Хөх хот", "Captain, Дархан", "Arbiter"] {
        assert!(
            cards.contains(&format!("<div class=\"sign\">{sign}</div>")),
            "{sign}"
        );
    }
    assert!(cards.contains(&format!("href=\"/events/{id}/rounds/1/cards\"")));
    // Team standings: the region column, match points first (1 → 2, 2 and 3 → 1, 4 → 0).
    let standings = page(&mut public, &format!("/events/{id}/standings")).await;
    assert!(
        row(&standings, 1).contains("<td>Өвөр Монгол</td>"),
        "{standings}"
    );
    assert_eq!(cell(row(&standings, 1), "data-tb=\"MP\""), "2");
    assert_eq!(cell(row(&standings, 4), "data-tb=\"MP\""), "0");
    assert!(standings.contains(">Match points</th>"));

    // Round 2 paired without line-ups: the staff get empty cards to fill in; the public
    // nothing until it is published.
    call(
        &mut org.api,
        "POST",
        &format!("/api/events/{id}/rounds"),
        None,
    )
    .await;
    let path = format!("/events/{id}/rounds/2/cards");
    assert_eq!(public.get(&path).await.status, 404);
    let blank = page(&mut org.browser, &path).await;
    assert!(
        blank.contains("The line-ups are not entered yet."),
        "{blank}"
    );
    assert!(
        blank.contains("<tr><td>2</td><td></td><td></td><td></td></tr>"),
        "{blank}"
    );
    assert!(blank.contains("____ – ____"));
    assert_eq!(
        public
            .get(&format!("/events/{id}/rounds/9/cards"))
            .await
            .status,
        404
    );
    // In Chinese and Mongolian.
    let zh = page(
        &mut reader(&server, "zh"),
        &format!("/events/{id}/rounds/1/cards"),
    )
    .await;
    assert!(
        zh.contains("<h1>第 1 轮团体对抗记录</h1>") && zh.contains("队长（北京）"),
        "{zh}"
    );
    let mn = page(
        &mut reader(&server, "mn"),
        &format!("/events/{id}/rounds/1/cards"),
    )
    .await;
    assert!(
        mn.contains("<h1>1-р тойргийн багийн тоглолтын хуудас</h1>") && mn.contains("Шүүгч"),
        "{mn}"
    );
    server.stop().await;
}
