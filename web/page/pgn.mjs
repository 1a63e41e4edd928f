// A game as PGN in the form `kyodai match -pgnout` writes (src/play/pgn.rs):
// the same tags in the same order, moves in Kyodai's CECP notation with a
// comment after each, the end's reason as the last comment, lines wrapped
// before 80 columns.

function escape(value) {
  return String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** Today (UTC) as PGN dates are written: `2026.11.28`. */
export function pgnDate(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;
}

/** Seconds without trailing zeros, as `kyodai match` writes time controls. */
export function formatSeconds(s) {
  return s.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * game: { event, site, date, round, white, black, result ('1-0', '0-1',
 * '1/2-1/2' or '*'), reason, termination, variant, rules (omitted or
 * 'standard': Kyodai's own), startFen, standardStart,
 * timeControl (or whiteTimeControl and blackTimeControl),
 * moves: [{ text, comment }] }.
 */
export function writePgn(game) {
  let out = '';
  const tag = (name, value) => {
    out += `[${name} "${escape(value)}"]\n`;
  };
  tag('Event', game.event ?? '?');
  tag('Site', game.site ?? '?');
  tag('Date', game.date ?? pgnDate());
  tag('Round', game.round ?? 1);
  tag('White', game.white);
  tag('Black', game.black);
  tag('Result', game.result);
  if (game.startFen !== game.standardStart) {
    tag('FEN', game.startFen);
    tag('SetUp', '1');
  }
  tag('Variant', game.variant);
  // Kyodai's own tag for a rule set other than its own (src/record/pgn.rs).
  if (game.rules && game.rules !== 'standard') tag('Rules', game.rules);
  const white = game.whiteTimeControl ?? game.timeControl ?? '-';
  const black = game.blackTimeControl ?? game.timeControl ?? '-';
  if (white === black) {
    tag('TimeControl', white);
  } else {
    tag('WhiteTimeControl', white);
    tag('BlackTimeControl', black);
  }
  tag('PlyCount', game.moves.length);
  tag('Termination', game.termination ?? (game.result === '*' ? 'unterminated' : 'normal'));
  out += '\n';
  const firstMoverStarts = game.startFen.trim().split(/\s+/)[1] !== 'b';
  const tokens = [];
  game.moves.forEach((m, i) => {
    const ply = i + (firstMoverStarts ? 0 : 1);
    if (ply % 2 === 0) tokens.push(`${ply / 2 + 1}.`);
    else if (i === 0) tokens.push(`${(ply - 1) / 2 + 1}...`);
    tokens.push(m.text);
    if (m.comment) tokens.push(`{${m.comment.replace(/}/g, ')')}}`);
  });
  if (game.reason) tokens.push(`{${game.reason.replace(/}/g, ')')}}`);
  tokens.push(game.result);
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 79) {
      out += line + '\n';
      line = '';
    }
    if (line) line += ' ';
    line += t;
  }
  return out + line + '\n\n';
}

/**
 * The first game of a PGN text: `{variant, fen, moves}` (tags other than
 * Variant and FEN, comments, move numbers and the result are skipped).
 */
export function readPgn(text) {
  const game = { variant: null, fen: null, moves: [], result: null };
  const body = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const m = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (m) {
      const value = m[2].replace(/\\(.)/g, '$1');
      if (m[1] === 'Variant') game.variant = value;
      if (m[1] === 'FEN') game.fen = value;
      continue;
    }
    body.push(line);
  }
  const movetext = body.join(' ').replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  for (const word of movetext.split(/\s+/)) {
    if (!word || /^\d+\.+$/.test(word)) continue;
    if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word)) {
      game.result = word;
      break;
    }
    game.moves.push(word.replace(/^\d+\.+/, ''));
  }
  return game;
}
