/** Characters of input shown around the offending one; longer lines are cut with an ellipsis. */
const WINDOW = 72;

/**
 * One terminal column per character: control characters (C0, DEL and C1, whose escape
 * sequences a terminal would obey) would move the caret or worse, so show them as marks.
 */
function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\t') return '→';
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '�';
  return char;
}

/** Text from outside (a file name, an error message naming one) made safe for a terminal, as input lines are shown. */
export function printable(text: string): string {
  let shown = '';
  for (let i = 0; i < text.length; i++) shown += visible(text.charAt(i));
  return shown;
}

/**
 * The input and, below it, a caret under the character at `offset` (past the end when the
 * offset equals the length: the input ended too early). `indent` is prepended to the caret
 * line so callers can print a label before the input. Long inputs are shown as a window around
 * the offset so a 64 KiB line does not flood the terminal.
 */
export function caretLines(input: string, offset: number, indent = 0): [string, string] {
  const at = Math.max(0, Math.min(offset, input.length));
  let start = 0;
  let end = input.length;
  if (input.length > WINDOW) {
    start = Math.max(0, Math.min(at - WINDOW / 2, input.length - WINDOW));
    end = Math.min(input.length, start + WINDOW);
  }
  const before = start > 0 ? '...' : '';
  const after = end < input.length ? '...' : '';
  let shown = before;
  let column = before.length;
  for (let i = start; i < end; i++) {
    const code = input.charCodeAt(i);
    // The second half of a surrogate pair shares its column with the first.
    const lowSurrogate = code >= 0xdc00 && code <= 0xdfff && i > start;
    shown += lowSurrogate ? input[i] : visible(input[i] ?? '');
    if (i < at && !lowSurrogate) column++;
  }
  return [shown + after, `${' '.repeat(indent + column)}^`];
}
