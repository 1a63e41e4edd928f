//! Mouse entry (`lift`/`put`/`hover` answered with `highlight`): along
//! random games in every variant, every legal move can be entered by
//! clicking marked squares the way XBoard does, the text XBoard then sends
//! is that move, and every marked square leads to a legal move.

mod common;

use kyodai::board::Position;
use kyodai::highlight::{Entry, Marker, markers};
use kyodai::movegen::{accepted_moves, generate, parse_move};
use kyodai::moves::Move;
use kyodai::types::{Color, Rng, Square};
use kyodai::variant::{Burn, Power, VariantSet};

const GAMES: usize = 4;
const PLIES: usize = 80;

fn marker_at(marks: &[(Square, Marker)], sq: Square) -> Option<Marker> {
    marks.iter().find(|(s, _)| *s == sq).map(|(_, m)| *m)
}

/// The clicks (after the origin) that enter `mv` following the markers, or
/// `None` where a click lands on an unmarked square. A pass steps out to a
/// cyan neighbour and back.
fn clicks(pos: &Position, mv: &Move) -> Option<Vec<Square>> {
    let mut entry = Entry {
        from: mv.from(),
        legs: Vec::new(),
    };
    if mv.is_pass() {
        let first = markers(pos, &entry);
        return first.iter().find_map(|&(e, m)| {
            let out = m == Marker::Leg && pos.cell(e).is_empty();
            let back = Entry {
                from: mv.from(),
                legs: vec![e],
            };
            (out && marker_at(&markers(pos, &back), mv.from()).is_some())
                .then(|| vec![e, mv.from()])
        });
    }
    for &k in mv.kills() {
        if marker_at(&markers(pos, &entry), k) != Some(Marker::Leg) {
            return None;
        }
        entry.legs.push(k);
    }
    let last = marker_at(&markers(pos, &entry), mv.to())?;
    // A final square marked cyan is ended by clicking it twice; otherwise
    // the marker must offer exactly the promotion choices the rules do.
    let choices: Vec<bool> = accepted_moves(pos)
        .iter()
        .filter(|o| o.with_promotion(false) == mv.with_promotion(false))
        .map(|o| o.promotes())
        .collect();
    let expected = match (choices.contains(&true), choices.contains(&false)) {
        (true, true) => Some(Marker::Promotion),
        (true, false) => Some(Marker::ForcedPromotion),
        _ => None,
    };
    match (last, expected) {
        (Marker::Leg, _) => {}
        (m, Some(e)) => assert_eq!(m, e, "{mv} in {}", pos.fen()),
        (m, None) => assert!(
            matches!(m, Marker::Quiet | Marker::Capture),
            "{mv} marked {m:?} in {}",
            pos.fen()
        ),
    }
    entry.legs.push(mv.to());
    Some(entry.legs)
}

/// The move text XBoard sends for these clicks (docs/notation.md legs).
fn gui_text(from: Square, clicks: &[Square], promote: bool) -> String {
    let mut text = String::new();
    let mut at = from;
    for (i, &sq) in clicks.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("{at}{sq}"));
        at = sq;
    }
    if promote {
        text.push('+');
    }
    text
}

/// How many moves of each kind were entered (the test must meet them).
#[derive(Default)]
struct Seen {
    multi_leg: usize,
    passes: usize,
    promotions: usize,
}

fn check_position(pos: &Position, seen: &mut Seen) {
    let moves = accepted_moves(pos);
    for mv in &moves {
        seen.multi_leg += usize::from(!mv.kills().is_empty());
        seen.passes += usize::from(mv.is_pass());
        seen.promotions += usize::from(mv.promotes());
        let path = clicks(pos, mv)
            .unwrap_or_else(|| panic!("{mv} cannot be entered with the mouse in {}", pos.fen()));
        let text = gui_text(mv.from(), &path, mv.promotes());
        let read = parse_move(pos, &text).unwrap_or_else(|e| {
            panic!(
                "clicks for {mv} give {text}, refused ({e}) in {}",
                pos.fen()
            )
        });
        assert_eq!(read, *mv, "clicks for {mv} give {text} in {}", pos.fen());
    }
    // Soundness of the first click: a marked square ends or continues
    // some legal move.
    let mut origins: Vec<Square> = moves.iter().map(|m| m.from()).collect();
    origins.dedup();
    for from in origins {
        let entry = Entry {
            from,
            legs: Vec::new(),
        };
        for (sq, m) in markers(pos, &entry) {
            let used = moves.iter().any(|mv| {
                mv.from() == from
                    && (mv.kills().first() == Some(&sq)
                        || (mv.kills().is_empty() && mv.to() == sq)
                        || (mv.is_pass() && m == Marker::Leg && sq.distance(from) == 1))
            });
            assert!(
                used,
                "{sq} marked {m:?} for {from} leads nowhere in {}",
                pos.fen()
            );
        }
    }
}

