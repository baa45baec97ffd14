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
/** Characters that need the careful path: quotes, other blanks. */
const SPECIAL = /[{\x19\t\n\r]/;

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

/**
 * The number and arguments of a datagram body. With `starts`, also records where each argument
 * begins (the decoder asks only when it must point at an argument in an error).
 */
export function tokenize(body: string, starts?: number[]): Tokens | TokenFault {
  // Most datagrams (moves, clocks) hold no quotes and single spaces: cut at each space
  // (indexOf and slice beat String.prototype.split here, measured).
  if (starts === undefined && !SPECIAL.test(body)) {
    const space = body.indexOf(' ');
    const id = leadingNumber(body, space < 0 ? body.length : space);
    if (id >= 0) {
      const args: string[] = [];
      let from = space + 1;
      let clean = true;
      while (space >= 0) {
        const next = body.indexOf(' ', from);
        const end = next < 0 ? body.length : next;
        if (end === from) {
          clean = false;
          break;
        }
        args.push(body.slice(from, end));
        if (next < 0) break;
        from = next + 1;
      }
      if (clean) return { id, args };
    }
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
      const control = body.indexOf(CTRL_Y, i + 1);
      if (control >= 0 && control < close) {
        return { code: 'stray-delimiter', at: control, field: args.length + 1, message: 'a control-Y inside a {-quoted argument' };
      }
      args.push(body.slice(i + 1, close));
      i = close + 1;
    } else if (c === 0x19) {
      if (body.charCodeAt(i + 1) !== 123) {
        return { code: 'stray-delimiter', at: i, field: args.length + 1, message: 'a ^Y} closes a quote that was never opened' };
      }
      const close = body.indexOf('\x19}', i + 2);
      if (close < 0) return { code: 'unterminated-quote', at: i, field: args.length + 1, message: 'a ^Y{-quoted argument has no closing ^Y}' };
      const control = body.indexOf(CTRL_Y, i + 2);
      if (control < close) {
        return { code: 'stray-delimiter', at: control, field: args.length + 1, message: 'a ^Y{ inside a ^Y{-quoted argument' };
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
