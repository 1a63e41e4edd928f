// Squares, FEN and move strings as Kyodai writes them (docs/notation.md).
// Pure functions: no DOM, no engine.

/** A square's name: file letter from `a`, rank number from 1. */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** `{file, rank}` (both from 0) of a square name, or null. */
export function parseSquare(text, width = 16, height = 16) {
  const m = /^([a-p])(\d{1,2})$/.exec(text);
  if (!m) return null;
  const file = m[1].charCodeAt(0) - 97;
  const rank = Number(m[2]) - 1;
  if (file >= width || rank < 0 || rank >= height) return null;
  return { file, rank };
}

/** Whether a piece token (`P`, `+d`, `D'`, `+C!`) belongs to Sente. */
export function isSente(token) {
  const letter = token.replace('+', '')[0];
  return letter === letter.toUpperCase();
}

/** The token of the same piece for Sente (upper case). */
export function senteToken(token) {
  return token.toUpperCase();
}

/** A token for `sente` (upper case) or Gote (lower case). */
export function colouredToken(token, sente) {
  return sente ? token.toUpperCase() : token.toLowerCase();
}

/**
 * A position from a FEN: `{width, height, cells, side}` where `cells[rank][file]`
 * is a token or null (rank 0 is Sente's first rank) and side is `w` or `b`.
 * Throws an Error saying what is wrong.
 */
