import {
  CR,
  GREATER_THAN,
  LEFT_BRACE,
  LEFT_BRACKET,
  LEFT_PAREN,
  LESS_THAN,
  RIGHT_BRACE,
  RIGHT_BRACKET,
  RIGHT_PAREN,
} from '@chess-formats/board-core/internal';
import { decodeArgs, isFault } from './codec.js';
import type { IccEvent } from './decoder.js';
import type { IccError, IccErrorCode, RawDatagram } from './errors.js';
import type { SettingBits } from './settings.js';
import { leadingNumber, readTokens, tokensId } from './tokenize.js';

/**
 * The decoder's state machine: it reads text (the intake in decoder.ts turns chunks into text)
 * and turns it into events. Each state has one method, named after what it reads; the states
 * and the characters they look for are named below. formats2.txt is the reference: level 0 text,
 * level 1 units (section 3), level 2 datagrams (section 4), control-Z (Appendix 1).
 */

// The characters of the framing, as char codes: what each means after a control-Y.
const CARRIAGE_RETURN = CR;
/** `^Y(` opens a datagram, `^Y)` closes it. */
const DATAGRAM_OPEN = LEFT_PAREN;
const DATAGRAM_CLOSE = RIGHT_PAREN;
/** `^Y[` opens a unit (its header follows, up to the line end), `^Y]` closes it. */
const UNIT_OPEN = LEFT_BRACKET;
const UNIT_CLOSE = RIGHT_BRACKET;
/** `^Y<` and `^Y>` bracket the output of one command (level1 & 2). */
const COMMAND_OPEN = LESS_THAN;
const COMMAND_CLOSE = GREATER_THAN;
/** `^Y{` and `^Y}` quote an argument inside a datagram. */
const QUOTE_OPEN = LEFT_BRACE;
const QUOTE_CLOSE = RIGHT_BRACE;

// The same characters as strings, for the native searches.
const CONTROL_Y_TEXT = '\x19';
const CONTROL_Z_TEXT = '\x1a';
const LINE_FEED_TEXT = '\n';

/**
 * The longest delimiter (a datagram, a unit header) cut by a chunk's end that is carried over
 * and read again with the next chunk, in characters. Carried, it is read in one piece by the
 * fast path, as if the chunks had been one; longer ones go through the states. Small, because a
 * carry is copied once per chunk: with tiny chunks, reading stays linear with a small factor.
 */
const MAX_CARRY = 256;
/** The longest unit header read, in characters. */
const MAX_HEADER = 1024;
/** Past the end of any string: a search cache set to it is looked up anew. */
const NOT_SEARCHED = 0x40000000;

// The states. The text a state has not finished is held in the machine's fields.
/** Level 0 text: lines up to the next control-Y or control-Z. */
const TEXT = 0;
/** Inside `^Y(...`: the body is gathered up to its `^Y)`. */
const DATAGRAM = 1;
/** After `^Y[`: the header `command player [tag]` up to the line end. */
const HEADER = 2;
// A control-Y that ends a chunk is carried to the next one, where the character after it says
// what it is: no state waits for that character.

const COMMAND_START: IccEvent = Object.freeze({ kind: 'command-start' });
const COMMAND_END: IccEvent = Object.freeze({ kind: 'command-end' });
const OVERFLOW: IccEvent = Object.freeze({ kind: 'overflow' });
/** The unit ends of the usual depths, shared (every move comes in a unit). */
const UNIT_ENDS: readonly IccEvent[] = /* @__PURE__ */ [0, 1, 2, 3, 4].map((depth) =>
  Object.freeze({ kind: 'unit-end', depth }),
);

/** The size limits and settings a {@link Framing} starts from. */
export interface FramingLimits {
  readonly maxDatagram: number;
  readonly maxUnit: number;
  readonly maxText: number;
  readonly compile: boolean;
  readonly settings: SettingBits;
}

export class Framing {
  readonly #limits: FramingLimits;
  #events: IccEvent[] = [];
  /**
   * Where events go while a chunk is read with a callback (`push(chunk, onEvent)`): handed out
   * one by one, they die young instead of all living until a large chunk is read.
   */
  #sink: ((event: IccEvent) => void) | null = null;
  /** The callback threw: its exception passes through, it is not an internal fault. */
  sinkThrew = false;
  #state = TEXT;
  /** The level 2 variables on now (a DG_SET2 acknowledgement changes them). */
  #settings: SettingBits;
  /** Stream offset of the current chunk's first character. */
  #base = 0;

