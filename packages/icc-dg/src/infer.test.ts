import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createIccDecoder } from './decoder.js';
import { encodeDatagram } from './encode.js';
import { inferMoveSettings, type MoveVariable, type RawMoveDatagram } from './infer.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';

/** The datagrams of a capture as a decoder without settings reads them: numbers and raw arguments. */
function datagramsOf(capture: string | Uint8Array): RawMoveDatagram[] {
  const decoder = createIccDecoder();
  return [...decoder.push(capture), ...decoder.end()].flatMap((event) =>
    event.kind === 'datagram' ? [{ id: event.datagram.id, args: event.datagram.args }] : [],
  );
}

const VARIABLES: readonly MoveVariable[] = [
  'DG_MOVE_ALGEBRAIC',
  'DG_MOVE_SMITH',
  'DG_MOVE_TIME',
  'DG_MOVE_CLOCK',
  'DG_IS_VARIATION',
];

/** The first moves of a game, each in both notations, with a plausible time taken and clock after. */
const GAME = [
  { algebraicMove: 'e4', smithMove: 'e2e4', time: 0, clock: 180 },
  { algebraicMove: 'c5', smithMove: 'c7c5', time: 1, clock: 179 },
  { algebraicMove: 'Nf3', smithMove: 'g1f3', time: 2, clock: 178 },
  { algebraicMove: 'd6', smithMove: 'd7d6', time: 3, clock: 176 },
  { algebraicMove: 'O-O', smithMove: 'e1g1c', time: 4, clock: 174 },
  { algebraicMove: 'exd5', smithMove: 'e4d5', time: 12, clock: 164 },
  { algebraicMove: 'e8=Q+', smithMove: 'e7e8Q', time: 5, clock: 159 },
] as const;

/** The moves of GAME as the server sends them with `settings` on. */
function captureWith(settings: readonly MoveVariable[], list: boolean): string {
  const on = new Set(settings);
  const moves = GAME.map((move, i) => ({
    ...(on.has('DG_MOVE_ALGEBRAIC') ? { algebraicMove: move.algebraicMove } : {}),
    ...(on.has('DG_MOVE_SMITH') ? { smithMove: move.smithMove } : {}),
    ...(on.has('DG_MOVE_TIME') ? { time: move.time } : {}),
    ...(on.has('DG_MOVE_CLOCK') ? { clock: move.clock } : {}),
    ...(on.has('DG_IS_VARIATION') ? { isVariation: i % 2 } : {}),
  }));
  if (list)
    return encodeDatagram(
      { name: 'DG_MOVE_LIST', fields: { gameNumber: 7, initialPosition: '*', moves } },
      { settings },
    );
  return moves
    .map((move, i) =>
      encodeDatagram(
        { name: i % 2 === 0 ? 'DG_SEND_MOVES' : 'DG_PAST_MOVE', fields: { gameNumber: 7, ...move } },
        {
          settings,
        },
      ),
    )
    .join('');
}

describe('inferMoveSettings', () => {
  test('the sample session: the move variables its client turned on', () => {
    const inferred = inferMoveSettings(datagramsOf(SAMPLE_SESSION));
    expect(inferred?.settings).toEqual(['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK']);
    for (const name of inferred?.settings ?? []) expect(SAMPLE_SETTINGS).toContain(name);
    expect(inferred?.moves).toBeGreaterThan(0);
  });

  // Every combination that a move can be read by: a lone time and a lone clock are told apart
  // by their size, as are a clock and isVariation beside one another (isVariation is 0 to 6);
  // isVariation alone is not inferable (read as a time).
  const combinations = Array.from({ length: 32 }, (_, bits) => VARIABLES.filter((_, i) => (bits & (1 << i)) !== 0));
  const readable = combinations.filter((settings) => {
    const integers = settings.filter((s) => s !== 'DG_MOVE_ALGEBRAIC' && s !== 'DG_MOVE_SMITH');
    if (integers.length === 0) return settings.length > 0;
    if (integers.length === 1) return !integers.includes('DG_IS_VARIATION');
    return true;
  });

  test('a clock beside isVariation is not read as a time and a clock of 0 or 1 second', () => {
    const capture = captureWith(['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK', 'DG_IS_VARIATION'], false);
    expect(inferMoveSettings(datagramsOf(capture))?.settings).toEqual([
      'DG_MOVE_ALGEBRAIC',
      'DG_MOVE_SMITH',
      'DG_MOVE_CLOCK',
      'DG_IS_VARIATION',
    ]);
  });

  test.each(readable.flatMap((settings) => [[settings, false] as const, [settings, true] as const]))(
    '%j (move list: %s) is inferred from the moves the server sends with it',
    (settings, list) => {
      expect(inferMoveSettings(datagramsOf(captureWith(settings, list)))?.settings).toEqual(settings);
    },
  );

  test('nothing to infer: no move datagram, or moves with no part the variables turn on', () => {
    expect(inferMoveSettings([])).toBeUndefined();
    expect(inferMoveSettings(datagramsOf('\x19(0 Lumen {}\x19)'))).toBeUndefined();
    expect(inferMoveSettings(datagramsOf(captureWith([], false)))).toBeUndefined();
  });

  test('the shape most moves have wins over a stray one', () => {
    const stray = encodeDatagram(
      { name: 'DG_SEND_MOVES', fields: { gameNumber: 7, smithMove: 'e2e4' } },
      {
        settings: ['DG_MOVE_SMITH'],
      },
    );
    const capture = stray + captureWith(['DG_MOVE_SMITH', 'DG_MOVE_CLOCK'], false);
    expect(inferMoveSettings(datagramsOf(capture))?.settings).toEqual(['DG_MOVE_SMITH', 'DG_MOVE_CLOCK']);
  });

  test('never throws, whatever the datagrams hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.constantFrom(24, 25, 111, 160, 1, -1), args: fc.array(fc.string()) })),
        (datagrams) => {
          const inferred = inferMoveSettings(datagrams);
          if (inferred !== undefined) for (const name of inferred.settings) expect(VARIABLES).toContain(name);
        },
      ),
    );
    expect(inferMoveSettings([null, { id: 24 }, { id: 24, args: 'e2e4' }] as never)).toBeUndefined();
  });
});

/** Real ICC captures beside the repository, when they are there. */
const REAL = fileURLToPath(new URL('../../../../shared/real/', import.meta.url));
const realCaptures = (): string[] => {
  const files = existsSync(join(REAL, 'icc-capture.bin')) ? [join(REAL, 'icc-capture.bin')] : [];
  if (existsSync(join(REAL, 'icc'))) files.push(...readdirSync(join(REAL, 'icc')).map((f) => join(REAL, 'icc', f)));
  return files;
};

describe.skipIf(realCaptures().length === 0)('real ICC captures (skipped: ../shared/real/icc* is absent)', () => {
  test.each(realCaptures())('%s: inferred settings read every move datagram without an error', (file) => {
    const capture = readFileSync(file);
    const inferred = inferMoveSettings(datagramsOf(capture));
    if (inferred === undefined) return;
    const decoder = createIccDecoder({ settings: inferred.settings });
    const errors = [...decoder.push(capture), ...decoder.end()].filter(
      (event) => event.kind === 'error' && [24, 25, 111].includes(event.error.datagram?.id ?? -1),
    );
    expect(errors.slice(0, 3)).toEqual([]);
  });
});
