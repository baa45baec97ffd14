/**
 * Standard Algebraic Notation (PGN standard, section 8.2.3), as ICC's DG_MOVE_ALGEBRAIC and the
 * SAN field of style 12 carry it, with drops as `N@f3` (formats2.txt, DG_MOVE_SMITH: "bughouse
 * plunks are the same in all move formats, e.g. "Q@f7+"").
 */
import { isCheck } from './attacks.js';
import { parseSquare, squareAt, squareName, squareX, squareY, type Square } from './geometry.js';
import { MOVEMENT } from './movement.js';
import type { Move } from './move.js';
import {
  checkLength,
  choosePromotion,
  excerpt,
  fileOfName,
  isDigit,
  isErr,
  isLowerLetter,
  isShortCastle,
  castleOn,
  castlesFromKing,
  dropOn,
  legalMovesTo,
  movesTo,
  moveError,
  nameOf,
  rankOfName,
  roleFromUpperLetter,
  scanDrop,
  squareTokenEnd,
  upperLetter,
  type MoveNotationError,
} from './move-notation.js';
import { ok, type Result } from './result.js';
import { KIND_DROP, KING, PAWN, type Engine } from './engine.js';
import { engineFor, play } from './rules.js';
import type { Setup } from './setup.js';
import { roleFromLetter, type Role } from './vocabulary.js';
import {
  AT,
  DASH,
  DIGIT_1,
  EQUALS,
  EXCLAMATION,
  HASH,
  LOWER_A,
  LOWER_X,
  PLUS,
  QUESTION,
  UPPER_A,
  UPPER_B,
  UPPER_K,
  UPPER_N,
  UPPER_O,
  UPPER_P,
  UPPER_Q,
  UPPER_R,
  UPPER_Z,
} from './internal/codes.js';

/**
 * The SAN of a legal move: piece letter, the least disambiguation among legal moves (file,
 * else rank, else both), `x` on captures, `=Q` on promotions, `O-O`/`O-O-O` for castling
 * (by the side of the rook, so Chess960 too), `N@f3` and `P@e4` for drops, and `+` or `#`.
 */
export function writeSan(setup: Setup, move: Move): string {
  return writeSanWithoutSuffix(setup, move) + checkSuffix(setup, move);
}

function checkSuffix(setup: Setup, move: Move): string {
  const engine = engineFor(setup);
  // Where the king is a plain piece (antichess), nothing is ever in check.
  if (!engine.royal) return '';
  const code = engine.encode(move);
  // The engine plays only a legal move in place; anything else (and a king capture, which only
  // an impossible position allows) takes the general road through `play`, as it always has.
  if (
    code >= 0 &&
    setup.board.pieces[move.to]?.role !== 'king' &&
    isGenerated(engine, engine.generateTo(0, cellOf(engine, move.to)), code)
  ) {
    engine.make(code);
    const suffix =
      engine.variant?.sanMarksWin && engine.winner() !== undefined
        ? '#'
        : !engine.inCheck()
          ? ''
          : engine.isMatedOnBoard()
            ? '#'
            : '+';
    engine.unmake(code);
    return suffix;
  }
  const after = play(setup, move);
  if (!isCheck(after)) return '';
  // Mate on the board, even when the variant's own rule ended the game (a three-check side's
  // last check): the game is over either way, but `#` says more.
  return engineFor(after).isMatedOnBoard() ? '#' : '+';
}

function cellOf(engine: Engine, square: Square): number {
  return engine.c.cellOf[square] ?? -1;
}

function isGenerated(engine: Engine, end: number, code: number): boolean {
  for (let i = 0; i < end; i++) if (engine.moves[i] === code) return true;
  return false;
}

/** SAN without the check suffix. */
function writeSanWithoutSuffix(setup: Setup, move: Move): string {
  const { geometry } = setup.board;
  switch (move.kind) {
    case 'drop':
      // Pawn drops keep their letter (`P@e4`): ICC and FICS send it, and a bare `@e4` is
      // accepted on input (chessops writes that form).
      return `${upperLetter(move.role)}@${nameOf(setup, move.to)}`;
    case 'castle':
      return isShortCastle(geometry, move, castlesFromKing(setup)) ? 'O-O' : 'O-O-O';
    case 'enPassant':
      return `${fileOfName(nameOf(setup, move.from))}x${nameOf(setup, move.to)}`;
    case 'normal': {
      const mover = setup.board.pieces[move.from];
      if (!mover) throw new TypeError(`writeSan: no piece on ${nameOf(setup, move.from)}`);
      const capture = setup.board.pieces[move.to] !== undefined;
      const to = nameOf(setup, move.to);
      const promotion = move.promotion === undefined ? '' : `=${upperLetter(move.promotion)}`;
      if (mover.role === 'pawn') {
        const isCapture = capture || squareX(geometry, move.from) !== squareX(geometry, move.to);
        return `${isCapture ? `${fileOfName(nameOf(setup, move.from))}x` : ''}${to}${promotion}`;
      }
      return `${upperLetter(mover.role)}${disambiguation(setup, move.from, move.to, mover.role)}${capture ? 'x' : ''}${to}${promotion}`;
    }
  }
}

