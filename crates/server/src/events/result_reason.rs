//! Why an over-the-board game ended, in the reader's language: the arbiter library's
//! [`GameResult`] worded by the site's messages (the library's own `Display` is English).

use crate::db::games::Ending;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use shatar_arbiter::{GameResult, Reason, TimeLoss};

/// The reason of `result` in `l`, without the score (`White's flag fell`).
pub fn worded(l: Lang, result: &GameResult) -> String {
    let who = result.player.map(|c| l.t(crate::i18n::color_id(c)));
    let who = who.as_deref().unwrap_or("");
    let with_who = |key: &str| l.t_args(key, &[("who", who)]);
    let rules = |t| l.t(&Ending::by_rules(t).message_id());
    match &result.reason {
        Reason::Rules(t) => rules(*t),
        Reason::LastMoveStands(t) => {
            l.t_args("arbiter-reason-last-move-stands", &[("ending", &rules(*t))])
        }
        Reason::Resignation => with_who("arbiter-reason-resignation"),
        Reason::Agreement => l.t("arbiter-reason-agreement"),
        Reason::Time(loss) => {
            let key = match loss {
                TimeLoss::Flag => "arbiter-reason-flag",
                TimeLoss::ClaimAfterFlag => "arbiter-reason-claim-after-flag",
                TimeLoss::FalseClaimPenalty => "arbiter-reason-false-claim-time",
            };
            let text = with_who(key);
            if result.outcome == shatar_rules::outcome::Outcome::Draw {
                l.t_args("arbiter-reason-cannot-mate", &[("reason", &text)])
            } else {
                text
            }
        }
        Reason::ThirdViolation => with_who("arbiter-reason-third-violation"),
        Reason::Scoresheet => with_who("arbiter-reason-scoresheet"),
        Reason::LateArrival => with_who("arbiter-reason-late"),
        Reason::Claim(kind) => l.t_args(
            "arbiter-reason-claim",
            &[
                ("who", who),
                ("kind", &l.t(&format!("tablet-claim-{}", kind.name()))),
            ],
        ),
        Reason::ArbiterDecision(why) => l.t_args("arbiter-reason-decision", &[("why", why)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_arbiter::ClaimKind;
    use shatar_rules::Color;
    use shatar_rules::outcome::Outcome;
    use shatar_rules::outcome::Termination;

    fn result(outcome: Outcome, reason: Reason, player: Option<Color>) -> GameResult {
        GameResult {
            outcome,
            reason,
            player,
            at_ms: 0,
        }
    }

    #[test]
    fn each_reason_is_worded_in_each_language() {
        let flag = result(
            Outcome::Decisive {
                winner: Color::Black,
            },
            Reason::Time(TimeLoss::Flag),
            Some(Color::White),
        );
        assert_eq!(worded(Lang::En, &flag), "White's flag fell");
        assert_eq!(worded(Lang::Zh, &flag), "白方超时");
        assert_eq!(worded(Lang::Mn, &flag), "Цагаан: цаг дууссан");
        let cannot_mate = result(
            Outcome::Draw,
            Reason::Time(TimeLoss::Flag),
            Some(Color::White),
        );
        assert_eq!(
            worded(Lang::En, &cannot_mate),
            "White's flag fell, but the opponent cannot mate: a draw"
        );
        let claim = result(
            Outcome::Draw,
            Reason::Claim(ClaimKind::Repetition),
            Some(Color::Black),
        );
        assert_eq!(
            worded(Lang::En, &claim),
            "Black's claim granted: Threefold repetition"
        );
        let mate = result(
            Outcome::Decisive {
                winner: Color::White,
            },
            Reason::Rules(Termination::Checkmate),
            None,
        );
        assert_eq!(worded(Lang::En, &mate), "checkmate");
        let decision = result(
            Outcome::Draw,
            Reason::ArbiterDecision("both <late>".into()),
            None,
        );
        assert_eq!(
            worded(Lang::En, &decision),
            "the arbiter's decision: both <late>"
        );
        // Every reason has its words in every language (no message id shown instead).
        let reasons = [
            Reason::Rules(Termination::Stalemate),
            Reason::LastMoveStands(Termination::Checkmate),
            Reason::Resignation,
            Reason::Agreement,
            Reason::Time(TimeLoss::ClaimAfterFlag),
            Reason::Time(TimeLoss::FalseClaimPenalty),
            Reason::ThirdViolation,
            Reason::Scoresheet,
            Reason::LateArrival,
            Reason::Claim(ClaimKind::FiftyMoves),
            Reason::ArbiterDecision("x".into()),
        ];
        for l in [Lang::Zh, Lang::Mn, Lang::En] {
            for r in &reasons {
                let text = worded(l, &result(Outcome::Draw, r.clone(), Some(Color::White)));
                assert!(
                    !text.contains("arbiter-reason") && !text.contains("term-") && !text.is_empty(),
                    "{l:?} {r:?}: {text}"
                );
            }
        }
    }
}
