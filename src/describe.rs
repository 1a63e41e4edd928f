//! The variants as a page draws them, in JSON: names, board, start
//! position and each piece type's token, name and promotion (the browser
//! module's `describe()`).

use crate::variant::{Variant, VariantSet};

/// `{"variants":[...]}` for every variant of `set`.
pub fn json(set: &VariantSet) -> String {
    let variants: Vec<String> = set.variants.iter().map(variant).collect();
    format!("{{\"variants\":[{}]}}", variants.join(","))
}

fn variant(v: &Variant) -> String {
    let aliases: Vec<String> = v.aliases.iter().map(|a| text(a)).collect();
    let pieces: Vec<String> = v
        .pieces
        .iter()
        .map(|p| {
            let promotes_to = p
                .promotes_to
                .map_or_else(|| "null".to_string(), |k| text(&v.piece(k).token));
            format!(
                "{{\"token\":{},\"name\":{},\"promoted\":{},\"promotesTo\":{promotes_to},\"royal\":{},\"betza\":{}}}",
                text(&p.token),
                text(&p.name),
                p.promoted,
                p.royal,
                text(&p.xbetza)
            )
        })
        .collect();
    format!(
        "{{\"name\":{},\"title\":{},\"aliases\":[{}],\"width\":{},\"height\":{},\"zone\":{},\"start\":{},\"pieces\":[{}]}}",
        text(&v.name),
        text(&v.title),
        aliases.join(","),
        v.width,
        v.height,
        v.zone,
        text(&v.start_fen),
        pieces.join(",")
    )
}

/// A JSON string.
pub(crate) fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(text("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }

    #[test]
    fn every_variant_and_piece_is_described() {
        let set = VariantSet::builtin();
        let json = json(set);
        for v in &set.variants {
            assert!(
                json.contains(&format!("\"name\":\"{}\"", v.name)),
                "{}",
                v.name
            );
            assert!(json.contains(&text(&v.start_fen)), "{}", v.name);
            for p in &v.pieces {
                assert!(json.contains(&format!("\"token\":{}", text(&p.token))));
            }
        }
        // Chu's Dragon King promotes to the Soaring Eagle, written `+D`.
        assert!(json.contains("\"name\":\"Dragon King\",\"promoted\":false,\"promotesTo\":\"+D\""));
    }
}
