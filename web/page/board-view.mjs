// The board as the page draws it: its squares from a position (pieces,
// the last move, the marks of a move being entered) and the labels on its
// edges. Drawing only: what the squares mean is the engine's to say.

import { parseMove, squareName, isSente, boardCoordinates } from './notation.mjs';
import { pieceLabel } from './labels.mjs';

/** Draw `pos` of the variant `v` into `board`, one button a square.
 * `lastMove`: the text of the ply that led to it, or null; `entry`: the
 * move being entered ({ path, marks, victims }), or null; `flipped`: Gote's
 * side below; `labels`: the pieces' labels ('kanji', 'latin', ...). */
export function drawBoard(board, v, pos, { lastMove, entry, flipped, labels }) {
  board.style.setProperty('--files', v.width);
  board.style.setProperty('--ranks', v.height);
  board.dataset.variant = v.name;
  const last = lastMove ? parseMove(lastMove) : null;
  const lastSquares = last && !last.pass ? [last.from, last.to, ...last.kills] : [];
  const marks = entry?.marks ?? new Map();
  const frag = document.createDocumentFragment();
  for (let row = 0; row < v.height; row++) {
    for (let col = 0; col < v.width; col++) {
      const rank = flipped ? row : v.height - 1 - row;
      const file = flipped ? v.width - 1 - col : col;
      const sq = squareName(file, rank);
      const cell = document.createElement('button');
      cell.className = 'sq';
      cell.dataset.square = sq;
      cell.setAttribute('role', 'gridcell');
      const inZone = v.zone > 0 && (rank < v.zone || rank >= v.height - v.zone);
      if (inZone) cell.classList.add('zone');
      if (lastSquares.includes(sq)) cell.classList.add('last');
      if (entry?.path.includes(sq)) cell.classList.add('lifted');
      const mark = marks.get(sq);
      if (mark) cell.classList.add(`m-${mark}`);
      if (entry?.victims?.includes(sq)) cell.classList.add('m-victim');
      const token = pos.cells[rank][file];
      let label = sq;
      if (token) {
        const type = v.piece(token);
        const sente = isSente(token);
        cell.append(pieceElement(type ? pieceLabel(type, labels) : token, sente, type?.promoted, sente === flipped));
        label = `${sq} ${sente ? 'Sente' : 'Gote'} ${type?.name ?? token}`;
      }
      if (mark) label += `, ${mark}`;
      cell.setAttribute('aria-label', label);
      cell.title = label;
      frag.append(cell);
    }
  }
  board.replaceChildren(frag);
}

/** A piece's face: its label, upside down when `turned` (its owner sits
 * at the top of the board: a shogi piece points at the opponent). */
function pieceElement(text, sente, promoted, turned) {
  const piece = document.createElement('span');
  piece.className = `pc ${sente ? 'sente' : 'gote'}`;
  if (promoted) piece.classList.add('promoted');
  if (turned) piece.classList.add('turned');
  const chars = [...text];
  if (chars.length > 1 && /[^\x00-\x7f]/.test(text)) {
    // Two kanji, one above the other, as on the wooden pieces.
    piece.classList.add('stack');
    piece.textContent = chars.join('\n');
  } else {
    if (chars.length > 1) piece.classList.add('marked'); // D', W!
    piece.textContent = text;
  }
  return piece;
}

/** The labels on the board's edges in the notation `key` ('cecp', 'usi',
 * 'kif'): into `files` (a row of spans) and `ranks` (a column), and the
 * board's size into `frame`, which lays them out. */
export function drawCoordinates(frame, files, ranks, v, key, flipped) {
  frame.style.setProperty('--files', v.width);
  frame.style.setProperty('--ranks', v.height);
  const labels = boardCoordinates(v.width, v.height, key, flipped);
  const cells = (texts) => texts.map((text) => {
    const span = document.createElement('span');
    span.textContent = text;
    return span;
  });
  files.replaceChildren(...cells(labels.files));
  ranks.replaceChildren(...cells(labels.ranks));
}
