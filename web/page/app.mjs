// The page: draws the board from the engine's variant data, enters moves
// with the engine's own move marks (lift/put/hover, as XBoard does), and
// plays or analyses with Kyodai, opens game records, reviews a game, and
// solves and plays out mate problems. The protocol lives in session.mjs;
// the rules, the record formats, the review's figures and the mate solver
// live in the engine only (the module's readRecord, review, solveMate and
// defendMate).

import Kyodai from './kyodai.mjs';
import { Session } from './session.mjs';
import { Game, VariantInfo } from './game.mjs';
import {
  parseFen, parseMove, moveText, applyMove, isSente, pieceAt, writeFen, writeSfen, sfenToFen,
} from './notation.mjs';
import { drawBoard, drawCoordinates } from './board-view.mjs';
import { Review, GLYPHS, drawGraph, drawTotals, plyAt } from './review.mjs';
import { readProblemPosition, verdictText, seconds } from './problem.mjs';
import { formatScore, MultiPv } from './protocol.mjs';
import { writePgn, pgnDate } from './pgn.mjs';
import { drawsKanji } from './labels.mjs';
import { KEPT, pageStorage, restoreSettings, saveSettings } from './settings.mjs';
import {
  GameClock, parseControl, customControl, controlTag, describeControl, levelCommand, engineCommands, formatClock,
} from './clock.mjs';

const $ = (id) => document.getElementById(id);

const state = {
  engine: null, // the module: readRecord, review, solveMate and defendMate besides the protocol
  session: null,
  variants: [], // VariantInfo, in the engine's order
  variant: null,
  game: null,
  view: 0, // the ply shown
  flipped: false,
  labels: 'kanji',
  mode: 'sente', // 'sente' | 'gote' | 'watch'
  entry: null, // { path: [squares], marks: Map }
  busy: false, // a request for a move entry is running
  thinking: false, // Kyodai is choosing its move
  analysing: false,
  pv: new MultiPv(2),
  moveStarted: 0, // when the current ply began (for the PGN's times)
  lastInfo: null,
  control: null, // the game clock's time control ({ base, increment, byoyomi } ms), or null: a time a move
  clock: null, // the GameClock of a game with a clock
  moveAt: 0, // when Kyodai's last move arrived
  rules: null, // the rule set Kyodai was told (`option Rules`): a record of lishogi's is played by lishogi's
  notation: 'cecp', // of the move list and the board's edges: 'cecp' | 'usi' | 'kif'
  review: null, // the Review of the game as it is, or null
  reviewing: null, // the review under way: { job, done, positions }
  opening: false, // a record's game is being opened
  problem: null, // the problem played out: { fen, rules, attacker, status }, or null
  defending: null, // the mate solver's job choosing Kyodai's defence
  solving: null, // the Solve under way: { job, started, limitMs }
  solution: null, // the last Solve's answer: { answer, error, fen, moves, side, limitMs }
};

// ---- Engine ---------------------------------------------------------------

// Without cross-origin isolation the module reads a line only when the
// search under way ends, and ends a search with no limit of its own
// (analysis) after this long: every click during analysis waits for it.
const UNISOLATED_SEARCH_MS = 2000;

async function start() {
  const isolated = globalThis.crossOriginIsolated === true;
  const engine = await Kyodai(isolated ? {} : { searchLimitMs: UNISOLATED_SEARCH_MS });
  state.isolated = isolated;
  state.engine = engine;
  // Records and reviews are the module's own (an engine behind another
  // transport, as in the page's native test server, may lack them).
  $('open-card').hidden = !engine.readRecord;
  $('notation').hidden = !engine.readRecord;
  $('review-card').hidden = !engine.review;
  $('problem-card').hidden = !engine.solveMate;
  const session = new Session(engine);
  state.session = session;
  session.on('thinking', showThinking);
  // Kyodai's clock stops when its move arrives, not after the page's
  // requests that follow it.
  session.on('move', () => {
    state.moveAt = performance.now();
  });
  await session.init();
  const data = await engine.describe();
  const offered = (session.features.variants ?? '').split(',');
  state.variants = data.variants
    .filter((v) => offered.includes(v.name))
    .map((v) => new VariantInfo(v));
  const select = $('variant');
  for (const v of state.variants) {
    select.append(new Option(v.title, v.name));
  }
  select.value = state.variants[0].name;
  const skill = session.option('Skill level');
  if (skill) {
    $('skill').min = skill.min;
    $('skill').max = skill.max;
    $('skill').value = skill.default;
  }
  $('labels').value = defaultLabels();
  // The choices of the last visit, then the variant the address names.
  restoreSettings(document, pageStorage());
  const wanted = new URLSearchParams(location.search).get('variant');
  if (state.variants.some((v) => v.name === wanted)) select.value = wanted;
  state.labels = $('labels').value;
  state.notation = $('notation').value;
  $('skill-out').textContent = $('skill').value;
  bindControls();
  setInterval(tick, 100);
  await newGame();
}

// Kanji by default; letters on a system with no Japanese font, where the
// kanji would be empty boxes (the Pieces menu still offers them).
function defaultLabels() {
  const probe = document.createElement('span');
  probe.className = 'pc';
  document.body.append(probe);
  const font = getComputedStyle(probe).fontFamily;
  probe.remove();
  return drawsKanji(document, font) ? 'kanji' : 'latin';
}

function humanPlays(side) {
  return state.mode === 'watch' || (state.mode === 'sente') === (side === 'w');
}

/** Start a new game, from `fen` if given, or the game `opened` from a record
 * (the module's readRecord), or the `problem` set up ({ fen, rules }); calls
 * run one after another (controls change quickly). Resolves to why the
 * position was refused (the variant's start is played instead), or null. */
function newGame(fen, opened, problem) {
  state.starting = (state.starting ?? Promise.resolve()).then(() => startGame(fen, opened, problem));
  return state.starting;
}

