import fc from 'fast-check';
import { createStyle12Scanner } from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';
import {
  createFicsReader,
  parseAdsRemoved,
  parseChallenge,
  parseCreating,
  parseDeltaBoard,
  parseFollow,
  parseGameEnd,
  parseGameInfo,
  parseGameNotification,
  parseGameStart,
  parseGamesFooter,
  parseGamesRow,
  parseIvarConfirmation,
  parseMovesRow,
  parseObserveHeader,
  parseObserveRemoved,
  parseObserveStart,
  parseOffer,
  parseOfferRemove,
  parsePin,
  parseSeek,
  parseSeekAd,
  parseSeekClear,
  parseSeekRemove,
  parseSoughtFooter,
  parseSoughtRow,
  type FicsError,
  type FicsEvent,
} from './index.js';
import { quickGameInfo, quickSeek, readGameInfo, readSeek } from './machine.js';
import { quickGamesRow, quickMovesRow, readGamesRow, readMovesRow } from './tables.js';
import { LINE_EXAMPLES, MOVES_LISTING } from './testing/lines.js';

// The one-pass readers of the common line kinds answer only for the lines they accept; the
// full readers answer for every line. Both are held to the same value, key order and
// `undefined` members included.
const same = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '(undefined)' : v));

// The server's blanks are spaces; a tab or a CR (the changed lines below) sends a line to the full reader.
const blank = fc.constantFrom(' ', ' ', ' ', '  ');
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,12}(\(C\))?$/);
const count = fc.nat({ max: 99_999 });
const rating = fc.oneof(
  fc.tuple(fc.nat({ max: 3999 }), fc.constantFrom('', '', 'E', 'P')).map(([n, mark]) => `${String(n)}${mark}`),
  fc.constantFrom('++++', '----', 'UNR'),
);
const type = fc.constantFrom('blitz', 'lightning', 'standard', 'wild/fr', 'crazyhouse', 'untimed', '');
const bit = fc.constantFrom('0', '1');
const hex = fc.stringMatching(/^[0-9a-fA-F]{2}$/);
const clock = fc
  .tuple(fc.boolean(), fc.nat({ max: 9 }), fc.nat({ max: 59 }), fc.nat({ max: 59 }), fc.boolean())
  .map(
    ([negative, h, m, s, long]) =>
      `${negative ? '-' : ''}${long ? `${String(h)}:${String(m).padStart(2, '0')}` : String(m)}:${String(s).padStart(2, '0')}`,
  );
const moveTime = fc
  .tuple(fc.nat({ max: 59 }), fc.nat({ max: 59 }), fc.nat({ max: 999 }))
  .map(([m, s, ms]) => `${String(m)}:${String(s).padStart(2, '0')}.${String(ms).padStart(3, '0')}`);

/** Words joined by generated runs of blanks, maybe with blanks before and after. */
const spaced = (words: fc.Arbitrary<string[]>): fc.Arbitrary<string> =>
  fc
    .tuple(words, fc.array(blank, { minLength: 40, maxLength: 40 }), fc.constantFrom('', ' '), fc.constantFrom('', ' '))
    .map(
      ([ws, gaps, before, after]) =>
        before + ws.map((w, k) => (k === 0 ? w : `${gaps[k % 40] as string}${w}`)).join('') + after,
    );

const seekLine = spaced(
  fc
    .tuple(
      fc.constantFrom('<s>', '<sn>'),
      count,
      name,
      hex,
      rating,
      count,
      count,
      fc.constantFrom('r', 'u'),
      type,
      fc.constantFrom('?', 'W', 'B'),
      fc.tuple(fc.nat({ max: 9999 }), fc.nat({ max: 9999 })),
      fc.constantFrom('t', 'f'),
      fc.constantFrom('t', 'f'),
    )
    .map(([tag, index, w, ti, rt, t, i, r, tp, c, [min, max], a, f]) => [
      tag,
      String(index),
      `w=${w}`,
      `ti=${ti}`,
      `rt=${rt}`,
      `t=${String(t)}`,
      `i=${String(i)}`,
      `r=${r}`,
      `tp=${tp}`,
      `c=${c}`,
      `rr=${String(min)}-${String(max)}`,
      `a=${a}`,
      `f=${f}`,
    ]),
);

const gameInfoLine = spaced(
  fc
    .tuple(
      count,
      bit,
      type,
      bit,
      fc.tuple(bit, bit),
      fc.tuple(count, count, count, count),
      count,
      fc.tuple(rating, rating),
      fc.tuple(bit, bit),
      fc.subarray(['m=2', 'n=1', 'x=', 'later=a=b']),
    )
    .map(([n, p, t, r, u, [wi, winc, bi, binc], pt, rt, ts, extra]) => [
      '<g1>',
      String(n),
      `p=${p}`,
      `t=${t}`,
      `r=${r}`,
      `u=${u.join(',')}`,
      `it=${String(wi)},${String(winc)}`,
      `i=${String(bi)},${String(binc)}`,
      `pt=${String(pt)}`,
      `rt=${rt.join(',')}`,
      `ts=${ts.join(',')}`,
      ...extra,
    ]),
);

