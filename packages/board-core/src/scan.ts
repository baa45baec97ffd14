import type { Err } from './result.js';

/*
 * The text scanning the line formats share (FEN, OCPN, FENr): field separators, `-` for none,
 * and the fault that becomes an error value with an offset.
 *
 * Plain functions of a text and an index, returning an index or a value: a parser keeps its
 * place in locals (a property read in every loop would cost bytes and speed), and nothing is
 * kept between parses (no module state), so parses cannot leak into each other. Each is its
 * own export, so a bundle takes only the ones its reader calls.
 */

/**
 * Throws the fault `code` of `field` at `offset`. Thrown where it is found, as an array
 * (nothing else a reader throws is one), and made an error value by {@link faultError} where
 * the parse started, so the readers need no error plumbing and the parser no module state.
 */
export function fault(code: string, field: number, offset: number): never {
  // Frozen, and so not a one-liner: V8 inlines the smallest functions at every call site, hot
  // or not, and a reader has dozens of them (measured: 8% slower FEN parsing); this one
  // stays a call on the cold paths.
  throw Object.freeze([code, field, offset]);
}

/**
 * The error value of a fault thrown while reading `text`: message `expected X, found Y`, X
 * `byCode[code]`, else `byField[field]`; Y the character at the offset as JSON, or `end` past
 * the text. Anything else thrown is a defect and is thrown on.
 */
export function faultError<E>(
  thrown: unknown,
  text: string,
  byCode: { readonly [code: string]: string | undefined },
  byField: readonly string[],
): Err<E> {
  if (!Array.isArray(thrown)) throw thrown;
  const [code, field, offset] = thrown as [code: string, field: number, offset: number];
  // Past the end there is no character: JSON.stringify(undefined) is undefined.
  return {
    ok: false,
    error: {
      code,
      field,
      offset,
      message: `expected ${byCode[code] ?? byField[field]}, found ${JSON.stringify(text[offset]) ?? 'end'}`,
    } as E,
  };
}

/**
 * Whether char code `c` separates fields: space, tab, LF, CR, or `_` (FEN's spelling in URLs).
 * Default modes take runs of them; strict modes one space only.
 */
export function isSeparator(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 95;
}

/** `-`, or in default mode the en dash (U+2013) that word processors make of it. */
export function isNone(c: number, strict: boolean): boolean {
  return c === 45 || (c === 8211 && !strict);
}

/**
 * `pos`, the end of a field, when a separator or the end of the text is there; any other
 * character there is a stray one, fault `code` of `field`.
 */
export function fieldEnd(text: string, pos: number, code: string, field: number): number {
  return pos < text.length && !isSeparator(text.charCodeAt(pos)) ? fault(code, field, pos) : pos;
}

/**
 * The first `limit` blank-separated tokens of `text`, in one pass that stops after them, so
 * that a detector looks at a long text in time bounded by `limit` tokens, not by the text.
 */
export function leadingTokens(text: string, limit: number): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length && tokens.length < limit; i++) {
    const code = i === text.length ? 32 : text.charCodeAt(i);
    const blank = code === 32 || code === 9 || code === 10 || code === 13;
    if (blank && start >= 0) {
      tokens.push(text.slice(start, i));
      start = -1;
    } else if (!blank && start < 0) start = i;
  }
  return tokens;
}

/** How many times the char code `code` stands in `text` (a placement's `/`, say). */
export function countCode(text: string, code: number): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === code) count++;
  return count;
}