async function startGame(fen, opened, problem) {
  state.ready = false;
  await stopEngine();
  cancelReview();
  cancelSolve();
  state.review = null;
  state.problem = null;
  const v = state.variants.find((x) => x.name === $('variant').value);
  state.variant = v;
  state.mode = $('mode').value;
  const s = state.session;
  // A record from lishogi is replayed under lishogi's rules (the module
  // read it so), and a problem given as an SFEN is solved under them;
  // any other game is played under Kyodai's.
  const rules = opened?.rules ?? problem?.rules ?? 'standard';
  if (problem) fen = problem.fen;
  if (rules !== state.rules && s.option('Rules')) {
    await s.setOption('Rules', rules);
    state.rules = rules;
  }
  if (opened) fen = opened.start;
  let refused = await s.newGame(v.name, v.height, fen);
  if (refused) {
    setStatus(`Kyodai refused the position: ${refused}`);
    // The engine keeps the game it had; start the variant afresh.
    await s.newGame(v.name, v.height);
    fen = undefined;
  }
  let game;
  try {
    game = new Game(v, fen ?? v.start);
  } catch (e) {
    setStatus(`Bad position: ${e.message}`);
    refused = e.message;
    await s.newGame(v.name, v.height);
    game = new Game(v);
  }
  game.rules = rules;
  state.game = game;
  state.view = 0;
  state.entry = null;
  if (problem && !refused) {
    // The player attacks: the side to move, against Kyodai.
    state.problem = Object.assign(problem, { attacker: game.side, status: null });
    state.mode = game.side === 'w' ? 'sente' : 'gote';
  }
  state.flipped = state.mode === 'gote';
  if (opened && !refused) await replayRecord(game, opened);
  let control = null;
  $('clock-error').hidden = true;
  try {
    // A game opened from a record is looked at, and a problem solved, not timed.
    control = opened || state.problem ? null : readControl();
  } catch (e) {
    $('clock-error').textContent = `${e.message}: this game has no clock.`;
    $('clock-error').hidden = false;
  }
  state.control = control;
  state.clock = control ? new GameClock(control) : null;
  // lishogi's SFEN is for Chu only.
  $('sfen-buttons').hidden = v.name !== 'chu';
  await s.request(control ? levelCommand(control) : `st ${$('time').value}`);
  // Kyodai defends a problem at full strength where its solver has no answer.
  await s.setOption('Skill level', state.problem ? $('skill').max : $('skill').value);
  await s.setOption('MultiPV', $('multipv').value);
  state.pv = new MultiPv(Number($('multipv').value));
  state.moveStarted = performance.now();
  state.clock?.start(game.side, state.moveStarted);
  state.ready = true;
  renderAll();
  // Not awaited: the next new game stops Kyodai's search.
  continueGame().catch(report);
  return refused;
}

function report(e) {
  setStatus(`Error: ${e.message}`);
  console.error(e);
}

/** After a move (or a new game): let Kyodai move or analyse, as the mode
 * says; in a problem, judge the player's move and defend, or judge the end. */
async function continueGame() {
  const g = state.game;
  if (!g.result && !humanPlays(g.side)) {
    await (state.problem ? defendProblem() : engineMove());
  } else if (!g.result && state.mode === 'watch' && $('analyse').checked) {
    await startAnalysis();
  }
  if (g.result && state.problem && state.game === g) await judgeProblemEnd();
  renderAll();
}

/** Kyodai's turn: it is thinking from the start until `play` has put its
 * move on the board (or the turn was taken away); a new game started
 * meanwhile has its own turn. Returns what `play` returns. */
async function kyodaisTurn(play) {
  const g = state.game;
  state.thinking = true;
  state.pv.clear();
  renderAll();
  try {
    return await play(g);
  } finally {
    if (state.game === g) state.thinking = false;
  }
}

async function engineMove() {
  const g = state.game;
  state.lastInfo = null;
  const played = await kyodaisTurn(playEngineMove);
  renderAll();
  if (played && state.game === g && !g.result && !humanPlays(g.side)) await engineMove();
}

/** Kyodai's move asked for and recorded: false where none counts. */
async function playEngineMove() {
  const s = state.session;
  const clock = state.clock;
  // With a game clock Kyodai is told it before each move, as XBoard does.
  const side = state.game.side;
  const before = clock
    ? engineCommands(state.control, clock.show(side).main, clock.show(other(side)).main)
    : [];
  const { move, result } = await s.go(before);
  if (!move) return false; // stopped: a take-back, a new game, or its time ran out
  if (clock && !clock.press(state.moveAt)) {
    // Too late: the move does not count.
    await s.undo(1);
    await timeUp(side);
    return false;
  }
  const info = state.lastInfo;
  const secs = info ? info.centiseconds / 100 : (performance.now() - state.moveStarted) / 1000;
  const comment = info
    ? `${formatScore(info.score)}/${info.depth} ${formatTime(secs)}`
    : formatTime(secs);
  await record(move, comment);
  if (result) endGame(result, state.moveAt);
  return true;
}

async function startAnalysis() {
  if (state.analysing) return;
  state.analysing = true;
  state.pv.clear();
  await state.session.analyze();
}

async function stopEngine() {
  const s = state.session;
  if (state.defending) {
    state.defending.cancel();
    state.defending = null;
  }
  if (state.analysing) {
    state.analysing = false;
    await s.exitAnalysis();
  }
  if (state.thinking) {
    state.thinking = false;
    await s.stop();
  }
}

/** A ply the engine accepted: the page's board follows it. The engine's own
 * position where it can tell it (burns, contagion: effects no move string
 * writes); else the move string's origin, destination, kills and promotion. */
async function record(text, comment) {
  const g = state.game;
  const v = g.variant;
  const fen = await state.session.fen();
  const pos = fen
    ? parseFen(fen, v.width, v.height)
    : applyMove(g.position, parseMove(text), (t) => v.promotion(t));
  g.push(text, pos, comment);
  state.view = g.plies.length;
  state.moveStarted = performance.now();
  // A review of the game as it was would come too late to show.
  cancelReview();
  refreshNotation().catch(report);
}

function formatTime(secs) {
  return secs < 0.0995 ? `${secs.toFixed(3)}s` : `${secs.toFixed(1)}s`;
}

// ---- Move entry -------------------------------------------------------------

async function onSquare(square) {
  const g = state.game;
  // While Kyodai solves, the position it solves stays on the board.
  if (state.busy || !g || state.solving) return;
  const atEnd = state.view === g.plies.length;
  if (!atEnd || g.result || state.thinking || !humanPlays(g.side)) {
    if (!atEnd) {
      state.view = g.plies.length;
      renderAll();
    }
    return;
  }
  state.busy = true;
  try {
    await click(square);
  } finally {
    state.busy = false;
    renderBoard();
  }
}

async function click(square) {
  const s = state.session;
  const g = state.game;
  const entry = state.entry;
  const piece = pieceAt(g.position, square);
  const own = piece && isSente(piece) === (g.side === 'w');
  if (!entry) {
    if (own) await lift(square);
    if (!state.entry) await endEntry();
    return;
  }
  const path = entry.path;
  const last = path[path.length - 1];
  const marker = entry.marks.get(square);
  if (path.length > 1 && square === last) {
    // A cyan square clicked twice: the move ends there (XBoard's rule).
    await s.put(square);
    await finish(path, false);
    return;
  }
  if (!marker) {
    state.entry = null;
    if (own && square !== path[0]) await lift(square);
    if (!state.entry) await endEntry();
    return;
  }
  if (marker === 'leg') {
    await s.put(square);
    const marks = await s.lift(square);
    state.entry = { path: [...path, square], marks };
    setStatus('The move goes on: click where it ends, or this square again to end it here');
    return;
  }
  const forced = await s.put(square);
  let promote = forced === '+';
  if (marker === 'promotion') {
    promote = await askPromotion(path[0]);
  }
  await finish([...path, square], promote);
}