export function parseFen(fen, width, height) {
  const fields = fen.trim().split(/\s+/);
  const rows = fields[0].split('/');
  if (rows.length !== height) {
    throw new Error(`FEN has ${rows.length} ranks, ${height} expected`);
  }
  const cells = [];
  rows.forEach((row, i) => {
    const rank = [];
    const re = /(\d+)|(\+?[A-Za-z]['!]?)/y;
    while (re.lastIndex < row.length) {
      const m = re.exec(row);
      if (!m) throw new Error(`bad character in FEN rank ${height - i}: ${row}`);
      if (m[1]) {
        for (let n = Number(m[1]); n > 0; n--) rank.push(null);
      } else {
        rank.push(m[2]);
      }
    }
    if (rank.length !== width) {
      throw new Error(`FEN rank ${height - i} has ${rank.length} files, ${width} expected`);
    }
    cells[height - 1 - i] = rank;
  });
  const side = fields[1] === 'b' ? 'b' : 'w';
  return { width, height, cells, side };
}

/** The piece token on the square named `square` ('e5') of `pos`, or null
 * (an empty square, or a name off the board). */
export function pieceAt(pos, square) {
  const sq = parseSquare(square, pos.width, pos.height);
  return sq ? pos.cells[sq.rank][sq.file] : null;
}

/** A position's FEN as Kyodai prints it: board, side, then `- 0 1`. */
export function writeFen(pos) {
  const rows = [];
  for (let rank = pos.height - 1; rank >= 0; rank--) {
    let row = '';
    let run = 0;
    for (const cell of pos.cells[rank]) {
      if (cell === null) {
        run++;
        continue;
      }
      if (run) row += run;
      run = 0;
      row += cell;
    }
    if (run) row += run;
    rows.push(row);
  }
  return `${rows.join('/')} ${pos.side} - 0 1`;
}

/**
 * A move string parsed: `{pass, from, kills, to, promote}` with squares as
 * names. `@@@@` is a pass by an unnamed piece (`from` null). Returns null
 * for text that is not a move.
 */
export function parseMove(text) {
  const t = text.trim();
  if (t === '@@@@') return { pass: true, from: null, kills: [], to: null, promote: false };
  const m = /^([a-p]\d{1,2})((?:[a-p]\d{1,2},[a-p]\d{1,2}){0,2})([a-p]\d{1,2})([+=]?)$/.exec(
    t
  );
  if (!m) return null;
  const squares = [m[1], ...(m[2].match(/[a-p]\d{1,2}/g) ?? []), m[3]];
  // `f6f7,f7f8`: pairs of the same square join the legs.
  const path = [squares[0]];
  for (let i = 1; i < squares.length; i += 2) {
    if (i + 1 < squares.length) {
      if (squares[i] !== squares[i + 1]) return null;
    }
    path.push(squares[i]);
  }
  const from = path[0];
  const to = path[path.length - 1];
  const kills = path.slice(1, -1);
  return { pass: from === to && kills.length === 0, from, kills, to, promote: m[4] === '+' };
}

/** The move string for a piece going from `path[0]` through the legs to the last square. */
export function moveText(path, promote = false) {
  const legs = [];
  for (let i = 0; i + 1 < path.length; i++) legs.push(path[i] + path[i + 1]);
  return legs.join(',') + (promote ? '+' : '');
}

/**
 * The position after a move as its string writes it: the piece leaves its
 * origin, the pieces on its kill squares go, it lands (promoted by `+`, to
 * the token `promotion(token)` names, in Sente's case). Kill squares that
 * were empty (a Lion's step over an empty square) stay empty. Effects no
 * move string writes (Nutty's burns, Macadamia's contagion) are not here:
 * the page takes the engine's position for them where it can.
 */
export function applyMove(pos, move, promotion) {
  const cells = pos.cells.map((r) => r.slice());
  const at = (name) => parseSquare(name, pos.width, pos.height);
  if (move.from) {
    const from = at(move.from);
    const to = at(move.to);
    let piece = cells[from.rank][from.file];
    for (const name of move.kills) {
      const sq = at(name);
      if (sq) cells[sq.rank][sq.file] = null;
    }
    cells[from.rank][from.file] = null;
    if (piece && move.promote) {
      const promoted = promotion(senteToken(piece));
      if (promoted) piece = colouredToken(promoted, isSente(piece));
    }
    cells[to.rank][to.file] = piece;
  }
  return { ...pos, cells, side: pos.side === 'w' ? 'b' : 'w' };
}

/**
 * lishogi's SFEN of a Chu position (src/notation/usi.rs): the board as the
 * FEN writes it, `b` when Sente is to move and `w` for Gote (the other way
 * round from the FEN), the Lion-capture square (`-`: the page does not
 * track it), and the move number (plies from the start, counting from 1).
 */
export function writeSfen(pos, moveNumber) {
  const board = writeFen(pos).split(' ')[0];
  return `${board} ${pos.side === 'w' ? 'b' : 'w'} - ${moveNumber}`;
}

/** The FEN Kyodai's `setboard` takes for an SFEN; throws if it is not one. */
export function sfenToFen(sfen) {
  const [board, side, ...rest] = sfen.trim().split(/\s+/);
  if (!board || !['b', 'w'].includes(side) || rest.length > 2) {
    throw new Error(`not an SFEN (board, b or w, Lion square, move number): ${sfen}`);
  }
  return `${board} ${side === 'b' ? 'w' : 'b'} - 0 1`;
}

// KIF's ranks, from the top: lishogi writes Chu's twelve in kanji numbers.
const KANJI_RANKS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/**
 * The labels along the board's edges, in the order the page draws the
 * columns (left to right) and rows (top to bottom), for the move list's
 * notation: Kyodai's (CECP) letters `a` from Sente's left and numbers from
 * Sente's side; lishogi's (USI, KIF) file numbers from Sente's right and
 * ranks from the top, letters for USI and kanji for KIF.
 */
export function boardCoordinates(width, height, notation, flipped) {
  const files = [];
  const ranks = [];
  for (let col = 0; col < width; col++) {
    const file = flipped ? width - 1 - col : col;
    files.push(notation === 'cecp' ? String.fromCharCode(97 + file) : String(width - file));
  }
  for (let row = 0; row < height; row++) {
    const rank = flipped ? row : height - 1 - row;
    const fromTop = height - 1 - rank;
    if (notation === 'cecp') ranks.push(String(rank + 1));
    else if (notation === 'kif') ranks.push(KANJI_RANKS[fromTop] ?? String(fromTop + 1));
    else ranks.push(String.fromCharCode(97 + fromTop));
  }
  return { files, ranks };
}