const gamesRowLine = fc
  .tuple(
    fc.nat({ max: 999 }),
    rating,
    name,
    rating,
    name,
    fc.tuple(fc.constantFrom(' ', 'p'), fc.constantFrom('b', 's', 'z', 'B', 'w'), fc.constantFrom('r', 'u')),
    fc.tuple(fc.nat({ max: 120 }), fc.nat({ max: 60 })),
    fc.tuple(clock, clock),
    fc.tuple(fc.nat({ max: 39 }), fc.nat({ max: 39 })),
    fc.constantFrom('W:', 'B:'),
    fc.option(fc.nat({ max: 300 })),
  )
  .map(
    ([n, wr, wn, br, bn, [priv, letter, rated], [min, inc], [wc, bc], [ws, bs], side, move]) =>
      `${String(n).padStart(3)} ${wr.padStart(4)} ${wn.padEnd(11)} ${br.padStart(4)} ${bn.padEnd(10)} [${priv}${letter}${rated}${String(min).padStart(3)} ${String(inc).padStart(3)}] ${wc.padStart(6)} -${bc.padStart(6)} (${String(ws).padStart(2)}-${String(bs).padStart(2)}) ${side}${move === null ? '' : ` ${String(move).padStart(2)}`}`,
  );

const san = fc.constantFrom('e4', 'Nf3', 'O-O-O', 'exd8=Q+', 'N@g5', '...', 'Bxe6#');
const movesRowLine = fc
  .tuple(fc.nat({ max: 300 }), san, moveTime, fc.option(fc.tuple(san, moveTime)))
  .map(
    ([n, ws, wt, black]) =>
      `${String(n).padStart(3)}.  ${ws.padEnd(7)} (${wt})${black === null ? '' : `     ${black[0].padEnd(7)} (${black[1]})`}`,
  );

/** A line changed in one place: characters of the layouts inserted, or some removed. */
const changed = (lines: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      lines,
      fc.nat(),
      fc.nat({ max: 3 }),
      fc.string({ unit: fc.constantFrom(...' \t=,:-.()[]{}<>0123456789+EPrutfWB?#x'), maxLength: 3 }),
    )
    .map(([line, at, cut, insert]) => {
      const i = at % (line.length + 1);
      return line.slice(0, i) + insert + line.slice(i + cut);
    });

const KINDS = [
  { kind: 'seek', lines: seekLine, quick: quickSeek, full: readSeek, parse: parseSeek },
  { kind: 'game info', lines: gameInfoLine, quick: quickGameInfo, full: readGameInfo, parse: parseGameInfo },
  { kind: 'games row', lines: gamesRowLine, quick: quickGamesRow, full: readGamesRow, parse: parseGamesRow },
  { kind: 'moves row', lines: movesRowLine, quick: quickMovesRow, full: readMovesRow, parse: parseMovesRow },
] as const;

describe('the one-pass readers', () => {
  for (const { kind, lines, quick, full, parse } of KINDS) {
    test(`${kind}: a line in the server's layout is read in one pass, to the full reader's value`, () => {
      fc.assert(
        fc.property(lines, (line) => {
          const value = (quick as (line: string) => unknown)(line);
          expect(value, line).toBeDefined();
          const read = (full as (line: string) => { ok: boolean; value?: unknown })(line);
          expect(read.ok, line).toBe(true);
          expect(same(value), line).toBe(same(read.value));
        }),
      );
    });

    test(`${kind}: any other line is left to the full reader, which gives the same result as the parser`, () => {
      fc.assert(
        fc.property(fc.oneof(changed(lines), changed(fc.constantFrom(...LINE_EXAMPLES.map(([, l]) => l)))), (line) => {
          const value = (quick as (line: string) => unknown)(line);
          const read = (full as (line: string) => { ok: boolean; value?: unknown })(line);
          if (value !== undefined) {
            expect(read.ok, line).toBe(true);
            expect(same(value), line).toBe(same(read.value));
          }
          expect(same((parse as (line: string) => unknown)(line)), line).toBe(same(read));
        }),
      );
    });
  }
});