async function showVictims(square) {
  const entry = state.entry;
  if (!entry || entry.hovered === square) return;
  entry.hovered = square;
  const mark = entry.marks.get(square);
  // Not `busy`: a hover only reads, and the session keeps requests in order.
  const victims = ['capture', 'promotion', 'forced'].includes(mark)
    ? await state.session.hover(square)
    : [];
  if (state.entry !== entry || entry.hovered !== square) return;
  if (victims.length || entry.victims?.length) {
    entry.victims = victims;
    renderBoard();
  }
}

async function lift(square) {
  // Analysis pauses while a move is entered: each command would restart it.
  if (state.analysing) await stopEngine();
  const marks = await state.session.lift(square);
  state.entry = marks.size ? { path: [square], marks } : null;
}

/** A move entry given up: analysis goes on. */
async function endEntry() {
  state.entry = null;
  await continueGame();
}

/** Send the entered move; on acceptance record it and go on. */
async function finish(path, promote) {
  const s = state.session;
  const g = state.game;
  state.entry = null;
  let clicks = path;
  // Two steps through an empty square are one move (a Lion's jump, or a
  // pass out and back): written without the empty square.
  if (path.length === 3 && !pieceAt(g.position, path[1])) clicks = [path[0], path[2]];
  const text = moveText(clicks, promote);
  const at = performance.now();
  const secs = (at - state.moveStarted) / 1000;
  if (state.clock?.flagged(at)) {
    await timeUp(g.side);
    return;
  }
  // Analysis stops before the move, so that no line of the old position
  // comes after it; continueGame starts it again.
  await stopEngine();
  state.pv.clear();
  const answer = await s.userMove(text);
  if (answer.illegal) {
    setStatus(`Kyodai refused ${text}: ${answer.illegal}`);
    await continueGame();
    return;
  }
  state.clock?.press(at);
  await record(text, formatTime(secs));
  if (answer.result) endGame(answer.result, at);
  renderAll();
  // Not awaited: the entry is over (`busy` ends) while Kyodai thinks (or
  // judges the end of a problem).
  continueGame().catch(report);
}

function askPromotion(from) {
  const dialog = $('promote');
  const piece = pieceAt(state.game.position, from);
  const type = state.variant.piece(piece);
  const promoted = state.variant.piece(type.promotesTo);
  $('promote-yes').textContent = `Promote: ${promoted.name}`;
  $('promote-no').textContent = `Stay: ${type.name}`;
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === '+'), { once: true });
    dialog.showModal();
  });
}

// ---- The game clock ------------------------------------------------------------

const other = (side) => (side === 'w' ? 'b' : 'w');
const sideName = (side) => (side === 'w' ? 'Sente' : 'Gote');

/** The time control chosen: null (a time a move for Kyodai) or the control. */
function readControl() {
  const value = $('clock').value;
  if (value === 'move') return null;
  if (value === 'custom') return customControl($('clock-min').value, $('clock-inc').value, $('clock-byo').value);
  return parseControl(value);
}

/** The game ends (by the rules, or on time): the clocks stop. */
function endGame(result, at = performance.now()) {
  state.game.result = result;
  state.clock?.stop(at);
}

/** Every tenth of a second: a Solve's time, the clocks' readings, and the
 * page's judgement when a side's time has run out. */
function tick() {
  renderSolving();
  const g = state.game;
  const clock = state.clock;
  if (!state.ready || !clock || !g) return;
  renderClocks();
  const side = clock.flagged();
  // Not while a request for the player's move is under way (finish()
  // judges it), nor once Kyodai's move has arrived (engineMove() does).
  if (!side || g.result || state.ending) return;
  if (state.busy && !$('promote').open) return;
  if (state.thinking && state.moveAt >= clock.since) return;
  timeUp(side).catch(report);
}

/** `side`'s time ran out: it loses, as `kyodai match` words it. */
async function timeUp(side) {
  if (state.game.result || state.ending) return;
  state.clock.expire(side);
  await endByPage({
    result: side === 'w' ? '0-1' : '1-0',
    reason: `${sideName(side)} loses on time`,
    termination: 'time forfeit',
  });
}

/** The player resigns (with two players, the side to move), whenever the
 * game is running; a move being entered is given up, Kyodai stops. */
async function resign() {
  const g = state.game;
  if (!state.ready || !g || g.result || state.ending) return;
  // A request of the move entry under way finishes first (the promotion
  // dialog waits for the player: it is closed instead).
  while (state.busy && !$('promote').open) await new Promise((resolve) => setTimeout(resolve, 20));
  if (g !== state.game || g.result) return;
  const side = state.mode === 'watch' ? g.side : state.mode === 'sente' ? 'w' : 'b';
  state.clock?.stop(performance.now());
  await endByPage({ result: side === 'w' ? '0-1' : '1-0', reason: `${sideName(side)} resigns` });
}

/** The game ends by the page's judgement (time, resignation): a move being
 * entered is given up, Kyodai stops thinking and is told the result. */
async function endByPage(result) {
  const g = state.game;
  state.ending = true;
  try {
    state.entry = null;
    if ($('promote').open) $('promote').close();
    g.result = result;
    renderAll();
    await stopEngine();
    await state.session.request(`result ${result.result} {${result.reason}}`);
  } finally {
    state.ending = false;
  }
  renderAll();
}

function renderClocks() {
  const clock = state.clock;
  $('layout').classList.toggle('clocked', !!clock);
  const rows = { top: $('clock-top'), bottom: $('clock-bottom') };
  for (const [edge, row] of Object.entries(rows)) {
    row.hidden = !clock;
    if (!clock) continue;
    // Gote's pieces are at the top unless the board is flipped.
    const side = (edge === 'top') !== state.flipped ? 'b' : 'w';
    row.dataset.side = side;
    const { main, byoyomi } = clock.show(side);
    const byo = state.control.byoyomi;
    const inByoyomi = byo > 0 && main === 0;
    const left = main + byoyomi;
    const who = state.mode === 'watch' ? '' : humanPlays(side) ? ' · You' : ' · Kyodai';
    row.querySelector('.who').textContent = `${side === 'w' ? '☗' : '☖'} ${sideName(side)}${who}`;
    row.querySelector('.time').textContent = formatClock(inByoyomi ? byoyomi : main);
    row.querySelector('.note').textContent = !byo ? '' : inByoyomi ? 'byoyomi' : `+${byo / 1000} s`;
    row.classList.toggle('running', clock.turn === side);
    // Low: under ten seconds, or a fifth of a shorter control.
    row.classList.toggle('low', left < Math.min(10_000, (state.control.base + byo) / 5));
    row.classList.toggle('flagged', clock.flag === side);
    row.title = describeControl(state.control);
    row.querySelector('.clock').setAttribute('aria-label', `${sideName(side)}'s clock: ${formatClock(main)}${byo ? `, byoyomi ${formatClock(byoyomi)}` : ''}`);
  }
}

