/**
 * ICC's Smith notation (formats2.txt, DG_MOVE_SMITH, number 34):
 * `<from square><to square>[<capture indicator>][<promoted to>]`, the capture indicator one of
 * `pnbrqkEcC` (the captured role; `E` en passant; `c`/`C` short/long castling, "in which case
 * the coordinates are for the king's movements"), the promotion one of `NBRQ`; drops are
 * written as in SAN ("bughouse plunks are the same in all move formats, e.g. "Q@f7+"").
 * Because it names what was captured, a move can be walked back without the earlier position.
 *
 * Omega pieces extend the letters in the obvious way (`c` champion, `w` wizard, `f` fool
 * captured; `C`, `W` promotions). `c` and `C` then collide with castling; they mean castling
 * when a king moves along its rank onto no enemy piece and, off the standard board, moves at
 * least two files (a king step never does), otherwise a champion.
 */
import { isSquare, squareX, squareY, type Geometry, type Square } from './geometry.js';
import type { CastleMove, Move } from './move.js';
import { outermostRook } from './internal/pieces.js';
import {
  checkLength,
  choosePromotion,
  enPassantVictim,
  excerpt,
  isErr,
  isShortCastle,
  castlesFromKing,
  legalMovesTo,
  moveError,
  nameOf,
  onlyLegal,
  roleFromUpperLetter,
  scanDrop,
  scanSquare,
  upperLetter,
  type MoveNotationError,
} from './move-notation.js';
import { piece, type Piece } from './piece.js';
import { ok, type Err, type Result } from './result.js';
import { play } from './rules.js';
import { writeSan } from './san.js';
import type { Pocket, Setup } from './setup.js';
import { ROLE_LETTERS, opposite, roleFromLetter, type Color, type Role } from './vocabulary.js';

/** Writes a move in Smith notation; drops take their SAN form with its check suffix. */
export function writeSmith(setup: Setup, move: Move): string {
  switch (move.kind) {
    case 'drop':
      return writeSan(setup, move);
    case 'castle':
      return (
        nameOf(setup, move.from) +
        nameOf(setup, move.to) +
        (isShortCastle(setup.board.geometry, move, castlesFromKing(setup)) ? 'c' : 'C')
      );
    case 'enPassant':
      return `${nameOf(setup, move.from)}${nameOf(setup, move.to)}E`;
    case 'normal': {
      const captured = setup.board.pieces[move.to];
      return (
        nameOf(setup, move.from) +
        nameOf(setup, move.to) +
        (captured ? ROLE_LETTERS[captured.role] : '') +
        (move.promotion === undefined ? '' : upperLetter(move.promotion))
      );
    }
  }
}

/** The text of a Smith move, split but not yet read against a board. */
type SmithParts =
  | { readonly kind: 'drop'; readonly role: Role; readonly to: Square }
  | {
      readonly kind: 'move';
      readonly from: Square;
      readonly to: Square;
      /** The indicator letter after the squares (`p`..`k`, `E`, `c`, `C`), if any. */
      readonly mark: string;
      /** The upper-case promotion letter, if any (a lone `C` stays in `mark`). */
      readonly promotion: string;
      readonly markOffset: number;
    };

function splitSmith(geometry: Geometry, text: string): SmithParts | Err<MoveNotationError> {
  const lengthError = checkLength(text);
  if (lengthError) return lengthError;
  if (text.charAt(0) === '?') {
    return moveError('no-move', 'move', 0, `${excerpt(text)} is a hidden kriegspiel move, which names no move`);
  }
  const at = text.indexOf('@');
  if (at >= 0) {
    const drop = scanDrop(geometry, text, at);
    if (isErr(drop)) return drop;
    let end = drop.end;
    if (text.charAt(end) === '+' || text.charAt(end) === '#') end++;
    if (end !== text.length)
      return moveError('syntax', 'suffix', end, `unexpected text after the drop in ${excerpt(text)}`);
    return { kind: 'drop', role: drop.role, to: drop.to };
  }
  const from = scanSquare(geometry, text, 0, 'from');
  if (isErr(from)) return from;
  const to = scanSquare(geometry, text, from.end, 'to');
  if (isErr(to)) return to;
  const rest = text.slice(to.end);
  if (rest.length > 2)
    return moveError(
      'syntax',
      'capture',
      to.end,
      `expected at most a capture and a promotion letter after the squares of ${excerpt(text)}`,
    );
  let mark = '';
  let promotion = '';
  const first = rest.charAt(0);
  if (rest.length === 2) {
    mark = first;
    promotion = rest.charAt(1);
    if (!isCaptureLetter(mark))
      return moveError('syntax', 'capture', to.end, `${excerpt(mark)} is not a capture letter before a promotion`);
  } else if (rest.length === 1) {
    // Upper case promotes, except the indicators `E` and `C`; anything else is an indicator.
    if (first >= 'A' && first <= 'Z' && first !== 'E' && first !== 'C') promotion = first;
    else mark = first;
  }
  if (promotion !== '') {
    const role = roleFromUpperLetter(promotion);
    if (role === undefined || role === 'pawn' || role === 'king') {
      return moveError(
        'unknown-role',
        'promotion',
        text.length - 1,
        `${excerpt(promotion)} is not a piece to promote to`,
      );
    }
  }
  if (mark !== '' && !isCaptureLetter(mark) && mark !== 'E' && mark !== 'C') {
    return moveError('syntax', 'capture', to.end, `${excerpt(mark)} is not a capture indicator`);
  }
  return { kind: 'move', from: from.square, to: to.square, mark, promotion, markOffset: to.end };
}

