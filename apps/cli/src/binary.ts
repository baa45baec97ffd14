import { BELL, CONTROL_Y, CONTROL_Z, CR, DELETE, LF, SPACE, TAB } from '@chess-formats/board-core/internal';

/** Character codes the rule below names beside the shared ones. */
const NUL = 0x00;
const LAST_C1 = 0x9f;
const REPLACEMENT = 0xfffd;

/** What follows a control-Y in ICC output: the delimiters `^Y(`, `^Y)`, `^Y[`, `^Y]`, `^Y{`, `^Y}`, `^Y<`, `^Y>`. */
const ICC_DELIMITERS = '()[]{}<>';

/**
 * Characters that text of ours never holds, or holds once in a while: one line is binary when
 * more than one in this many of its characters are such.
 */
const TEXT_SHARE = 8;

/** A character a text line may hold: anything but the suspects of `isBinaryLine`. */
function suspect(line: string, i: number): boolean {
  const code = line.charCodeAt(i);
  if (code === REPLACEMENT) return true;
  if (code >= SPACE && code < DELETE) return false;
  if (code > LAST_C1) return false;
  if (code === TAB || code === LF || code === CR || code === BELL || code === CONTROL_Z) return false;
  if (code === CONTROL_Y) return !ICC_DELIMITERS.includes(line[i + 1] ?? '');
  return true;
}

/**
 * Whether a line of input (as the line reader decoded it from UTF-8) is binary rather than text:
 * it holds a NUL, or more than one in eight of its characters are suspect. Suspect are the
 * replacement character U+FFFD (what invalid UTF-8 decodes to), DEL, the C1 controls, and the
 * C0 controls except tab, LF, CR, BEL (FICS's bell), control-Z (ICC's mark of lost output) and a
 * control-Y followed by one of ICC's delimiter characters (`( ) [ ] { } < >`). Real ICC and FICS
 * output, a stray Latin-1 letter in a long line, and every notation of the list are text; random
 * bytes are binary (about half their characters are suspect).
 */
export function isBinaryLine(line: string): boolean {
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    if (line.charCodeAt(i) === NUL) return true;
    if (suspect(line, i)) count++;
  }
  return count * TEXT_SHARE > line.length;
}