/** File if it tells the movers apart, else rank, else the whole square (PGN 8.2.3.4). */
function disambiguation(setup: Setup, from: Square, to: Square, role: Role): string {
  // Generating the legal moves is most of the cost of writing SAN; skip it when no other piece
  // of the kind could reach the square at all. The fool has no movement of its own to ask.
  if (role !== 'fool' && !hasTwin(setup, from, to, role)) return '';
  const others: string[] = [];
  for (const m of legalMovesTo(setup, to)) {
    if (m.kind !== 'normal' || m.from === from) continue;
    if (setup.board.pieces[m.from]?.role !== role) continue;
    const name = nameOf(setup, m.from);
    if (!others.includes(name)) others.push(name);
  }
  if (others.length === 0) return '';
  const name = nameOf(setup, from);
  const file = fileOfName(name);
  if (others.every((o) => fileOfName(o) !== file)) return file;
  const rank = rankOfName(name);
  if (others.every((o) => rankOfName(o) !== rank)) return rank;
  return name;
}

/** Whether a piece other than the one on `from`, of its colour and role, moves like it onto `to`. */
function hasTwin(setup: Setup, from: Square, to: Square, role: Role): boolean {
  const { geometry, pieces } = setup.board;
  const mover = pieces[from];
  const tx = squareX(geometry, to);
  const ty = squareY(geometry, to);
  const isTwin = (square: Square): boolean => {
    const p = pieces[square];
    return square !== from && p !== undefined && p.role === role && p.color === mover?.color;
  };
  // Movement is symmetric, so a twin stands where the piece would go from `to`.
  const { leaps, slides } = MOVEMENT[role];
  for (const [dx, dy] of leaps) {
    const square = squareAt(geometry, tx + dx, ty + dy);
    if (square !== undefined && isTwin(square)) return true;
  }
  for (const [dx, dy] of slides) {
    for (let x = tx + dx, y = ty + dy; ; x += dx, y += dy) {
      const square = squareAt(geometry, x, y);
      if (square === undefined) break;
      if (isTwin(square)) return true;
      if (pieces[square] !== undefined) break;
    }
  }
  return false;
}

type Castling = 'short' | 'long';

const CASTLING_FORMS: ReadonlyMap<string, Castling> = /* @__PURE__ */ new Map<string, Castling>([
  ['O-O', 'short'],
  ['0-0', 'short'],
  ['o-o', 'short'],
  ['O-O-O', 'long'],
  ['0-0-0', 'long'],
  ['o-o-o', 'long'],
]);

/** Placeholders servers and PGN use where there is no move. */
const NO_MOVE_FORMS: ReadonlySet<string> = /* @__PURE__ */ new Set(['none', '--', 'Z0', '0000']);

function isAsciiLetter(code: number): boolean {
  return isLowerLetter(code) || (code >= UPPER_A && code <= UPPER_Z);
}

/** Strips trailing annotations (`!`, `?`), check marks (`+`, `#`) and `e.p.`; returns the body's end. */
function bodyEnd(text: string): number {
  let end = text.length;
  for (;;) {
    const last = text[end - 1];
    if (last === '!' || last === '?' || last === '+' || last === '#') {
      end--;
      continue;
    }
    if (end >= 4 && text.startsWith('e.p.', end - 4)) {
      end -= 4;
      if (text[end - 1] === ' ') end--;
      continue;
    }
    return end;
  }
}

/**
 * Reads SAN against the legal moves of `setup`. Accepted beyond the strict form: `0-0`/`o-o`
 * castling, promotion without `=` or in lower case (`e8Q`, `e8=q`), a missing or wrong `+`/`#`,
 * trailing `!`/`?` annotations, an optional or superfluous `x` (or `:`, `-`), `e.p.`, a `P`
 * before pawn moves, over-disambiguation (`Ng1f3`), and `@e4` for a pawn drop.
 *
 * @example
 * ```ts
 * import { parseSan, standardSetup } from '@chess-formats/board-core';
 * console.log(parseSan(standardSetup(), 'Nf3').ok); // → true
 * const no = parseSan(standardSetup(), 'Nf4');
 * if (!no.ok) console.log(`${no.error}`); // → illegal in field move at offset 0: ...
 * ```
 */
