//! A game's record, for any game, finished or being played: the replay page
//! (`/game/{id}/replay`), the PGN (`/game/{id}/pgn`) and S4's score sheet, printable
//! (`/game/{id}/sheet`) and as text (`/game/{id}/sheet.txt`); and the notation switcher
//! (`/notation/{name}`).

use super::see_other;
use crate::archive::{
    self, NOTATION_COOKIE, NOTATIONS, StoredGame, listed_moves, notation_of, player_name,
    records_lang, time_control,
};
use crate::auth::Visitor;
use crate::board_view;
use crate::error::{AppError, AppResult};
use crate::extract::Query;
use crate::html::{esc, json_in_script, page, url_encode};
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::ids::is_id;
use crate::redirect::SameSitePath;
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::json;
use shatar_records::{Notation, SecondSide, sheet};
use shatar_rules::Color;
use shatar_rules::outcome::Outcome;

/// The game `id`, or `NotFound`.
pub(crate) async fn stored(state: &AppState, id: &str) -> AppResult<StoredGame> {
    if !is_id(id) {
        return Err(AppError::NotFound(Msg::new("error-no-game").arg("id", id)));
    }
    archive::load(&state.db, id)
        .await?
        .ok_or_else(|| AppError::NotFound(Msg::new("error-no-game").arg("id", id)))
}

/// The name of a notation in the page language.
fn notation_name(l: Lang, n: Notation) -> String {
    l.t(&format!("notation-{}", n.name()))
}

