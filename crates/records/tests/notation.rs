//! S4's notation examples (S4 ch.2 §2; docs/rules.md §6) on hand-set positions, in every
//! language, and the errors: syntax and meaning apart, each saying why.

use shatar_records::notation::{MoveText, Target};
use shatar_records::{
    Lang, MoveError, MoveTextError, Notation, SecondSide, describe, parse_move, write_move,
};
use shatar_rules::{Position, Role, Ruleset, fen};

fn pos(text: &str, ruleset: Ruleset) -> Position {
    fen::read(text, ruleset).unwrap()
}

fn all(p: &Position, text: &str) -> Vec<String> {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Notation::ALL
        .into_iter()
        .flat_map(|n| Lang::ALL.into_iter().map(move |l| (n, l)))
        .map(|(n, l)| write_move(p, &m, n, l))
        .collect()
}

#[test]
fn horses_told_apart_by_file() {
    // S4: 马df3 (Ndf3) or 马gf3 (Ngf3).
    let p = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", Ruleset::OFFICIAL);
    let m = parse_move(&p, "马df3").unwrap();
    assert_eq!(
        (m.from.to_string(), m.to.to_string()),
        ("d2".into(), "f3".into())
    );
    assert_eq!(parse_move(&p, "Ndf3").unwrap(), m);
    assert_eq!(parse_move(&p, "Nd2—f3").unwrap(), m);
    assert_eq!(parse_move(&p, "N d2—f3").unwrap(), m);
    assert_eq!(parse_move(&p, "d2f3").unwrap(), m);
    assert_eq!(parse_move(&p, "Мdf3").unwrap(), m);
    assert_eq!(
        all(&p, "Ngf3"),
        [
            "Ngf3",
            "马gf3",
            "马gf3",
            "Мgf3", // SAN
            "g1f3",
            "g1f3",
            "g1f3",
            "g1f3", // UCI
            "Ng1—f3",
            "马g1—f3",
            "马g1—f3",
            "Мg1—f3", // full
            "Ngf3",
            "马gf3",
            "马gf3",
            "Мgf3", // short
        ]
    );
    match parse_move(&p, "Nf3") {
        Err(MoveTextError::Move(MoveError::Ambiguous { candidates, .. })) => {
            assert_eq!(candidates, ["Nd2—f3", "Ng1—f3"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn rooks_told_apart_by_rank() {
    // S4: 车1d3 (R1d3) or 车7d3 (R7d3).
    let p = pos("4k3/3R4/8/8/8/8/8/3RK3 w - - 0 1", Ruleset::OFFICIAL);
    assert_eq!(all(&p, "车1d3")[0], "R1d3");
    assert_eq!(
        all(&p, "R7d3")[8..12],
        ["Rd7—d3", "车d7—d3", "车d7—d3", "Трd7—d3"]
    );
    assert_eq!(
        parse_move(&p, "Тр1d3").unwrap(),
        parse_move(&p, "R1d3").unwrap()
    );
}

#[test]
fn pawn_captures_by_files_and_by_square() {
    // S4: cd; with two h-pawns that can take on the g-file, h:g5.
    let p = pos("k7/6p1/7P/3p2p1/2P4P/8/8/K7 w - - 0 1", Ruleset::OFFICIAL);
    let cd = parse_move(&p, "cd").unwrap();
    assert_eq!(
        (cd.from.to_string(), cd.to.to_string()),
        ("c4".into(), "d5".into())
    );
    assert_eq!(cd.capture, Some(Role::Pawn));
    assert_eq!(
        all(&p, "cd"),
        [
            "cxd5", "cxd5", "cxd5", "cxd5", "c4d5", "c4d5", "c4d5", "c4d5", "c4:d5", "c4:d5",
            "c4:d5", "c4:d5", "cd", "cd", "cd", "cd"
        ]
    );
    let hg5 = parse_move(&p, "h:g5").unwrap();
    assert_eq!(hg5.from.to_string(), "h4");
    assert_eq!(write_move(&p, &hg5, Notation::Short, Lang::Zh), "h:g5");
    assert_eq!(parse_move(&p, "hxg5").unwrap(), hg5);
    assert_eq!(parse_move(&p, "h4：g5").unwrap(), hg5);
    assert!(matches!(
        parse_move(&p, "hg"),
        Err(MoveTextError::Move(MoveError::Ambiguous { .. }))
    ));
}

#[test]
fn promotion_spellings() {
    // S4: a7—a8变虎, 记录为 a7—a8变虎 (或 a8—Q).
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL);
    let q = parse_move(&p, "a7—a8变虎").unwrap();
    assert_eq!(q.promotion, Some(Role::Bers));
    for text in [
        "a7—a8Q",
        "a8—Q",
        "a8=Q",
        "a7a8q",
        "a8Q",
        "a7-a8=Q",
        "a8=后",
        "a8Б",
        "a7–a8变狮",
    ] {
        assert_eq!(parse_move(&p, text).unwrap(), q, "{text}");
    }
    let n = parse_move(&p, "a7a8n").unwrap();
    assert_eq!(n.promotion, Some(Role::Horse));
    assert_eq!(parse_move(&p, "a8—马").unwrap(), n);
    assert_eq!(
        parse_move(&p, "a7a8b").unwrap().promotion,
        Some(Role::Camel)
    );
    assert_eq!(
        all(&p, "a8=Q"),
        [
            "a8=Q+",
            "a8=虎+",
            "a8=后+",
            "a8=Б+",
            "a7a8q",
            "a7a8q",
            "a7a8q",
            "a7a8q",
            "a7—a8Q+",
            "a7—a8变虎+",
            "a7—a8变后+",
            "a7—a8Б+",
            "a8Q+",
            "a8变虎+",
            "a8变后+",
            "a8Б+"
        ]
    );
    // Four promotions are legal: the bare square does not say which.
    match parse_move(&p, "a8") {
        Err(MoveTextError::Move(MoveError::Ambiguous { candidates, .. })) => {
            assert_eq!(candidates.len(), 4)
        }
        other => panic!("{other:?}"),
    }
    // Under fsf the pawn becomes the (weak) bers only: `a8` is enough, J is the letter.
    let p = pos("4k3/P7/8/8/8/8/p7/4K2R w - - 0 1", Ruleset::FSF);
    let m = parse_move(&p, "a8").unwrap();
    assert_eq!(write_move(&p, &m, Notation::San, Lang::En), "a8=J+");
    assert_eq!(write_move(&p, &m, Notation::Full, Lang::En), "a7—a8Q+");
    assert_eq!(parse_move(&p, "a8=J").unwrap(), m);
    match parse_move(&p, "a8=R") {
        Err(MoveTextError::Move(MoveError::Illegal { reason, .. })) => {
            assert_eq!(reason, "this ruleset does not promote a pawn to a rook")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn blue_bers_is_the_lion() {
    let p = pos("3qk3/8/8/8/8/8/8/4K3 b - - 0 1", Ruleset::COMPETITION);
    let m = parse_move(&p, "狮d8—d1").unwrap();
    assert_eq!(write_move(&p, &m, Notation::Full, Lang::Zh), "狮d8—d1+");
    assert_eq!(write_move(&p, &m, Notation::Full, Lang::Zh000), "后d8—d1+");
}

#[test]
fn syntax_and_meaning_errors_differ() {
    let start = Position::start(Ruleset::OFFICIAL);
    assert!(matches!(
        parse_move(&start, "Nf"),
        Err(MoveTextError::Parse(_))
    ));
    assert!(matches!(
        parse_move(&start, "e2—"),
        Err(MoveTextError::Parse(_))
    ));
    assert!(matches!(
        parse_move(&start, "@"),
        Err(MoveTextError::Parse(_))
    ));
    let reason = |p: &Position, text: &str| match parse_move(p, text) {
        Err(MoveTextError::Move(MoveError::Illegal { reason, .. })) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        reason(&start, "Ng1—f3"),
        "the first round allows only d2—d4 or e2—e4 (S1 §1.2)"
    );
    let p = pos("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", Ruleset::OFFICIAL);
    assert_eq!(reason(&p, "Ra1—a8"), "it would leave the king in check");
    assert_eq!(reason(&p, "Ke1—f2"), "the king would be in check there");
    assert_eq!(reason(&p, "Nb1—c3"), "no horse on b1");
    assert_eq!(reason(&p, "Nc3"), "there is no horse of the side to move");
    assert_eq!(reason(&p, "Ra1:a7"), "nothing to take on a7");
    assert_eq!(reason(&p, "e2—e3"), "the rook on e2 is the other side's");
    assert_eq!(
        reason(&p, "Ra1—e2"),
        "no rook of the side to move can go to e2"
    );
}

#[test]
fn move_text_reads_what_is_written() {
    let t: MoveText = "h:g5".parse().unwrap();
    assert_eq!(t.to, Target::Square("g5".parse().unwrap()));
    assert_eq!(t.from_file.map(|f| f.char()), Some('h'));
    assert!(t.capture);
}

#[test]
fn positions_described_in_the_seeds_order() {
    let start = Position::start(Ruleset::OFFICIAL);
    assert_eq!(
        describe(&start, Lang::En, SecondSide::Black),
        "White: Ke1, Qd1, Ra1, Rh1, Nb1, Ng1, Bc1, Bf1, Pa2, Pb2, Pc2, Pd2, Pe2, Pf2, Pg2, Ph2; \
         Black: Ke8, Qd8, Ra8, Rh8, Nb8, Ng8, Bc8, Bf8, Pa7, Pb7, Pc7, Pd7, Pe7, Pf7, Pg7, Ph7"
    );
    let p = pos("4k3/4p3/8/8/8/8/3P4/R2QK1N1 w - - 0 1", Ruleset::OFFICIAL);
    assert_eq!(
        describe(&p, Lang::Zh, SecondSide::Blue),
        "白方：王e1、虎d1、车a1、马g1、夫d2；蓝方：王e8、夫e7"
    );
    assert_eq!(
        describe(&p, Lang::Zh000, SecondSide::Black),
        "白方：王e1、后d1、车a1、马g1、兵d2；黑方：王e8、兵e7"
    );
    assert_eq!(
        describe(&p, Lang::Mn, SecondSide::Black),
        "Цагаан: Нe1, Бd1, Трa1, Мg1, Хd2; Хар: Нe8, Хe7"
    );
}