export function parseSan(setup: Setup, text: string): Result<Move, MoveNotationError> {
  return parseSanOn(engineFor(setup), text);
}

/** `parseSan` in the position the engine holds (the replay cursor's, or one just loaded). */
export function parseSanOn(engine: Engine, text: string): Result<Move, MoveNotationError> {
  const lengthError = checkLength(text);
  if (lengthError) return lengthError;
  const code = plainSanCode(engine, text);
  return code >= 0 ? ok(engine.toMove(code)) : parseAnySan(engine, text);
}

/** `parseSanOn` without the plain-SAN shortcut (exported for the test that compares the two). */
export function parseAnySan(engine: Engine, text: string): Result<Move, MoveNotationError> {
  if (NO_MOVE_FORMS.has(text)) return moveError('no-move', 'move', 0, `${excerpt(text)} stands for no move`);
  const end = bodyEnd(text);
  if (end === 0) return moveError('syntax', 'move', 0, `${excerpt(text)} has no move before its suffixes`);
  const body = text.slice(0, end);
  const castling = CASTLING_FORMS.get(body);
  if (castling !== undefined) return castleOn(engine, castling === 'short', text);
  const at = body.indexOf('@');
  if (at >= 0) return parseDrop(engine, text, body, at);
  return parseNormal(engine, text, body);
}

/**
 * The engine role code of a plain-SAN piece letter (`N` 2 ... `K` 6), by its character code;
 * anything else gives 1, the pawn. A switch on the code: searching a string of the letters
 * for the character (a string of its own) was a quarter of `plainSanCode`'s time (measured).
 */
function pieceLetterRole(code: number): number {
  switch (code) {
    case UPPER_N:
      return 2;
    case UPPER_B:
      return 3;
    case UPPER_R:
      return 4;
    case UPPER_Q:
      return 5;
    case UPPER_K:
      return KING;
    default:
      return PAWN;
  }
}

/**
 * The engine's move code for plain SAN on the standard board (`e4`, `Nbd7`, `exd5`, `R1xe2`,
 * `e8=Q`, `O-O`, then any `+`, `#`, `!`, `?`) when exactly one legal move fits it, else -1. Most
 * moves of a game are read here without slicing the text or building a Move for every
 * candidate; anything else, other castling forms, errors and ambiguity included, takes the
 * general road, which gives the same answer for what this reads.
 */
export function plainSanCode(engine: Engine, text: string): number {
  return plainSanCodeAt(engine, text, 0, text.length);
}

/**
 * `plainSanCode` of `text[from, to)`, read where it stands: a reader of a whole file passes
 * each move's place in it and makes no string per move. Nothing outside the range is read
 * (`from` and `to` are integers with `0 <= from <= to <= text.length`).
 */
