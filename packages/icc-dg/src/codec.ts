import { DASH, DIGIT_0, DIGIT_9 } from '@chess-formats/board-core/internal';
import {
  moveInfoPlan,
  planOf,
  READ_COLOR,
  READ_FLAG,
  READ_INTEGER,
  READ_RATING,
  READ_STRING,
  READ_WORDS,
  type FieldPlan,
} from './plan.js';
import type { Datagram, MoveInfo } from './schema.js';
import type { SettingBits } from './settings.js';
import { fieldsObject } from './shape.js';

/** Why arguments do not fit a datagram's schema; `field` counts the number as 0. */
export interface FieldFault {
  readonly code: 'field-type' | 'missing-field';
  readonly field: number;
  readonly message: string;
}

const NONE: readonly string[] = Object.freeze([]);

/** A decimal integer (optional minus sign), within the safe range; undefined otherwise. */
export function readInteger(text: string): number | undefined {
  const length = text.length;
  const negative = text.charCodeAt(0) === DASH;
  let i = negative ? 1 : 0;
  if (i === length || length - i > 16) return undefined;
  let value = 0;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) return undefined;
    value = value * 10 + (c - DIGIT_0);
  }
  if (value > Number.MAX_SAFE_INTEGER) return undefined;
  return negative ? 0 - value : value;
}

/** Blank-separated words (titles `{GM TD}`, a braced move); `{}` is no words. */
export function words(text: string): readonly string[] {
  if (text === '') return NONE;
  if (text.indexOf(' ') < 0 && text.indexOf('\n') < 0 && text.indexOf('\t') < 0 && text.indexOf('\r') < 0)
    return [text];
  return text.split(/[ \t\r\n]/).filter((word) => word !== '');
}

const KIND_NAMES: Record<string, string> = {
  i: 'an integer',
  f: 'a flag (0 or 1)',
  c: 'a colour (W or B)',
};

function typeFault(plan: FieldPlan, index: number, arg: string): FieldFault {
  const shown = arg.length > 24 ? `${arg.slice(0, 24)}...` : arg;
  return {
    code: 'field-type',
    field: index + 1,
    message: `${plan.name} is ${KIND_NAMES[plan.kind] ?? 'a value of its type'}, found ${JSON.stringify(shown)}`,
  };
}

/** One argument as a single-argument kind; undefined when it does not fit. */
function convert(kind: string, arg: string): unknown {
  switch (kind) {
    case 'i':
      return readInteger(arg);
    case 'f':
      return arg === '1' ? true : arg === '0' ? false : undefined;
    case 'c':
      return arg === 'W' || arg === 'B' ? arg : undefined;
    case 't':
    case 'w':
      return words(arg);
    default:
      return arg;
  }
}

/** Reads one braced move of DG_MOVE_LIST by the move variables that are on. */
function readMoveInfo(arg: string, settings: SettingBits): MoveInfo | undefined {
  const parts = words(arg);
  const info: Record<string, unknown> = {};
  let next = 0;
  for (const part of moveInfoPlan()) {
    if (settings[part.gate] !== 1) continue;
    const text = parts[next++];
    if (text === undefined) break;
    const value = convert(part.kind, text);
    if (value === undefined) return undefined;
    info[part.name] = value;
  }
  return info;
}

/** The rest of the arguments, for a rest field; a fault names the first argument that does not fit. */
function readRest(plan: FieldPlan, args: readonly string[], from: number, settings: SettingBits): unknown {
  const values: unknown[] = [];
  if (plan.kind === 'p') {
    // DG_PSTAT: records of numbers separated by a bare `|` token (formats2.txt, 142, example).
    let record: number[] = [];
    for (let i = from; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '|') {
        values.push(record);
        record = [];
        continue;
      }
      const value = readInteger(arg);
      if (value === undefined) return typeFault({ ...plan, kind: 'i' }, i, arg);
      record.push(value);
    }
    if (record.length > 0 || values.length > 0) values.push(record);
    return values;
  }
  for (let i = from; i < args.length; i++) {
    const arg = args[i] as string;
    if (plan.kind === 'M') {
      const info = readMoveInfo(arg, settings);
      if (info === undefined) return typeFault(plan, i, arg);
      values.push(info);
    } else if (plan.kind === 'w') {
      values.push(...words(arg));
    } else {
      const value = convert(plan.kind, arg);
      if (value === undefined) return typeFault(plan, i, arg);
      values.push(value);
    }
  }
  return values;
}