// ---- Take-back and navigation -------------------------------------------------

async function takeBack() {
  const g = state.game;
  if (!g.plies.length || state.busy) return;
  state.busy = true;
  try {
    await stopEngine();
    let n = 1;
    // Against Kyodai, take back to the player's own turn.
    if (state.mode !== 'watch' && humanPlays(g.side) && g.plies.length >= 2) n = 2;
    if (state.mode !== 'watch' && !humanPlays(g.positionAt(g.plies.length - n).side)) {
      n = Math.min(g.plies.length, n + 1);
    }
    await state.session.undo(n);
    g.takeBack(n);
    // The clocks read what they did when that position was reached.
    state.clock?.undo(n);
    state.view = g.plies.length;
    state.entry = null;
    state.pv.clear();
    state.moveStarted = performance.now();
    cancelReview();
    if (state.problem) state.problem.status = null;
  } finally {
    state.busy = false;
  }
  renderAll();
  await continueGame();
}

function go(ply) {
  const g = state.game;
  state.view = Math.max(0, Math.min(g.plies.length, ply));
  state.entry = null;
  renderAll();
}

// ---- Drawing ------------------------------------------------------------------

function renderAll() {
  renderClocks();
  renderBoard();
  renderMoves();
  renderAnalysis();
  renderReview();
  renderProblem();
  renderStatus();
}

function renderBoard() {
  const g = state.game;
  renderCoordinates();
  drawBoard($('board'), state.variant, g.positionAt(state.view), {
    lastMove: state.view > 0 ? g.plies[state.view - 1].text : null,
    entry: state.entry,
    flipped: state.flipped,
    labels: state.labels,
  });
}

function renderMoves() {
  const g = state.game;
  const review = currentReview();
  const body = $('moves').tBodies[0];
  body.replaceChildren();
  for (const row of g.rows()) {
    const tr = body.insertRow();
    tr.insertCell().textContent = `${row.number}.`;
    for (const half of [row.sente, row.gote]) {
      const td = tr.insertCell();
      if (!half) continue;
      const b = document.createElement('button');
      b.className = 'ply';
      b.textContent = plyText(g.plies[half.ply - 1]);
      b.dataset.ply = half.ply;
      if (half.ply === state.view) b.classList.add('current');
      const judgement = review?.at(half.ply)?.judgement;
      if (judgement) {
        const nag = document.createElement('span');
        nag.className = `nag j-${judgement.toLowerCase()}`;
        nag.textContent = GLYPHS[judgement];
        b.append(nag);
        b.dataset.judgement = judgement;
        b.title = `${judgement}: ${betterText(review.at(half.ply))}`;
      }
      b.addEventListener('click', () => go(half.ply));
      td.append(b);
    }
  }
  renderReviewNote(review);
  const current = body.querySelector('.current');
  current?.scrollIntoView({ block: 'nearest' });
  const result = $('result');
  result.hidden = !g.result;
  if (g.result) result.textContent = `${g.result.result} ${g.result.reason}`;
}

function showThinking(info) {
  state.lastInfo = info;
  // Kyodai scores from the side to move; the panel shows Sente's view.
  state.pv.add({ ...info, senteScore: state.game.side === 'w' ? info.score : -info.score });
  renderAnalysis();
}

function renderAnalysis() {
  const list = $('analysis');
  const stats = $('analysis-stats');
  const lines = state.pv.lines;
  list.replaceChildren();
  if (!lines.length) {
    stats.textContent = state.defending
      ? 'Kyodai\'s mate solver looks for the longest defence…'
      : state.thinking
        ? 'Kyodai is thinking…'
        : state.analysing
          ? 'Analysing…'
          : state.game.result
            ? 'The game is over.'
            : state.problem
              ? 'In a problem Kyodai defends with its mate solver, and thinks as in a game only where the solver has no answer.'
              : state.mode === 'watch'
                ? 'Analysis is off.'
                : 'Kyodai shows its thinking here.';
    return;
  }
  const top = lines[0];
  stats.textContent = `depth ${top.depth} · ${top.nodes.toLocaleString('en')} nodes · ${(top.centiseconds / 100).toFixed(1)} s`;
  if (state.analysing && !state.isolated) {
    stats.textContent += ` (this server does not isolate the page: analysis stops after ${UNISOLATED_SEARCH_MS / 1000} s)`;
  }
  for (const l of lines) {
    const li = document.createElement('li');
    const score = document.createElement('b');
    score.className = 'score';
    score.textContent = formatScore(l.senteScore);
    const pv = document.createElement('span');
    pv.className = 'pv';
    pv.textContent = l.pv.join(' ');
    li.append(score, ' ', pv);
    list.append(li);
  }
}

function renderStatus() {
  const g = state.game;
  if (g.result) {
    setStatus(`${g.result.result} · ${g.result.reason}`);
  } else if (state.view !== g.plies.length) {
    setStatus(`Viewing move ${state.view} of ${g.plies.length}`);
  } else if (state.thinking) {
    setStatus(state.defending ? 'Kyodai looks for its longest defence…' : 'Kyodai is thinking…');
  } else if (state.solving) {
    setStatus('Kyodai is solving the position…');
  } else {
    const mating = state.problem?.attacker === g.side ? ': mate, every move a check' : '';
    setStatus(`${g.side === 'w' ? 'Sente' : 'Gote'} to move${mating}`);
  }
  $('takeback').disabled = !g.plies.length;
  $('resign').disabled = !!g.result;
}

function setStatus(text) {
  $('status').textContent = text;
}

// ---- Position and record ----------------------------------------------------

function showFen() {
  const g = state.game;
  $('fen').value = writeFen(g.positionAt(state.view));
}