/// The notation switcher: one link per notation, the current one marked.
pub fn notation_switcher(l: Lang, current: Notation, back: &str) -> String {
    let links: String = NOTATIONS
        .iter()
        .map(|&n| {
            format!(
                r#"<a{cls} data-notation="{code}" href="/notation/{code}?back={back}">{name}</a>"#,
                cls = if n == current {
                    r#" class="current""#
                } else {
                    ""
                },
                code = n.name(),
                back = esc(&url_encode(back)),
                name = esc(&notation_name(l, n)),
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    format!(
        r#"<p class="notations">{} {links}</p>"#,
        esc(&l.t("notation-label"))
    )
}

/// The result line: score, how it ended, and the tuuxəi where the ruleset reports it.
fn result_line(l: Lang, g: &StoredGame) -> String {
    if g.is_live() {
        return format!(
            r#"<p class="result live">{} <a href="/game/{id}">{}</a></p>"#,
            esc(&l.t("archive-playing")),
            esc(&l.t("record-follow-live")),
            id = esc(&g.row.id)
        );
    }
    let Some(outcome) = g.row.result else {
        return format!(r#"<p class="result">{}</p>"#, esc(&l.t("game-aborted")));
    };
    let words = match outcome {
        Outcome::Decisive {
            winner: Color::White,
        } => l.t("result-white-wins"),
        Outcome::Decisive {
            winner: Color::Black,
        } => l.t("result-black-wins"),
        Outcome::Draw => l.t("result-draw"),
    };
    let result = outcome.pgn();
    let term = g
        .row
        .termination
        .map(|t| format!(" ({})", l.t(&t.message_id())))
        .unwrap_or_default();
    let tuuxei = g
        .record
        .tuuxei()
        .map(|t| {
            format!(
                r#"<p class="tuuxei" id="tuuxei">{}: {}</p>"#,
                esc(&l.t("record-tuuxei")),
                esc(&t.name(records_lang(l)))
            )
        })
        .unwrap_or_default();
    format!(
        r#"<p class="result" id="result"><strong>{}</strong> {}{}</p>{tuuxei}"#,
        esc(result),
        esc(&words),
        esc(&term)
    )
}

async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let g = stored(&state, &id).await?;
    let notation = notation_of(&headers);
    let game = g.game();
    let moves = game.moves().to_vec();
    let listed = listed_moves(game.initial(), &moves, notation, records_lang(l));
    // One board per ply, so that stepping through needs no request.
    let mut pos = game.initial().clone();
    let mut plies = vec![board_view::position(&pos, None, 0)];
    for (k, m) in moves.iter().enumerate() {
        pos.play_unchecked(*m);
        plies.push(board_view::position(&pos, Some(m), k + 1));
    }
    let white = player_name(l, &g.row, Color::White);
    let black = player_name(l, &g.row, Color::Black);
    let cfg = json!({
        "id": g.row.id,
        "plies": plies,
        "start": moves.len(),
        "analysis": format!("/analysis?game={}&ply=", g.row.id),
    });
    let mut list = String::new();
    for m in &listed {
        if m.color == Color::White || m.ply == 1 {
            if m.ply > 1 {
                list.push_str("</li>");
            }
            let dots = if m.color == Color::White { "." } else { "…" };
            list.push_str(&format!(
                r#"<li><span class="num">{}{dots}</span>"#,
                m.number
            ));
        }
        list.push_str(&format!(
            r#"<button type="button" class="mv" data-ply="{}" data-uci="{}">{}</button>"#,
            m.ply,
            esc(&m.uci),
            esc(&m.text)
        ));
    }
    if !listed.is_empty() {
        list.push_str("</li>");
    }
    let row = &g.row;
    let title = l.t_args("game-title", &[("id", &row.id)]);
    let b = |k: &str| esc(&l.t(k));
    let back = format!("/game/{}/replay", row.id);
    let body = format!(
        r#"<h1 class="players">{white} – {black}</h1>
<p class="meta">{date} · {rs} · {tc} · {mode}</p>
{result}
<div class="game replay">
<div class="board-wrap"><div id="board" class="board" aria-label="board"></div></div>
<aside class="side">
<div class="buttons nav-buttons">
<button id="btn-first" type="button" aria-label="{first}" title="{first}">⏮</button>
<button id="btn-prev" type="button" aria-label="{prev}" title="{prev}">◀</button>
<button id="btn-next" type="button" aria-label="{next}" title="{next}">▶</button>
<button id="btn-last" type="button" aria-label="{last}" title="{last}">⏭</button>
<button id="btn-flip" type="button">{flip}</button>
</div>
<ol id="replay-moves" class="moves replay-moves" aria-label="{moves_l}">{list}</ol>
{switcher}
<p class="downloads">
<a id="dl-pgn" href="/game/{id}/pgn">{pgn}</a> ·
<a id="dl-sheet" href="/game/{id}/sheet">{sheet}</a> ·
<a id="dl-sheet-text" href="/game/{id}/sheet.txt">{sheet_text}</a></p>
<p><a id="analyse" href="/analysis?game={id}&amp;ply={start}">{analyse}</a></p>
<p><a href="/game/{id}">{board_link}</a></p>
<p class="hint">{keys}</p>
</aside></div>
<script type="application/json" id="replay-config">{cfg}</script>
<script src="/static/board.js"></script>
<script src="/static/replay.js"></script>"#,
        white = esc(&white),
        black = esc(&black),
        date = esc(&archive::pgn_date(row.created_ms)),
        rs = esc(&crate::i18n::ruleset_name(l, &row.ruleset)),
        tc = esc(&time_control(row)),
        mode = b(if row.rated {
            "seek-rated"
        } else {
            "seek-casual"
        }),
        result = result_line(l, &g),
        first = b("record-first"),
        prev = b("record-prev"),
        next = b("record-next"),
        last = b("record-last"),
        flip = b("game-flip"),
        moves_l = b("game-moves"),
        switcher = notation_switcher(l, notation, &back),
        id = esc(&row.id),
        pgn = b("record-download-pgn"),
        sheet = b("record-sheet"),
        sheet_text = b("record-sheet-text"),
        analyse = b("record-analyse"),
        start = moves.len(),
        board_link = b("record-live-board"),
        keys = b("record-keys"),
        cfg = json_in_script(&cfg),
    );
    Ok(page(&v, &back, &title, &body).into_response())
}

/// A download: content type, file name, body.
fn attachment(mime: &'static str, filename: &str, body: String) -> Response {
    let mut res = ([(header::CONTENT_TYPE, mime)], body).into_response();
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

async fn pgn(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let g = stored(&state, &id).await?;
    let site = state.config.site_url(&headers);
    Ok(attachment(
        "application/x-chess-pgn; charset=utf-8",
        &format!("shatar-{}.pgn", g.row.id),
        archive::download_pgn(&state.db, &g, &site).await?,
    ))
}

/// `?notation=full|short|san|uci` for the score sheet (S4 writes full or short).
#[derive(Debug, Deserialize)]
pub struct SheetQuery {
    notation: Option<String>,
}

impl SheetQuery {
    fn notation(&self) -> Result<Notation, AppError> {
        match self.notation.as_deref() {
            None => Ok(Notation::Full),
            Some(n) => n
                .parse()
                .map_err(|_| AppError::BadRequest(Msg::new("error-notation").arg("value", n))),
        }
    }
}

/// The record with the players named in the page language (the sheet is for people).
fn sheet_record(l: Lang, g: &StoredGame) -> shatar_records::Record {
    let mut record = g.record.clone();
    record
        .tags
        .set("White", player_name(l, &g.row, Color::White));
    record
        .tags
        .set("Black", player_name(l, &g.row, Color::Black));
    record
}

async fn sheet_text(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<SheetQuery>,
    v: Visitor,
) -> AppResult<Response> {
    let g = stored(&state, &id).await?;
    let notation = q.notation()?;
    let record = sheet_record(v.lang, &g);
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("shatar-{}-sheet.txt", g.row.id),
        sheet::write_sheet(&record, records_lang(v.lang), notation),
    ))
}

async fn sheet_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<SheetQuery>,
    v: Visitor,
) -> AppResult<Response> {
    let l = v.lang;
    let rl = records_lang(l);
    let g = stored(&state, &id).await?;
    let notation = q.notation()?;
    let record = sheet_record(l, &g);
    // S4's Chinese sheets call the second side Blue.
    let second = if rl == shatar_records::Lang::Zh {
        SecondSide::Blue
    } else {
        record.second_side
    };
    let game = record.game();
    let listed = listed_moves(game.initial(), game.moves(), notation, rl);
    let mut rows = String::new();
    let mut k = 0;
    while let Some(first) = listed.get(k) {
        let (w, bl) = if first.color == Color::White {
            let next = listed.get(k + 1);
            k += if next.is_some() { 2 } else { 1 };
            (first.text.clone(), next.map(|m| m.text.clone()))
        } else {
            k += 1;
            ("…".to_owned(), Some(first.text.clone()))
        };
        rows.push_str(&format!(
            "<tr><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            first.number,
            esc(&w),
            esc(bl.as_deref().unwrap_or(""))
        ));
    }
    let tag = |t: &str| record.tags.get(t).unwrap_or("?").to_owned();
    let tuuxei = record
        .tuuxei()
        .map(|t| {
            format!(
                "<p id=\"sheet-tuuxei\">{}: {}</p>",
                esc(&l.t("record-tuuxei")),
                esc(&t.name(rl))
            )
        })
        .unwrap_or_default();
    let title = l.t("sheet-title");
    let notations: String = [Notation::Full, Notation::Short]
        .iter()
        .map(|&n| {
            format!(
                r#"<a href="/game/{id}/sheet?notation={code}">{name}</a>"#,
                id = esc(&g.row.id),
                code = n.name(),
                name = esc(&notation_name(l, n))
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let body = format!(
        r#"<article class="sheet">
<h1>{title}</h1>
<p class="sheet-head"><span>{wl}{c}{wn}</span> <span>{bl}{c}{bn}</span></p>
<p class="sheet-head"><span>{date_l}{c}{date}</span> <span>{site_l}{c}{site}</span> <span>{rs_l}{c}{rs}</span> <span>{tc_l}{c}{tc}</span></p>
<table class="sheet-moves"><thead><tr><th>{no}</th><th>{wl}</th><th>{bl}</th></tr></thead><tbody>{rows}</tbody></table>
<p>{result_l}{c}<strong id="sheet-result">{result}</strong></p>
{tuuxei}
<p class="signatures"><span>{wl} ________</span> <span>{bl} ________</span> <span>{arbiter} ________</span></p>
</article>
<p class="no-print">{notations} · <a href="/game/{id}/sheet.txt?notation={code}">{text}</a> · <a href="/game/{id}/replay">{back}</a></p>"#,
        title = esc(&title),
        c = if rl == shatar_records::Lang::Zh {
            "："
        } else {
            ": "
        },
        wl = esc(rl.side(Color::White, second)),
        bl = esc(rl.side(Color::Black, second)),
        wn = esc(&tag("White")),
        bn = esc(&tag("Black")),
        date_l = esc(&l.t("archive-date")),
        date = esc(&tag("Date")),
        site_l = esc(&l.t("sheet-place")),
        site = esc(&tag("Site")),
        rs_l = esc(&l.t("seek-ruleset")),
        rs = esc(&crate::i18n::ruleset_name(l, &g.row.ruleset)),
        tc_l = esc(&l.t("seek-time")),
        tc = esc(&time_control(&g.row)),
        no = esc(&l.t("sheet-number")),
        result_l = esc(&l.t("archive-result")),
        result = esc(&record.result()),
        arbiter = esc(&l.t("sheet-arbiter")),
        notations = notations,
        id = esc(&g.row.id),
        code = notation.name(),
        text = esc(&l.t("record-sheet-text")),
        back = esc(&l.t("record-back")),
    );
    Ok(page(&v, &format!("/game/{}/sheet", g.row.id), &title, &body).into_response())
}

/// `?back=/path`.
#[derive(Debug, Deserialize)]
pub struct Back {
    back: Option<String>,
}

async fn switch_notation(Path(name): Path<String>, Query(q): Query<Back>) -> AppResult<Response> {
    let notation: Notation = name
        .parse()
        .map_err(|_| AppError::NotFound(Msg::new("error-notation").arg("value", &name)))?;
    let cookie = format!(
        "{NOTATION_COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        notation.name()
    );
    Ok(see_other(
        &SameSitePath::from_untrusted(q.back.as_deref()),
        &[cookie],
    ))
}

/// `/game/{id}/replay`, `/game/{id}/pgn`, `/game/{id}/sheet`, `/game/{id}/sheet.txt`,
/// `/notation/{name}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/game/{id}/replay", get(replay))
        .route("/game/{id}/pgn", get(pgn))
        .route("/game/{id}/sheet", get(sheet_page))
        .route("/game/{id}/sheet.txt", get(sheet_text))
        .route("/notation/{name}", get(switch_notation))
}
