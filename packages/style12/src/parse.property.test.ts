import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectLinearTime } from '@chess-formats/testing';
import {
  createStyle12Scanner,
  parseHoldings,
  parseStyle12,
  writeHoldings,
  writeStyle12,
  type Style12ScanEvent,
} from './index.js';
import { STYLE12_EXAMPLES } from './testing/examples.js';

const int = (min: number, max: number) => fc.integer({ min, max }).map(String);
const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);
const rank = fc
  .array(fc.constantFrom(...'-------PNBRQKpnbrqk'), { minLength: 8, maxLength: 8 })
  .map((cells) => cells.join(''));
const two = fc.integer({ min: 0, max: 59 }).map((n) => String(n).padStart(2, '0'));
const moveTime = fc
  .tuple(
    fc.boolean(),
    fc.nat(200),
    two,
    two,
    fc.option(fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'))),
  )
  .map(([hours, lead, mm, ss, ms]) => `(${String(lead)}:${hours ? `${mm}:` : ''}${ss}${ms === null ? '' : `.${ms}`})`);
const word = fc.stringMatching(/^[!-~]{1,12}$/);

/** A line as a server writes it: every token canonical, 30 to 33 tokens, then extra fields. */
const line = fc
  .record({
    ranks: fc.array(rank, { minLength: 8, maxLength: 8 }),
    turn: fc.constantFrom('W', 'B'),
    doublePush: int(-1, 7),
    flags: fc.array(int(0, 1), { minLength: 4, maxLength: 4 }),
    numbers: fc.tuple(
      int(0, 200),
      int(-1, 9999),
      name,
      name,
      int(-4, 2),
      int(0, 999),
      int(0, 999),
      int(-300, 300),
      int(-300, 300),
    ),
    clocks: fc.tuple(int(1 - 2 ** 31, 2 ** 31 - 1), int(-99999, 9999999), int(0, 999)),
    moves: fc.tuple(word, moveTime, word),
    tail: fc.tuple(int(0, 1), int(0, 1), int(-5, 99999)),
    count: fc.integer({ min: 30, max: 33 }),
    extra: fc.array(word, { maxLength: 3 }),
  })
  .map(({ ranks, turn, doublePush, flags, numbers, clocks, moves, tail, count, extra }) => {
    const tokens = ['<12>', ...ranks, turn, doublePush, ...flags, ...numbers, ...clocks, ...moves, ...tail].slice(
      0,
      count,
    );
    return [...tokens, ...(count === 33 ? extra : [])].join(' ');
  });

describe('parseStyle12 properties', () => {
  test('every canonical line round-trips byte for byte', () => {
    fc.assert(
      fc.property(line, (text) => {
        const parsed = parseStyle12(text);
        expect(parsed.ok ? writeStyle12(parsed.value) : parsed.error).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  test('arbitrary input never throws and fails with a code, a field and an offset inside the input', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      line.map((l) => l.slice(0, 120)),
    );
    fc.assert(
      fc.property(anything, (text) => {
        const result = parseStyle12(text);
        if (!result.ok) {
          expect(result.error.offset).toBeGreaterThanOrEqual(0);
          expect(result.error.offset).toBeLessThanOrEqual(text.length);
          expect(result.error.field).toBeGreaterThanOrEqual(0);
        }
        parseHoldings(text);
      }),
      { numRuns: 400 },
    );
  });

  test('a letter put in a number, a board square or the move time is rejected at that character', () => {
    fc.assert(
      fc.property(line, fc.nat(), (text, pick) => {
        const tokens = text.split(' ');
        // Tokens 15, 16, 20-26 are numbers; 1-8 ranks; 28 the move time.
        const candidates = [1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 20, 21, 22, 23, 24, 25, 26, 28];
        const field = candidates[pick % candidates.length] as number;
        const token = tokens[field] as string;
        const at = tokens.slice(0, field).join(' ').length + 1 + (pick % token.length);
        const mutated = `${text.slice(0, at)}x${text.slice(at + 1)}`;
        const result = parseStyle12(mutated);
        expect(result.ok ? undefined : [result.error.field, result.error.offset]).toEqual([field, at]);
      }),
      { numRuns: 300 },
    );
  });

  test('time grows linearly with the input (extra fields and long names)', () => {
    const base = STYLE12_EXAMPLES[2]?.line ?? '';
    const read = (text: string) => parseStyle12(text, { maxLength: Infinity });
    const [large] = expectLinearTime(read, (size) => [`${base}${' x'.repeat(size / 2)}`]);
    expect(read(large as string).ok).toBe(true);
    const long = `${base.replace('testplayer', 'n'.repeat(500_000))}`;
    const start = performance.now();
    expect(parseStyle12(long, { maxLength: Infinity }).ok).toBe(true);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  test('holdings round-trip', () => {
    const pieces = fc
      .array(fc.constantFrom(...'PNBRQK'), { maxLength: 16 })
      .map((l) => l.sort((a, b) => 'PNBRQK'.indexOf(a) - 'PNBRQK'.indexOf(b)).join(''));
    const holdings = fc
      .tuple(fc.nat(9999), pieces, pieces, fc.option(fc.tuple(fc.constantFrom('W', 'B'), fc.constantFrom(...'PNBRQ'))))
      .map(
        ([game, white, black, passed]) =>
          `<b1> game ${String(game)} white [${white}] black [${black}]${passed ? ` <- ${passed.join('')}` : ''}`,
      );
    fc.assert(
      fc.property(holdings, (text) => {
        const parsed = parseHoldings(text);
        expect(parsed.ok ? writeHoldings(parsed.value) : parsed.error).toBe(text);
      }),
    );
  });
});

describe('scanner properties', () => {
  const stream = fc
    .array(
      fc.oneof(
        line,
        fc.constantFrom('fics% ', '\x07', '<b1> game 6 white [PNBBB] black [PNB]', 'Game 7: moves', '<12> broken'),
        fc.stringMatching(/^[ -~]{0,30}$/),
      ),
      { maxLength: 8 },
    )
    .chain((lines) =>
      fc.tuple(
        fc.constant(lines),
        fc.array(fc.constantFrom('\n\r', '\r\n', '\n'), { minLength: lines.length, maxLength: lines.length }),
        fc.boolean(),
      ),
    )
    .map(([lines, ends, block]) => {
      const body = lines.map((l, k) => l + (ends[k] ?? '\n')).join('');
      return block ? `\x1512\x1680\x16${body}\x17\nfics% ` : body;
    });

  function scan(chunks: readonly (string | Uint8Array)[]): Style12ScanEvent[] {
    const scanner = createStyle12Scanner({ maxLength: 200 });
    return [...chunks.flatMap((c) => scanner.push(c)), ...scanner.end()];
  }

  test('any split of a stream, as text or bytes, gives the same events as the whole', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (text, cuts, asBytes) => {
        const data = asBytes ? new TextEncoder().encode(text) : text;
        const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
        const chunks: (string | Uint8Array)[] = [];
        let from = 0;
        for (const point of [...points, data.length]) {
          chunks.push(data.slice(from, point));
          from = point;
        }
        expect(scan(chunks)).toEqual(scan([text]));
      }),
      { numRuns: 200 },
    );
  });
});