// The session reader's dispatch against trying each reader in turn, as the first version of
// the reader did: the line kinds in order, a machine line that does not read an error, any
// other line that no reader takes its text.
type Parse = (line: string) => { ok: true; value: unknown } | { ok: false; error: FicsError };
const MACHINE: Record<string, readonly [Parse, string, string | undefined]> = {
  '<s>': [parseSeek, 'seek', 'seek'],
  '<sn>': [parseSeek, 'seek', 'seek'],
  '<sr>': [parseSeekRemove, 'seek-remove', 'indexes'],
  '<sc>': [parseSeekClear, 'seek-clear', undefined],
  '<g1>': [parseGameInfo, 'game-info', 'info'],
  '<d1>': [parseDeltaBoard, 'delta-board', 'delta'],
  '<pt>': [parseOffer, 'offer', 'offer'],
  '<pf>': [parseOffer, 'offer', 'offer'],
  '<pr>': [parseOfferRemove, 'offer-remove', 'index'],
  '<wa>': [parsePin, 'pin', 'pin'],
  '<wd>': [parsePin, 'pin', 'pin'],
};
const WORDED: readonly (readonly [string, Parse, string, string])[] = [
  ['Creating: ', parseCreating, 'creating', 'creating'],
  ['Challenge: ', parseChallenge, 'challenge', 'challenge'],
  ['Game notification: ', parseGameNotification, 'game-notification', 'notification'],
  ['Game ', parseObserveHeader, 'observe-header', 'header'],
  ['You are now observing game ', parseObserveStart, 'observe-start', 'gameNumber'],
  ['Removing game ', parseObserveRemoved, 'observe-removed', 'gameNumber'],
  ['You will ', parseFollow, 'follow', 'name'],
  ['Ads removed: ', parseAdsRemoved, 'seek-ads-removed', 'indexes'],
];

function everyReader(line: string): unknown {
  const text = { kind: 'text', text: line };
  const event = (kind: string, key: string | undefined, value: unknown): unknown =>
    key === undefined ? { kind, line } : { kind, [key]: value, line };
  const first = (...tries: (readonly [Parse, string, string])[]): unknown => {
    for (const [parse, kind, key] of tries) {
      const read = parse(line);
      if (read.ok) return event(kind, key, read.value);
    }
    return text;
  };
  if (line.startsWith('<')) {
    const machine = MACHINE[line.slice(0, line.indexOf('>') + 1)];
    if (machine === undefined) return text;
    const read = machine[0](line);
    return read.ok ? event(machine[1], machine[2], read.value) : { kind: 'error', error: read.error, line };
  }
  if (line.startsWith('{'))
    return line.startsWith('{Game ')
      ? first([parseGameEnd, 'game-end', 'end'], [parseGameStart, 'game-start', 'start'])
      : text;
  if (/^[0-9 ]/.test(line)) {
    if (line.includes(' displayed'))
      return line.includes(' ads displayed') || line.includes(' ad displayed')
        ? first([parseSoughtFooter, 'sought-footer', 'count'])
        : first([parseGamesFooter, 'games-footer', 'footer']);
    if (line.includes('[') && (line.includes(':') || line.includes('(Exam.') || line.includes('(Setup')))
      return first([parseGamesRow, 'games-row', 'row'], [parseSoughtRow, 'sought-row', 'row']);
    return first([parseSoughtRow, 'sought-row', 'row']);
  }
  for (const [prefix, parse, kind, key] of WORDED) if (line.startsWith(prefix)) return first([parse, kind, key]);
  if (line.endsWith(' set.') || line.endsWith(' unset.'))
    return first([parseIvarConfirmation as Parse, 'ivar', 'confirmation']);
  if (line.includes(' seeking ')) return first([parseSeekAd, 'seek-ad', 'ad']);
  return text;
}

describe('the session reader picks the readers a line can be read by', () => {
  const lines = [
    ...LINE_EXAMPLES.map(([, line]) => line),
    ...MOVES_LISTING.split('\n\r'),
    'Game 12: Alice (2210) Bob (1400P) rated blitz 5 3 extra',
    '{Game 12 (Alice vs. Bob) Creating rated blitz match.} 1-0',
    '{Game 12 (Alice vs. Bob) Bob resigns}',
    '  3 people displayed.',
    ' 5 tells rated by the admins',
    'You will not see this.',
    'Removing game twelve.',
  ];
  const anyLine = fc.oneof(
    changed(fc.constantFrom(...lines)),
    changed(fc.oneof(seekLine, gameInfoLine, gamesRowLine, movesRowLine)),
    fc.string(),
  );

  test('the same event as trying each reader in turn', () => {
    fc.assert(
      fc.property(anyLine, (line) => {
        // Only lines the scanner gives as text, one each, and not a `moves` listing's header.
        const scanned = [...createStyle12Scanner().push(`${line}\n`)];
        fc.pre(scanned.length === 1 && scanned[0]?.kind === 'text' && !line.startsWith('Movelist for game '));
        const text = (scanned[0] as { text: string }).text;
        const reader = createFicsReader({ joinContinuations: false });
        const events: FicsEvent[] = [...reader.push(`${line}\n`), ...reader.end()];
        expect(same(events), line).toBe(same([everyReader(text)]));
      }),
      { numRuns: 300 },
    );
  });

  test('lines of each kind reach their reader', () => {
    for (const [kind, line] of LINE_EXAMPLES) expect(same(everyReader(line)), line).toContain(`"kind":"${kind}"`);
  });
});
