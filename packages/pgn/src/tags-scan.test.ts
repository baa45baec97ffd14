/**
 * The tags-only scanner against the tokenizer it stands in front of: the same events (games,
 * warnings, errors and their partial games) for the real files and for generated text full of
 * what can hide a game's end, whole and in pieces.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PgnGame } from './game.js';
import { Reader, parsePgn, type PgnEvent, type PgnGameResult, type PgnReadOptions } from './read.js';
import { concatBytes } from './testing/bytes.js';
import type { PgnEncoding } from './decode.js';
import { Tokenizer } from './tokens.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const ROOT = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/pgn'))
  .find((dir) => existsSync(join(dir, 'SOURCES.md')));
if (ROOT === undefined)
  console.log(
    'tags-only scanner on real files: skipped, the shared test data (shared/real/pgn) is not beside the repository',
  );

/** The events with what deep equality does not see: the partial game of an error. */
function withPartials(events: readonly PgnEvent[]): unknown[] {
  return events.map((e) => (e.kind === 'error' ? { ...e, partial: e.partial } : e));
}

function resultsWithPartials(results: readonly PgnGameResult[]): unknown[] {
  return results.map((r) => (r.ok ? r : { ...r, partial: r.partial }));
}

/** Reads `input` with tags only, pushed in pieces cut at `cuts` (offsets, any order), through the scanner or the tokenizer alone. */
function read(
  input: string | Uint8Array,
  options: PgnReadOptions,
  scan: boolean,
  cuts: readonly number[] = [],
): unknown[] {
  const reader = new Reader({ ...options, tagsOnly: true }, true, 0, scan);
  const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
  const events: PgnEvent[] = [];
  let from = 0;
  for (const point of [...points, input.length]) {
    reader.push(input.slice(from, point), (e) => events.push(e));
    from = point;
  }
  reader.end((e) => events.push(e));
  return withPartials(events);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.pgn') ? [path] : [];
  });
}

describe.skipIf(ROOT === undefined)('the real PGN files', () => {
  test('every file reads as the tokenizer alone reads it: whole and in pieces, as UTF-8 (and as auto where it is not)', () => {
    const all = files(ROOT!);
    expect(all).toHaveLength(213);
    // Deep equality of Node's first (vitest's is slow on 16,000 games), vitest's for the report.
    const same = (actual: unknown, expected: unknown, what: string): void => {
      if (!isDeepStrictEqual(actual, expected)) expect(actual, what).toEqual(expected);
    };
    let games = 0;
    let latin1 = 0;
    for (const file of all) {
      const bytes = new Uint8Array(readFileSync(file));
      const expected = read(bytes, {}, false);
      games += expected.length;
      same(read(bytes, {}, true), expected, file);
      // Pieces of 997 bytes: games cut once, and games cut again and again.
      const cuts = Array.from({ length: Math.ceil(bytes.length / 997) }, (_, k) => k * 997);
      same(read(bytes, {}, true, cuts), expected, `${file} in pieces`);
      if ((expected as PgnEvent[]).some((e) => gameOf(e)?.warnings?.some((w) => w.code === 'invalid-utf8'))) {
        latin1++;
        same(read(bytes, { encoding: 'auto' }, true), read(bytes, { encoding: 'auto' }, false), `${file} as auto`);
      }
    }
    expect(games).toBeGreaterThan(15_000);
    expect(latin1).toBeGreaterThan(0);
  }, 120_000);
});

/** The game of an event, or the partial game of an error. */
function gameOf(event: PgnEvent): PgnGame | undefined {
  return event.kind === 'game' ? event.game : event.partial;
}

/** `parsePgn(input, { ...options, tagsOnly: true })` as the tokenizer alone reads it. */
function byTokenizer(input: string | Uint8Array, options: PgnReadOptions): PgnGameResult[] {
  const reader = new Reader({ ...options, tagsOnly: true }, true, 0, false);
  const results: PgnGameResult[] = [];
  const take = (e: PgnEvent): void => {
    results.push(
      e.kind === 'game'
        ? { ok: true, value: e.game }
        : Object.defineProperty({ ok: false as const, error: e.error }, 'partial', {
            value: e.partial,
            enumerable: false,
          }),
    );
  };
  reader.push(input, take);
  reader.end(take);
  return results;
}

