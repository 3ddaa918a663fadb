//! The event pages through the real server: an organiser runs a round from the browser's
//! forms, the public sees only what is published, a player cannot enter results, a change
//! made on a stale page is refused by name, and names with markup render as text.

mod common;

use common::{Backend, Client, TestServer, unique};
use shatar_server::db::users::{self, AccountRole};

on_both_backends!(
    an_organiser_runs_a_round_from_the_pages,
    the_staff_pages_register_correct_withdraw_and_undo,
    an_open_page_hears_of_each_change,
    the_round_page_says_back_asks_first_and_checks_the_sheet,
    a_league_from_the_pages_with_a_captains_line_up,
    refusals_on_the_pages_are_in_the_visitors_language,
);

/// Signs up `name` and gives the account `role`.
async fn account(server: &TestServer, name: &str, role: AccountRole) -> Client {
    let mut c = server.client();
    c.sign_up(name, "12345678").await;
    let db = &server.state().db;
    let u = users::by_name(db, name).await.unwrap().unwrap();
    users::update(db, u.id, &u.password_hash, role)
        .await
        .unwrap();
    c
}

/// Six digits unique to this run, for account names (which take letters and digits).
fn digits() -> String {
    unique("")
        .bytes()
        .take(6)
        .map(|b| char::from(b'0' + b % 10))
        .collect()
}

/// Creates an event from the form with `fields` (besides the CSRF token): the CSRF token
/// and the event's path.
async fn new_event(org: &mut Client, fields: &[(&str, &str)]) -> (String, String) {
    let csrf = org.get("/events/new").await.csrf();
    let mut all = fields.to_vec();
    all.push(("csrf", &csrf));
    let r = org.post("/events/new", &all).await;
    assert_eq!(r.status, 303, "{}", r.body);
    let path = r.header("location").unwrap().to_owned();
    (csrf, path)
}

/// The value of the first hidden `version` field on a page.
fn version(body: &str) -> String {
    let marker = r#"name="version" value=""#;
    let start = body.find(marker).expect("a staff form") + marker.len();
    let end = body[start..].find('"').unwrap() + start;
    body[start..end].to_owned()
}