  /** The start of a delimiter the last chunk cut off, read again in front of the next chunk (see MAX_CARRY). */
  #carry = '';
  /** Set while the stream ends: a carry is read through the states. */
  #noCarry = false;

  /** Text not yet handed out: the start of a line. */
  #pendingText = '';

  /** The datagram being read: where its `^Y(` stands, its body so far and that body's length. */
  #datagramStart = 0;
  #body: string[] = [];
  #bodyLength = 0;
  /** The datagram ran past its limit: the rest of it is dropped, not gathered. */
  #dropping = false;

  /** The unit header being read, and where its `^Y[` stands. */
  #header = '';
  #headerStart = 0;
  #headerTooLong = false;

  /** How many units are open, and where the outermost one started. */
  #depth = 0;
  #unitStart = 0;

  // The chunk being read, and the next control-Y, control-Z and line feed in it: each is the
  // first at or after the position it was searched from (-1: none), valid for any later
  // position up to it. A search from before that position looks anew.
  #chunk = '';
  #controlY = -1;
  #controlYFrom = NOT_SEARCHED;
  #controlZ = -1;
  #controlZFrom = NOT_SEARCHED;
  #lineFeed = -1;
  #lineFeedFrom = NOT_SEARCHED;

  constructor(limits: FramingLimits) {
    this.#limits = limits;
    this.#settings = limits.settings.slice();
    this.reset();
  }

  /** Back to the start of a stream (construction and `end()`). Events not taken are kept. */
  reset(): void {
    this.#state = TEXT;
    this.#settings = this.#limits.settings.slice();
    this.#base = 0;
    this.#pendingText = '';
    this.#carry = '';
    this.#datagramStart = 0;
    this.#body = [];
    this.#bodyLength = 0;
    this.#dropping = false;
    this.#header = '';
    this.#headerStart = 0;
    this.#headerTooLong = false;
    this.#depth = 0;
    this.#unitStart = 0;
  }

  /** Hands events to `sink` from now on (null: gathers them for {@link take}). */
  setSink(sink: ((event: IccEvent) => void) | null): void {
    this.#sink = sink;
  }

