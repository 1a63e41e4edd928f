// The game the page shows: its variant, start position, the moves played
// with the position after each, and its end. Pure: the engine judges the
// moves; this only records them.

import { parseFen, writeFen } from './notation.mjs';

/** Variant data from `engine.describe()` made handy: tokens to piece types. */
export class VariantInfo {
  constructor(data) {
    Object.assign(this, data);
    this.byToken = new Map(data.pieces.map((p) => [p.token, p]));
  }

  /** The piece type of a token of either colour (`+d` -> `+D`'s type). */
  piece(token) {
    return this.byToken.get(token.toUpperCase()) ?? null;
  }

  /** The Sente token a Sente token promotes to, or null. */
  promotion(token) {
    return this.piece(token)?.promotesTo ?? null;
  }
}

export class Game {
  /** variant: a VariantInfo; fen: the start position (default the variant's). */
  constructor(variant, fen = variant.start) {
    this.variant = variant;
    this.startFen = fen;
    this.start = parseFen(fen, variant.width, variant.height);
    // { text, position, comment }, one per ply; `usi` and `kif`, the
    // move in lishogi's notations, once the module has written them.
    this.plies = [];
    this.result = null; // { result, reason }
    this.rules = 'standard'; // `lishogi` for a record from lishogi
    this.players = null; // [Sente, Gote] as a record names them
  }

  /** The position after `ply` plies (0: the start). */
  positionAt(ply) {
    return ply === 0 ? this.start : this.plies[ply - 1].position;
  }

  get position() {
    return this.positionAt(this.plies.length);
  }

  get fen() {
    return writeFen(this.position);
  }

  /** Record a move the engine accepted, and the position after it. */
  push(text, position, comment = '') {
    this.plies.push({ text, position, comment });
  }

  /** Take back the last `n` plies (and any result). */
  takeBack(n) {
    this.plies.splice(Math.max(0, this.plies.length - n));
    this.result = null;
  }

  /** 'w' or 'b': whose turn it is at the end of the game. */
  get side() {
    return this.position.side;
  }

  /** Move numbers for the list: [{number, sente, gote}] with ply indices. */
  rows() {
    const offset = this.start.side === 'b' ? 1 : 0;
    const rows = [];
    this.plies.forEach((p, i) => {
      const ply = i + offset;
      const number = Math.floor(ply / 2) + 1;
      if (!rows.length || rows[rows.length - 1].number !== number) {
        rows.push({ number, sente: null, gote: null });
      }
      rows[rows.length - 1][ply % 2 === 0 ? 'sente' : 'gote'] = { text: p.text, ply: i + 1 };
    });
    return rows;
  }
}