/** Pieces of PGN that can hide or fake a game's end, or that the scanner leaves to the tokenizer. */
const PIECES = [
  '[Event "A"]',
  '[Event "B"]',
  '[Site "x"]',
  '[White "Ada"]',
  '[Result "1-0"]',
  '[Result "1/2"]',
  '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]',
  '[FEN "not a position"]',
  '[Variant "crazyhouse"]',
  '[Variant "shatranj"]',
  '[Event "FICS rated atomic game"]',
  '[Event "FICS rated blitz game"]',
  '[Event "a \\"quoted\\" word"]',
  '[Event "Tournament \\"]',
  '[White ""Socrates""]',
  '[Black "a "b" c" ]',
  '[Event "x" ]',
  '[ Round "3"]',
  '[PlyCount\n"50"]',
  '[Annotator "Bob',
  '[Event "é ü ß"]',
  '[Date "?"]<br />[Round "?"]',
  '[',
  ']',
  '"',
  '\\',
  '1.',
  '1...',
  '12.',
  'e4',
  'Nf3',
  'e8=Q+',
  'O-O-O',
  '1-0',
  '0-1',
  '1/2-1/2',
  '1/2',
  '*',
  '{ a comment }',
  '{ [Event "not a tag"] }',
  '{\n[Event "inside"]\n\n}',
  '{ 1-0 }',
  '{ unclosed',
  '}',
  '; [Event "rest of line"] 1-0',
  ';',
  '%',
  '% escape [Event "x"]',
  '(',
  ')',
  '( e4 ( d4 ) )',
  '$1',
  '$',
  '$300',
  '$12345',
  '!?',
  '??',
  '!!!',
  '‼',
  '∞',
  '−',
  'é',
  '<br />',
  '<b>',
  '&',
  'x'.repeat(300),
  ' ',
  '\t',
  '\n',
  '\n',
  '\n\n',
  '\r\n',
  '\uFEFF',
];

const pgnText = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 40 })
  .chain((pieces) =>
    fc
      .array(fc.constantFrom(' ', '\n', '', '\n\n'), { minLength: pieces.length, maxLength: pieces.length })
      .map((gaps) => pieces.map((piece, k) => piece + gaps[k]!).join('')),
  );

/** Limits small enough that the generated text passes them. */
const limits = fc.record(
  {
    maxGameLength: fc.integer({ min: 20, max: 400 }),
    maxVariationDepth: fc.integer({ min: 1, max: 3 }),
    maxTagLength: fc.integer({ min: 1, max: 12 }),
    maxCommentLength: fc.integer({ min: 1, max: 20 }),
  },
  { requiredKeys: [] },
);