export function plainSanCodeAt(engine: Engine, text: string, from: number, to: number): number {
  const c = engine.c;
  if (!c.standard) return -1;
  let end = to;
  while (end > from) {
    const ch = text.charCodeAt(end - 1);
    if (ch !== PLUS && ch !== HASH && ch !== EXCLAMATION && ch !== QUESTION) break;
    end--;
  }
  // The shortest plain SAN is a square.
  if (end - from < 2) return -1;
  if (text.charCodeAt(from) === UPPER_O) return castlingSanCode(engine, text, from, end);
  if (text.charCodeAt(end - 3) === AT && end - from >= 3) return dropSanCode(engine, text, from, end);
  let promotion = 0;
  if (text.charCodeAt(end - 2) === EQUALS) {
    promotion = pieceLetterRole(text.charCodeAt(end - 1));
    if (promotion === PAWN || promotion === KING) return -1;
    end -= 2;
    if (end - from < 2) return -1;
  }
  const x = text.charCodeAt(end - 2) - LOWER_A;
  const y = text.charCodeAt(end - 1) - DIGIT_1;
  if (!(x >= 0 && x < 8 && y >= 0 && y < 8)) return -1;
  end -= 2;
  const role = pieceLetterRole(text.charCodeAt(from));
  const start = role === PAWN ? from : from + 1;
  if (end > start && text.charCodeAt(end - 1) === LOWER_X) end--;
  // The disambiguation: a file, a rank, or both.
  let hintX = -1;
  let hintY = -1;
  let i = start;
  if (i < end) {
    const file = text.charCodeAt(i) - LOWER_A;
    if (file >= 0 && file < 8) {
      hintX = file;
      i++;
    }
  }
  if (i < end) {
    const rank = text.charCodeAt(i) - DIGIT_1;
    if (rank >= 0 && rank < 8) {
      hintY = rank;
      i++;
    }
  }
  if (i !== end) return -1;
  // A pawn named by its destination alone advances on its own file (PGN 8.2.3.3).
  if (role === PAWN && start === end) hintX = x;
  const cell = c.cellOf[y * 8 + x] as number;
  const generated = engine.generateTo(0, cell, role);
  const { moves, board } = engine;
  const { squareOf } = c;
  let found = -1;
  for (let k = 0; k < generated; k++) {
    const move = moves[k] as number;
    const origin = move & 1023;
    const square = squareOf[origin] as number;
    if (
      move >>> 24 > 1 ||
      ((board[origin] as number) & 15) !== role ||
      ((move >>> 20) & 15) !== promotion ||
      (hintX >= 0 && (square & 7) !== hintX) ||
      (hintY >= 0 && square >> 3 !== hintY)
    ) {
      continue;
    }
    if (found >= 0) return -1;
    found = move;
  }
  return found;
}

/**
 * `plainSanCode` for a drop (the body `text[from, end)`, its `@` third from its end): `N@f3`,
 * `P@e4` or `@e4` (a pawn), when that drop is legal, else -1. The drop is looked for among
 * every legal move onto the square, as `dropOn` looks (a drop is legal only where another
 * move could not do better: out of check, or blocking it), without a Move per candidate.
 */
function dropSanCode(engine: Engine, text: string, from: number, end: number): number {
  const x = text.charCodeAt(end - 2) - LOWER_A;
  const y = text.charCodeAt(end - 1) - DIGIT_1;
  if (!(x >= 0 && x < 8 && y >= 0 && y < 8)) return -1;
  let role = PAWN;
  if (end - from === 4) {
    const letter = text.charCodeAt(from);
    role = pieceLetterRole(letter);
    // Any other letter reads as a pawn there: only `P` is one.
    if (role === PAWN && letter !== UPPER_P) return -1;
  } else if (end - from !== 3) return -1;
  const cell = engine.c.cellOf[y * 8 + x] as number;
  const code = role | (cell << 10) | (KIND_DROP << 24);
  const generated = engine.generateTo(0, cell);
  const { moves } = engine;
  for (let k = 0; k < generated; k++) if (moves[k] === code) return code;
  return -1;
}

/**
 * `plainSanCode` for `O-O` and `O-O-O` (the body `text[from, end)`): the one legal castling
 * move on that side, as `castleOn` picks it, else -1.
 */
function castlingSanCode(engine: Engine, text: string, from: number, end: number): number {
  const length = end - from;
  if (
    !(length === 3 || length === 5) ||
    text.charCodeAt(from + 1) !== DASH ||
    text.charCodeAt(from + 2) !== UPPER_O ||
    (length === 5 && (text.charCodeAt(from + 3) !== DASH || text.charCodeAt(from + 4) !== UPPER_O))
  )
    return -1;
  const short = length === 3;
  const c = engine.c;
  const generated = engine.generateCastles(0);
  const { moves } = engine;
  const { squareOf } = c;
  let found = -1;
  for (let k = 0; k < generated; k++) {
    const move = moves[k] as number;
    // The king's cell, then the rook's: `isShortCastle` on the standard board (x = square & 7).
    const kingX = (squareOf[move & 1023] as number) & 7;
    const rookSide = ((squareOf[(move >>> 10) & 1023] as number) & 7) > kingX;
    if ((c.castlingFromKing ? rookSide === kingX >= 4 : rookSide) !== short) continue;
    if (found >= 0) return -1;
    found = move;
  }
  return found;
}

function parseDrop(engine: Engine, text: string, body: string, at: number): Result<Move, MoveNotationError> {
  const drop = scanDrop(engine.c.spec.geometry, text, at);
  if (isErr(drop)) return drop;
  if (drop.end !== body.length)
    return moveError('syntax', 'suffix', drop.end, `unexpected text after the square in ${excerpt(text)}`);
  return dropOn(engine, drop.role, drop.to, text);
}

