//! The Betza subset used in `engine.ini`'s movement column.
//!
//! Atoms `W F D A N H G K R B Q` with an optional range (`R2`, `bW2`),
//! direction modifiers `f b l r s v`, modalities `m` (move only) and `c`
//! (capture only), and `j` on a slider: the first square is skipped
//! whatever stands on it, and counts toward the range (the Tetrarchs'
//! `jsR3` reaches the 2nd and 3rd square sideways). Everything that needs several legs (Lion moves, stinging,
//! burns, hooks) is a named power in the data, implemented in `movegen`, not
//! part of this language. The full XBetza strings in `engine.ini` are only
//! for the GUI.

/// One line of movement from the owner's point of view (+dy is forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub dx: i32,
    pub dy: i32,
    /// Squares the piece may go along the line; 0 = unlimited.
    pub range: u8,
    pub can_move: bool,
    pub can_capture: bool,
    /// `j`: the line starts on its second square.
    pub skip_first: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn shape(dx: i32, dy: i32) -> Shape {
    if dx == 0 || dy == 0 {
        Shape::Orthogonal
    } else if dx.abs() == dy.abs() {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

/// Whether a single direction letter selects the vector (dx, dy).
fn letter_selects(c: char, dx: i32, dy: i32) -> bool {
    let sh = shape(dx, dy);
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        's' => match sh {
            Shape::Orthogonal => dy == 0,
            Shape::Diagonal => true,
            Shape::Oblique => dx.abs() > dy.abs(),
        },
        'v' => match sh {
            Shape::Orthogonal => dx == 0,
            Shape::Diagonal => true,
            Shape::Oblique => dy.abs() > dx.abs(),
        },
        _ => false,
    }
}

/// Whether the direction modifiers select (dx, dy). Orthogonal atoms take
/// the union of the letters (`sbR`); diagonal and oblique atoms read a
/// vertical letter followed by another, or a lateral letter followed by a
/// vertical one, as one intersected pair (`fl`, `lf`, `ff`, `fs`), as in
/// Betza's notation (`lfrbB`: the forward-left and back-right diagonals).
fn selects(dirs: &[char], dx: i32, dy: i32) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let pairs = shape(dx, dy) != Shape::Orthogonal;
    let mut i = 0;
    while i < dirs.len() {
        let c = dirs[i];
        let next = dirs.get(i + 1).copied();
        let vertical = |x: char| x == 'f' || x == 'b';
        let lateral = |x: char| x == 'l' || x == 'r';
        if pairs
            && let Some(d) = next
            && (vertical(c) || (lateral(c) && vertical(d)))
        {
            let hit = if d == c {
                // doubled letter: the narrow pair of an oblique atom
                letter_selects(c, dx, dy) && letter_selects('v', dx, dy)
            } else {
                letter_selects(c, dx, dy) && letter_selects(d, dx, dy)
            };
            if hit {
                return true;
            }
            i += 2;
        } else {
            if letter_selects(c, dx, dy) {
                return true;
            }
            i += 1;
        }
    }
    false
}

/// The base vectors of an atom and its default range (0 = unlimited).
fn atom(c: char) -> Option<(&'static [(i32, i32)], u8)> {
    const W: &[(i32, i32)] = &[(1, 0)];
    const F: &[(i32, i32)] = &[(1, 1)];
    const K: &[(i32, i32)] = &[(1, 0), (1, 1)];
    Some(match c {
        'W' => (W, 1),
        'F' => (F, 1),
        'K' => (K, 1),
        'R' => (W, 0),
        'B' => (F, 0),
        'Q' => (K, 0),
        'D' => (&[(2, 0)], 1),
        'A' => (&[(2, 2)], 1),
        'N' => (&[(2, 1)], 1),
        'H' => (&[(3, 0)], 1),
        'G' => (&[(3, 3)], 1),
        _ => return None,
    })
}