async fn an_organiser_runs_a_round_from_the_pages(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let mut org = account(&server, &format!("Saraa{digits}"), AccountRole::Organiser).await;
    let mut player = account(&server, &format!("Dorj{digits}"), AccountRole::Player).await;
    let mut public = server.client();

    // A player may not even open the form.
    assert_eq!(player.get("/events/new").await.status, 403);
    let form = org.get("/events/new").await;
    assert_eq!(form.status, 200);
    let csrf = form.csrf();
    // A bad number of rounds is refused by name, in the page language.
    let r = org
        .post(
            "/events/new",
            &[
                ("name", "X"),
                ("system", "swiss"),
                ("rounds", "five"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("Rounds: “five” is not a whole number."),
        "{}",
        r.body
    );
    let name = format!("Naadam <script>{digits}</script>");
    let r = org
        .post(
            "/events/new",
            &[
                ("name", &name),
                ("system", "round-robin"),
                ("rounds", ""),
                ("ruleset", "official"),
                ("time_control", "1800+30"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let path = r.header("location").unwrap().to_owned();
    let id = path.trim_start_matches("/events/").to_owned();

    // Four players from the staff form, then the draw (round robin, no lot: 1–4, 2–3).
    let page = org.get(&path).await;
    assert!(
        page.body
            .contains(&format!("Naadam &lt;script&gt;{digits}&lt;/script&gt;"))
    );
    assert!(!page.body.contains("<script>"));
    for p in ["Батбаяр", "Дорж", "巴特尔", "Сүх"] {
        let page = org.get(&path).await;
        let r = org
            .post(
                &format!("{path}/players"),
                &[
                    ("name", p),
                    ("club", "Хөх хот"),
                    ("csrf", &csrf),
                    ("version", &version(&page.body)),
                ],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let page = org.get(&path).await;
    let seen_before_start = version(&page.body);
    let r = org
        .post(
            &format!("{path}/start"),
            &[("csrf", &csrf), ("version", &seen_before_start)],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // A second "start" from the same, now stale, page names what happened since.
    let r = org
        .post(
            &format!("{path}/start"),
            &[("csrf", &csrf), ("version", &seen_before_start)],
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains(&format!(
            "registration closed with 4 players; 3 rounds (Saraa{digits} at "
        )),
        "{}",
        r.body
    );
    let page = org.get(&path).await;
    let r = org
        .post(
            &format!("{path}/rounds"),
            &[("csrf", &csrf), ("version", &version(&page.body))],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);

    // The public does not see the unpublished round; the organiser does.
    assert_eq!(public.get(&format!("{path}/rounds/1")).await.status, 404);
    let round = org.get(&format!("{path}/rounds/1")).await;
    assert_eq!(round.status, 200);
    let v = version(&round.body);
    // A player cannot enter a result (their CSRF token is their own, and valid).
    let player_csrf = player.get(&path).await.csrf();
    let r = player
        .post(
            &format!("{path}/rounds/1/boards/1/result"),
            &[("result", "1-0"), ("csrf", &player_csrf), ("version", &v)],
        )
        .await;
    assert_eq!(r.status, 403, "{}", r.body);
    // Two results entered from the same page version: different boards never conflict.
    for (board, result) in [("1", "1-0"), ("2", "1/2-1/2")] {
        let r = org
            .post(
                &format!("{path}/rounds/1/boards/{board}/result"),
                &[("result", result), ("csrf", &csrf), ("version", &v)],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
        assert_eq!(
            r.header("location"),
            Some(format!("{path}/rounds/1?entered={board}#board-{board}").as_str())
        );
    }
    // Without CSRF: refused.
    let r = org
        .post(
            &format!("{path}/rounds/1/boards/1/result"),
            &[("result", "0-1"), ("version", &v)],
        )
        .await;
    assert_eq!(r.status, 403);
    // Published: the public sees it, with the results and without the staff's buttons.
    let page = org.get(&path).await;
    let r = org
        .post(
            &format!("{path}/rounds/1/publish"),
            &[("csrf", &csrf), ("version", &version(&page.body))],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let seen = public.get(&format!("{path}/rounds/1")).await;
    assert_eq!(seen.status, 200);
    assert!(!seen.body.contains("form class=\"results\""));
    // The pages pair and score exactly as the tournament library does for the same event.
    let mut lib =
        shatar_tournament::Event::new(name.clone(), shatar_tournament::System::RoundRobin);
    lib.games_per_pairing = 1;
    // The form draws the event's own lot seed; the library's event takes the same one.
    let file = public
        .get(&format!("/api/events/{id}/export.json"))
        .await
        .json();
    lib.settings.lot_seed = file["event"]["settings"]["lot_seed"]
        .as_u64()
        .unwrap_or_else(|| panic!("a lot seed in {file}"));
    for p in ["Батбаяр", "Дорж", "巴特尔", "Сүх"] {
        let mut player = shatar_tournament::Player::named(p);
        player.club = "Хөх хот".into();
        lib.add_player(player).unwrap();
    }
    lib.start().unwrap();
    let expected = lib.pair_next_round().unwrap().pairings.clone();
    let api = public.get(&format!("/api/events/{id}")).await.json();
    let pairings = api["rounds"][0]["pairings"].as_array().unwrap().clone();
    assert_eq!(pairings.len(), 2);
    let first = shatar_tournament::RoundNo::FIRST;
    for (p, want) in pairings.iter().zip(&expected) {
        assert_eq!(p["white"], want.white.get());
        assert_eq!(p["black"], want.black.unwrap().get());
        let name = |n: &serde_json::Value| {
            lib.entrant_name(
                shatar_tournament::EntrantNo::try_from(n.as_u64().unwrap() as u32).unwrap(),
            )
        };
        let white_name = name(&p["white"]);
        assert!(
            seen.body.contains(&format!("{}. {white_name}", p["white"])),
            "{}",
            seen.body
        );
    }
    assert_eq!(pairings[0]["result"], "1-0");
    assert_eq!(pairings[1]["result"], "1/2-1/2");
    let sets = [
        (
            expected[0].white,
            expected[0].black.unwrap(),
            shatar_tournament::GameResult::WhiteWins,
        ),
        (
            expected[1].white,
            expected[1].black.unwrap(),
            shatar_tournament::GameResult::Draw,
        ),
    ];
    for (w, b, g) in sets {
        lib.set_result(first, w, b, vec![g]).unwrap();
    }
    let want: Vec<(u32, f64)> = shatar_tournament::standings(&lib)
        .lines
        .iter()
        .map(|l| (l.entrant.get(), l.values[0].to_f64()))
        .collect();
    let standings = public
        .get(&format!("/api/events/{id}/standings"))
        .await
        .json();
    let got: Vec<(u32, f64)> = standings
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["number"].as_u64().unwrap() as u32,
                l["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, want);
    // Hand-worked: after 1-0 and a draw the points are 1, ½, ½, 0.
    let mut points: Vec<f64> = got.iter().map(|&(_, p)| p).collect();
    points.sort_by(|a, b| b.total_cmp(a));
    assert_eq!(points, vec![1.0, 0.5, 0.5, 0.0]);

    // Interchange: the CLI's event file and TRF export and import back; CSV exports.
    let token = shatar_server::db::tokens::create(
        &server.state().db,
        users::by_name(&server.state().db, &format!("Saraa{digits}"))
            .await
            .unwrap()
            .unwrap()
            .id,
        "test",
    )
    .await
    .unwrap();
    let mut api_client = server.client();
    api_client
        .headers
        .push(("Authorization".into(), format!("Bearer {token}")));
    let file = public
        .get(&format!("/api/events/{id}/export.json"))
        .await
        .body;
    let r = api_client
        .request(
            "POST",
            "/api/events/import?format=json",
            Some(("application/json", file.clone().into_bytes())),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let copy = r.json()["id"].as_str().unwrap().to_owned();
    assert_eq!(
        public
            .get(&format!("/api/events/{copy}/export.json"))
            .await
            .body,
        file
    );
    let trf = public
        .get(&format!("/api/events/{id}/export.trf"))
        .await
        .body;
    let r = api_client
        .request(
            "POST",
            "/api/events/import?format=trf&system=round-robin",
            Some(("text/plain", trf.clone().into_bytes())),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        (r.json()["players"].as_u64(), r.json()["rounds"].as_u64()),
        (Some(4), Some(1))
    );
    let from_trf = r.json()["id"].as_str().unwrap().to_owned();
    let again = public
        .get(&format!("/api/events/{from_trf}/standings"))
        .await
        .json();
    assert_eq!(again, standings);
    // A file that is not an event is refused by name, and nothing is stored (other tests
    // share a PostgreSQL database and create events meanwhile: look for this one's name).
    let named_nothing = |list: serde_json::Value| {
        list.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["name"] == "Nothing here")
            .count()
    };
    let before = named_nothing(public.get("/api/events").await.json());
    let r = api_client
        .request(
            "POST",
            "/api/events/import?format=trf",
            Some(("text/plain", b"012 Nothing here\n".to_vec())),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["field"], "body");
    assert_eq!(
        named_nothing(public.get("/api/events").await.json()),
        before
    );
    // A player may not import.
    let r = player
        .request(
            "POST",
            "/api/events/import?format=json",
            Some(("application/json", file.into_bytes())),
        )
        .await;
    assert_eq!(r.status, 403, "{}", r.body);
    let csv = public
        .get(&format!("/api/events/{id}/players.csv"))
        .await
        .body;
    assert!(
        csv.starts_with("number,name,name_traditional,club,region,rating,seed_class,birth_year\n"),
        "{csv}"
    );
    assert_eq!(csv.matches(",Хөх хот,,,,\n").count(), 4, "{csv}");
    assert!(csv.contains(",Батбаяр,,Хөх хот,,,"), "{csv}");
    // An individual event has no teams: the list is its heading alone.
    assert_eq!(
        public
            .get(&format!("/api/events/{id}/teams.csv"))
            .await
            .body,
        "team,team_name,region,order,number,name\n"
    );
    // The players' page links the downloads.
    let page = public.get(&format!("/events/{id}/players")).await.body;
    assert!(
        page.contains(&format!(r#"href="/api/events/{id}/players.csv""#)),
        "{page}"
    );
    assert_eq!(
        public
            .get(&format!("/api/events/{id}/nothing.csv"))
            .await
            .status,
        404
    );
    server.stop().await;
}

/// The `href`-free text of a page, for "contains" checks across markup.
fn located(r: &common::Resp) -> String {
    r.header("location").unwrap_or_default().to_owned()
}

async fn the_staff_pages_register_correct_withdraw_and_undo(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let org_name = format!("Saraa{digits}");
    let mut org = account(&server, &org_name, AccountRole::Organiser).await;
    let player_name = format!("Temuujin{digits}");
    let mut player = account(&server, &player_name, AccountRole::Player).await;
    let mut public = server.client();
    let (csrf, path) = new_event(
        &mut org,
        &[("name", "Open"), ("system", "swiss"), ("rounds", "3")],
    )
    .await;
    let players = format!("{path}/players");

    // The organiser opens self-registration on the organiser's page; nobody else sees it.
    assert_eq!(player.get(&format!("{path}/staff")).await.status, 403);
    let staff = org.get(&format!("{path}/staff")).await;
    assert_eq!(staff.status, 200);
    let r = org
        .post(
            &format!("{path}/registration"),
            &[
                ("open", "1"),
                ("csrf", &csrf),
                ("version", &version(&staff.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // The player asks to play from the players' page, and sees the request waiting.
    let page = player.get(&players).await;
    assert!(page.body.contains("action=\"/events/"), "{}", page.body);
    let player_csrf = page.csrf();
    let r = player
        .post(
            &format!("{path}/register"),
            &[
                ("name", "Тэмүүжин"),
                ("club", "Дархан"),
                ("csrf", &player_csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let page = player.get(&players).await;
    assert!(page.body.contains("Тэмүүжин"), "{}", page.body);
    // The organiser approves it, then brings in three more from a CSV file.
    let page = org.get(&players).await;
    let marker = format!("{path}/requests/");
    let at = page.body.find(&marker).expect("an approve form") + marker.len();
    let account_id: String = page.body[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let r = org
        .post(
            &format!("{path}/requests/{account_id}/approve"),
            &[("csrf", &csrf), ("version", &version(&page.body))],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&players).await;
    let csv = "name,club,rating\nБатбаяр,Улаанбаатар,1900\n巴特尔,呼和浩特,1800\nᠪᠠᠲᠤ,,1700\n";
    let r = org
        .post(
            &format!("{path}/players/import"),
            &[
                ("csv", csv),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let page = public.get(&players).await;
    for name in ["Тэмүүжин", "Батбаяр", "巴特尔", "ᠪᠠᠲᠤ"] {
        assert!(page.body.contains(name), "{name}: {}", page.body);
    }
    assert!(
        page.body.contains(&format!("@{player_name}")),
        "{}",
        page.body
    );
    // A bad file is refused on the players' page with the line and column at fault.
    let page = org.get(&players).await;
    let r = org
        .post(
            &format!("{path}/players/import"),
            &[
                ("csv", "name,rating\nDorj,strong\n"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("line 2"), "{}", r.body);
    // A correction of player 2's club.
    let page = org.get(&players).await;
    let r = org
        .post(
            &format!("{path}/players/2"),
            &[
                ("name", "Батбаяр"),
                ("club", "Дархан-Уул"),
                ("rating", "1900"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // The draw (Swiss: numbered by rating, the unrated Тэмүүжин last), round 1, then
    // Тэмүүжин's withdrawal: shown first, made on confirming.
    let page = org.get(&path).await;
    org.post(
        &format!("{path}/start"),
        &[("csrf", &csrf), ("version", &version(&page.body))],
    )
    .await;
    let page = org.get(&path).await;
    org.post(
        &format!("{path}/rounds"),
        &[("csrf", &csrf), ("version", &version(&page.body))],
    )
    .await;
    let page = org.get(&players).await;
    let v = version(&page.body);
    let r = org
        .post(
            &format!("{path}/players/4/withdraw"),
            &[("reason", "ill"), ("csrf", &csrf), ("version", &v)],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body
            .contains("4 Тэмүүжин withdrawn: results played stand, remaining games forfeited"),
        "{}",
        r.body
    );
    let api = public
        .get(&format!(
            "/api/events/{}",
            path.trim_start_matches("/events/")
        ))
        .await
        .json();
    assert!(
        api["players"][3].get("withdrawn").is_none(),
        "not yet: {api}"
    );
    let r = org
        .post(
            &format!("{path}/players/4/withdraw"),
            &[
                ("reason", "ill"),
                ("confirm", "1"),
                ("csrf", &csrf),
                ("version", &v),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // The history names every change and its author; a player may not see it.
    assert_eq!(player.get(&format!("{path}/history")).await.status, 403);
    let history = org.get(&format!("{path}/history")).await;
    assert_eq!(history.status, 200);
    for said in [
        "registration opened to accounts",
        &format!("{player_name} asked to play as Тэмүүжин"),
        "3 player(s) registered from a CSV file (numbers 2–4)",
        "player 2: club \"Дархан-Уул\" (was \"Улаанбаатар\")",
        "4 Тэмүүжин withdrawn",
    ] {
        assert!(
            history.body.contains(&said.replace('"', "&quot;")),
            "{said}: {}",
            history.body
        );
    }
    assert!(history.body.contains(&org_name));
    // Undo the withdrawal from the history page: player 4 plays on.
    let marker = "name=\"seq\" value=\"";
    let at = history.body.find(marker).expect("an undo button") + marker.len();
    let seq: String = history.body[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let r = org
        .post(
            &format!("{path}/undo"),
            &[
                ("seq", &seq),
                ("csrf", &csrf),
                ("version", &version(&history.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let api = public
        .get(&format!(
            "/api/events/{}",
            path.trim_start_matches("/events/")
        ))
        .await
        .json();
    assert!(
        api["players"][3].get("withdrawn").is_none(),
        "undone: {api}"
    );
    let history = org.get(&format!("{path}/history")).await;
    assert!(
        history.body.contains("undone: 4 Тэмүүжин withdrawn"),
        "{}",
        history.body
    );
}

async fn an_open_page_hears_of_each_change(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let mut org = account(&server, &format!("Saraa{digits}"), AccountRole::Organiser).await;
    let (csrf, path) = new_event(&mut org, &[("name", "Live"), ("system", "swiss")]).await;
    let mut visitor = server.client();
    let page = visitor.get(&path).await;
    let v: i64 = version_of_stream(&page.body);
    assert!(
        page.body
            .contains(&format!(r#"data-src="{path}/live" data-since="{v}""#)),
        "the page names what it polls: {}",
        page.body
    );
    assert_eq!(visitor.get("/events/nosuchevent/live").await.status, 404);
    let polled = visitor.get(&format!("{path}/live")).await;
    assert_eq!(polled.header("cache-control"), Some("no-store"));
    assert_eq!(polled.json(), serde_json::json!({ "version": v }));
    // The organiser adds a player: the visitor's next poll sees the new version.
    let staff_page = org.get(&path).await;
    let r = org
        .post(
            &format!("{path}/players"),
            &[
                ("name", "Дорж"),
                ("csrf", &csrf),
                ("version", &version(&staff_page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let polled = visitor.get(&format!("{path}/live")).await.json();
    assert_eq!(polled, serde_json::json!({ "version": v + 1 }));
}

/// The version an event page polls from.
fn version_of_stream(body: &str) -> i64 {
    let marker = "data-since=\"";
    let at = body.find(marker).expect("a live poll on the page") + marker.len();
    body[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

async fn the_round_page_says_back_asks_first_and_checks_the_sheet(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let mut org = account(&server, &format!("Saraa{digits}"), AccountRole::Organiser).await;
    let (csrf, path) = new_event(
        &mut org,
        &[("name", "Open"), ("system", "swiss"), ("rounds", "3")],
    )
    .await;
    let id = path.trim_start_matches("/events/").to_owned();
    for (name, rating) in [
        ("Батбаяр", "1900"),
        ("Дорж", "1800"),
        ("巴特尔", "1700"),
        ("Сүх", "1600"),
    ] {
        let page = org.get(&path).await;
        org.post(
            &format!("{path}/players"),
            &[
                ("name", name),
                ("rating", rating),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    }
    for step in ["start", "rounds"] {
        let page = org.get(&path).await;
        let r = org
            .post(
                &format!("{path}/{step}"),
                &[("csrf", &csrf), ("version", &version(&page.body))],
            )
            .await;
        assert_eq!(r.status, 303, "{step}: {}", r.body);
    }
    let event = event_json(&mut org, &id).await;
    let board = |e: &serde_json::Value, r: usize, b: usize| {
        let p = &e["rounds"][r]["pairings"][b];
        (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap())
    };
    let (w1, b1) = board(&event, 0, 0);
    // One tap on board 1: said back as at the board.
    let round1 = format!("{path}/rounds/1");
    let page = org.get(&round1).await;
    let r = org
        .post(
            &format!("{round1}/boards/1/result"),
            &[
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let said = org.get(&located(&r)).await;
    let name = |n: u64| ["Батбаяр", "Дорж", "巴特尔", "Сүх"][usize::try_from(n - 1).unwrap()];
    assert!(
        said.body
            .contains(&format!("Board 1: {} 1 – 0 {}", name(w1), name(b1))),
        "{}",
        said.body
    );
    // Board 2 from a score sheet with the colours reversed: refused, naming the pairing.
    let (w2, b2) = board(&event, 0, 1);
    let r = org
        .post(
            &format!("{round1}/sheet"),
            &[
                ("white", &b2.to_string()),
                ("black", &w2.to_string()),
                ("result", "0-1"),
                ("csrf", &csrf),
                ("version", &version(&said.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("role=\"alert\""), "{}", r.body);
    assert_eq!(
        event_json(&mut org, &id).await["rounds"][0]["pairings"][1]["result"],
        serde_json::Value::Null
    );
    // Adjudicated with a reason instead.
    let page = org.get(&round1).await;
    let r = org
        .post(
            &format!("{round1}/adjudicate"),
            &[
                ("board", "2"),
                ("white", "0.5"),
                ("black", "0"),
                ("reason", "clock: fault"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        event_json(&mut org, &id).await["rounds"][0]["pairings"][1]["result"],
        "adj:0.5-0:clock fault"
    );
    // Round 2 paired from these results; then board 1 of round 1 changed: asked first,
    // saying what it affects, and made on confirming.
    let page = org.get(&path).await;
    org.post(
        &format!("{path}/rounds"),
        &[("csrf", &csrf), ("version", &version(&page.body))],
    )
    .await;
    let page = org.get(&round1).await;
    let r = org
        .post(
            &format!("{round1}/boards/1/result"),
            &[
                ("result", "0-1"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains("Round 1 board 1 already has the result 1-0. (round 2 was paired from it)"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Change board 1 to 0-1"), "{}", r.body);
    let r = org
        .post(
            &format!("{round1}/boards/1/result"),
            &[
                ("result", "0-1"),
                ("replace", "1"),
                ("csrf", &csrf),
                ("version", &version(&r.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        event_json(&mut org, &id).await["rounds"][0]["pairings"][0]["result"],
        "0-1"
    );
}

async fn event_json(c: &mut common::Client, id: &str) -> serde_json::Value {
    c.get(&format!("/api/events/{id}")).await.json()
}

async fn a_league_from_the_pages_with_a_captains_line_up(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let mut org = account(&server, &format!("Saraa{digits}"), AccountRole::Organiser).await;
    let (csrf, path) = new_event(
        &mut org,
        &[
            ("name", "League"),
            ("system", "round-robin"),
            ("boards", "4"),
            ("lineup", "ordered-substitutes"),
        ],
    )
    .await;
    let id = path.trim_start_matches("/events/").to_owned();
    let mut captains = Vec::new();
    for t in ["Altai", "Bogd", "Khangai", "Khentii", "Ikh", "Govi"] {
        let name = format!("Cap{t}{digits}");
        captains.push((
            name.clone(),
            account(&server, &name, AccountRole::Player).await,
        ));
        let members: String = (1..=6)
            .map(|i| format!("{t} {i}, {}\n", 1900 - i * 10))
            .collect();
        let page = org.get(&format!("{path}/players")).await;
        let r = org
            .post(
                &format!("{path}/teams"),
                &[
                    ("name", t),
                    ("captain", &name),
                    ("members", &members),
                    ("csrf", &csrf),
                    ("version", &version(&page.body)),
                ],
            )
            .await;
        assert_eq!(r.status, 303, "{t}: {}", r.body);
    }
    let page = org.get(&format!("{path}/players")).await;
    assert!(page.body.contains("Govi 6"), "{}", page.body);
    for step in ["start", "rounds"] {
        let page = org.get(&path).await;
        let r = org
            .post(
                &format!("{path}/{step}"),
                &[("csrf", &csrf), ("version", &version(&page.body))],
            )
            .await;
        assert_eq!(r.status, 303, "{step}: {}", r.body);
    }
    let event = event_json(&mut org, &id).await;
    let table = &event["rounds"][0]["pairings"][0];
    let (first, second) = (
        table["white"].as_u64().unwrap(),
        table["black"].as_u64().unwrap(),
    );
    let team = |n: u64| {
        event["teams"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == n)
            .unwrap()
            .clone()
    };
    let members = |n: u64| -> Vec<String> {
        team(n)["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let captain_name = team(first)["captain"].as_str().unwrap().to_owned();
    let captain = &mut captains
        .iter_mut()
        .find(|(n, _)| *n == captain_name)
        .unwrap()
        .1;
    let page = org.get(&path).await;
    org.post(
        &format!("{path}/rounds/1/publish"),
        &[("csrf", &csrf), ("version", &version(&page.body))],
    )
    .await;
    // The captain sees a line-up form for their own team only, and brings in reserve 5.
    let round1 = format!("{path}/rounds/1");
    let page = captain.get(&round1).await;
    assert!(
        page.body
            .contains(&format!("{path}/rounds/1/lineups/{first}")),
        "{}",
        page.body
    );
    assert!(
        !page
            .body
            .contains(&format!("{path}/rounds/1/lineups/{second}"))
    );
    let m = members(first);
    let r = captain
        .post(
            &format!("{round1}/lineups/{first}"),
            &[
                ("p1", &m[0]),
                ("p2", &m[1]),
                ("p3", &m[2]),
                ("p4", &m[4]),
                ("csrf", &page.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // The staff's match form starts from that line-up; the match is entered from it.
    let page = org.get(&round1).await;
    let o = members(second);
    let r = org
        .post(
            &format!("{round1}/boards/1/match"),
            &[
                ("w1", &m[0]),
                ("w2", &m[1]),
                ("w3", &m[2]),
                ("w4", &m[4]),
                ("b1", &o[0]),
                ("b2", &o[1]),
                ("b3", &o[2]),
                ("b4", &o[3]),
                ("r1", "1-0"),
                ("r2", "1/2-1/2"),
                ("r3", "1-0"),
                ("r4", "1/2-1/2"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let event = event_json(&mut org, &id).await;
    let played = &event["rounds"][0]["pairings"][0]["match"];
    assert_eq!(
        played["boards"],
        serde_json::json!(["1-0", "1/2-1/2", "1-0", "1/2-1/2"])
    );
    assert_eq!(played["white_lineup"][3].to_string(), m[4]);
    // First team: 1 + ½ (Black on board 2) + 1 + ½ (Black on board 4) = 3 – 1.
    let page = org.get(&round1).await;
    assert!(page.body.contains("3 – 1"), "{}", page.body);
}

/// An arbiter reading the pages in Chinese or Mongolian is refused in that language, the
/// sentence naming the round, the board and the players: the tournament library's refusal
/// (a score sheet with the colours reversed), the web app's own (a board that does not
/// exist, a round not the last), and the staff pages' (the history's undo, a CSV file).
async fn refusals_on_the_pages_are_in_the_visitors_language(b: Backend) {
    let server = TestServer::start(b).await;
    let digits = digits();
    let mut org = account(&server, &format!("Saraa{digits}"), AccountRole::Organiser).await;
    let (csrf, path) = new_event(
        &mut org,
        &[("name", "Open"), ("system", "swiss"), ("rounds", "3")],
    )
    .await;
    let id = path.trim_start_matches("/events/").to_owned();
    for (name, rating) in [
        ("Батбаяр", "1900"),
        ("Дорж", "1800"),
        ("巴特尔", "1700"),
        ("Сүх", "1600"),
    ] {
        let page = org.get(&path).await;
        let r = org
            .post(
                &format!("{path}/players"),
                &[
                    ("name", name),
                    ("rating", rating),
                    ("csrf", &csrf),
                    ("version", &version(&page.body)),
                ],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
    for step in ["start", "rounds"] {
        let page = org.get(&path).await;
        let r = org
            .post(
                &format!("{path}/{step}"),
                &[("csrf", &csrf), ("version", &version(&page.body))],
            )
            .await;
        assert_eq!(r.status, 303, "{step}: {}", r.body);
    }
    let event = event_json(&mut org, &id).await;
    let p = &event["rounds"][0]["pairings"][1];
    let (w2, b2) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
    let round1 = format!("{path}/rounds/1");

    // In Chinese: board 2 from a score sheet with the colours reversed, refused by the
    // tournament library, naming the pairing as it is.
    org.headers
        .push(("Accept-Language".into(), "zh-CN,zh;q=0.9".into()));
    let page = org.get(&round1).await;
    assert!(page.body.contains(r#"<html lang="zh">"#), "{}", page.body);
    let r = org
        .post(
            &format!("{round1}/sheet"),
            &[
                ("white", &b2.to_string()),
                ("black", &w2.to_string()),
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains(&format!(
            "<p class=\"error\" role=\"alert\">第 1 轮第 2 台是 {w2}（执白）– {b2}（执黑）</p>"
        )),
        "{}",
        r.body
    );
    // A result on a board the round does not have.
    let r = org
        .post(
            &format!("{round1}/boards/9/result"),
            &[
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("第 1 轮没有第 9 台"), "{}", r.body);
    // A change made on a page older than a change it does not commute with names that
    // change, worded from the history.
    let r = org
        .post(
            &format!("{path}/rounds"),
            &[("csrf", &csrf), ("version", "1")],
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains(&format!("已登记 1 号棋手 Батбаяр（Saraa{digits}，UTC ")),
        "{}",
        r.body
    );
    assert!(r.body.contains("）：请刷新页面后重试"), "{}", r.body);
    // The players' page: a club name longer than the form allows, refused there.
    let players = org.get(&format!("{path}/players")).await;
    let club = "Х".repeat(101);
    let r = org
        .post(
            &format!("{path}/players/1"),
            &[
                ("name", "Батбаяр"),
                ("club", &club),
                ("csrf", &csrf),
                ("version", &version(&players.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body
            .contains("<p class=\"error\" role=\"alert\">最多 100 个字符</p>"),
        "{}",
        r.body
    );

    // In Mongolian: the same sheet, then unpairing a round that is not the last.
    org.headers.retain(|(k, _)| k != "Accept-Language");
    org.headers.push(("Accept-Language".into(), "mn".into()));
    let page = org.get(&round1).await;
    assert!(page.body.contains(r#"<html lang="mn">"#), "{}", page.body);
    let r = org
        .post(
            &format!("{round1}/sheet"),
            &[
                ("white", &b2.to_string()),
                ("black", &w2.to_string()),
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains(&format!(
            "1-р тойргийн 2-р ширээнд {w2} (цагаан) – {b2} (хар) тоглоно"
        )),
        "{}",
        r.body
    );
    let r = org
        .post(
            &format!("{round1}/boards/9/result"),
            &[
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("1-р тойрогт 9-р ширээ алга"), "{}", r.body);
    // The history's entries, kept in English, are worded again in Mongolian.
    let history = org.get(&format!("{path}/history")).await;
    assert_eq!(history.status, 200, "{}", history.body);
    for said in [
        "1-р тоглогч Батбаяр бүртгэгдлээ",
        "бүртгэл 4 тоглогчтойгоор хаагдлаа; 3 тойрог",
        "1-р тойрог хуваарилагдлаа (2 ширээ)",
    ] {
        assert!(history.body.contains(said), "{said}: {}", history.body);
    }
    assert!(!history.body.contains("round 1 paired"), "{}", history.body);
    // Undoing an entry that is not the latest change: refused on the history page,
    // naming both entries as the history says them.
    let r = org
        .post(&format!("{path}/undo"), &[("seq", "2"), ("csrf", &csrf)])
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains(
            "“1-р тоглогч Батбаяр бүртгэгдлээ” нь хамгийн сүүлийн өөрчлөлт биш: хамгийн сүүлийнх нь “1-р тойрог хуваарилагдлаа (2 ширээ)” (Saraa"
        ),
        "{}",
        r.body
    );
    // The same refusal in English, as it always read.
    org.headers.retain(|(k, _)| k != "Accept-Language");
    let r = org
        .post(
            &format!("{round1}/boards/9/result"),
            &[
                ("result", "1-0"),
                ("csrf", &csrf),
                ("version", &version(&page.body)),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("round 1 has no board 9"), "{}", r.body);
}
