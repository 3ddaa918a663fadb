//! Round trips over random legal games in every ruleset: every move written in every notation
//! and language reads back as the same move; whole records written as PGN and as score sheets
//! read back as the same games. (Exactness against an outside source is in `san_pyffish.rs`,
//! `sample_003.rs` and `tuuxei.rs`; these show the writers and the reader agree everywhere.)

use shatar_records::pgn::{read_pgn, write_pgn};
use shatar_records::{Lang, MoveNode, Notation, Record, parse_move, sheet, write_move};
use shatar_rules::ruleset::Preset;
use shatar_rules::{Game, Move, Ruleset};

/// SplitMix64: a fixed, seedable sequence so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game, biased to captures and pawn moves so that games reach promotions,
/// ambiguities between like men, and mates.
fn random_game(rng: &mut Rng, ruleset: Ruleset, max_plies: usize) -> Game {
    let mut game = Game::new(ruleset);
    for _ in 0..max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let biased: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() || m.is_promotion())
            .collect();
        let m = if !biased.is_empty() && rng.below(3) == 0 {
            biased[rng.below(biased.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        game.play(m).unwrap();
    }
    game
}

fn presets() -> impl Iterator<Item = Ruleset> {
    Preset::ALL.into_iter().map(Preset::ruleset)
}

#[test]
fn every_move_in_every_notation_and_language_reads_back() {
    let mut rng = Rng(0x5eed_0001);
    let (mut games, mut moves, mut promotions, mut disambiguated) = (0, 0, 0, 0);
    for ruleset in presets() {
        for _ in 0..500 {
            let game = random_game(&mut rng, ruleset, 200);
            let mut pos = game.initial().clone();
            for &m in game.moves() {
                for notation in Notation::ALL {
                    for lang in Lang::ALL {
                        let text = write_move(&pos, &m, notation, lang);
                        let back = parse_move(&pos, &text).unwrap_or_else(|e| {
                            panic!(
                                "{notation} {lang} {text:?} in {}: {e}",
                                shatar_rules::fen::write(&pos)
                            )
                        });
                        assert_eq!(back, m, "{notation} {lang} {text:?}");
                    }
                }
                let san = write_move(&pos, &m, Notation::San, Lang::En);
                if m.role != shatar_rules::Role::Pawn
                    && san.chars().filter(|c| c.is_ascii_lowercase()).count() > 1
                    && !m.is_capture()
                {
                    disambiguated += 1;
                }
                promotions += usize::from(m.is_promotion());
                pos.play_unchecked(m);
                moves += 1;
            }
            games += 1;
        }
    }
    eprintln!(
        "{games} games, {moves} moves, {promotions} promotions, {disambiguated} disambiguated \
         piece moves, each written and read in 16 spellings"
    );
    assert_eq!(games, 500 * Preset::ALL.len());
    assert!(moves > 100_000, "{moves}");
    assert!(promotions > 100, "{promotions}");
    assert!(disambiguated > 100, "{disambiguated}");
}

fn main_line(record: &Record) -> Vec<Move> {
    record.moves.iter().map(|n| n.mv).collect()
}

#[test]
fn records_read_back_from_pgn_and_every_score_sheet() {
    let mut rng = Rng(0x5eed_0002);
    for ruleset in presets() {
        let mut text = String::new();
        let mut expected = Vec::new();
        for n in 0..25 {
            let game = random_game(&mut rng, ruleset, 160);
            let mut record = Record::from_game(&game);
            record.tags.set("Event", format!("Round trip {n}"));
            record.tags.set("White", "Бат");
            record.tags.set("Black", "道尔吉");
            record.tags.set("Date", "2026.11.29");
            record.tags.set("Site", "Ulaanbaatar");
            record.tags.set("Custom", "kept \"as is\"");
            // A comment, annotations and a variation on the first move that has one.
            if let Some(first) = record.moves.first_mut() {
                first.comments.push("opening move".to_owned());
                first.nags = vec![1, 14];
            }
            if record.moves.len() > 3 {
                let pos = game.initial().clone();
                let mut before = pos.clone();
                for node in &record.moves[..2] {
                    before.play_unchecked(node.mv);
                }
                let alternative = before
                    .legal_moves()
                    .into_iter()
                    .find(|m| *m != record.moves[2].mv);
                if let Some(alt) = alternative {
                    record.moves[2].variations.push(vec![MoveNode::new(alt)]);
                }
            }
            for lang in Lang::ALL {
                for notation in Notation::ALL {
                    let written = sheet::write_sheet(&record, lang, notation);
                    let back = sheet::read_sheet(&written, ruleset)
                        .unwrap_or_else(|e| panic!("{lang} {notation}: {e}\n{written}"));
                    assert_eq!(main_line(&back), main_line(&record), "{written}");
                    assert_eq!(back.tags.get("White"), Some("Бат"), "{written}");
                    assert_eq!(back.tags.get("Black"), Some("道尔吉"), "{written}");
                    assert_eq!(back.tags.get("Site"), Some("Ulaanbaatar"), "{written}");
                    assert_eq!(back.tags.get("Date"), Some("2026.11.29"), "{written}");
                    assert_eq!(back.result(), record.result(), "{written}");
                }
            }
            text.push_str(&write_pgn(&record));
            text.push('\n');
            expected.push(record);
        }
        let file = read_pgn(&text, Ruleset::OFFICIAL);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
        assert_eq!(file.records.len(), expected.len());
        for (back, record) in file.records.iter().zip(&expected) {
            assert_eq!(back.ruleset, ruleset);
            assert_eq!(back.moves, record.moves);
            assert_eq!(back.tags.get("Custom"), Some("kept \"as is\""));
            assert_eq!(back.result(), record.result());
            assert_eq!(write_pgn(back), write_pgn(record));
        }
    }
}
