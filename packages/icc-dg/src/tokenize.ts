/**
 * Splits the inside of a datagram (between `^Y(` and `^Y)`) into its number and arguments
 * (formats2.txt, section 4: a decimal number, then blank-separated arguments; strings quoted
 * with `{...}` or `^Y{...^Y}`). Adjacent quotes (`}{` in DG_MOVE_LIST) are separate arguments.
 */

export interface Tokens {
  readonly id: number;
  readonly args: string[];
}

/** Where the inside of a datagram stops making sense; `at` counts from the first character after `^Y(`. */
export interface TokenFault {
  readonly code: 'datagram-number' | 'unterminated-quote' | 'stray-delimiter';
  readonly at: number;
  readonly field: number;
  readonly message: string;
}

const CTRL_Y = '\x19';
function isBlank(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** The number written by the first `end` characters (1-9 decimal digits), or -1. */
export function leadingNumber(text: string, end: number): number {
  let value = end > 0 && end <= 9 ? 0 : -1;
  for (let k = 0; k < end && value >= 0; k++) {
    const c = text.charCodeAt(k);
    value = c >= 48 && c <= 57 ? value * 10 + c - 48 : -1;
  }
  return value;
}

/** Where {@link plainTokens} notes each argument's start and end before cutting them out. */
let bounds = new Int32Array(64);

/**
 * The arguments of the well-formed datagram body `text[from, to)`, read in place in one pass
 * (no slice of the body, no regex) and bounded by `to`; sets {@link plainId}. Undefined when
 * the body has a fault: {@link tokenize} then says which, on the body cut out.
 */
export function plainTokens(text: string, from: number, to: number): string[] | undefined {
  let id = 0;
  let i = from;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    id = id * 10 + c - 48;
  }
  if (i === from || i - from > 9) return undefined;
  const after = i < to ? text.charCodeAt(i) : 32;
  if (!(isBlank(after) || after === 123 || after === 0x19)) return undefined;
  let count = 0;
  while (i < to) {
    let c = text.charCodeAt(i);
    let start = i;
    let end: number;
    if (isBlank(c)) {
      i++;
      continue;
    } else if (c === 123) {
      start = ++i;
      while (i < to && (c = text.charCodeAt(i)) !== 125) {
        if (c === 0x19) return undefined;
        i++;
      }
      if (i === to) return undefined;
      end = i++;
    } else if (c === 0x19) {
      if (text.charCodeAt(i + 1) !== 123 || i + 1 >= to) return undefined;
      start = i += 2;
      while (i < to && text.charCodeAt(i) !== 0x19) i++;
      if (i + 1 >= to || text.charCodeAt(i + 1) !== 125) return undefined;
      end = i;
      i += 2;
    } else {
      for (; i < to; i++) {
        c = text.charCodeAt(i);
        if (isBlank(c) || c === 123 || c === 0x19) break;
      }
      end = i;
    }
    if (2 * count + 2 > bounds.length) {
      const grown = new Int32Array(2 * bounds.length);
      grown.set(bounds);
      bounds = grown;
    }
    bounds[2 * count] = start;
    bounds[2 * count + 1] = end;
    count++;
  }
  plainId = id;
  // Sized once: the events of a large chunk live until it is decoded, so every byte counts.
  const args = new Array<string>(count);
  for (let k = 0; k < count; k++) args[k] = text.slice(bounds[2 * k] as number, bounds[2 * k + 1]);
  if (count > 4096) bounds = new Int32Array(64);
  return args;
}

/** The number of the datagram {@link plainTokens} read last. */
export let plainId = 0;

/**
 * The number and arguments of a datagram body. With `starts`, also records where each argument
 * begins (the decoder asks only when it must point at an argument in an error).
 */
export function tokenize(body: string, starts?: number[]): Tokens | TokenFault {
  if (starts === undefined) {
    const args = plainTokens(body, 0, body.length);
    if (args !== undefined) return { id: plainId, args };
  }
  const n = body.length;
  let i = 0;
  while (i < n) {
    const c = body.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  const after = i < n ? body.charCodeAt(i) : 32;
  if (i === 0 || i > 9 || !(isBlank(after) || after === 123 || after === 0x19)) {
    return { code: 'datagram-number', at: 0, field: 0, message: `a datagram starts with its decimal number, found ${JSON.stringify(body.slice(0, 12))}` };
  }
  const id = Number(body.slice(0, i));
  const args: string[] = [];
  // The next control-Y at or after the quote being read (-1: none): looked up again only once
  // passed, so that a body of many quotes is read in linear time.
  let control = -2;
  const nextControl = (from: number): number => {
    if (control !== -1 && control < from) control = body.indexOf(CTRL_Y, from);
    return control;
  };
  while (i < n) {
    const c = body.charCodeAt(i);
    if (isBlank(c)) {
      i++;
      continue;
    }
    starts?.push(i);
    if (c === 123) {
      const close = body.indexOf('}', i + 1);
      if (close < 0) return { code: 'unterminated-quote', at: i, field: args.length + 1, message: 'a {-quoted argument has no closing }' };
      const stray = nextControl(i + 1);
      if (stray >= 0 && stray < close) {
        return { code: 'stray-delimiter', at: stray, field: args.length + 1, message: 'a control-Y inside a {-quoted argument' };
      }
      args.push(body.slice(i + 1, close));
      i = close + 1;
    } else if (c === 0x19) {
      if (body.charCodeAt(i + 1) !== 123) {
        return { code: 'stray-delimiter', at: i, field: args.length + 1, message: 'a ^Y} closes a quote that was never opened' };
      }
      const close = body.indexOf('\x19}', i + 2);
      if (close < 0) return { code: 'unterminated-quote', at: i, field: args.length + 1, message: 'a ^Y{-quoted argument has no closing ^Y}' };
      const stray = nextControl(i + 2);
      if (stray < close) {
        return { code: 'stray-delimiter', at: stray, field: args.length + 1, message: 'a ^Y{ inside a ^Y{-quoted argument' };
      }
      args.push(body.slice(i + 2, close));
      i = close + 2;
    } else {
      let j = i + 1;
      while (j < n) {
        const d = body.charCodeAt(j);
        if (isBlank(d) || d === 123 || d === 0x19) break;
        j++;
      }
      args.push(body.slice(i, j));
      i = j;
    }
  }
  return { id, args };
}
