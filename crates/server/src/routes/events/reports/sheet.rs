//! A round's pairing sheet, to print and pin up: the library's pairings table (board,
//! White, Black, result). For the event's staff in an over-the-board event, each game has
//! a column with its board link as a QR code (the board's tablet page with `?key=`, the
//! address printed small beneath it), so the players open the clock and score sheet
//! without an account; the forms to make the round's links and to revoke one
//! (`routes/events/pages/board_links.rs`) are on screen only, with the form that sets or
//! removes the event's arbiter PIN (the tablets' arbiter unlock).

use super::{Visible, Which, report_page};
use crate::auth::Visitor;
use crate::error::{AppError, AppResult};
use crate::events::{arbiter_pin, board_sync};
use crate::html::csrf_input as csrf;
use crate::i18n::PageLang;
use crate::routes::events::pages::refusal;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use maud::{Markup, html};
use shatar_tournament::report::{self, Kind};
use shatar_tournament::{BoardNo, RoundNo};

/// The printed side of a board's QR code.
const QR_MM: u32 = 28;

/// The tablet address a board link opens.
pub fn tablet_url(site: &str, id: &str, round: RoundNo, board: BoardNo, key: &str) -> String {
    format!("{site}/events/{id}/rounds/{round}/boards/{board}/tablet?key={key}")
}

/// `GET /events/{id}/rounds/{r}/pairing-sheet`: the round must be one the visitor may see.
pub(super) async fn show(
    State(state): State<AppState>,
    v: Visitor,
    headers: HeaderMap,
    Path((id, r)): Path<(String, String)>,
) -> AppResult<Response> {
    let seen = Visible::load(&state, &v, &id).await?;
    let e = seen.event();
    let rd = seen.round(&r)?;
    let round = rd.number;
    let l = v.lang;
    // The boards that may have a link, with their keys: the staff of an OTB event only.
    let links = if seen.staff {
        board_sync::held_links(&state.db, v.user.as_ref(), &id, round)
            .await
            .map_err(refusal)?
    } else {
        Vec::new()
    };
    // Whether the tablets have an arbiter PIN: asked only where the sheet has links.
    let pin_set = if links.is_empty() {
        false
    } else {
        arbiter_pin::is_set(&state.db, v.user.as_ref(), &id)
            .await
            .map_err(|e| refusal(e.into()))?
    };
    let site = state.config.site_url(&headers);
    // A clock-only event's links open a clock; the others' a clock and a score sheet.
    let (qr_label, links_hint) = if seen.state().score_sheet {
        ("event-sheet-qr-label", "event-sheet-links-hint")
    } else {
        ("event-sheet-qr-label-clock", "event-sheet-links-hint-clock")
    };
    let tables = report::build(e, Kind::Pairings(Some(round)), l);
    let Some(t) = tables.first() else {
        return Err(AppError::Internal(format!(
            "no pairings table for round {round}"
        )));
    };
    let missing = links.iter().any(|(_, k)| k.is_none());
    let qr_cell = |board: BoardNo| -> Markup {
        let Some((_, key)) = links.iter().find(|(b, _)| *b == board) else {
            return html! { td.qr-cell {} };
        };
        html! {
            td.qr-cell {
                @match key {
                    Some(key) => {
                        @let url = tablet_url(&site, &id, round, board, key);
                        @let label = l.t_args(qr_label, &[("board", &board.to_string())]);
                        @if let Some(svg) = crate::qr::svg(&url, QR_MM, &label) { (svg) }
                        div.qr-url { a href=(url) { (url) } }
                        form.no-print method="post" action={ "/events/" (id) "/rounds/" (round) "/boards/" (board) "/link/revoke" } {
                            (csrf(&v))
                            button type="submit" { (l.t("event-sheet-revoke")) }
                        }
                    }
                    None => { span.hint { (l.t("event-sheet-no-link")) } }
                }
            }
        }
    };
    let body = html! {
        @if !links.is_empty() {
            div.no-print.sheet-tools {
                p.hint { (l.t(links_hint)) }
                @if missing {
                    form method="post" action={ "/events/" (id) "/rounds/" (round) "/links" } {
                        (csrf(&v))
                        button type="submit" { (l.t("event-sheet-make-links")) }
                    }
                }
                section.sheet-pin aria-labelledby="sheet-pin-title" {
                    h2 #sheet-pin-title { (l.t("tablet-pin")) }
                    p.hint {
                        @if pin_set { (l.t("event-sheet-pin-set")) } @else {
                            (l.t_args("event-sheet-pin-none", &[
                                ("min", &arbiter_pin::DIGITS.start().to_string()),
                                ("max", &arbiter_pin::DIGITS.end().to_string()),
                            ]))
                        }
                    }
                    form method="post" action={ "/events/" (id) "/arbiter-pin" } {
                        (csrf(&v))
                        input type="hidden" name="round" value=(round);
                        label {
                            (l.t(if pin_set { "event-sheet-pin-new" } else { "tablet-pin" })) " "
                            input type="password" name="pin" required inputmode="numeric"
                                autocomplete="new-password" minlength=(arbiter_pin::DIGITS.start())
                                maxlength=(arbiter_pin::DIGITS.end())
                                pattern={ "[0-9]{" (arbiter_pin::DIGITS.start()) "," (arbiter_pin::DIGITS.end()) "}" };
                        }
                        " "
                        button type="submit" { (l.t("event-sheet-pin-save")) }
                    }
                    @if pin_set {
                        form method="post" action={ "/events/" (id) "/arbiter-pin/remove" } {
                            (csrf(&v))
                            input type="hidden" name="round" value=(round);
                            button type="submit" { (l.t("event-sheet-pin-remove")) }
                        }
                    }
                }
            }
        }
        div.scroll {
            table.report-table.pairing-sheet {
                thead { tr {
                    @for h in &t.headers { th scope="col" { (h) } }
                    @if !links.is_empty() { th scope="col" { (l.t("event-sheet-tablet")) } }
                } }
                tbody {
                    @for (row, p) in t.rows.iter().zip(&rd.pairings) {
                        tr data-board=(p.board) {
                            @for c in row { td { (c) } }
                            @if !links.is_empty() { (qr_cell(p.board)) }
                        }
                    }
                }
            }
        }
    };
    Ok(report_page(
        &v,
        &seen,
        Which::Sheet,
        &format!("/events/{id}/rounds/{round}/pairing-sheet"),
        &l.t_args("event-sheet-title", &[("round", &round.to_string())]),
        "sheet-page",
        body,
    ))
}
