import {
  CONTROL_Y,
  DIGIT_0,
  DIGIT_9,
  LEFT_BRACE,
  RIGHT_BRACE,
  SPACE,
  isBlank,
} from '@chess-formats/board-core/internal';

/**
 * Splits the inside of a datagram (between `^Y(` and `^Y)`) into its number and arguments
 * (formats2.txt, section 4: a decimal number, then blank-separated arguments; strings quoted
 * with `{...}` or `^Y{...^Y}`). Adjacent quotes (`}{` in DG_MOVE_LIST) are separate arguments.
 */

/** `{` and `}` quote an argument; `^Y{` and `^Y}` one that may hold braces. */
const QUOTE_OPEN = LEFT_BRACE;
const QUOTE_CLOSE = RIGHT_BRACE;

/** Where the inside of a datagram stops making sense; `at` counts from the first character after `^Y(`. */
export interface TokenFault {
  readonly code: 'datagram-number' | 'unterminated-quote' | 'stray-delimiter';
  readonly at: number;
  readonly field: number;
  readonly message: string;
}

/** The number written by `text[from, end)` (1-9 decimal digits), or -1. */
export function leadingNumber(text: string, from: number, end: number): number {
  let value = end > from && end - from <= 9 ? 0 : -1;
  for (let k = from; k < end && value >= 0; k++) {
    const c = text.charCodeAt(k);
    value = c >= DIGIT_0 && c <= DIGIT_9 ? value * 10 + c - DIGIT_0 : -1;
  }
  return value;
}

/** Where {@link readTokens} notes each argument's start and end before cutting them out. */
let bounds = new Int32Array(64);

/** The number of the datagram {@link readTokens} read last. */
export let tokensId = 0;

/**
 * The arguments of the datagram body `text[from, to)`, read in place in one pass (no copy of
 * the body, no regex, nothing read past `to`), and its number in {@link tokensId}; or where
 * the body stops making sense. With `starts`, also records where each argument begins (the
 * decoder asks only when it must point at an argument in an error).
 */
export function readTokens(text: string, from: number, to: number, starts?: number[]): string[] | TokenFault {
  let id = 0;
  let i = from;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) break;
    id = id * 10 + c - DIGIT_0;
  }
  const after = i < to ? text.charCodeAt(i) : SPACE;
  if (i === from || i - from > 9 || !(isBlank(after) || after === QUOTE_OPEN || after === CONTROL_Y)) {
    return {
      code: 'datagram-number',
      at: 0,
      field: 0,
      message: `a datagram starts with its decimal number, found ${JSON.stringify(text.slice(from, Math.min(to, from + 12)))}`,
    };
  }
  let count = 0;
  while (i < to) {
    let c = text.charCodeAt(i);
    if (isBlank(c)) {
      i++;
      continue;
    }
    starts?.push(i - from);
    const field = count + 1;
    let start = i;
    let end: number;
    if (c === QUOTE_OPEN) {
      let stray = -1;
      for (start = ++i; i < to && (c = text.charCodeAt(i)) !== QUOTE_CLOSE; i++)
        if (c === CONTROL_Y && stray < 0) stray = i;
      if (i === to)
        return {
          code: 'unterminated-quote',
          at: start - 1 - from,
          field,
          message: 'a {-quoted argument has no closing }',
        };
      if (stray >= 0)
        return { code: 'stray-delimiter', at: stray - from, field, message: 'a control-Y inside a {-quoted argument' };
      end = i++;
    } else if (c === CONTROL_Y) {
      if (i + 1 === to || text.charCodeAt(i + 1) !== QUOTE_OPEN) {
        return { code: 'stray-delimiter', at: i - from, field, message: 'a ^Y} closes a quote that was never opened' };
      }
      start = i += 2;
      // The decoder's bodies end at a control-Y, so this search stops at `to` at the latest.
      const close = text.indexOf('\x19', start);
      if (close >= 0 && close + 1 < to && text.charCodeAt(close + 1) === QUOTE_CLOSE) i = close;
      else {
        let stray = -1;
        for (; i + 1 < to && !(text.charCodeAt(i) === CONTROL_Y && text.charCodeAt(i + 1) === QUOTE_CLOSE); i++)
          if (text.charCodeAt(i) === CONTROL_Y && stray < 0) stray = i;
        if (i + 1 >= to)
          return {
            code: 'unterminated-quote',
            at: start - 2 - from,
            field,
            message: 'a ^Y{-quoted argument has no closing ^Y}',
          };
        if (stray >= 0)
          return { code: 'stray-delimiter', at: stray - from, field, message: 'a ^Y{ inside a ^Y{-quoted argument' };
      }
      end = i;
      i += 2;
    } else {
      // Every character that ends a bare argument (blanks, control-Y, `{`) is 32 or below, or `{`.
      for (; i < to; i++) {
        c = text.charCodeAt(i);
        if (c <= SPACE ? isBlank(c) || c === CONTROL_Y : c === QUOTE_OPEN) break;
      }
      end = i;
    }
    if (2 * count + 2 > bounds.length) {
      const grown = new Int32Array(2 * bounds.length);
      grown.set(bounds);
      bounds = grown;
    }
    bounds[2 * count] = start;
    bounds[2 * count++ + 1] = end;
  }
  tokensId = id;
  // Sized once: the events of a large chunk all live until it is decoded, so every byte counts.
  const args = new Array<string>(count);
  for (let k = 0; k < count; k++) args[k] = text.slice(bounds[2 * k] as number, bounds[2 * k + 1]);
  if (count > 4096) bounds = new Int32Array(64);
  return args;
}
