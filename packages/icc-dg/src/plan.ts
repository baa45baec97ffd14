import { DG_SCHEMA, type DatagramName } from './schema.js';

/** One field of the schema notation (see schema.ts), read once per datagram number. */
export interface FieldPlan {
  readonly name: string;
  /** The type letter: s q b i f t c R M, or the element letter of a rest field. */
  readonly kind: string;
  /** Takes every remaining argument. */
  readonly rest: boolean;
  /** May be missing at the end (added to the protocol later). */
  readonly optional: boolean;
  /** The level 2 variable that turns the field on, or -1. */
  readonly gate: number;
  /** How the decoder reads a field that is not `rest`: one of the `READ_*` numbers (a number switch is the fastest dispatch). */
  readonly read: number;
}

export const READ_STRING = 0;
export const READ_INTEGER = 1;
export const READ_FLAG = 2;
export const READ_COLOR = 3;
export const READ_WORDS = 4;
export const READ_RATING = 5;

const READS: Record<string, number> = { i: READ_INTEGER, f: READ_FLAG, c: READ_COLOR, t: READ_WORDS, R: READ_RATING };

/** Builds the fields object of one datagram from the values read, in the order of its fields. */
export type FieldsMaker = (values: readonly unknown[]) => Record<string, unknown>;

export interface DatagramPlan {
  readonly name: DatagramName;
  readonly fields: readonly FieldPlan[];
  /** The field sets (bit i: field i present) met so far, and their makers at the same index (see shape.ts). */
  readonly masks: number[];
  readonly makers: (FieldsMaker | null)[];
}

const plans: (DatagramPlan | undefined)[] = [];
const schema = DG_SCHEMA as Partial<Record<number, readonly [DatagramName, string]>>;

function readField(token: string): FieldPlan {
  let text = token;
  let gate = -1;
  const at = text.indexOf('@');
  if (at >= 0) {
    gate = Number(text.slice(at + 1));
    text = text.slice(0, at);
  }
  const optional = text.endsWith('?');
  if (optional) text = text.slice(0, -1);
  const colon = text.indexOf(':');
  let kind = colon < 0 ? 's' : text.slice(colon + 1);
  const rest = kind.endsWith('*') || kind === 'M';
  if (kind.endsWith('*')) kind = kind.slice(0, -1);
  const read = READS[kind] ?? READ_STRING;
  return { name: colon < 0 ? text : text.slice(0, colon), kind, rest, optional, gate, read };
}

/** The plan of a datagram number the document describes, built on first use. */
export function planOf(id: number): DatagramPlan | undefined {
  const cached = plans[id];
  if (cached !== undefined) return cached;
  const entry = Number.isInteger(id) ? schema[id] : undefined;
  if (entry === undefined) return undefined;
  const plan: DatagramPlan = {
    name: entry[0],
    fields: entry[1] === '' ? [] : entry[1].split(' ').map(readField),
    masks: [],
    makers: [],
  };
  plans[id] = plan;
  return plan;
}

let moveInfo: readonly FieldPlan[] | undefined;

/** The parts of a DG_MOVE_LIST move, gated like DG_SEND_MOVES (formats2.txt, 25: "just as in DG_SEND_MOVE"). */
export function moveInfoPlan(): readonly FieldPlan[] {
  moveInfo ??= 'algebraicMove@33 smithMove@34 time:i@35 clock:i@36 isVariation:i@113'.split(' ').map(readField);
  return moveInfo;
}