/** The game as `writePgn` takes it. */
function gameRecord() {
  const g = state.game;
  const me = 'Player';
  const names = g.players ?? {
    sente: [me, 'Kyodai'],
    gote: ['Kyodai', me],
    watch: ['Sente', 'Gote'],
  }[state.mode];
  let tc = state.mode === 'watch' ? '-' : `${$('time').value}/move`;
  if (state.control) tc = controlTag(state.control);
  const perMove = !state.control;
  return {
    event: 'Kyodai in the browser',
    site: location.host || '?',
    date: pgnDate(),
    round: 1,
    white: names[0],
    black: names[1],
    result: g.result?.result ?? '*',
    reason: g.result?.reason,
    termination: g.result?.termination,
    variant: g.variant.name,
    rules: g.rules,
    startFen: g.startFen,
    standardStart: g.variant.start,
    // A time a move is Kyodai's alone; a game clock is both players'.
    whiteTimeControl: perMove && state.mode === 'sente' ? '-' : tc,
    blackTimeControl: perMove && state.mode === 'gote' ? '-' : tc,
    moves: g.plies.map((p) => ({ text: p.text, comment: p.comment })),
  };
}

/** The game as PGN; once reviewed, as the review wrote it (`kyodai
 * analyse`'s comments, NAGs and each side's figures). */
function exportPgn() {
  const text = currentReview()?.pgn ?? writePgn(gameRecord());
  const area = $('pgn');
  area.hidden = false;
  area.value = text;
  const link = $('pgn-download');
  URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  link.hidden = false;
}

// ---- Records, notation and the game review --------------------------------------

/** The move list's notation: lishogi's (USI, KIF) are Chu's only, and the
 * module's to write. */
function notation() {
  return state.variant?.name === 'chu' && state.engine?.readRecord ? state.notation : 'cecp';
}

function plyText(ply) {
  const key = notation();
  return key === 'cecp' ? ply.text : ply[key] ?? ply.text;
}

/** Give the plies that lack it the move list's lishogi notation, from the
 * module's record reader (a game played here is read back from its PGN). */
async function refreshNotation() {
  const g = state.game;
  const key = notation();
  if (key === 'cecp' || !state.engine?.readRecord || g.plies.every((p) => key in p)) return;
  const read = await state.engine.readRecord(writePgn(gameRecord()), g.variant.name);
  (read.games[0]?.plies ?? []).forEach((p, i) => {
    const ply = g.plies[i];
    if (ply?.text === p.cecp) Object.assign(ply, { usi: p.usi, kif: p.kif });
  });
  if (state.game === g) renderMoves();
}

/** The labels on the board's edges: Kyodai's below and on the left, as a
 * chess board has them; lishogi's above and on the right, as on a shogi
 * board. */
function renderCoordinates() {
  const v = state.variant;
  const key = notation();
  $('board-area').classList.toggle('lishogi', key !== 'cecp');
  drawCoordinates($('board-frame'), $('files'), $('ranks'), v, key, state.flipped);
  $('notation').value = key;
  for (const option of $('notation').options) option.disabled = option.value !== 'cecp' && v.name !== 'chu';
}

/** The review of the game as it is now (none once a move is played or taken back). */
function currentReview() {
  const g = state.game;
  return state.review && state.reviewedGame === g && state.review.plies === g.plies.length
    ? state.review
    : null;
}

function cancelReview() {
  state.reviewing?.job.cancel();
  state.reviewing = null;
}

/** "Analyse game": Kyodai's second engine searches every position (the
 * module's review), the page stays free meanwhile. */
async function analyseGame() {
  const g = state.game;
  if (state.reviewing || !g.plies.length) return;
  const plies = g.plies.length;
  const job = state.engine.review(writePgn(gameRecord()), {
    variant: g.variant.name,
    movetimeMs: Number($('review-time').value),
    onProgress: (done, positions) => {
      if (state.reviewing?.job !== job) return;
      Object.assign(state.reviewing, { done, positions });
      renderReview();
    },
  });
  state.reviewing = { job, done: 0, positions: plies + 1 };
  $('review-error').hidden = true;
  renderReview();
  try {
    const json = await job.result;
    if (state.game === g && g.plies.length === plies) {
      state.review = new Review(json, plies);
      state.reviewedGame = g;
    }
  } catch (e) {
    if (!e.cancelled) {
      $('review-error').textContent = `The review stopped: ${e.message}`;
      $('review-error').hidden = false;
    }
  } finally {
    if (state.reviewing?.job === job) state.reviewing = null;
  }
  renderAll();
}

const sideOf = (ply) => state.game.positionAt(ply - 1).side;

/** A lost move's better move in the move list's notation, and its score
 * (from the mover's view). */
function betterText(entry) {
  const better = entry.better;
  if (!better?.move) return 'Kyodai found no better move';
  return `better ${better.move[notation()] ?? better.move.cecp} (${better.score})`;
}

/** Under the moves: what the review says of the move shown on the board. */
function renderReviewNote(review) {
  const note = $('review-note');
  const entry = review?.at(state.view);
  note.hidden = !entry;
  if (!entry) return;
  const ply = state.game.plies[state.view - 1];
  const mover = sideName(sideOf(state.view));
  const curve = review.curve();
  const move = document.createElement('b');
  move.textContent = `${plyText(ply)}${GLYPHS[entry.judgement] ?? ''}`;
  const parts = [move, ' '];
  if (entry.judgement) {
    const verdict = document.createElement('strong');
    verdict.textContent = entry.judgement;
    parts.push(verdict, ': ');
  }
  parts.push(`${entry.score} for ${mover} (depth ${entry.depth}); Sente's winning chances ${Math.round(curve[state.view - 1])}% → ${Math.round(curve[state.view])}%.`);
  const better = entry.better;
  if (entry.judgement && better?.move) {
    const key = notation();
    // KIF has no line form: the line goes in USI, lishogi's other notation.
    const line = (key === 'cecp' ? better.line.cecp : better.line.usi) ?? better.line.cecp;
    parts.push(` Kyodai prefers ${better.move[key] ?? better.move.cecp} (${better.score} for ${mover}, depth ${better.depth}): ${line.join(' ')}`);
  }
  note.className = `review-note${entry.judgement ? ` j-${entry.judgement.toLowerCase()}` : ''}`;
  note.replaceChildren(...parts);
}