function parseNormal(engine: Engine, text: string, body: string): Result<Move, MoveNotationError> {
  const { geometry } = engine.c.spec;
  let i = 0;
  let role: Role = 'pawn';
  const first = body.charAt(0);
  if (first >= 'A' && first <= 'Z') {
    const named = roleFromUpperLetter(first);
    if (named === undefined) return moveError('unknown-role', 'piece', 0, `${excerpt(first)} is not a piece letter`);
    role = named;
    i = 1;
  }
  // Promotion at the end: `=Q`, `Q`, `q`, `(Q)`, `/Q`. A square name ends in a digit, so a
  // trailing letter can only be a promotion piece.
  let promotion: Role | undefined;
  let squareEnd = body.length;
  let promotionOffset = body.length;
  let letterOffset = body.length;
  const lastChar = body.charAt(body.length - 1);
  if (lastChar === ')' && body.length >= 3 && body.charAt(body.length - 3) === '(') {
    promotionOffset = body.length - 3;
    letterOffset = body.length - 2;
    promotion = roleFromLetter(body.charAt(letterOffset));
    squareEnd = body.length - 3;
    if (promotion === undefined)
      return moveError('unknown-role', 'promotion', letterOffset, `${excerpt(text)} names no piece to promote to`);
  } else if (isAsciiLetter(body.charCodeAt(body.length - 1))) {
    letterOffset = body.length - 1;
    promotion = roleFromLetter(lastChar);
    if (promotion === undefined)
      return moveError('unknown-role', 'promotion', letterOffset, `${excerpt(lastChar)} is not a piece letter`);
    squareEnd = body.length - 1;
    const mark = body.charAt(squareEnd - 1);
    if (mark === '=' || mark === '/') squareEnd--;
    // Errors about the promotion as a whole point where its text starts, `=` included.
    promotionOffset = squareEnd;
  }
  // A king only where the rules let a pawn become one (antichess, suicide: `=K`).
  if (promotion === 'pawn' || (promotion === 'king' && !engine.c.spec.promotionRoles.includes('king'))) {
    return moveError('unknown-role', 'promotion', letterOffset, `a pawn cannot promote to a ${promotion}`);
  }
  // The destination is the longest square name that ends where the promotion starts; what is
  // left between the piece letter and it is the disambiguation and the capture mark.
  let digitsStart = squareEnd;
  while (digitsStart > i && isDigit(body.charCodeAt(digitsStart - 1))) digitsStart--;
  let lettersStart = digitsStart;
  while (lettersStart > i && isLowerLetter(body.charCodeAt(lettersStart - 1))) lettersStart--;
  if (digitsStart === squareEnd || lettersStart === digitsStart) {
    return moveError('syntax', 'to', i, `expected a destination square in ${excerpt(text)}`);
  }
  let to: Square | undefined;
  let toStart = lettersStart;
  // Letters then digits from any start up to the digits: a square name token to squareEnd.
  for (; toStart < digitsStart; toStart++) {
    to = parseSquare(geometry, body.slice(toStart, squareEnd));
    if (to !== undefined) break;
  }
  if (to === undefined) {
    return moveError(
      'unknown-square',
      'to',
      lettersStart,
      `${excerpt(body.slice(lettersStart, squareEnd))} ends in no square of the ${geometry.name} board`,
    );
  }
  let middleEnd = toStart;
  const mark = body.charAt(middleEnd - 1);
  if (middleEnd > i && (mark === 'x' || mark === ':' || mark === '-')) middleEnd--;
  const hint = body.slice(i, middleEnd);
  if (hint.length > 0 && squareTokenEnd(hint, 0) !== hint.length && !/^(?:[a-z]+|[0-9]+)$/.test(hint)) {
    return moveError('syntax', 'from', i, `${excerpt(hint)} is neither a file, a rank nor a square`);
  }
  const toSquare = to;
  const candidates = movesTo(engine, toSquare).filter((m) => {
    if (m.kind !== 'normal' && m.kind !== 'enPassant') return false;
    if (m.to !== toSquare || engine.roleAt(m.from) !== role) return false;
    if (hint.length === 0) {
      // A pawn named by its destination alone advances on its own file (PGN 8.2.3.3).
      return role !== 'pawn' || squareX(geometry, m.from) === squareX(geometry, toSquare);
    }
    const fromName = squareName(geometry, m.from);
    return hint === fromName || hint === fileOfName(fromName) || hint === rankOfName(fromName);
  });
  return choosePromotion(candidates, promotion, text, promotionOffset);
}