  #emit(event: IccEvent): void {
    const sink = this.#sink;
    if (sink === null) {
      this.#events.push(event);
      return;
    }
    // Cleared only when the callback returns: no try block in the way of every event.
    this.sinkThrew = true;
    sink(event);
    this.sinkThrew = false;
  }

  /** The events found since the last call. */
  take(): IccEvent[] {
    const out = this.#events;
    this.#events = [];
    return out;
  }

  /** The characters held while waiting for a delimiter. */
  buffered(): number {
    const inDatagram = this.#state === DATAGRAM && !this.#dropping;
    return this.#carry.length + this.#pendingText.length + this.#header.length + (inDatagram ? this.#bodyLength : 0);
  }

  /** Reads the next piece of the stream's text. */
  read(text: string): void {
    let chunk = text;
    if (this.#carry !== '') {
      // Joined by `join`, not `+`: a flat string, whose characters are read faster (about 1.3x
      // in a loop of charCodeAt) than those of the pair `+` makes, flattened or not.
      chunk = [this.#carry, text].join('');
      this.#base -= this.#carry.length;
      this.#carry = '';
    }
    this.#chunk = chunk;
    this.#controlYFrom = this.#controlZFrom = this.#lineFeedFrom = NOT_SEARCHED;
    const length = chunk.length;
    let p = 0;
    while (p < length) {
      switch (this.#state) {
        case TEXT:
          p = this.#readText(p);
          break;
        case DATAGRAM:
          p = this.#readDatagram(p);
          break;
        default:
          p = this.#readHeader(p);
      }
    }
    this.#base += length;
    this.#chunk = '';
  }

  /** The stream ended: what the state holds is flushed, or reported unfinished. */
  finish(): void {
    if (this.#carry !== '') {
      this.#noCarry = true;
      this.read('');
      this.#noCarry = false;
    }
    switch (this.#state) {
      case TEXT:
        if (this.#pendingText !== '') this.#pushText('', true);
        break;
      case DATAGRAM:
        if (!this.#dropping)
          this.#fail('unterminated-datagram', this.#datagramStart, 'the stream ends inside a datagram');
        break;
      default:
        if (!this.#headerTooLong) this.#startUnit(this.#header, 0, this.#header.length, this.#headerStart + 2);
    }
  }

  /**
   * A fault of the decoder itself (unreachable by design): reported, so that the caller's
   * connection lives on. The rest of the chunk and whatever was unfinished are dropped; the next
   * chunk is read as text, inside the units still open.
   */
  internalFault(fault: unknown): void {
    this.#fail('internal-fault', this.#base, `internal decoder fault: ${String(fault)}`);
    this.abandonChunk();
  }

  /** Drops the rest of the chunk being read and whatever was unfinished (a fault, or a callback that threw). */
  abandonChunk(): void {
    this.#carry = '';
    this.#base += this.#chunk.length;
    this.#chunk = '';
    this.#state = TEXT;
    this.#pendingText = '';
    this.#dropBody();
    this.#header = '';
  }

  // ---------------------------------------------------------------------------------------------
  // The states. Each reads from position `p` of the chunk and returns where it stopped.

  /** TEXT: one event per line up to the next control-Y or control-Z, then what that one starts. */
  #readText(p: number): number {
    const s = this.#chunk;
    const length = s.length;
    const controlY = this.#nextControlY(p);
    let stop = controlY < 0 ? length : controlY;
    let overflow = false;
    let i = p;
    // A delimiter right here (a datagram after a datagram, one carried over): no text before
    // it, and no need to look for a control-Z or a line end (two searches of the chunk saved,
    // which small chunks feel).
    if (stop > p) {
      const controlZ = this.#nextControlZ(p);
      overflow = controlZ >= 0 && controlZ < stop;
      if (overflow) stop = controlZ;
      for (let line = this.#nextLineFeed(i); line >= 0 && line < stop; line = this.#nextLineFeed(i)) {
        this.#pushText(s.slice(i, line + 1), true);
        i = line + 1;
      }
    }
    if (i < stop) this.#pushText(s.slice(i, stop), stop < length);
    else if (stop < length && this.#pendingText !== '') this.#pushText('', true);
    if (stop >= length) return length;
    if (overflow) {
      this.#emit(OVERFLOW);
      return stop + 1;
    }
    if (stop + 1 >= length) {
      if (this.#noCarry) this.#fail('stray-delimiter', this.#base + stop, 'the stream ends with a control-Y');
      else this.#carry = CONTROL_Y_TEXT;
      return length;
    }
    const code = s.charCodeAt(stop + 1);
    // Most delimiters open a datagram or a header that ends in the same chunk: read those at
    // once, without going through the states.
    if (code === DATAGRAM_OPEN) {
      const end = this.#datagramEnd(stop + 2);
      if (end >= 0) {
        this.#checkUnitSize(this.#base + stop);
        this.#datagramStart = this.#base + stop;
        this.#finishDatagram(s, stop + 2, end);
        return end + 2;
      }
      if (this.#carries(stop, this.#nextDelimiter(stop + 2), length)) return length;
    } else if (code === UNIT_OPEN) {
      const end = this.#headerEnd(stop + 2);
      if (end >= 0) {
        this.#checkUnitSize(this.#base + stop);
        if (this.#depth === 0) this.#unitStart = this.#base + stop;
        this.#startUnit(s, stop + 2, end, this.#base + stop + 2);
        return end + 1;
      }
      if (this.#nextLineFeed(stop + 2) < 0 && this.#carries(stop, this.#nextControlY(stop + 2), length)) return length;
    }
    return stop + this.#delimiter(code, this.#base + stop);
  }

  /**
   * Whether the delimiter at `stop`, whose next control-Y is `next` (-1: none), is cut off by the
   * chunk's end and short enough to be carried: nothing in the chunk after it but its own text
   * (a control-Y that ends the chunk may still be its end).
   */
  #carries(stop: number, next: number, length: number): boolean {
    if (this.#noCarry || length - stop > MAX_CARRY || (next >= 0 && next + 1 < length) || this.#nextControlZ(stop) >= 0)
      return false;
    this.#carry = this.#chunk.slice(stop);
    return true;
  }

  /** DATAGRAM: the body up to the next control-Y that is not a quote, or a control-Z. */
  #readDatagram(p: number): number {
    const s = this.#chunk;
    const length = s.length;
    const at = this.#nextDelimiter(p);
    const controlZ = this.#nextControlZ(p);
    if (controlZ >= 0 && (at < 0 || controlZ < at)) {
      // Output was lost: this datagram's end will not come.
      this.#bodyLength += controlZ - p;
      if (!this.#dropping && this.#bodyLength > this.#limits.maxDatagram) this.#tooLarge();
      this.#emit(OVERFLOW);
      this.#dropBody();
      this.#state = TEXT;
      return controlZ + 1;
    }
    if (at < 0 || at + 1 >= length) {
      // The body goes on in the next chunk; a control-Y that ends this one is carried there.
      const end = at < 0 ? length : at;
      this.#bodyLength += end - p;
      if (!this.#dropping) {
        if (this.#bodyLength > this.#limits.maxDatagram) {
          this.#tooLarge();
          this.#dropBody();
          this.#dropping = true;
        } else if (end > p) this.#body.push(s.slice(p, end));
      }
      if (at >= 0 && !this.#noCarry) this.#carry = CONTROL_Y_TEXT;
      return length;
    }
    const closes = s.charCodeAt(at + 1) === DATAGRAM_CLOSE;
    this.#bodyLength += at - p;
    this.#endDatagram(closes, this.#base + at, p, this.#dropping ? p : at);
    // A delimiter other than `^Y)` breaks the datagram off and is read as itself.
    return closes ? at + 2 : at;
  }

  /** HEADER: `command player [tag]` up to the line end; a control character cuts it short. */
  #readHeader(p: number): number {
    const s = this.#chunk;
    const controlY = this.#nextControlY(p);
    const controlZ = this.#nextControlZ(p);
    const line = this.#nextLineFeed(p);
    let stop = s.length;
    if (controlY >= 0 && controlY < stop) stop = controlY;
    if (controlZ >= 0 && controlZ < stop) stop = controlZ;
    if (line >= 0 && line < stop) stop = line;
    if (!this.#headerTooLong) {
      this.#header += s.slice(p, stop);
      if (this.#header.length > MAX_HEADER) {
        this.#headerTooLong = true;
        this.#header = '';
        this.#fail('unit-header', this.#headerStart + 2, `a unit header ran past ${String(MAX_HEADER)} characters`);
        this.#depth++;
        this.#emit({ kind: 'unit-start', command: -1, player: '', depth: this.#depth });
      }
    }
    if (stop === s.length) return stop;
    if (!this.#headerTooLong) this.#startUnit(this.#header, 0, this.#header.length, this.#headerStart + 2);
    this.#header = '';
    this.#state = TEXT;
    return stop === line ? stop + 1 : stop;
  }

  // ---------------------------------------------------------------------------------------------
  // What the states share.

  /** Acts on the delimiter `^Y` + `code` at stream offset `at`; returns how many characters it takes (2, or 1 for a lone control-Y). */
  #delimiter(code: number, at: number): number {
    this.#checkUnitSize(at);
    switch (code) {
      case DATAGRAM_OPEN:
        this.#state = DATAGRAM;
        this.#datagramStart = at;
        this.#dropBody();
        this.#dropping = false;
        return 2;
      case UNIT_OPEN:
        this.#state = HEADER;
        this.#header = '';
        this.#headerStart = at;
        this.#headerTooLong = false;
        if (this.#depth === 0) this.#unitStart = at;
        return 2;
      case UNIT_CLOSE:
        this.#emit(UNIT_ENDS[this.#depth] ?? { kind: 'unit-end', depth: this.#depth });
        if (this.#depth > 0) this.#depth--;
        return 2;
      case COMMAND_OPEN:
        this.#emit(COMMAND_START);
        return 2;
      case COMMAND_CLOSE:
        this.#emit(COMMAND_END);
        return 2;
      case DATAGRAM_CLOSE:
      case QUOTE_OPEN:
      case QUOTE_CLOSE:
        this.#fail('stray-delimiter', at, `^Y${String.fromCharCode(code)} outside a datagram`);
        return 2;
      default:
        this.#fail('stray-delimiter', at, 'a control-Y that starts no delimiter');
        return 1;
    }
  }

  /** Text up to a line end (`complete`) or a piece of one; lines longer than `maxText` go out in pieces. */
  #pushText(piece: string, complete: boolean): void {
    const maxText = this.#limits.maxText;
    let text = this.#pendingText === '' ? piece : this.#pendingText + piece;
    while (text.length > maxText) {
      this.#emit({ kind: 'text', text: text.slice(0, maxText) });
      text = text.slice(maxText);
    }
    if (complete && text !== '') {
      this.#emit({ kind: 'text', text });
      text = '';
    }
    this.#pendingText = text;
  }

  /**
   * The datagram stopped at a control-Y at stream offset `at`: `^Y)` ends it (`closes`), any
   * other delimiter breaks it off. Its body is what `body` holds, then `chunk[from, to)`.
   */
  #endDatagram(closes: boolean, at: number, from: number, to: number): void {
    const length = this.#bodyLength;
    const joined = this.#body.length === 0 ? undefined : this.#body.join('') + this.#chunk.slice(from, to);
    this.#dropBody();
    this.#state = TEXT;
    if (this.#dropping) return;
    if (length > this.#limits.maxDatagram) this.#tooLarge();
    else if (!closes)
      this.#fail(
        'unterminated-datagram',
        this.#datagramStart,
        `a datagram has no ^Y) before the next delimiter at ${String(at)}`,
      );
    else if (joined === undefined) this.#finishDatagram(this.#chunk, from, to);
    else this.#finishDatagram(joined, 0, joined.length);
  }

  /** Decodes the datagram body `text[from, to)` whose `^Y(` stands at `datagramStart`. */
  #finishDatagram(text: string, from: number, to: number): void {
    const at = this.#datagramStart;
    if (to - from > this.#limits.maxDatagram) {
      this.#tooLarge();
      return;
    }
    const args = readTokens(text, from, to);
    if (!Array.isArray(args)) {
      this.#fail(args.code, at + 2 + args.at, args.message, args.field);
      return;
    }
    const id = tokensId;
    const datagram = decodeArgs(id, args, this.#settings, this.#limits.compile);
    if (isFault(datagram)) {
      const { code, field, message } = datagram;
      const starts: number[] = [];
      readTokens(text, from, to, starts);
      const offset = at + 2 + (field - 1 < starts.length ? (starts[field - 1] as number) : to - from);
      this.#fail(code, offset, message, field, { id, args });
      return;
    }
    if (datagram.name === 'DG_SET2' && datagram.fields.dgCode >= 0 && datagram.fields.dgCode < 256) {
      // The server acknowledges a set-2 (formats2.txt, 124): later datagrams follow the new setting.
      this.#settings[datagram.fields.dgCode] = datagram.fields.offOn ? 1 : 0;
    }
    this.#emit({ kind: 'datagram', datagram, offset: at });
  }

  /** The header `text[from, to)` (without its line end), which stands at stream offset `at`. */
  #startUnit(text: string, from: number, to: number, at: number): void {
    // `number player [tag]`, read in place: a header comes with nearly every move.
    if (to > from && text.charCodeAt(to - 1) === CARRIAGE_RETURN) to--;
    let space = text.indexOf(' ', from);
    if (space >= to) space = -1;
    let command = leadingNumber(text, from, space < 0 ? to : space);
    let space2 = space < 0 ? -1 : text.indexOf(' ', space + 1);
    if (space2 >= to) space2 = -1;
    const player = space < 0 ? '' : text.slice(space + 1, space2 < 0 ? to : space2);
    if (player === '') command = -1;
    if (command < 0)
      this.#fail(
        'unit-header',
        at,
        `a unit header is "command-number player [tag]", found ${JSON.stringify(text.slice(from, Math.min(to, from + 40)))}`,
      );
    const depth = ++this.#depth;
    if (space2 < 0 || space2 + 1 === to) this.#emit({ kind: 'unit-start', command, player, depth });
    else this.#emit({ kind: 'unit-start', command, player, tag: text.slice(space2 + 1, to), depth });
  }

  /**
   * An outermost unit that ran past `maxUnit` is forgotten: nesting starts again from the top.
   * Each unit given up is closed with a unit-end after the error, innermost first, so that the
   * events stay balanced: a consumer that counts depth, and a writer that replays the events,
   * both end up where the decoder is.
   */
  #checkUnitSize(at: number): void {
    if (this.#depth > 0 && at - this.#unitStart > this.#limits.maxUnit) {
      this.#fail(
        'unit-too-large',
        this.#unitStart,
        `a unit ran past ${String(this.#limits.maxUnit)} characters without its ^Y]; nesting starts again from the top`,
      );
      for (; this.#depth > 0; this.#depth--)
        this.#emit(UNIT_ENDS[this.#depth] ?? { kind: 'unit-end', depth: this.#depth });
    }
  }

  #dropBody(): void {
    if (this.#body.length > 0) this.#body = [];
    this.#bodyLength = 0;
  }

  #tooLarge(): void {
    this.#fail(
      'datagram-too-large',
      this.#datagramStart,
      `a datagram ran past ${String(this.#limits.maxDatagram)} characters; it is dropped`,
    );
  }

  #fail(code: IccErrorCode, offset: number, message: string, field = 0, datagram?: RawDatagram): void {
    const error: IccError = datagram ? { code, field, offset, message, datagram } : { code, field, offset, message };
    this.#emit({ kind: 'error', error });
  }

  // ---------------------------------------------------------------------------------------------
  // Searches in the chunk.

  #nextControlY(from: number): number {
    if (from < this.#controlYFrom || (this.#controlY >= 0 && this.#controlY < from)) {
      this.#controlY = this.#chunk.indexOf(CONTROL_Y_TEXT, from);
      this.#controlYFrom = from;
    }
    return this.#controlY;
  }

  #nextControlZ(from: number): number {
    if (from < this.#controlZFrom || (this.#controlZ >= 0 && this.#controlZ < from)) {
      this.#controlZ = this.#chunk.indexOf(CONTROL_Z_TEXT, from);
      this.#controlZFrom = from;
    }
    return this.#controlZ;
  }

  #nextLineFeed(from: number): number {
    if (from < this.#lineFeedFrom || (this.#lineFeed >= 0 && this.#lineFeed < from)) {
      this.#lineFeed = this.#chunk.indexOf(LINE_FEED_TEXT, from);
      this.#lineFeedFrom = from;
    }
    return this.#lineFeed;
  }

  /** The next control-Y from `from` that is not a quote (`^Y{`, `^Y}`) inside a datagram; it may end the chunk. */
  #nextDelimiter(from: number): number {
    const s = this.#chunk;
    let at = this.#nextControlY(from);
    while (at >= 0 && at + 1 < s.length) {
      const code = s.charCodeAt(at + 1);
      if (code !== QUOTE_OPEN && code !== QUOTE_CLOSE) break;
      at = this.#nextControlY(at + 2);
    }
    return at;
  }

  /** Where the `^Y)` of the datagram whose body starts at `from` stands, if it is in this chunk with nothing to stop at before it; -1 otherwise. */
  #datagramEnd(from: number): number {
    const s = this.#chunk;
    const at = this.#nextDelimiter(from);
    if (at < 0 || at + 1 >= s.length || s.charCodeAt(at + 1) !== DATAGRAM_CLOSE || at - from > this.#limits.maxDatagram)
      return -1;
    const controlZ = this.#nextControlZ(from);
    return controlZ >= 0 && controlZ < at ? -1 : at;
  }

  /** Where the line feed of the header that starts at `from` stands, if it is in this chunk before any control character; -1 otherwise. */
  #headerEnd(from: number): number {
    const line = this.#nextLineFeed(from);
    if (line < 0 || line - from > MAX_HEADER) return -1;
    const controlY = this.#nextControlY(from);
    const controlZ = this.#nextControlZ(from);
    return (controlY >= 0 && controlY < line) || (controlZ >= 0 && controlZ < line) ? -1 : line;
  }
}