/// All 8 (or 4) symmetric images of a vector.
fn symmetries(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (a, b) in [(dx, dy), (dy, dx)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let p = (a * sa, b * sb);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// Parse a movement string into lines, one per vector.
pub fn parse(s: &str) -> Result<Vec<Line>, String> {
    let mut lines: Vec<Line> = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let mut dirs = Vec::new();
        let (mut only_move, mut only_capture, mut skip_first) = (false, false, false);
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => only_move = true,
                'c' => only_capture = true,
                'j' => skip_first = true,
                d @ ('f' | 'b' | 'l' | 'r' | 's' | 'v') => dirs.push(d),
                other => return Err(format!("modifier '{other}' is not supported in '{s}'")),
            }
            i += 1;
        }
        let Some(&a) = chars.get(i) else {
            return Err(format!("'{s}' ends without an atom"));
        };
        let (vectors, default_range) =
            atom(a).ok_or_else(|| format!("unknown atom '{a}' in '{s}'"))?;
        i += 1;
        let digits: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        i += digits.len();
        let range = if digits.is_empty() {
            default_range
        } else {
            digits
                .parse::<u8>()
                .map_err(|_| format!("bad range in '{s}'"))?
        };
        if skip_first && range == 1 {
            return Err(format!("'j' needs a slider in '{s}'"));
        }
        let (can_move, can_capture) = match (only_move, only_capture) {
            (true, false) => (true, false),
            (false, true) => (false, true),
            _ => (true, true),
        };
        for &(x, y) in vectors {
            for (dx, dy) in symmetries(x, y) {
                if !selects(&dirs, dx, dy) {
                    continue;
                }
                if let Some(l) = lines
                    .iter_mut()
                    .find(|l| l.dx == dx && l.dy == dy && l.skip_first == skip_first)
                {
                    // One line per vector: same range with other modalities
                    // (`mWcW`), or same modalities with another range (`WR2`)
                    // merge; a vector that moves and captures to different
                    // distances (`mWcR`) is not expressible as one line.
                    if l.range == range {
                        l.can_move |= can_move;
                        l.can_capture |= can_capture;
                    } else if (l.can_move, l.can_capture) == (can_move, can_capture) {
                        l.range = if l.range == 0 || range == 0 {
                            0
                        } else {
                            l.range.max(range)
                        };
                    } else {
                        return Err(format!(
                            "'{s}' gives one direction two ranges with different modalities"
                        ));
                    }
                } else {
                    lines.push(Line {
                        dx,
                        dy,
                        range,
                        can_move,
                        can_capture,
                        skip_first,
                    });
                }
            }
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(s: &str) -> Vec<(i32, i32, u8)> {
        let mut v: Vec<_> = parse(s)
            .unwrap()
            .iter()
            .map(|l| (l.dx, l.dy, l.range))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn shogi_generals() {
        // Gold: orthogonal steps and forward diagonals.
        assert_eq!(
            vectors("WfF"),
            vec![
                (-1, 0, 1),
                (-1, 1, 1),
                (0, -1, 1),
                (0, 1, 1),
                (1, 0, 1),
                (1, 1, 1)
            ]
        );
        // Blind Tiger: all but straight forward.
        let bt = vectors("FsbW");
        assert_eq!(bt.len(), 7);
        assert!(!bt.contains(&(0, 1, 1)));
        // Copper: forward, diagonally forward, back.
        assert_eq!(
            vectors("vWfF"),
            vec![(-1, 1, 1), (0, -1, 1), (0, 1, 1), (1, 1, 1)]
        );
    }

    #[test]
    fn sliders_and_leapers() {
        assert_eq!(vectors("fR"), vec![(0, 1, 0)]);
        assert_eq!(
            vectors("vRsW"),
            vec![(-1, 0, 1), (0, -1, 0), (0, 1, 0), (1, 0, 1)]
        );
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("ffN"), vec![(-1, 2, 1), (1, 2, 1)]);
        assert_eq!(vectors("flF"), vec![(-1, 1, 1)]);
        assert_eq!(vectors("lfrbB"), vec![(-1, 1, 0), (1, -1, 0)]);
        // Priest: both forward diagonals, back-right, and left.
        assert_eq!(
            vectors("rbfFlW"),
            vec![(-1, 0, 1), (-1, 1, 1), (1, -1, 1), (1, 1, 1)]
        );
        assert_eq!(vectors("bW2"), vec![(0, -1, 2)]);
        assert_eq!(vectors("BsbR").len(), 7);
        assert_eq!(vectors("WR2").len(), 4);
        assert!(vectors("WR2").iter().all(|v| v.2 == 2));
        assert!(parse("mWcR").is_err());
        assert!(parse("xQ").is_err());
        assert!(parse("jW").is_err());
        // Tetrarchs: skip the first square; sideways only to the third.
        let t = parse("jvRjBjsR3").unwrap();
        assert_eq!(t.len(), 8);
        assert!(t.iter().all(|l| l.skip_first));
        assert!(t.iter().filter(|l| l.dy == 0).all(|l| l.range == 3));
        assert!(parse("fZ").is_err());
        assert!(parse("f").is_err());
    }

    #[test]
    fn modalities() {
        let l = parse("mWcF").unwrap();
        assert!(
            l.iter()
                .filter(|l| l.dy == 0 || l.dx == 0)
                .all(|l| l.can_move && !l.can_capture)
        );
        assert!(
            l.iter()
                .filter(|l| l.dy != 0 && l.dx != 0)
                .all(|l| !l.can_move && l.can_capture)
        );
    }
}