#[test]
fn every_legal_move_can_be_entered_by_clicking_marked_squares() {
    for v in &VariantSet::builtin().variants {
        let mut seen = Seen::default();
        let mut rng = Rng::new(0x5eed ^ v.width as u64 ^ (v.height as u64) << 8);
        for _ in 0..GAMES {
            let mut pos = Position::start(v);
            let mut legal = Vec::new();
            for _ in 0..PLIES {
                check_position(&pos, &mut seen);
                generate(&pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                pos.make(legal[rng.below(legal.len())]);
            }
        }
        // Random games from the start reach captures, passes and the zone
        // (multi-leg moves and passes where some piece has them: not in Wa).
        let multi_leg_pieces = v.pieces.iter().any(|p| {
            p.power != Power::None
                || p.area > 0
                || p.igui > 0
                || p.burn != Burn::None
                || p.jump.is_some()
                || !p.stings(Color::White).is_empty()
        });
        assert!(
            !multi_leg_pieces || (seen.multi_leg > 0 && seen.passes > 0),
            "{}: too few special moves",
            v.name
        );
        assert!(seen.promotions > 0, "{}: no promotion met", v.name);
    }
}

#[test]
fn lion_double_capture_igui_and_pass_are_marked() {
    let v = common::variant("chu");
    let pos = common::setup(v, "K@g1 k@g12 N@f6 p@f7", 'w');
    let lion = common::sq("f6");
    let first = markers(
        &pos,
        &Entry {
            from: lion,
            legs: vec![],
        },
    );
    // The pawn and the empty neighbours go on (cyan); the second ring ends.
    assert_eq!(marker_at(&first, common::sq("f7")), Some(Marker::Leg));
    assert_eq!(marker_at(&first, common::sq("e5")), Some(Marker::Leg));
    assert_eq!(marker_at(&first, common::sq("f8")), Some(Marker::Quiet));
    assert_eq!(marker_at(&first, lion), None);
    // After the pawn: every square round it, the origin too (igui).
    let second = markers(
        &pos,
        &Entry {
            from: lion,
            legs: vec![common::sq("f7")],
        },
    );
    for s in ["e8", "f8", "g8", "e7", "g7", "e6", "f6", "g6"] {
        assert_eq!(
            marker_at(&second, common::sq(s)),
            Some(Marker::Capture),
            "{s}"
        );
    }
    assert_eq!(second.len(), 8);
    // After an empty neighbour: back to the origin (pass) or a jump on.
    let via = markers(
        &pos,
        &Entry {
            from: lion,
            legs: vec![common::sq("f5")],
        },
    );
    assert_eq!(marker_at(&via, lion), Some(Marker::Quiet));
    assert_eq!(marker_at(&via, common::sq("f4")), Some(Marker::Quiet));
    assert_eq!(marker_at(&via, common::sq("f7")), None);
}

#[test]
fn promotion_choices_are_magenta_or_blue() {
    // Chu: a Silver entering the zone may promote.
    let v = common::variant("chu");
    let pos = common::setup(v, "K@g1 k@a12 S@f8", 'w');
    let silver = markers(
        &pos,
        &Entry {
            from: common::sq("f8"),
            legs: vec![],
        },
    );
    assert_eq!(
        marker_at(&silver, common::sq("f9")),
        Some(Marker::Promotion)
    );
    assert_eq!(marker_at(&silver, common::sq("e7")), Some(Marker::Quiet));
    // Cashew: a Commoner that captures must promote.
    let cashew = common::variant("cashew");
    let pos = common::setup(cashew, "K@g1 k@g13 N@g6 p@g7", 'w');
    let commoner = markers(
        &pos,
        &Entry {
            from: common::sq("g6"),
            legs: vec![],
        },
    );
    assert_eq!(
        marker_at(&commoner, common::sq("g7")),
        Some(Marker::ForcedPromotion)
    );
    assert_eq!(marker_at(&commoner, common::sq("g5")), Some(Marker::Quiet));
}
