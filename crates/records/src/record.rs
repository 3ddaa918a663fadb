//! A game record: tags, the start position, the moves with their comments, annotations and
//! variations, and the result.

use crate::error::{MoveError, MoveTextError, RecordError, ReplayError};
use crate::lang::{Lang, SecondSide};
use crate::movetext::{RawGame, RawMove};
use crate::tag::{Opening, Tags, names};
use crate::tuuxei::Tuuxei;
use shatar_rules::outcome::{GameEnd, Outcome};
use shatar_rules::ruleset::Preset;
use shatar_rules::{Color, Game, Move, PlayError, Position, Ruleset};

/// A move of a record with what is written about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNode {
    /// The move.
    pub mv: Move,
    /// Numeric annotation glyphs; `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
    pub nags: Vec<u8>,
    /// Comments written before the move (only where a line begins).
    pub comments_before: Vec<String>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line from the position before it (RAV).
    pub variations: Vec<Vec<MoveNode>>,
}

impl MoveNode {
    /// A bare move.
    pub fn new(mv: Move) -> MoveNode {
        MoveNode {
            mv,
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A game record.
///
/// ```
/// use shatar_records::Record;
/// use shatar_rules::Ruleset;
/// let record = Record::from_pgn_str(
///     "[White \"Bat\"]\n[Black \"Dorj\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
///     Ruleset::OFFICIAL,
/// )?;
/// assert_eq!(record.moves.len(), 7);
/// assert_eq!(record.result(), "1-0");
/// # Ok::<_, shatar_records::RecordError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Record {
    /// The tags (Event, Site, Date, Round, White, Black, Result, Ruleset, Opening, …, and any
    /// unknown tag as read).
    pub tags: Tags,
    /// The ruleset the moves are played under.
    pub ruleset: Ruleset,
    /// The start position.
    pub initial: Position,
    /// How the second side is called.
    pub second_side: SecondSide,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<MoveNode>,
}

impl Record {
    /// An empty record from the ruleset's start position.
    pub fn new(ruleset: Ruleset) -> Record {
        Record {
            tags: Tags::default(),
            ruleset,
            initial: Position::start(ruleset),
            second_side: default_second_side(&ruleset),
            comments: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// A record of a game's main line.
    pub fn from_game(game: &Game) -> Record {
        let mut record = Record::new(*game.ruleset());
        record.initial = game.initial().clone();
        record.moves = game.moves().iter().map(|&m| MoveNode::new(m)).collect();
        record
    }

    /// The main line replayed.
    pub fn game(&self) -> Game {
        let mut game = Game::from_position(self.initial.clone());
        for node in &self.moves {
            game.play_unchecked(node.mv);
        }
        game
    }

    /// The position after the main line.
    pub fn final_position(&self) -> Position {
        self.game().position().clone()
    }

    /// How the game ended by the rules, if it did.
    pub fn end(&self) -> Option<GameEnd> {
        self.game().end()
    }

    /// The result: the `Result` tag if it says one, else the end by the rules, else `*`.
    pub fn result(&self) -> String {
        match self.tags.get("Result") {
            Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r.to_owned(),
            _ => self
                .end()
                .map_or_else(|| "*".to_owned(), |e| e.outcome.pgn().to_owned()),
        }
    }

    /// The winner by the result, if any.
    pub fn winner(&self) -> Option<Color> {
        match Outcome::from_pgn(&self.result()) {
            Some(Outcome::Decisive { winner }) => Some(winner),
            _ => None,
        }
    }

    /// The first-round opening, when the record starts from the start array.
    pub fn opening(&self) -> Option<Opening> {
        if self.initial.first_round() == shatar_rules::position::FirstRoundState::Over {
            return None;
        }
        let first = self.moves.first()?;
        match first.mv.from.file().char() {
            'e' => Some(Opening::Open),
            'd' => Some(Opening::Closed),
            _ => None,
        }
    }

    /// The tuuxəi of the game, when it ended in a mate under a ruleset that reports it.
    pub fn tuuxei(&self) -> Option<Tuuxei> {
        if !self.ruleset.tuuxei {
            return None;
        }
        Tuuxei::of(&self.game())
    }

    /// The name of a side in this record's colours.
    pub fn side_name(&self, color: Color) -> &'static str {
        Lang::En.side(color, self.second_side)
    }

    /// Builds a record from read move text, replaying every move (and variation).
    pub(crate) fn from_raw(
        tags: Tags,
        ruleset: Ruleset,
        initial: Position,
        second_side: SecondSide,
        raw: RawGame,
    ) -> Result<Record, RecordError> {
        let game = Game::from_position(initial.clone());
        let moves = replay_line(&game, &raw.moves, second_side)?;
        let mut record = Record {
            tags,
            ruleset,
            initial,
            second_side,
            comments: raw.comments,
            moves,
        };
        // An `Opening` tag that names the other first round contradicts the moves.
        if let (Some(said), Some(played)) = (
            record
                .tags
                .get(names::OPENING)
                .and_then(|v| v.parse::<Opening>().ok()),
            record.opening(),
        ) && said != played
        {
            return Err(RecordError::Tag {
                tag: names::OPENING.to_owned(),
                reason: format!(
                    "the tag says {said} ({}) but the game opens {played} ({})",
                    said.regional_name(),
                    played.regional_name()
                ),
            });
        }
        if let Some(result) = raw.result
            && record
                .tags
                .get("Result")
                .is_none_or(|r| r == "*" || r.is_empty())
        {
            record.tags.set("Result", result);
        }
        Ok(record)
    }
}

/// S4's records call the second side Blue; the competition preset is S4's.
pub(crate) fn default_second_side(ruleset: &Ruleset) -> SecondSide {
    if ruleset.preset() == Some(Preset::Competition) {
        SecondSide::Blue
    } else {
        SecondSide::Black
    }
}

/// Resolves and plays a line from `game`; variations start from the position before the move
/// they replace.
fn replay_line(
    game: &Game,
    raw: &[RawMove],
    second_side: SecondSide,
) -> Result<Vec<MoveNode>, RecordError> {
    let mut game = game.clone();
    let mut line = Vec::with_capacity(raw.len());
    for r in raw {
        let pos = game.position().clone();
        let fail = |error: MoveTextError| {
            RecordError::Replay(Box::new(ReplayError {
                number: pos.fullmoves(),
                side: pos.turn(),
                side_name: Lang::En.side(pos.turn(), second_side),
                line: r.line,
                error,
            }))
        };
        let mv = r
            .text
            .resolve_as(&pos, &r.written)
            .map_err(|e| fail(e.into()))?;
        let mut variations = Vec::with_capacity(r.variations.len());
        for v in &r.variations {
            variations.push(replay_line(&game, v, second_side)?);
        }
        if let Err(PlayError::GameOver(end)) = game.play(mv) {
            return Err(fail(
                MoveError::Illegal {
                    text: r.written.clone(),
                    reason: format!("the game was already over: {end}"),
                }
                .into(),
            ));
        }
        line.push(MoveNode {
            mv,
            nags: r.nags.clone(),
            comments_before: r.comments_before.clone(),
            comments: r.comments.clone(),
            variations,
        });
    }
    Ok(line)
}

/// The Fairy-Stockfish variant that reads a whole game of a preset, as the PGN `Variant`
/// tag names it: `Shatar` (Fairy-Stockfish's and pychess.org's own `shatar`) for `fsf`;
/// for the others a variant of `crates/engine/data/openings/variants.ini` that starts from
/// the initial array and has the first round's two-step pawn moves (`shatarofficialgame`
/// for `official` and `competition`, which move alike; `shatartraditionalgame`). None
/// for `traditional-step-back`: no Fairy-Stockfish variant has the pawn that steps back.
///
/// ```
/// use shatar_records::fsf_variant;
/// use shatar_rules::Preset;
/// assert_eq!(fsf_variant(Preset::Fsf), Some("Shatar"));
/// assert_eq!(fsf_variant(Preset::Competition), Some("shatarofficialgame"));
/// assert_eq!(fsf_variant(Preset::TraditionalStepBack), None);
/// ```
pub const fn fsf_variant(preset: Preset) -> Option<&'static str> {
    match preset {
        Preset::Fsf => Some("Shatar"),
        Preset::Official | Preset::Competition => Some("shatarofficialgame"),
        Preset::Traditional => Some("shatartraditionalgame"),
        Preset::TraditionalStepBack => None,
    }
}

/// The preset whose games a `Variant` tag names (case-insensitive), see [`fsf_variant`]:
/// `competition` is read as `official` (the same moves; its `Ruleset` tag tells them apart).
pub fn preset_of_variant(variant: &str) -> Option<Preset> {
    [Preset::Fsf, Preset::Official, Preset::Traditional]
        .into_iter()
        .find(|&p| fsf_variant(p).is_some_and(|v| v.eq_ignore_ascii_case(variant.trim())))
}

/// The tag names of the record's ruleset: `Ruleset` (a preset name or JSON) and, for a
/// preset, the `Variant` Fairy-Stockfish reads it as ([`fsf_variant`]).
pub(crate) fn ruleset_tags(ruleset: &Ruleset) -> Vec<(&'static str, String)> {
    let mut tags = Vec::new();
    match ruleset.preset() {
        Some(p) => tags.push((names::RULESET, p.name().to_owned())),
        None => tags.push((
            names::RULESET,
            serde_json::to_string(ruleset).unwrap_or_default(),
        )),
    }
    if let Some(variant) = ruleset.preset().and_then(fsf_variant) {
        tags.push((names::VARIANT, variant.to_owned()));
    }
    tags
}
