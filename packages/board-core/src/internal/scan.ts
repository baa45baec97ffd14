import type { Err } from '../result.js';
import { CR, DASH, EN_DASH, LF, SPACE, TAB, UNDERSCORE } from './codes.js';

/*
 * The skeleton every line reader shares (FEN, FENr, OCPN, style12, and board-core's own text
 * readers): field separators and the loop between fields, `-` for none, and the one error path,
 * a fault thrown where it is found and made an error value with an offset where the parse
 * started.
 *
 * Plain functions of a text and an index, returning an index or a value: a parser keeps its
 * place in locals, which the engine holds in registers (a property is a memory read in every
 * loop), and nothing is kept between parses (no module state), so parses cannot leak into each
 * other. Each is its own export, so a bundle takes only the ones its reader calls.
 */

/** A fault as thrown by {@link fault}: code, field, offset, and what was expected when the fault says so itself. */
export type Fault = readonly [code: string, field: number, offset: number, expected: string | undefined];

/**
 * Throws the fault `code` of `field` at `offset` (expecting `expected`, when given, instead of
 * what the reader's tables say). Thrown where it is found, as an array (nothing else a reader
 * throws is one), and made an error value by {@link faultError} where the parse started, so the
 * readers need no error plumbing and the parser no module state.
 */
export function fault(code: string, field: number, offset: number, expected?: string): never {
  // Frozen, and so not a one-liner: V8 inlines the smallest functions at every call site, hot
  // or not, and a reader has dozens of them, which slows the hot paths around them; this one
  // stays a call on the cold paths.
  throw Object.freeze([code, field, offset, expected]);
}

/** The fault `thrown` is; anything else thrown is a defect and is thrown on. */
export function caughtFault(thrown: unknown): Fault {
  if (!Array.isArray(thrown)) throw thrown;
  return thrown as unknown as Fault;
}

/**
 * The error value of a fault thrown while reading `text`: message `expected X, found Y`, X the
 * fault's own expectation, else `byCode[code]`, else `byField[field]`; Y the character at the
 * offset as JSON, or `end` at `end` (the text's length, or where a reader stopped reading, a
 * line's trimmed line end, say) and past it. Anything else thrown is a defect and is thrown on.
 */
export function faultError<E>(
  thrown: unknown,
  text: string,
  byCode: { readonly [code: string]: string | undefined },
  byField: readonly string[],
  end: number = text.length,
): Err<E> {
  const [code, field, offset, expected] = caughtFault(thrown);
  // Past the end there is no character: JSON.stringify(undefined) is undefined.
  const found = (offset < end ? JSON.stringify(text[offset]) : undefined) ?? 'end';
  return {
    ok: false,
    error: {
      code,
      field,
      offset,
      message: `expected ${expected ?? byCode[code] ?? byField[field]}, found ${found}`,
    } as E,
  };
}

/** Whether char code `c` is a blank: space, tab, LF or CR. */
export function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

/**
 * Whether char code `c` separates fields: a blank, or `_` (FEN's spelling in URLs). Default
 * modes take runs of them; strict modes one space only.
 */
export function isSeparator(c: number): boolean {
  return isBlank(c) || c === UNDERSCORE;
}

/** `-`, or in default mode the en dash (U+2013) that word processors make of it. */
export function isNone(c: number, strict: boolean): boolean {
  return c === DASH || (c === EN_DASH && !strict);
}

/**
 * `pos`, the end of a field, when a separator (with `blanksOnly`, a blank) or the end of the
 * text is there; any other character there is a stray one, fault `code` of `field`.
 */
export function fieldEnd(text: string, pos: number, code: string, field: number, blanksOnly?: boolean): number {
  return pos < text.length && !separates(text.charCodeAt(pos), blanksOnly) ? fault(code, field, pos) : pos;
}

/**
 * The separator loop: from `pos`, the end of a field (a separator there, or the end of the
 * text), where the next field starts, or the text's length when none follows. Separators are
 * {@link isSeparator}'s, or, with `blanksOnly`, {@link isBlank}'s. Strict mode takes one space
 * only: anything else (another separator, a run, a separator that ends the text) is fault
 * `whitespace` of `field`, at the first character too many.
 */
export function fieldStart(text: string, pos: number, strict: boolean, field: number, blanksOnly?: boolean): number {
  const n = text.length;
  // One space, the common case, needs no loop.
  if (text.charCodeAt(pos) === SPACE && pos + 1 < n && !separates(text.charCodeAt(pos + 1), blanksOnly)) return pos + 1;
  let i = pos;
  while (i < n && separates(text.charCodeAt(i), blanksOnly)) i++;
  if (strict) fault('whitespace', field, text.charCodeAt(pos) !== SPACE || i === n ? pos : pos + 1);
  return i;
}

function separates(c: number, blanksOnly: boolean | undefined): boolean {
  return blanksOnly ? isBlank(c) : isSeparator(c);
}

/**
 * The first `limit` blank-separated tokens of `text`, in one pass that stops after them, so
 * that a detector looks at a long text in time bounded by `limit` tokens, not by the text.
 */
export function leadingTokens(text: string, limit: number): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length && tokens.length < limit; i++) {
    const blank = i === text.length || isBlank(text.charCodeAt(i));
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
