//! What a board's tablet is shown of its log (`static/tablet.js`): the arbiter library's
//! game after the stored lines, as JSON. The tablet draws the position and the legal moves
//! from it, and runs its clock from the faces here (the library's [`Clock`] written out, so
//! that the page can go on pressing while the network is away, with the same arithmetic).

use crate::archive::{ListedMove, listed_moves, records_lang};
use crate::board_view;
use crate::i18n::Lang;
use serde_json::{Value, json};
use shatar_arbiter::clock::Clock;
use shatar_arbiter::time_control::Bonus;
use shatar_arbiter::{ArbiterGame, ClaimAnswer};
use shatar_records::Notation;
use shatar_rules::Color;

/// The tablet's view of a game whose log has `lines` lines, moves written in `notation` and
/// `lang`.
pub fn view(game: &ArbiterGame, lines: usize, notation: Notation, lang: Lang) -> Value {
    let g = game.game();
    let ruleset = *g.ruleset();
    let pending_claim = game
        .claims()
        .iter()
        .find(|c| c.answer == ClaimAnswer::AwaitingRuling);
    // Moves are taken only while the clock may run: started, not adjourned, no claim
    // waiting for a ruling, no result.
    let in_play = game.is_started()
        && !game.is_adjourned()
        && pending_claim.is_none()
        && game.result().is_none();
    // A clock-only board has no record: no moves to enter, the turn is the presses'.
    let clock_only = game.header().clock_only;
    let (dests, promotions) = if in_play && !clock_only {
        board_view::dests(g, &ruleset)
    } else {
        Default::default()
    };
    let moves: Vec<Value> = listed_moves(g.initial(), g.moves(), notation, records_lang(lang))
        .iter()
        .map(ListedMove::to_json)
        .collect();
    let mut position = board_view::position(g.position(), g.moves().last(), g.moves().len());
    if let Value::Object(o) = &mut position {
        o.insert("dests".into(), Value::Object(dests));
        o.insert("promotions".into(), Value::Object(promotions));
        o.insert("turn".into(), json!(game.turn().name()));
    }
    let totals = game.violation_totals();
    json!({
        "lines": lines,
        "now_ms": game.now_ms(),
        "position": position,
        "moves": moves,
        "started": game.is_started(),
        "adjourned": game.is_adjourned(),
        "in_play": in_play,
        "clock_only": clock_only,
        "result": game.result().map(|r| r.outcome.to_string()),
        "reason": game.result().map(|r| super::result_reason::worded(lang, r)),
        "clock": clock(game.clock()),
        "offer": game.offers().pending_by().map(Color::name),
        "may_offer": {
            "white": in_play && game.may_offer(Color::White).is_ok(),
            "black": in_play && game.may_offer(Color::Black).is_ok(),
        },
        "takebacks": game.header().takebacks,
        "takeback": game.takeback_proposed_by().map(Color::name),
        "claim": pending_claim.map(|c| json!({"by": c.by.name(), "kind": c.kind.name()})),
        "claims": game.claims().len(),
        "violations": {"white": totals.white, "black": totals.black},
        "corrections": game.corrections().len(),
        "players": {"white": game.header().white, "black": game.header().black},
    })
}

/// The clock as the tablet runs it: each face's allowance, charge and moves, which face runs
/// since when, and the periods with their bonuses.
fn clock(c: &Clock) -> Value {
    let face = |color: Color| {
        let f = c.face(color);
        json!({"allowance_ms": f.allowance_ms, "used_ms": f.used_ms, "moves": f.moves})
    };
    let periods: Vec<Value> = c
        .control()
        .periods()
        .iter()
        .map(|p| {
            let (kind, ms) = match p.bonus {
                Bonus::None => ("none", 0),
                Bonus::Fischer { increment_ms } => ("fischer", increment_ms),
                Bonus::Bronstein { delay_ms } => ("bronstein", delay_ms),
                Bonus::SimpleDelay { delay_ms } => ("delay", delay_ms),
            };
            json!({"moves": p.moves, "ms": p.time_ms, "bonus": kind, "bonus_ms": ms})
        })
        .collect();
    json!({
        "control": c.control().to_string(),
        "untimed": c.control().is_untimed(),
        "periods": periods,
        "white": face(Color::White),
        "black": face(Color::Black),
        "running": c.running().map(|r| json!({
            "color": r.color.name(),
            "since_ms": r.since_ms,
            "carried_ms": r.carried_ms,
        })),
        "stopped": c.stopped().map(Color::name),
        "stopped_ms": c.stopped_spent_ms(),
    })
}