export function isFault(value: unknown): value is FieldFault {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

// The values of the fields of the datagram being read, reused from one to the next.
const found: unknown[] = [];

/**
 * Types the arguments of a datagram by the schema and the level 2 variables that are on.
 * A number the document does not describe comes back raw (`name` and `fields` null).
 */
export function decodeArgs(
  id: number,
  args: readonly string[],
  settings: SettingBits,
  compile = true,
): Datagram | FieldFault {
  const plan = planOf(id);
  if (plan === undefined) return { id, name: null, args, fields: null, extra: args };
  const plans = plan.fields;
  const count = args.length;
  let next = 0;
  let present = 0;
  let mask = 0;
  for (let f = 0; f < plans.length; f++) {
    const field = plans[f] as FieldPlan;
    if (field.gate >= 0 && settings[field.gate] !== 1) continue;
    if (field.rest) {
      const values = readRest(field, args, next, settings);
      if (isFault(values)) return values;
      mask |= 1 << f;
      found[present++] = values;
      next = count;
      continue;
    }
    const read = field.read;
    if (next + (read === READ_RATING ? 2 : 1) > count) {
      // A field newer than the server ends the datagram: the ones after it are newer still. A
      // field whose variable is on is due like any other: reading on would give its argument to
      // the next field (titles read from a rating).
      if (field.optional) break;
      return {
        code: 'missing-field',
        field: count + 1,
        message: `${plan.name} has ${String(count)} arguments; its field ${field.name} is missing${field.gate >= 0 ? ` (variable ${String(field.gate)} is on)` : ''}`,
      };
    }
    const arg = args[next++] as string;
    let value: unknown;
    switch (read) {
      case READ_STRING:
        value = arg;
        break;
      case READ_INTEGER:
        value = readInteger(arg);
        break;
      case READ_FLAG:
        value = arg === '1' ? true : arg === '0' ? false : undefined;
        break;
      case READ_COLOR:
        value = arg === 'W' || arg === 'B' ? arg : undefined;
        break;
      case READ_WORDS:
        value = words(arg);
        break;
      default: {
        const rating = readInteger(arg);
        if (rating === undefined) return typeFault({ ...field, kind: 'i' }, next - 1, arg);
        const second = args[next++] as string;
        const annotation = readInteger(second);
        if (annotation === undefined) return typeFault({ ...field, kind: 'i' }, next - 1, second);
        value = { rating, annotation };
      }
    }
    if (value === undefined) return typeFault(field, next - 1, arg);
    mask |= 1 << f;
    found[present++] = value;
  }
  const fields = fieldsObject(plan, mask, found, compile);
  // Let go of the values: a long string may be a slice that holds a whole chunk.
  for (let i = 0; i < present; i++) found[i] = undefined;
  const extra = next >= count ? NONE : args.slice(next);
  return { id, name: plan.name, args, fields, extra } as Datagram;
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** The largest integer a field may hold when written (the reader's limit). */
function writeInteger(name: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new TypeError(`${name} must be a safe integer, got ${String(value)}`);
  }
  return String(value);
}

function writeScalar(field: FieldPlan, value: unknown): string {
  switch (field.kind) {
    case 'i':
      return writeInteger(field.name, value);
    case 'f':
      if (typeof value !== 'boolean') throw new TypeError(`${field.name} must be a boolean`);
      return value ? '1' : '0';
    case 'c':
      if (value !== 'W' && value !== 'B') throw new TypeError(`${field.name} must be W or B`);
      return value;
    case 't':
      if (!Array.isArray(value)) throw new TypeError(`${field.name} must be an array of words`);
      return quote((value as unknown[]).map((word) => writeWord(field.name, String(word))).join(' '), 'b');
    default:
      if (typeof value !== 'string') throw new TypeError(`${field.name} must be a string`);
      return quote(value, field.kind);
  }
}

const NEEDS_QUOTES = /[\s{}]/;

/**
 * One argument as the server writes it: bare when it can be, `{...}` when it holds blanks (or
 * is empty, or the schema says the server braces it), `^Y{...^Y}` when it holds braces or the
 * schema says the server quotes it so. Control-Y and control-Z cannot be written at all.
 */
export function quote(text: string, style = 's'): string {
  if (text.indexOf('\x19') >= 0 || text.indexOf('\x1a') >= 0) {
    throw new TypeError('an ICC datagram argument cannot contain control-Y or control-Z');
  }
  const hasBraces = text.indexOf('{') >= 0 || text.indexOf('}') >= 0;
  if (style === 'q' || hasBraces) return `\x19{${text}\x19}`;
  if (style === 'b' || text === '' || NEEDS_QUOTES.test(text)) return `{${text}}`;
  return text;
}

/** One word of a braced move or word list: the reader splits on blanks, so a word has none and is not empty. */
function writeWord(name: string, text: string): string {
  if (text === '' || /[ \t\r\n]/.test(text)) throw new TypeError(`${name} is one word: not empty, without blanks`);
  return text;
}

function writeMoveInfo(info: unknown, settings: SettingBits): string {
  if (typeof info !== 'object' || info === null) throw new TypeError('a move of a move list must be an object');
  const parts: string[] = [];
  let missing: string | undefined;
  for (const part of moveInfoPlan()) {
    if (settings[part.gate] !== 1) continue;
    const value = (info as Record<string, unknown>)[part.name];
    if (value === undefined) {
      missing ??= part.name;
      continue;
    }
    if (missing !== undefined) throw new TypeError(`a move with ${part.name} needs ${missing} before it`);
    // The parts are words in one argument; the argument as a whole is quoted (a Smith move the
    // server sent in ^Y{...^Y} may hold a brace).
    const text = part.kind === 'i' ? writeInteger(part.name, value) : value;
    if (typeof text !== 'string') throw new TypeError(`${part.name} must be a string`);
    parts.push(writeWord(part.name, text));
  }
  return quote(parts.join(' '), 'b');
}

function writeRest(field: FieldPlan, value: unknown, settings: SettingBits, out: string[]): void {
  if (!Array.isArray(value)) throw new TypeError(`${field.name} must be an array`);
  const items = value as readonly unknown[];
  items.forEach((item, index) => {
    if (field.kind === 'M') out.push(writeMoveInfo(item, settings));
    else if (field.kind === 'p') {
      if (index > 0) out.push('|');
      if (!Array.isArray(item)) throw new TypeError(`${field.name} must be an array of number arrays`);
      for (const n of item as unknown[]) out.push(writeInteger(field.name, n));
    } else if (field.kind === 'w') {
      if (typeof item !== 'string') throw new TypeError(`${field.name} must be an array of words`);
      out.push(quote(writeWord(field.name, item)));
    } else out.push(writeScalar(field, item));
  });
}

/**
 * The arguments of a datagram, as text, from its fields: the inverse of {@link decodeArgs} for the
 * same settings. Throws a `TypeError` for fields the types rule out (a writer takes valid values).
 */
export function encodeArgs(id: number, fields: Readonly<Record<string, unknown>>, settings: SettingBits): string[] {
  const plan = planOf(id);
  if (plan === undefined)
    throw new TypeError(`datagram ${String(id)} is not described by the document; write its arguments raw`);
  const out: string[] = [];
  let missing: string | undefined;
  for (const field of plan.fields) {
    if (field.gate >= 0 && settings[field.gate] !== 1) continue;
    const value = fields[field.name];
    if (value === undefined) {
      // An optional field may be missing at the end only: the reader takes arguments in order.
      if (field.optional || field.rest) {
        missing ??= field.name;
        continue;
      }
      throw new TypeError(
        `${plan.name} needs its field ${field.name}${field.gate >= 0 ? ` (variable ${String(field.gate)} is on)` : ''}`,
      );
    }
    if (missing !== undefined)
      throw new TypeError(`${plan.name}: ${field.name} cannot be written without ${missing} before it`);
    if (field.rest) writeRest(field, value, settings, out);
    else if (field.kind === 'R') {
      const pair = value as { rating?: unknown; annotation?: unknown };
      out.push(
        writeInteger(`${field.name}.rating`, pair.rating),
        writeInteger(`${field.name}.annotation`, pair.annotation),
      );
    } else out.push(writeScalar(field, value));
  }
  return out;
}