/** A lower-case role letter, naming the captured piece (`c` is a champion or short castling). */
function isCaptureLetter(letter: string): boolean {
  return letter.length === 1 && letter >= 'a' && letter <= 'z' && roleFromLetter(letter) !== undefined;
}

/**
 * See the module comment: `c`/`C` after a king's move is castling, unless the king leaves its
 * rank or lands on an enemy piece (`captures`, known before the move): castling does neither,
 * so that is a king taking a champion (`e1e2c`, or `f1g1c` onto a champion).
 */
function isCastlingMark(
  geometry: Geometry,
  mark: string,
  kingMoves: boolean,
  from: Square,
  to: Square,
  captures: boolean,
): boolean {
  if ((mark !== 'c' && mark !== 'C') || !kingMoves || captures) return false;
  if (squareY(geometry, from) !== squareY(geometry, to)) return false;
  return geometry.name === 'standard' || Math.abs(squareX(geometry, to) - squareX(geometry, from)) >= 2;
}

/** What the indicator and promotion letters of a non-castling, non-en-passant move say. */
function capturedAndPromotion(parts: Extract<SmithParts, { kind: 'move' }>): {
  captured: Role | undefined;
  promotion: Role | undefined;
} {
  // A lone `C` that is not castling promotes to a champion.
  if (parts.mark === 'C') return { captured: undefined, promotion: 'champion' };
  return {
    captured: parts.mark === '' ? undefined : roleFromLetter(parts.mark),
    promotion: parts.promotion === '' ? undefined : roleFromUpperLetter(parts.promotion),
  };
}

/** Reads a Smith move against the legal moves of `setup`, checking the capture letter against the board. */
export function parseSmith(setup: Setup, text: string): Result<Move, MoveNotationError> {
  const { geometry } = setup.board;
  const parts = splitSmith(geometry, text);
  if (isErr(parts)) return parts;
  // Every reading of the text lands on its second square (a castling king's destination).
  const legal = legalMovesTo(setup, parts.to);
  if (parts.kind === 'drop') {
    return onlyLegal(
      legal.filter((m) => m.kind === 'drop' && m.role === parts.role && m.to === parts.to),
      text,
    );
  }
  const mover = setup.board.pieces[parts.from];
  const target = setup.board.pieces[parts.to];
  if (
    isCastlingMark(
      geometry,
      parts.mark,
      mover?.role === 'king',
      parts.from,
      parts.to,
      target !== undefined && target.color !== mover?.color,
    )
  ) {
    const short = parts.mark === 'c';
    return onlyLegal(
      legal.filter(
        (m) =>
          m.kind === 'castle' &&
          m.from === parts.from &&
          (m.to === parts.to || m.rook === parts.to) &&
          isShortCastle(geometry, m, castlesFromKing(setup)) === short,
      ),
      text,
    );
  }
  if (parts.mark === 'E') {
    return onlyLegal(
      legal.filter((m) => m.kind === 'enPassant' && m.from === parts.from && m.to === parts.to),
      text,
    );
  }
  const { captured, promotion } = capturedAndPromotion(parts);
  const candidates = legal.filter((m) => m.kind === 'normal' && m.from === parts.from && m.to === parts.to);
  if (candidates.length === 0) return moveError('illegal', 'move', 0, `${excerpt(text)} is not a legal move here`);
  const mismatch = checkCapture(setup.board.pieces[parts.to], captured, text, parts.markOffset);
  if (mismatch) return mismatch;
  // The promotion letter stands (or was due) right after the capture letter, if any.
  return choosePromotion(candidates, promotion, text, parts.markOffset + parts.mark.length);
}

