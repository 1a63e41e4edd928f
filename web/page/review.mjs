// A game's review as the module's review() gives it (src/host/page.rs: the
// figures of `kyodai analyse`, docs/analysis.md), made handy for the page:
// each ply's entry, the curve of Sente's winning chances, and its graph.
// The figures come from the engine; nothing here computes one.

const SVG = 'http://www.w3.org/2000/svg';

/** The NAG glyph of each judgement. */
export const GLYPHS = { Inaccuracy: '?!', Mistake: '?', Blunder: '??' };

export class Review {
  /** json: the module's review; plies: how many plies the game had. */
  constructor(json, plies) {
    this.plies = plies;
    this.totals = json.totals; // [Sente, Gote]
    this.pgn = json.pgn;
    this.byPly = new Map(json.plies.map((p) => [p.ply, p]));
  }

  /** The entry of ply `ply` (from 1), or undefined where none was made
   * (a position where the game had ended). */
  at(ply) {
    return this.byPly.get(ply);
  }

  /** Sente's win percentage after each ply from 0 (the start, 50), a ply
   * without an entry keeping the one before. */
  curve() {
    const points = [50];
    for (let ply = 1; ply <= this.plies; ply++) {
      points.push(this.at(ply)?.sente ?? points[ply - 1]);
    }
    return points;
  }
}

/** The ply nearest to `x` on a graph `width` wide of `plies` plies. */
export function plyAt(x, width, plies) {
  if (width <= 0) return 0;
  return Math.max(0, Math.min(plies, Math.round((x / width) * plies)));
}

function element(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  return el;
}

/**
 * Draw `review` into `svg`, `width` by `height` pixels: Sente's winning
 * chances as the light area (the top is a won game for Sente, the bottom
 * for Gote), the middle line, a dot at each inaccuracy, mistake and
 * blunder (its tooltip `label(ply)`), and a line at the ply `view` shown
 * on the board.
 */
export function drawGraph(svg, review, view, width, height, label) {
  const points = review.curve();
  const n = Math.max(1, review.plies);
  const x = (ply) => (ply / n) * width;
  const y = (percent) => (1 - percent / 100) * height;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const parts = [element('rect', { class: 'gote', x: 0, y: 0, width, height })];
  const path = points.map((p, ply) => `L${x(ply).toFixed(1)},${y(p).toFixed(1)}`).join('');
  parts.push(element('path', { class: 'sente', d: `M0,${height}${path}L${x(review.plies)},${height}Z` }));
  parts.push(element('line', { class: 'middle', x1: 0, y1: height / 2, x2: width, y2: height / 2 }));
  parts.push(element('line', { class: 'view', x1: x(view), y1: 0, x2: x(view), y2: height }));
  for (let ply = 1; ply <= review.plies; ply++) {
    const judgement = review.at(ply)?.judgement;
    if (!judgement) continue;
    const dot = element('circle', {
      class: `dot j-${judgement.toLowerCase()}`, cx: x(ply), cy: y(points[ply]), r: 3.5,
    });
    const title = element('title', {});
    title.textContent = label(ply);
    dot.append(title);
    parts.push(dot);
  }
  svg.replaceChildren(...parts);
}

/** Each side's figures as rows of `body` (a table's body): its name
 * (`names`, Sente's first), accuracy, counts of inaccuracies, mistakes and
 * blunders, and the average loss a move in centipawns. */
export function drawTotals(body, totals, names) {
  const rows = totals.map((t, i) => {
    const tr = document.createElement('tr');
    const cells = [`${i ? '☖' : '☗'} ${names[i]}`, `${t.accuracy.toFixed(1)}%`, t.inaccuracies, t.mistakes, t.blunders, Math.round(t.loss)];
    for (const [k, text] of cells.entries()) {
      const td = document.createElement(k ? 'td' : 'th');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  body.replaceChildren(...rows);
}
