import type { EventStream, StreamEvent } from '@chess-formats/board-core';
import {
  createIccDecoder,
  createIccTracker,
  type IccChunk,
  type IccEvent,
  type IccTrackerEvent,
} from '@chess-formats/icc-dg';
import {
  createStyle12Scanner,
  createStyle12Tracker,
  type Style12ScanEvent,
  type Style12TrackerEvent,
  type Style12TrackerInput,
} from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';

// Every streaming reader speaks board-core's EventStream: the same events whole and split, and
// the same with a callback as returned. (The PGN reader joins this list when it speaks it too.)

/** How one reader is read: a fresh reader, and the inputs of one stream cut into pieces of `size` (Infinity: whole). */
interface Reader<Chunk, Event extends StreamEvent> {
  readonly name: string;
  readonly make: () => EventStream<Chunk, Event>;
  readonly inputs: (size: number) => Chunk[];
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The pieces of `all`, `size` elements each (the last may be shorter). */
function cut(all: Uint8Array, size: number): Uint8Array[] {
  if (!Number.isFinite(size)) return [all];
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.subarray(i, i + size));
  return out;
}

/** Every event of one stream, returned. */
function returned<C, E extends StreamEvent>(reader: EventStream<C, E>, inputs: readonly C[]): E[] {
  const events: E[] = [];
  for (const input of inputs) events.push(...reader.push(input));
  events.push(...reader.end());
  return events;
}

/** Every event of one stream, handed to a callback; each call returns nothing. */
function called<C, E extends StreamEvent>(reader: EventStream<C, E>, inputs: readonly C[]): E[] {
  const events: E[] = [];
  const onEvent = (event: E): void => {
    events.push(event);
  };
  for (const input of inputs) expect(reader.push(input, onEvent)).toBeUndefined();
  expect(reader.end(onEvent)).toBeUndefined();
  return events;
}

const Y = '\x19';
const ICC_SETTINGS = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK', 'DG_MSEC'] as const;
const ICC_STREAM = bytes(
  [
    `${Y}[11 Alice${Y}(18 7 Alice Bob 0 Blitz 1 3 0 3 0 1 {} 1800 1700 99 {} {GM} 0 0 0 {} 0${Y})${Y}]`,
    `Bob says: café, encore\n`,
    `${Y}(24 7 e4 e2e4 175${Y})${Y}(56 7 W 175000 0${Y})${Y}(56 7 B 180000 1${Y})`,
    `${Y}(24 7 e5 e7e5 178${Y})${Y}(56 7 B 178000 0${Y})`,
    `unfinished line, é`,
  ].join(''),
);
const iccEvents = (size: number): IccEvent[] => {
  const decoder = createIccDecoder({ settings: ICC_SETTINGS });
  return returned(decoder, cut(ICC_STREAM, size));
};

const board = (ranks: string, turn: 'W' | 'B', file: number, pretty: string, verbose: string): string =>
  `<12> ${ranks} ${turn} ${String(file)} 1 1 1 1 0 5 Alice Bob 0 3 0 39 39 180000 179000 1 ${verbose} (0:00.000) ${pretty} 0 1 0\n`;
const FICS_STREAM = bytes(
  [
    'fics% ',
    board('rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR', 'W', -1, 'none', 'none'),
    'Alice says: à bientôt\n\x15',
    '58\x1680\x16',
    board('rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR', 'B', 4, 'e4', 'P/e2-e4'),
    '\x17{Game 5 (Alice vs. Bob) Bob resigns} 1-0\n',
    'no line end',
  ].join(''),
);
const scanEvents = (size: number): Style12ScanEvent[] => returned(createStyle12Scanner(), cut(FICS_STREAM, size));

/** A reader in the list: its own types are checked here (it implements `EventStream<Chunk, Event>`), then set aside. */
const reader = <Chunk, Event extends StreamEvent>(r: Reader<Chunk, Event>): Reader<unknown, StreamEvent> =>
  r as unknown as Reader<unknown, StreamEvent>;

const READERS = [
  reader<IccChunk, IccEvent>({
    name: 'the icc-dg decoder',
    make: () => createIccDecoder({ settings: ICC_SETTINGS }),
    inputs: (size) => cut(ICC_STREAM, size),
  }),
  reader<IccEvent, IccTrackerEvent>({ name: 'the icc-dg tracker', make: () => createIccTracker(), inputs: iccEvents }),
  reader<string | Uint8Array, Style12ScanEvent>({
    name: 'the style12 scanner',
    make: () => createStyle12Scanner(),
    inputs: (size) => cut(FICS_STREAM, size),
  }),
  reader<Style12TrackerInput, Style12TrackerEvent>({
    name: 'the style12 tracker',
    make: () => createStyle12Tracker(),
    inputs: scanEvents,
  }),
];

describe.each(READERS)('$name is an EventStream', (reader) => {
  const whole = returned(reader.make(), reader.inputs(Infinity));

  test('its stream has events of several kinds, each tagged', () => {
    expect(whole.every((e) => typeof e.kind === 'string')).toBe(true);
    expect(new Set(whole.map((e) => e.kind)).size).toBeGreaterThan(2);
  });

  test.each([1, 2, 3, 7, 64])('the same events split in pieces of %i, returned and handed to a callback', (size) => {
    const inputs = reader.inputs(size);
    expect(returned(reader.make(), inputs)).toEqual(whole);
    expect(called(reader.make(), inputs)).toEqual(whole);
  });

  test('with a callback, whole', () => {
    expect(called(reader.make(), reader.inputs(Infinity))).toEqual(whole);
  });

  test('an exception thrown by the callback passes through', () => {
    const boom = new Error('boom');
    const throwing = reader.make();
    expect(() => {
      for (const input of reader.inputs(Infinity))
        throwing.push(input, () => {
          throw boom;
        });
      throwing.end(() => {
        throw boom;
      });
    }).toThrow(boom);
  });
});