/** The review card (its progress, each side's figures) and the graph. */
function renderReview() {
  const g = state.game;
  const review = currentReview();
  const running = state.reviewing;
  $('review-start').disabled = !!running || !g.plies.length;
  $('review-running').hidden = !running;
  if (running) {
    $('review-progress').max = Math.max(1, running.positions);
    $('review-progress').value = running.done;
    $('review-count').textContent = `${running.done} of ${running.positions} positions searched`;
  }
  $('review-about').hidden = !!review || !!running;
  const totals = $('review-totals');
  totals.hidden = !review;
  if (review) {
    const record = gameRecord();
    drawTotals(totals.tBodies[0], review.totals, [record.white, record.black]);
  }
  $('graph').hidden = !review;
  $('layout').classList.toggle('reviewed', !!review);
  if (review) {
    const label = (ply) => `${review.at(ply).judgement}: ${plyText(g.plies[ply - 1])}`;
    drawGraph($('graph-svg'), review, state.view, $('board').clientWidth, 96, label);
  }
}

const MAX_RECORD_BYTES = 64 << 20; // the module's own bound (src/record/replay.rs)

/** A record file's text: UTF-8, or Shift_JIS, which older KIF files are in. */
async function fileText(file) {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

function showRecordMessages(lines) {
  const box = $('record-error');
  box.hidden = !lines.length;
  box.replaceChildren(...lines.map((text) => {
    const line = document.createElement('span');
    line.textContent = text;
    return line;
  }));
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Run `task`, the opening of a record's game, with `state.opening` set
 * (set before the first await: a caller that clicked can wait on it). */
async function opening(task) {
  state.opening = true;
  try {
    await task();
  } finally {
    state.opening = false;
  }
}

/** Read a record with the module's readers and open its first game. */
async function openRecord(text) {
  showRecordMessages([]);
  if (!text.trim()) {
    showRecordMessages(['Choose a record file or paste a record first.']);
    return;
  }
  const read = await state.engine.readRecord(text, $('variant').value);
  state.record = read;
  const titles = read.games.map((game) => {
    const v = state.variants.find((x) => x.name === game.variant);
    return `${game.number}. ${game.players} · ${v?.title ?? game.variant} · ${game.plies.length} plies${game.result ? ` · ${game.result}` : ''}`;
  });
  $('record-games').replaceChildren(...titles.map((title, i) => new Option(title, i)));
  $('record-games').hidden = read.games.length < 2;
  if (!read.games.length) {
    showRecordMessages(['No game could be read.', ...read.problems.map((p) => `${capitalised(p.message)}.`)]);
    return;
  }
  await openGame(read.games[0]);
}

/** Open a game the module read: the board at its start, or where a problem
 * stopped the reading, and the problems said. */
async function openGame(game) {
  const problems = state.record.problems.map((p) => `${capitalised(p.message)}.`);
  const stopped = state.record.problems.find((p) => p.game === game.number && p.ply);
  if (stopped) problems.push(`Game ${game.number} is opened up to ply ${game.plies.length}, the last read.`);
  if (!state.variants.some((v) => v.name === game.variant)) {
    showRecordMessages([...problems, `The page has no variant ${game.variant}.`]);
    return;
  }
  showRecordMessages(problems);
  $('variant').value = game.variant;
  // Both sides by hand: the game is looked at, and can be played on.
  $('mode').value = 'watch';
  await newGame(undefined, game);
  go(stopped ? game.plies.length : 0);
  // On a phone the board is a screen above this card; a message keeps it here.
  if (!problems.length) $('board-area').scrollIntoView({ block: 'nearest' });
}

/** The engine replays a record's moves, and the page takes each position as
 * the module wrote it. */
async function replayRecord(game, opened) {
  const v = game.variant;
  const tag = (name) => opened.tags.find(([k]) => k === name)?.[1];
  game.players = [tag('White') ?? 'Sente', tag('Black') ?? 'Gote'];
  for (const [i, p] of opened.plies.entries()) {
    // The module replayed them under the same rules: a refusal is not expected.
    const answer = await state.session.userMove(p.cecp);
    if (answer.illegal) {
      showRecordMessages([`Kyodai refused ply ${i + 1} (${p.cecp}): ${answer.illegal}.`]);
      break;
    }
    game.push(p.cecp, parseFen(p.fen, v.width, v.height), p.comments.join(' '));
    Object.assign(game.plies[i], { usi: p.usi, kif: p.kif });
    if (answer.result) game.result = answer.result;
  }
  if (!game.result && opened.result && opened.result !== '*') {
    const termination = tag('Termination');
    game.result = {
      result: opened.result,
      reason: termination && !['normal', 'unterminated'].includes(termination) ? termination : 'as recorded',
    };
  }
}

// ---- Problems ---------------------------------------------------------------------

/** The problem the module's solver takes: the game's start and its moves up
 * to `ply`, under the game's rules. */
function problemRequest(ply) {
  const g = state.game;
  return { variant: g.variant.name, rules: g.rules, fen: g.startFen, moves: g.plies.slice(0, ply).map((p) => p.text) };
}

/** How the playing out of the problem goes, for its card: `parts` are text
 * and plies, the plies written in the move list's notation when shown. */
function say(kind, ...parts) {
  state.problem.status = { kind, parts };
}

/** The solver's limit the player chose, for a Solve and for each defence. */
const solverLimit = () => Number($('problem-time').value);

function cancelSolve() {
  state.solving?.job.cancel();
  state.solving = null;
}

/** "Set up": the pasted position (or, with none, the board's) becomes a
 * problem: the player attacks from it, Kyodai defends. */
async function setUpProblem() {
  const text = $('problem-position').value;
  let problem;
  try {
    problem = text.trim()
      ? readProblemPosition(text, $('variant').value)
      : { fen: writeFen(state.game.positionAt(state.view)), rules: state.game.rules };
  } catch (e) {
    showProblemError(e.message);
    return;
  }
  showProblemError('');
  const refused = await newGame(undefined, undefined, problem);
  if (refused) showProblemError(`Kyodai refused the position: ${refused}`);
  // On a phone the board is a screen above this card.
  $('board-area').scrollIntoView({ block: 'nearest' });
}

function showProblemError(text) {
  $('problem-error').textContent = text;
  $('problem-error').hidden = !text;
}

/** Kyodai's turn in a problem: its solver judges the player's move (each
 * of the attacker's must give check) and answers with the defence that
 * holds out longest; where the attack has failed, or the solver finds no
 * answer within its limit, Kyodai plays its own best move. */
function defendProblem() {
  return kyodaisTurn(answerProblemMove);
}

async function answerProblemMove(g) {
  const tried = g.plies[g.plies.length - 1];
  const job = state.engine.defendMate(problemRequest(g.plies.length), { timeMs: solverLimit() });
  state.defending = job;
  let answer;
  try {
    answer = await job.result;
  } catch (e) {
    // Cancelled: a take-back, Retry or a new game took the turn away.
    if (e.cancelled || state.game !== g) return;
    answer = { error: e.message };
  } finally {
    if (state.defending === job) state.defending = null;
  }
  if (state.game !== g) return;
  if (answer.check === false) {
    await state.session.undo(1);
    g.takeBack(1);
    state.view = g.plies.length;
    say('refused', tried, ' does not give check: in a problem every move of the attacker must. It is taken back; try another.');
    return;
  }
  if (answer.verdict !== 'mate') {
    if (answer.verdict === 'nomate') say('failed', 'The attack has failed: after ', tried, ' there is no mate. Take back or Retry.');
    else if (answer.error) say('going', `Kyodai's solver stopped (${answer.error}); Kyodai plays its own move.`);
    else say('going', `Kyodai's solver found no verdict within ${seconds(solverLimit())}; Kyodai plays its own move.`);
    await engineMove();
    return;
  }
  const reply = answer.line[0];
  const played = await state.session.userMove(reply.cecp);
  if (played.illegal) {
    // The solver and the engine play by the same rules: not expected.
    say('error', `Kyodai refused its own defence ${reply.cecp}: ${played.illegal}`);
    return;
  }
  const left = answer.length - 1;
  await record(reply.cecp, left > 0 ? `mate in ${left}` : 'mated');
  const defence = g.plies[g.plies.length - 1];
  Object.assign(defence, { usi: reply.usi, kif: reply.kif });
  if (played.result) endGame(played.result);
  if (left > 0) say('going', 'Kyodai\'s longest defence: ', defence, `. Mate in ${left} from here.`);
  else say('mate', tried, ' mates: whatever Kyodai does, its last royal falls. Take it.');
}

/** The problem's game has ended: solved if the player's checks took the
 * last royal, as the module judges the moves played (the length as problem
 * books count it). */
async function judgeProblemEnd() {
  const g = state.game;
  const plies = g.plies.length;
  let answer;
  try {
    answer = await state.engine.defendMate(problemRequest(plies)).result;
  } catch (e) {
    if (!e.cancelled) say('error', `Kyodai could not judge the end: ${e.message}`);
    return;
  }
  // Not the rules' end (a resignation): the result says it all.
  if (state.game !== g || g.plies.length !== plies || answer.ended === undefined) return;
  if (answer.length === null) {
    say('failed', `The game ended ${answer.ended}, not with a mate by checks (${answer.why}).`);
    return;
  }
  const best = currentSolution(0)?.answer;
  const shortest = best?.verdict === 'mate' && best.length < answer.length ? ` Kyodai's solution is a mate in ${best.length}.` : '';
  say('solved', `Solved: mate in ${answer.length}.${shortest}`);
}

/** "Solve": the mate solver on the position shown, in the module's solver
 * Worker within the chosen limit. The side to move attacks, but in a
 * problem the player's side does: where the defender is to move, its
 * longest defence starts the line. */
async function solvePosition() {
  if (state.solving || state.thinking || !state.ready) return;
  const g = state.game;
  const ply = state.view;
  const limitMs = solverLimit();
  const request = problemRequest(ply);
  const side = state.problem?.attacker ?? g.positionAt(ply).side;
  const defending = side !== g.positionAt(ply).side;
  const options = { timeMs: limitMs };
  const job = defending ? state.engine.defendMate(request, options) : state.engine.solveMate(request, options);
  state.solving = { job, started: performance.now(), limitMs };
  state.entry = null;
  renderAll();
  const solved = { fen: request.fen, moves: request.moves, side, limitMs };
  try {
    const answer = await job.result;
    // A defence asked of a position that is none: said as Solve says it.
    if (answer.ended) state.solution = { ...solved, error: `the game is already over: ${answer.ended}` };
    else if (answer.check === false) state.solution = { ...solved, error: 'the attacker\'s last move gave no check' };
    else state.solution = { ...solved, answer };
  } catch (e) {
    if (!e.cancelled) state.solution = { ...solved, error: e.message };
  } finally {
    if (state.solving?.job === job) state.solving = null;
  }
  renderAll();
}

/** The last Solve's answer while the game still passes through the
 * position it solved, or null; `ply`: only if solved there. */
function currentSolution(ply) {
  const s = state.solution;
  const g = state.game;
  if (!s || s.fen !== g.startFen || g.plies.length < s.moves.length) return null;
  if (ply !== undefined && s.moves.length !== ply) return null;
  return s.moves.every((text, i) => g.plies[i].text === text) ? s : null;
}

/** "Step through it": the game from the position solved goes on with
 * the solution, to be stepped through with the arrows. */
async function showSolution() {
  const s = currentSolution();
  if (!s?.answer?.line.length || state.busy) return;
  state.busy = true;
  try {
    await stopEngine();
    const g = state.game;
    const after = g.plies.length - s.moves.length;
    if (after > 0) {
      await state.session.undo(after);
      g.takeBack(after);
    }
    const v = g.variant;
    for (const m of s.answer.line) {
      const answer = await state.session.userMove(m.cecp);
      if (answer.illegal) {
        setStatus(`Kyodai refused ${m.cecp} of its solution: ${answer.illegal}`);
        break;
      }
      g.push(m.cecp, parseFen(m.fen, v.width, v.height), '');
      Object.assign(g.plies[g.plies.length - 1], { usi: m.usi, kif: m.kif });
      if (answer.result) g.result = answer.result;
    }
    if (state.problem) {
      say('shown', 'Kyodai\'s solution is on the board: step through it with ▶ (or the arrow keys). Retry to play it out yourself.');
    }
    state.view = s.moves.length;
    state.entry = null;
    cancelReview();
  } finally {
    state.busy = false;
  }
  renderAll();
}

/** While a Solve runs: the time it has spent of its limit. */
function renderSolving() {
  const solving = state.solving;
  if (!solving) return;
  const spent = Math.min(performance.now() - solving.started, solving.limitMs);
  $('problem-progress').max = solving.limitMs;
  $('problem-progress').value = spent;
  $('problem-clock').textContent = `Solving… ${seconds(spent)} of ${seconds(solving.limitMs)}`;
}

/** The problem card: what a problem is, the Solve under way or its
 * verdict and line, and how the playing out goes. */
function renderProblem() {
  const problem = state.problem;
  const solving = state.solving;
  $('problem-retry').hidden = !problem;
  $('problem-solve').disabled = !!solving || state.thinking || !state.ready;
  $('problem-running').hidden = !solving;
  renderSolving();
  const about = $('problem-about');
  if (problem) {
    const attacker = sideName(problem.attacker);
    about.textContent = `${attacker} to mate: play ${attacker}'s moves on the board, each a check; Kyodai defends as long as it can.`;
  } else {
    about.textContent = 'Paste a position and set it up: you play the side to move and must mate, every move a check, and Kyodai defends. Solve asks Kyodai\'s mate solver about the position on the board.';
  }
  const s = solving ? null : currentSolution();
  const verdict = $('problem-verdict');
  verdict.hidden = !s;
  if (s) {
    const text = s.error
      ? { title: 'Not a problem', detail: `${capitalised(s.error)}.` }
      : verdictText(s.answer, s.side, s.limitMs);
    verdict.className = `verdict v-${s.error ? 'error' : s.answer.verdict}`;
    $('problem-title').textContent = text.title;
    $('problem-detail').textContent = text.detail;
    const line = s.answer?.line ?? [];
    // KIF has no line form: the line goes in USI, lishogi's other notation.
    const key = notation() === 'kif' ? 'usi' : notation();
    $('problem-line').textContent = line.map((m) => m[key] ?? m.cecp).join(' ');
    $('problem-line').hidden = !line.length;
    const onBoard = line.length && state.game.plies.length === s.moves.length + line.length
      && line.every((m, i) => state.game.plies[s.moves.length + i].text === m.cecp);
    $('problem-show').hidden = !line.length || onBoard;
  }
  const status = $('problem-status');
  status.hidden = !problem?.status;
  status.className = `problem-status s-${problem?.status?.kind ?? 'none'}`;
  status.textContent = (problem?.status?.parts ?? []).map((part) => (typeof part === 'string' ? part : plyText(part))).join('');
}

// ---- Controls -----------------------------------------------------------------

/** The custom entry for a custom control; Kyodai's time a move without a clock. */
function showClockChoice() {
  const value = $('clock').value;
  $('clock-custom').hidden = value !== 'custom';
  $('time-row').hidden = value !== 'move';
}

function bindControls() {
  $('board').addEventListener('click', (e) => {
    const cell = e.target.closest('.sq');
    if (cell) onSquare(cell.dataset.square);
  });
  // Over a capture, Kyodai names the other pieces the move removes
  // (burns, a double capture's first victim), as XBoard shows them.
  $('board').addEventListener('pointerover', (e) => {
    const cell = e.target.closest('.sq');
    if (cell) showVictims(cell.dataset.square);
  });
  $('new').addEventListener('click', () => newGame());
  $('variant').addEventListener('change', () => newGame());
  $('mode').addEventListener('change', () => newGame());
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    renderBoard();
    renderClocks();
  });
  $('labels').addEventListener('change', () => {
    state.labels = $('labels').value;
    renderBoard();
  });
  $('first').addEventListener('click', () => go(0));
  $('prev').addEventListener('click', () => go(state.view - 1));
  $('next').addEventListener('click', () => go(state.view + 1));
  $('last').addEventListener('click', () => go(state.game.plies.length));
  $('takeback').addEventListener('click', takeBack);
  $('resign').addEventListener('click', () => resign().catch(report));
  $('time').addEventListener('change', () => state.session.request(`st ${$('time').value}`));
  // A new time control starts a new game: a clock is not changed mid-game.
  showClockChoice();
  $('clock').addEventListener('change', () => {
    showClockChoice();
    newGame();
  });
  for (const id of ['clock-min', 'clock-inc', 'clock-byo']) {
    $(id).addEventListener('change', () => newGame());
  }
  $('skill').addEventListener('input', () => {
    $('skill-out').textContent = $('skill').value;
  });
  $('skill').addEventListener('change', () => state.session.setOption('Skill level', $('skill').value));
  $('multipv').addEventListener('change', async () => {
    const n = Number($('multipv').value);
    const was = state.analysing;
    if (was) {
      state.analysing = false;
      await state.session.exitAnalysis();
    }
    // After the old analysis has stopped: its last lines are not the new set's.
    state.pv = new MultiPv(n);
    await state.session.setOption('MultiPV', n);
    if (was) await startAnalysis();
    renderAnalysis();
  });
  $('analyse').addEventListener('change', async () => {
    if (state.mode !== 'watch') return;
    if ($('analyse').checked && !state.game.result) await startAnalysis();
    else await stopEngine();
    state.pv.clear();
    renderAnalysis();
  });
  for (const id of KEPT) $(id).addEventListener('change', () => saveSettings(document, pageStorage()));
  $('fen-show').addEventListener('click', showFen);
  $('fen-load').addEventListener('click', () => {
    const fen = $('fen').value.trim();
    if (fen) newGame(fen);
  });
  $('sfen-show').addEventListener('click', () => {
    $('fen').value = writeSfen(state.game.positionAt(state.view), state.view + 1);
  });
  $('sfen-load').addEventListener('click', () => {
    try {
      newGame(sfenToFen($('fen').value));
    } catch (e) {
      setStatus(e.message);
    }
  });
  $('pgn-export').addEventListener('click', exportPgn);
  $('notation').addEventListener('change', () => {
    state.notation = $('notation').value;
    renderAll();
    refreshNotation().catch(report);
  });
  $('review-start').addEventListener('click', () => analyseGame().catch(report));
  $('problem-setup').addEventListener('click', () => setUpProblem().catch(report));
  $('problem-retry').addEventListener('click', () => newGame(undefined, undefined, state.problem).catch(report));
  $('problem-solve').addEventListener('click', () => solvePosition().catch(report));
  $('problem-cancel').addEventListener('click', () => {
    cancelSolve();
    renderAll();
  });
  $('problem-show').addEventListener('click', () => showSolution().catch(report));
  $('review-cancel').addEventListener('click', () => {
    cancelReview();
    renderAll();
  });
  $('graph-svg').addEventListener('click', (e) => {
    const box = e.currentTarget.getBoundingClientRect();
    go(plyAt(e.clientX - box.left, box.width, state.game.plies.length));
  });
  $('record-open').addEventListener('click', () => opening(() => openRecord($('record-text').value)).catch(report));
  $('record-file').addEventListener('change', () => opening(async () => {
    const file = $('record-file').files[0];
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      showRecordMessages([`${file.name} is larger than ${MAX_RECORD_BYTES >> 20} MiB.`]);
      return;
    }
    await openRecord(await fileText(file));
  }).catch(report));
  $('record-games').addEventListener('change', () => {
    opening(() => openGame(state.record.games[Number($('record-games').value)])).catch(report);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') go(state.view - 1);
    if (e.key === 'ArrowRight') go(state.view + 1);
    if (e.key === 'Home') go(0);
    if (e.key === 'End') go(state.game.plies.length);
    if (e.key === 'Escape' && state.entry && !state.busy) {
      endEntry().then(renderAll, report);
    }
  });
}

start().catch((e) => {
  setStatus(`Kyodai could not start: ${e.message}`);
  console.error(e);
});

// For tests and the curious: the page's state.
window.kyodaiPage = state;
