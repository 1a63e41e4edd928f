//! The `setup` and `piece` lines that teach XBoard a variant it does not know.

use crate::variant::{PieceType, Variant};

/// The `setup` and `piece` lines that teach XBoard a variant it does not
/// know: each piece type sits in its XBoard slot (`slot=` in engine.ini),
/// written `^X` if it is the promoted form of `X` and `*X` if it promotes
/// to a type other than `+X` (which must then be the Tokin slot's `^P`);
/// the King's slot is the last token (the 65th, or the 66th when slot 64
/// is used). Then one `piece` line per type that
/// has an XBetza description.
pub fn setup_lines(v: &Variant, start_fen: &str) -> Vec<String> {
    let mut slots: [Option<&PieceType>; 66] = [None; 66];
    for p in &v.pieces {
        if let Some(s) = p.slot {
            slots[s as usize] = Some(p);
        }
    }
    let name = |p: &PieceType| {
        if p.promoted {
            format!("^{}", p.token.trim_start_matches('+'))
        } else {
            match p.promotes_to.map(|k| &v.piece(k).token) {
                Some(to) if to.trim_start_matches('+') != p.token => format!("*{}", p.token),
                _ => p.token.clone(),
            }
        }
    };
    // XBoard fills its slots in order and takes the last token of each
    // half as the King; slot 64 is written only when a piece uses it.
    let last = if slots[64].is_some() { 65 } else { 64 };
    let white: String = (0..last)
        .chain([65])
        .map(|s| slots[s].map_or_else(|| ".".to_string(), name))
        .collect();
    let mut lines = vec![format!(
        "setup ({white}{}) {}x{}+0_chu {}",
        white.to_ascii_lowercase(),
        v.width,
        v.height,
        start_fen
    )];
    lines.extend(
        v.pieces
            .iter()
            .filter(|p| !p.xbetza.is_empty() && p.xbetza != "-")
            .map(|p| format!("piece {}& {}", p.token, p.xbetza)),
    );
    lines
}

/// XBoard 4.9.1 writes rank 16 as `@` internally, so it takes a move from
/// rank 16 for a drop: `k16j15` reaches the engine as `K@j15` (the origin's
/// file letter, `@`, the destination). On a board with 16 ranks, in
/// variants without drops, read it back as the move from rank 16 of that
/// file. (XBoard also loses such a move's promotion suffix and kill
/// squares, sends a move from a file whose letter is no piece letter as
/// `@@@@`, and its own board goes wrong; the engine's own moves avoid rank
/// 16 origins whenever they can: `movegen::interop_safe`.)
pub(super) fn rank_16_origin(v: &Variant, text: &str) -> Option<String> {
    let (file, to) = text.split_once('@')?;
    let [letter] = file.as_bytes() else {
        return None;
    };
    let file = letter.to_ascii_lowercase();
    let inside = (file as usize).checked_sub(b'a' as usize)? < v.width;
    (v.height == 16 && inside && !to.is_empty()).then(|| format!("{}16{to}", file as char))
}