function checkCapture(
  target: Piece | undefined,
  captured: Role | undefined,
  text: string,
  offset: number,
): Err<MoveNotationError> | undefined {
  if (captured === undefined && target !== undefined) {
    return moveError(
      'capture-mismatch',
      'capture',
      offset,
      `${excerpt(text)} captures nothing, but a ${target.role} stands on its destination`,
    );
  }
  if (captured !== undefined && target?.role !== captured) {
    return moveError(
      'capture-mismatch',
      'capture',
      offset,
      `${excerpt(text)} captures a ${captured}, but ${target ? `a ${target.role}` : 'nothing'} stands on its destination`,
    );
  }
  return undefined;
}

/**
 * The pawn an en passant capture onto `to` takes, by the engine's rule: the pawn that passed
 * over the en passant squares stands one rank beyond the farthest of them (Omega's triple step
 * leaves two). When `to` is not one of them (the client lost track), the square beside the
 * capturer.
 */
function passedPawn(setup: Setup, from: Square, to: Square): Square {
  const { epSquares, board } = setup;
  if (!epSquares.includes(to)) return enPassantVictim(board.geometry, from, to);
  // The side not to move made the step: toward lower ranks when White is to move.
  return setup.turn === 'white'
    ? Math.min(...epSquares) - board.geometry.width
    : Math.max(...epSquares) + board.geometry.width;
}

/**
 * Builds the move a Smith text describes from the board alone, without legality checks, for
 * replaying a server that is the authority on legality. It still checks that the text agrees
 * with the board (a piece of the side to move on the origin, the captured piece where the
 * letter says), since a disagreement means the client has lost track of the game.
 */
export function parseSmithUnchecked(setup: Setup, text: string): Result<Move, MoveNotationError> {
  const { geometry, pieces } = setup.board;
  const parts = splitSmith(geometry, text);
  if (isErr(parts)) return parts;
  if (parts.kind === 'drop') {
    if (pieces[parts.to] !== undefined) {
      return moveError(
        'capture-mismatch',
        'to',
        text.indexOf('@') + 1,
        `${excerpt(text)} drops onto an occupied square`,
      );
    }
    return ok({ kind: 'drop', role: parts.role, to: parts.to });
  }
  const mover = pieces[parts.from];
  if (!mover) return moveError('no-piece', 'from', 0, `${excerpt(text)} moves from an empty square`);
  if (mover.color !== setup.turn) {
    return moveError(
      'wrong-color',
      'from',
      0,
      `${excerpt(text)} moves a ${mover.color} piece, but ${setup.turn} is to move`,
    );
  }
  const taken = pieces[parts.to];
  if (
    isCastlingMark(
      geometry,
      parts.mark,
      mover.role === 'king',
      parts.from,
      parts.to,
      taken !== undefined && taken.color !== mover.color,
    )
  ) {
    const castle = castleFromBoard(setup, parts.from, parts.to, parts.mark === 'c');
    return castle
      ? ok(castle)
      : moveError(
          'no-castling-rook',
          'capture',
          parts.markOffset,
          `${excerpt(text)} castles, but no rook of the side can castle that way`,
        );
  }
  if (parts.mark === 'E') {
    const victim = passedPawn(setup, parts.from, parts.to);
    const taken = pieces[victim];
    if (
      mover.role !== 'pawn' ||
      pieces[parts.to] !== undefined ||
      taken?.role !== 'pawn' ||
      taken.color === mover.color
    ) {
      return moveError(
        'capture-mismatch',
        'capture',
        parts.markOffset,
        `${excerpt(text)} takes en passant, but the board has no pawn to take`,
      );
    }
    return ok({ kind: 'enPassant', from: parts.from, to: parts.to, captured: victim });
  }
  const { captured, promotion } = capturedAndPromotion(parts);
  const target = pieces[parts.to];
  if (target?.color === mover.color) {
    return moveError('capture-mismatch', 'to', parts.markOffset, `${excerpt(text)} moves onto a piece of its own side`);
  }
  const mismatch = checkCapture(target, captured, text, parts.markOffset);
  if (mismatch) return mismatch;
  if (promotion !== undefined && mover.role !== 'pawn') {
    return moveError('unexpected-promotion', 'promotion', text.length - 1, `${excerpt(text)} promotes a ${mover.role}`);
  }
  return ok(
    promotion === undefined
      ? { kind: 'normal', from: parts.from, to: parts.to }
      : { kind: 'normal', from: parts.from, to: parts.to, promotion },
  );
}

