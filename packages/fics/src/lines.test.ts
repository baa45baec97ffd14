import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as fics from './index.js';
import { FICS_ERROR_CODES, timeMs } from './index.js';
import { LINE_EXAMPLES } from './testing/lines.js';

/** Every line reader of the package. */
const READERS: readonly ((line: string) => { ok: boolean })[] = [
  fics.parseGameInfo,
  fics.parseDeltaBoard,
  fics.parseSeek,
  fics.parseSeekClear,
  fics.parseSeekRemove,
  fics.parseAdsRemoved,
  fics.parseOffer,
  fics.parseOfferRemove,
  fics.parsePin,
  fics.parseGameStart,
  fics.parseGameEnd,
  fics.parseCreating,
  fics.parseChallenge,
  fics.parseGameNotification,
  fics.parseObserveStart,
  fics.parseObserveHeader,
  fics.parseObserveRemoved,
  fics.parseFollow,
  fics.parseIvarConfirmation,
  fics.parseMovesHeader,
  fics.parseMovesPlayers,
  fics.parseMovesMatch,
  fics.parseMovesRow,
  fics.parseMovesEnd,
  fics.parseGamesRow,
  fics.parseGamesFooter,
  fics.parseSoughtRow,
  fics.parseSoughtFooter,
  fics.parseSeekAd,
  fics.matchTermsOf,
];

describe('the line readers', () => {
  test('each error code, with its word and offset', () => {
    const cases: [string, unknown, unknown][] = [
      ['empty', fics.parseSeek(''), { code: 'empty', field: 0, offset: 0 }],
      ['blank', fics.parseSeek('  \r'), { code: 'empty', field: 0, offset: 0 }],
      ['too-long', fics.parseSeekRemove(`<sr> ${'1 '.repeat(3000)}`), { code: 'too-long', field: 0, offset: 4096 }],
      ['tag', fics.parseGameEnd('Game 7 (A vs. B) A resigns} 1-0'), { code: 'tag', field: 0, offset: 0 }],
      [
        'word',
        fics.parseMovesPlayers('Alice (1500) versus Bob (1400) --- today'),
        { code: 'word', field: 2, offset: 13 },
      ],
      ['number', fics.parseSeekRemove('<sr> 3 4x'), { code: 'number', field: 2, offset: 7 }],
      [
        'rating',
        fics.parseCreating('Creating: Alice (15x0) Bob (1400) rated blitz 3 0'),
        { code: 'rating', field: 2, offset: 17 },
      ],
      [
        'value',
        fics.parseSeek('<s> 7 w=A ti=00 rt=0P t=1 i=0 r=x tp=blitz c=? rr=0-9999 a=t f=f'),
        { code: 'value', field: 7, offset: 32 },
      ],
      ['time', fics.parseMovesRow('  1.  e4      (0:0x)'), { code: 'time', field: 2, offset: 14 }],
      [
        'missing-field',
        fics.parseObserveStart('You are now observing'),
        { code: 'missing-field', field: 4, offset: 21 },
      ],
    ];
    for (const [name, result, error] of cases) expect(result, name).toMatchObject({ ok: false, error });
    // `moves-table` is the session reader's (reader.test.ts), `moves-start` and `moves-move`
    // movesTableGame's (moves-game.test.ts).
    const elsewhere = new Set(['moves-table', 'moves-start', 'moves-move']);
    expect(new Set(cases.map(([, , e]) => (e as { code: string }).code))).toEqual(
      new Set(FICS_ERROR_CODES.filter((code) => !elsewhere.has(code))),
    );
  });

  test('errors say what was expected and what was found', () => {
    const read = fics.parseSeekRemove('<sr> 3 4x');
    expect(!read.ok && read.error.message).toBe('expected a whole number, found "4"');
  });

  test('times of move lists and clocks, to h:mm:ss.mmm', () => {
    expect(['0:03', '0:01.838', '12:00.001', '1:14:24.313', '1:05:47'].map((t) => timeMs(t))).toEqual([
      3000, 1838, 720_001, 4_464_313, 3_947_000,
    ]);
    expect(['', '1', '1:5', '1:60', '0:01.83', 'a:00', '-0:05'].map((t) => timeMs(t))).toEqual([
      -1, -1, -1, -1, -1, -1, -1,
    ]);
    expect(timeMs('-0:05', true)).toBe(-5000);
  });

  test('every example line reads with exactly the readers of its kind', () => {
    for (const [, line] of LINE_EXAMPLES)
      expect(
        READERS.some((read) => read(line).ok),
        line,
      ).toBe(true);
  });

  test('never throw, on any text or any change to a real shape', () => {
    const lines = LINE_EXAMPLES.map(([, line]) => line);
    const mutated = fc
      .tuple(fc.constantFrom(...lines), fc.nat(), fc.nat(), fc.string({ maxLength: 4 }))
      .map(([line, a, b, insert]) => {
        const i = a % (line.length + 1);
        return line.slice(0, i) + insert + line.slice(i + (b % 4));
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), mutated), (text) => {
        for (const read of READERS) read(text);
      }),
    );
  });
});
