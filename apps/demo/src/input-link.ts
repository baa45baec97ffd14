/**
 * Input conveniences of the page, applied before detection: a position as lichess writes it in
 * its links. Its editor and analysis URLs carry a FEN in the path with `_` (or `+`, or `%20`)
 * for the spaces (`https://lichess.org/editor/rnbqkbnr/.../RNBQKBNR_b_KQkq_-_0_1`), and
 * people copy that FEN alone too. Neither is a format of the list: the page unwraps the FEN.
 */

const LICHESS_LINK =
  /^(?:https?:\/\/)?(?:www\.)?lichess\.org\/(?:editor|analysis)(?:\/(?:standard|chess960|crazyhouse|threeCheck|fromPosition|antichess|atomic|horde|kingOfTheHill|racingKings))?\/([^?#\s]+)(?:[?#]\S*)?$/i;

/** A FEN whose fields are joined by `_`: a placement of 8 ranks, then 1 to 6 fields. */
const UNDERSCORE_FEN = /^[pnbrqkPNBRQK1-8~]+(?:\/[pnbrqkPNBRQK1-8~]+){7}(?:\[[pnbrqkPNBRQK]*\])?(?:_[^\s_]+){1,6}$/;

export interface Unwrapped {
  readonly text: string;
  /** What the page did, said to the reader. */
  readonly note: string;
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path.replace(/\+/g, ' '));
  } catch {
    return path.replace(/\+/g, ' ');
  }
}

/** The FEN inside a lichess link or `_`-joined FEN, or undefined when the text is neither. */
export function unwrapInput(text: string): Unwrapped | undefined {
  if (text.length > 1000) return undefined;
  const trimmed = text.trim();
  const link = LICHESS_LINK.exec(trimmed);
  if (link?.[1]) {
    const fen = decode(link[1]).replace(/_/g, ' ').trim();
    return { text: fen, note: 'Read the FEN inside the lichess link: its "_" and "+" stand for spaces.' };
  }
  if (UNDERSCORE_FEN.test(trimmed)) {
    return {
      text: trimmed.replace(/_/g, ' '),
      note: 'Read as a FEN with "_" for spaces, as lichess writes it in links.',
    };
  }
  return undefined;
}

/** Why text no format recognises may not have read, and what to paste instead. */
export function unrecognisedHint(text: string): string {
  const head = text.trimStart().slice(0, 2000);
  if (/^https?:\/\//i.test(head)) {
    return 'It is a web address. The page unwraps lichess editor and analysis links that carry a FEN; other links hold no record it can read.';
  }
  return 'Paste a FEN (rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1), a style 12 line (<12> ...), a FICS or ICC capture, a PGN game, OCPN, FENr or setup JSON; or try an example. To see why a record does not read in a format, choose that format in the menu.';
}