/**
 * The castling move of the king on `from` landing on `to`: the rook is the castling rook on
 * that side (by the setup's rights), else the outermost rook of the side on that side of the
 * king's rank; it lands next to the king, on the king's origin side.
 */
function castleFromBoard(setup: Setup, from: Square, to: Square, short: boolean): CastleMove | undefined {
  const { geometry, pieces } = setup.board;
  const kingX = squareX(geometry, from);
  const row = squareY(geometry, from);
  const isOwnRook = (square: Square): boolean => {
    const p = pieces[square];
    return p !== undefined && p.role === 'rook' && p.color === setup.turn;
  };
  const onSide = (square: Square): boolean =>
    squareY(geometry, square) === row &&
    (short ? squareX(geometry, square) > kingX : squareX(geometry, square) < kingX);
  let rook = setup.castlingRooks.find((square) => onSide(square) && isOwnRook(square));
  if (rook === undefined) {
    // The field's files are contiguous: from the outermost one on that side to the king.
    const files = geometry.fieldFiles;
    const cornerX = (short ? files[files.length - 1] : files[0]) as number;
    const found = outermostRook(
      pieces,
      setup.turn,
      row * geometry.width + cornerX,
      short ? -1 : 1,
      short ? cornerX - kingX : kingX - cornerX,
    );
    if (found >= 0) rook = found;
  }
  const rookTo = castlingRookLanding(geometry, to, short);
  if (rook === undefined || rookTo === undefined) return undefined;
  return { kind: 'castle', from, to, rook, rookTo };
}

/**
 * Where the rook of a castling king landing on `to` lands: beside the king, on the side it came
 * from; `undefined` when that is off the king's rank (a text such as `e1a1c`, whose king goes
 * to the edge on the wrong side), so that such a text is refused instead of reaching `play`.
 */
function castlingRookLanding(geometry: Geometry, to: Square, short: boolean): Square | undefined {
  const rookTo = to + (short ? -1 : 1);
  return squareY(geometry, rookTo) === squareY(geometry, to) && isSquare(geometry, rookTo) ? rookTo : undefined;
}

/** Plays a Smith move without legality checks (see {@link parseSmithUnchecked}). */
export function applySmith(setup: Setup, text: string): Result<Setup, MoveNotationError> {
  const move = parseSmithUnchecked(setup, text);
  return move.ok ? ok(play(setup, move.value)) : move;
}

/** Options of `unplaySmith`. */
export interface UnplaySmithOptions {
  /**
   * Where the rook of a castling move stood. The text names only the king's squares, so
   * without this the rook goes back to where it starts in the geometry's usual array (h1/a1,
   * Omega's i0/b0), which is wrong for most Chess960 castlings.
   */
  readonly castlingRook?: Square;
  /**
   * Where the pawn taken en passant stood. The text names only the capturing pawn's squares, so
   * without this it goes back beside the capturer, which is wrong in one case: an Omega pawn's
   * triple step taken on the first square it passed (the pawn stood one square further).
   */
  readonly enPassantVictim?: Square;
}

/**
 * Walks one move back: `after` is the position after the move `text`, the result the position
 * before it, as far as Smith notation can tell. Restored exactly: placement, captured pieces
 * (by the capture letter), side to move, move number, and pockets (a dropped piece goes back,
 * a captured one leaves the capturer's pocket). Not restorable from the text: castling rights
 * (kept as in `after`), en passant squares (emptied), the half-move clock (one less after a
 * quiet move, else 0), whether a captured piece was a promoted pawn (it comes back unpromoted,
 * and the pocket gives up the role, or a pawn when it holds none), remaining checks (kept).
 */