describe('generated text: the scanner reads what the tokenizer alone reads', () => {
  test('text, whole and in pieces, with the default limits and small ones', () => {
    fc.assert(
      fc.property(pgnText, limits, fc.array(fc.nat(), { maxLength: 6 }), (text, options, cuts) => {
        const expected = read(text, options, false);
        expect(read(text, options, true)).toEqual(expected);
        expect(read(text, options, true, cuts)).toEqual(expected);
        expect(resultsWithPartials(parsePgn(text, { ...options, tagsOnly: true }))).toEqual(
          resultsWithPartials(byTokenizer(text, options)),
        );
      }),
      { numRuns: 400 },
    );
  });

  test('bytes with some that are not UTF-8, in pieces, in each encoding: the decoder warnings in their places', () => {
    const encoder = new TextEncoder();
    const bytes = fc
      .array(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...PIECES).map((p) => encoder.encode(`${p} `)) },
          { weight: 1, arbitrary: fc.constantFrom(0xe9, 0xff, 0xc3, 0x80).map((b) => Uint8Array.of(b)) },
        ),
        { maxLength: 30 },
      )
      .map((parts) => concatBytes(parts));
    fc.assert(
      fc.property(
        bytes,
        fc.constantFrom<PgnEncoding>('utf-8', 'latin1', 'auto'),
        fc.array(fc.nat(), { maxLength: 6 }),
        (input, encoding, cuts) => {
          const expected = read(input, { encoding }, false);
          expect(read(input, { encoding }, true)).toEqual(expected);
          expect(read(input, { encoding }, true, cuts)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('an endless game in pieces: the scanner holds little of it, and reports what the tokenizer reports', () => {
    const options = { maxGameLength: 200_000 };
    const start = '[Event "x"]\n\n1. e4 ';
    const chunk = '{ a comment } Nf3 Nf6 2. Ng1 Ng8 '.repeat(128);
    for (const pieces of [
      [start, ...Array<string>(100).fill(chunk)],
      // Pushed in pieces larger than the scanner keeps across a piece's end.
      [start + chunk.repeat(20), chunk.repeat(20), chunk.repeat(60)],
    ]) {
      const reader = new Reader({ ...options, tagsOnly: true });
      const events: PgnEvent[] = [];
      let most = 0;
      for (const piece of pieces) {
        events.push(...reader.push(piece));
        most = Math.max(most, reader.bufferedLength);
      }
      events.push(...reader.end());
      expect(most).toBeLessThanOrEqual(1 << 16);
      expect(events[0]).toMatchObject({ kind: 'error', error: { code: 'game-too-large' } });
      expect(withPartials(events)).toEqual(read(pieces.join(''), options, false));
    }
  });

  test('an exception of the caller midway leaves the reader as a fresh one', () => {
    const text = '[Event "A"]\n\n1. e4 *\n\n[Event "B"]\n\n1. d4 *\n';
    const reader = new Reader({ tagsOnly: true });
    expect(() =>
      reader.push(text, () => {
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(withPartials([...reader.push(text), ...reader.end()])).toEqual(read(text, {}, false));
  });
});

describe('what the scanner takes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('plain games, their comments, variations and escape lines never reach the tokenizer', () => {
    const feed = vi.spyOn(Tokenizer.prototype, 'feed');
    const text =
      '% an escape line\n[Event "A"]\n[Site "B"]\n\n{ a comment [Event "no tag"] } 1. e4 ; [Event "no tag"]\ne5 (1... c5 $1 !?) 2. Nf3 1-0\n\n' +
      '[Event "C"]\n\n1. d4 d5\n\n[Event "D"]\n1. c4 *\n[Event "E"]\n[Result "0-1"]\n\n[Event "F"]\n[Result "1/2"]\n\n1. e4 1/2\n';
    const results = parsePgn(text, { tagsOnly: true });
    expect(
      results.map((r) => r.ok && [r.value.tags.get('Event'), r.value.result, r.value.warnings?.map((w) => w.code)]),
    ).toEqual([
      ['A', '1-0', undefined],
      ['C', '*', undefined],
      ['D', '*', undefined],
      ['E', '0-1', ['no-movetext']],
      ['F', '1/2-1/2', ['short-draw']],
    ]);
    expect(feed).not.toHaveBeenCalled();
    // In pieces: a game cut by a piece's end is read again with the next piece.
    const expected = read(text, {}, false);
    feed.mockClear();
    expect(read(text, {}, true, [30])).toEqual(expected);
    expect(feed).not.toHaveBeenCalled();
  });

  test('a game in doubt goes to the tokenizer, and the scanner reads on after it', () => {
    const feed = vi.spyOn(Tokenizer.prototype, 'feed');
    const text = '[Event "A \\"B\\""]\n\n1. e4 *\n\n[Event "C"]\n\n1. d4 *\n';
    expect(parsePgn(text, { tagsOnly: true }).map((r) => r.ok && r.value.tags.get('Event'))).toEqual(['A "B"', 'C']);
    // The first game's three lines, each fed alone; the second game is the scanner's.
    expect(feed).toHaveBeenCalledTimes(3);
  });
});
