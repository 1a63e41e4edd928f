//! `kyodai analyse --graph`: each game's evaluation as Sente's win
//! percentage after every ply, one panel a game, in hand-written SVG.

/// Panel size in SVG units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 160.0;
const MARGIN: f64 = 28.0;

/// Text for SVG: `&`, `<` and `>` escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One panel: a title and Sente's win percentage (0 to 100) after each
/// ply, from ply 1.
pub struct Panel {
    pub title: String,
    pub first_ply: usize,
    pub sente_win: Vec<f64>,
}

/// The SVG document of `panels`, stacked.
pub fn svg(panels: &[Panel]) -> String {
    let total = (HEIGHT + 2.0 * MARGIN) * panels.len().max(1) as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{total}\" \
         viewBox=\"0 0 {w} {total}\" font-family=\"sans-serif\" font-size=\"11\">\n",
        w = WIDTH + 2.0 * MARGIN
    );
    for (i, p) in panels.iter().enumerate() {
        let top = i as f64 * (HEIGHT + 2.0 * MARGIN) + MARGIN;
        let plies = p.sente_win.len().max(2) - 1;
        let x = |k: usize| MARGIN + WIDTH * k as f64 / plies as f64;
        let y = |w: f64| top + HEIGHT * (1.0 - w.clamp(0.0, 100.0) / 100.0);
        out += &format!(
            "<text x=\"{MARGIN}\" y=\"{:.1}\">{}</text>\n",
            top - 8.0,
            escape(&p.title)
        );
        out += &format!(
            "<rect x=\"{MARGIN}\" y=\"{top:.1}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
             fill=\"#f4f4f4\" stroke=\"#888\"/>\n"
        );
        out += &format!(
            "<line x1=\"{MARGIN}\" y1=\"{m:.1}\" x2=\"{:.1}\" y2=\"{m:.1}\" stroke=\"#bbb\" \
             stroke-dasharray=\"4 3\"/>\n",
            MARGIN + WIDTH,
            m = y(50.0)
        );
        let points: Vec<String> = p
            .sente_win
            .iter()
            .enumerate()
            .map(|(k, &w)| format!("{:.1},{:.1}", x(k), y(w)))
            .collect();
        out += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#c03\" stroke-width=\"1.5\"/>\n",
            points.join(" ")
        );
        out += &format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">Sente 100%</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">0%</text>\n\
             <text x=\"{MARGIN}\" y=\"{:.1}\">ply {}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">ply {}</text>\n",
            MARGIN + WIDTH - 4.0,
            top + 12.0,
            MARGIN + WIDTH - 4.0,
            top + HEIGHT - 4.0,
            top + HEIGHT + 14.0,
            p.first_ply,
            MARGIN + WIDTH,
            top + HEIGHT + 14.0,
            p.first_ply + p.sente_win.len().saturating_sub(1)
        );
    }
    out + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_polyline_a_game_with_a_point_a_ply() {
        let doc = svg(&[
            Panel {
                title: "A <b> & C".into(),
                first_ply: 1,
                sente_win: vec![50.0, 60.0, 40.0],
            },
            Panel {
                title: "two".into(),
                first_ply: 5,
                sente_win: vec![50.0],
            },
        ]);
        assert!(doc.starts_with("<svg") && doc.ends_with("</svg>\n"));
        assert_eq!(doc.matches("<polyline").count(), 2);
        assert!(doc.contains("A &lt;b&gt; &amp; C"));
        let first = doc.split("points=\"").nth(1).unwrap();
        assert_eq!(first.split('"').next().unwrap().split(' ').count(), 3);
    }
}