export function unplaySmith(
  after: Setup,
  text: string,
  options: UnplaySmithOptions = {},
): Result<Setup, MoveNotationError> {
  const { geometry } = after.board;
  const parts = splitSmith(geometry, text);
  if (isErr(parts)) return parts;
  const mover = opposite(after.turn);
  const pieces = after.board.pieces.slice();
  let pockets = after.pockets;
  let irreversible = true;
  const notMovers = (square: Square, role?: Role): Err<MoveNotationError> | undefined => {
    const p = pieces[square];
    if (!p) return moveError('no-piece', 'to', 0, `${excerpt(text)} ends on ${nameOf(after, square)}, which is empty`);
    if (p.color !== mover || (role !== undefined && p.role !== role)) {
      return moveError(
        'piece-mismatch',
        'to',
        0,
        `${excerpt(text)}: ${nameOf(after, square)} holds a ${p.color} ${p.role}`,
      );
    }
    return undefined;
  };
  if (parts.kind === 'drop') {
    const wrong = notMovers(parts.to, parts.role);
    if (wrong) return wrong;
    pieces[parts.to] = undefined;
    pockets = adjustPocket(pockets, mover, parts.role, 1);
  } else {
    const landed = pieces[parts.to];
    if (isCastlingMark(geometry, parts.mark, landed?.role === 'king', parts.from, parts.to, false)) {
      const short = parts.mark === 'c';
      const rookTo = castlingRookLanding(geometry, parts.to, short);
      const wrong = notMovers(parts.to, 'king');
      if (wrong) return wrong;
      if (rookTo === undefined || pieces[rookTo]?.role !== 'rook' || pieces[rookTo]?.color !== mover) {
        return moveError(
          'no-castling-rook',
          'capture',
          parts.markOffset,
          rookTo === undefined
            ? `${excerpt(text)}: a king castling to ${nameOf(after, parts.to)} leaves no square beside it for the rook`
            : `${excerpt(text)}: no rook of the side stands on ${nameOf(after, rookTo)}`,
        );
      }
      const rookFrom =
        options.castlingRook ?? squareY(geometry, parts.from) * geometry.width + startingRookFile(geometry, short);
      const king = pieces[parts.to];
      const rook = pieces[rookTo];
      pieces[parts.to] = undefined;
      pieces[rookTo] = undefined;
      pieces[parts.from] = king;
      pieces[rookFrom] = rook;
      irreversible = false;
    } else if (parts.mark === 'E') {
      const wrong = notMovers(parts.to, 'pawn');
      if (wrong) return wrong;
      const victim = options.enPassantVictim ?? enPassantVictim(geometry, parts.from, parts.to);
      if (pieces[victim] !== undefined || pieces[parts.from] !== undefined) {
        return moveError(
          'capture-mismatch',
          'capture',
          parts.markOffset,
          `${excerpt(text)}: the squares the pawns came from are not empty`,
        );
      }
      pieces[parts.from] = pieces[parts.to];
      pieces[parts.to] = undefined;
      pieces[victim] = piece(after.turn, 'pawn');
      pockets = adjustPocket(pockets, mover, 'pawn', -1);
    } else {
      const { captured, promotion } = capturedAndPromotion(parts);
      const wrong = notMovers(parts.to, promotion);
      if (wrong) return wrong;
      if (pieces[parts.from] !== undefined) {
        return moveError(
          'piece-mismatch',
          'from',
          0,
          `${excerpt(text)}: ${nameOf(after, parts.from)}, where the piece came from, is occupied`,
        );
      }
      const moved = pieces[parts.to] as Piece;
      pieces[parts.from] = promotion === undefined ? moved : piece(mover, 'pawn');
      pieces[parts.to] = captured === undefined ? undefined : piece(after.turn, captured);
      if (captured !== undefined) {
        const held = pockets?.[mover][captured] ?? 0;
        pockets = adjustPocket(pockets, mover, held > 0 ? captured : 'pawn', -1);
      }
      irreversible = captured !== undefined || moved.role === 'pawn' || promotion !== undefined;
    }
  }
  const before: Setup = {
    ...after,
    board: { geometry, pieces },
    turn: mover,
    epSquares: [],
    halfmoves: irreversible ? 0 : Math.max(0, after.halfmoves - 1),
    fullmoves: mover === 'black' ? Math.max(1, after.fullmoves - 1) : after.fullmoves,
  };
  return ok(pockets === undefined ? before : { ...before, pockets });
}

/**
 * The grid column of the rook that castles on that side in the starting array of the geometry:
 * the corner file in standard chess, the file inside the champion's in Omega chess (b0, i0).
 */
function startingRookFile(geometry: Geometry, short: boolean): number {
  const files = geometry.fieldFiles;
  const fromEdge = geometry.name === 'omega' ? 1 : 0;
  return files[short ? files.length - 1 - fromEdge : fromEdge] ?? 0;
}

function adjustPocket(pockets: Setup['pockets'], color: Color, role: Role, delta: number): Setup['pockets'] {
  if (pockets === undefined) return undefined;
  const side: Pocket = { ...pockets[color], [role]: Math.max(0, pockets[color][role] + delta) };
  return color === 'white' ? { white: side, black: pockets.black } : { white: pockets.white, black: side };
}
