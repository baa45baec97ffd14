import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ByteDecoder, type PgnEncoding } from './decode.js';
import { PieceMeter, PieceReader, type PieceBase } from './piece.js';
import { createPgnReader, parsePgn, type PgnEvent } from './read.js';
import { PgnSplitter } from './split.js';
import { concatBytes } from './testing/bytes.js';
import { arbitraryGame } from './testing/games.js';
import { writePgn } from './write.js';

const encoder = new TextEncoder();

/** The events of the sequential reader given the whole input as bytes. */
function sequential(bytes: Uint8Array): PgnEvent[] {
  const reader = createPgnReader();
  return [...reader.push(bytes), ...reader.end()];
}

/** `bytes` pushed into a splitter in pieces cut at `cuts`: the pieces it makes. */
function split(bytes: Uint8Array, chunkBytes: number, cuts: readonly number[]): Uint8Array[] {
  const splitter = new PgnSplitter(chunkBytes);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(...splitter.push(bytes.subarray(from, point)));
    from = point;
  }
  const last = splitter.end();
  if (last !== undefined) pieces.push(last);
  return pieces;
}

/**
 * The pieces read apart as `readPgnParallel` reads them: each placed by the meter, read by one
 * of two long-lived readers in turn, and, when its reader did not end between games, read
 * again joined with the next. `rejoined` counts those.
 */
function readApart(pieces: readonly Uint8Array[], seen = { rejoined: 0 }): PgnEvent[] {
  const meter = new PieceMeter(undefined);
  const readers = [new PieceReader(undefined), new PieceReader(undefined)];
  const queue = pieces.map((bytes) => ({ bytes, base: meter.measure(bytes) }));
  const events: PgnEvent[] = [];
  for (let turn = 0; queue.length > 0; turn++) {
    const first = queue[0]!;
    const read: PgnEvent[] = [];
    const between = readers[turn % 2]!.read(first.bytes, first.base, (event) => read.push(event));
    if (!between && queue.length > 1) {
      seen.rejoined++;
      queue.splice(0, 2, { bytes: concatBytes([first.bytes, queue[1]!.bytes]), base: first.base });
      continue;
    }
    events.push(...read);
    queue.shift();
  }
  return events;
}

/**
 * Texts of games and of the places a cut must not be: a tag line after a blank line inside a
 * comment, after tags alone, after a comment that follows a result, after a result in a `;`
 * comment or a `%` line, after a broken game, a `[` with no name.
 */
const fragments = fc.constantFrom(
  '[Event "a"]\n\n1. e4 e5 1-0\n\n',
  '[White "x"]\n\n[Black "y"]\n\n1. e4 *\n\n',
  '1. e4 { a\n\n[Event "in a comment"]\n\n1-0 } e5 0-1\n\n',
  '1. d4 * {after}\n\n[Event "b"]\n\n1. c4 *\n\n',
  '1. e4 ; 1-0\n\n[Event "c"]\n\n1-0\n\n',
  '%1-0\n\n[Event "d"]\n\n*\n\n',
  '[White "k"]\n; 1-0\n\n[Black "l"]\n\n*\n\n',
  '[White "m"]\n%1-0\n\n[Black "n"]\n\n*\n\n',
  '[Annotator "{"]\n\n1. e4 1-0\n\n[Event "e"]\n\n} 1-0\n\n',
  '1. e4 Ke7 Kxx9 1-0\n\n[Event "f"]\n1. e4 *\n',
  '1-0\n\n[ White "g"]\n\n*\n\n',
  '0-1\n\n[\n\n1/2-1/2\r\n\r\n[Site "?"]\r\n\r\n*\r\n\r\n',
  '1. e4 e5\n\n[Event "no result"]\n\n1. d4\n\n',
  '*\n \t\n\n[Round "1"] 1. e4 0-1\n\n[E]\n',
  '1-0\n\n[Event "h"]\n\n1. e4 (1. d4\n\n[Event "in a variation"]\n\n*\n\n',
  '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n\n[Event "i"]\n\n*\n\n',
  '1. e4 e5 1-0\n\n[Event "é"]\n\n1. e4 *\n\n',
  '\uFEFF',
  '{',
  '}',
  '\n',
  '\n\n',
  ' 1-0',
  '[Event "j"]',
);

const bytesOfParts = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fragments.map((text) => encoder.encode(text)) },
      { weight: 2, arbitrary: arbitraryGame.map((game) => encoder.encode(`${writePgn(game)}\n\n`)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((text) => encoder.encode(text)) },
      // Bytes that are no UTF-8: a character cut short, a lone continuation byte.
      {
        weight: 1,
        arbitrary: fc.constantFrom(new Uint8Array([0xe2, 0x82]), new Uint8Array([0x80]), new Uint8Array([0xf0])),
      },
    ),
    { maxLength: 12 },
  )
  .map(concatBytes);

describe('PgnSplitter', () => {
  test('pieces read apart, in order, give the events of the whole read at once (any cut of the pushes)', () => {
    fc.assert(
      fc.property(
        bytesOfParts,
        fc.oneof(fc.constant(1), fc.nat({ max: 300 })),
        fc.array(fc.nat(), { maxLength: 6 }),
        (bytes, chunkBytes, cuts) => {
          const pieces = split(bytes, chunkBytes, cuts);
          expect(concatBytes(pieces)).toEqual(bytes);
          expect(readApart(pieces)).toEqual(sequential(bytes));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('two byte-order marks start the bytes: the pieces after the first are placed as the whole read places them', () => {
    // Found by the property above: the decoder drops the bytes' mark and the reader a second
    // one that starts the text, so the measure of the first piece must not count it either.
    const mark = [0xef, 0xbb, 0xbf];
    const bytes = concatBytes([
      Uint8Array.from([...mark, ...mark]),
      encoder.encode('*\n \t\n\n[Round "1"] 1. e4 0-1\n\n[E]\n'),
    ]);
    const pieces = split(bytes, 1, []);
    expect(pieces.length).toBeGreaterThan(1);
    expect(readApart(pieces)).toEqual(sequential(bytes));
  });

  test('a text read by parsePgn gives the same events as its pieces', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fragments,
            arbitraryGame.map((game) => `${writePgn(game)}\n\n`),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const text = parts.join('');
          // parsePgn drops one byte-order mark from a text; bytes lose two (the intake's, the reader's).
          fc.pre(!text.startsWith('\uFEFF\uFEFF'));
          const expected = parsePgn(text).map(
            (r): PgnEvent => (r.ok ? { kind: 'game', game: r.value } : { kind: 'error', error: r.error }),
          );
          expect(readApart(split(encoder.encode(text), 1, []))).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  test('cuts before a tag line after a blank line, the pieces at least chunkBytes long', () => {
    const games = '[Event "1"]\n\n1. e4 1-0\n\n[Event "2"]\n\n1. d4 0-1\r\n\r\n[Event "3"]\n\n*\n';
    const text = (piece: Uint8Array) => new TextDecoder().decode(piece);
    expect(split(encoder.encode(games), 1, []).map(text)).toEqual([
      '[Event "1"]\n\n1. e4 1-0\n\n',
      '[Event "2"]\n\n1. d4 0-1\r\n\r\n',
      '[Event "3"]\n\n*\n',
    ]);
    // chunkBytes is the least size of a piece; a cut found across two pushes.
    expect(split(encoder.encode(games), 30, [24, 25, 26]).map(text)).toEqual([
      '[Event "1"]\n\n1. e4 1-0\n\n[Event "2"]\n\n1. d4 0-1\r\n\r\n',
      '[Event "3"]\n\n*\n',
    ]);
    // After movetext with no blank line: a cut; after a tag pair's line: none.
    expect(split(encoder.encode('[Event "1"]\n\n1. e4 1-0\n[Event "2"]\n*\n'), 1, []).map(text)).toEqual([
      '[Event "1"]\n\n1. e4 1-0\n',
      '[Event "2"]\n*\n',
    ]);
    expect(split(encoder.encode('[Event "1"]\n[Site "x"]\r\n[Round "2"]\n\n1. e4 *\n'), 1, [])).toHaveLength(1);
    // A long stretch without a cut, pushed in many chunks, is one piece, whole.
    const long = encoder.encode(`[Event "1"]\n\n${'1. e4 e5 '.repeat(3000)}*\n[Event "2"]\n*\n`);
    const pieces = split(
      long,
      100,
      Array.from({ length: 500 }, (_, k) => k * 53),
    );
    expect(pieces.map(text)).toEqual([text(long.subarray(0, long.length - 14)), '[Event "2"]\n*\n']);
  });

  test('a cut that was no game start (a comment, tags after a blank line, a broken game) is read again joined', () => {
    for (const wrong of [
      '[Event "1"]\n\n1. e4 {\n\n[Event "2"]\n\n} 1-0\n',
      '[Event "1"]\n\n[Site "2"]\n\n1. e4 *\n',
      '[Event "1"]\n\n1. e4 Kxx9 e5\n\n[Site "2"]\n\n1-0\n',
    ]) {
      const bytes = encoder.encode(wrong);
      const seen = { rejoined: 0 };
      const pieces = split(bytes, 1, []);
      expect(pieces.length).toBeGreaterThan(1);
      expect(readApart(pieces, seen)).toEqual(sequential(bytes));
      expect(seen.rejoined, wrong).toBeGreaterThan(0);
    }
  });

  test('the meter counts a piece from its bytes as the decoder would, in every encoding (UTF-8, bytes that are not, a mark)', () => {
    /**
     * The bases of the pieces with every byte decoded, as the meter did before it counted bytes,
     * less the reader's own byte-order mark (one that starts the decoded text).
     */
    const decoded = (pieces: readonly Uint8Array[], encoding: PgnEncoding): PieceBase[] => {
      const decoder = new ByteDecoder(encoding);
      let characters = 0;
      let lines = 0;
      let bytes = 0;
      let started = false;
      const sink = {
        text: (text: string) => {
          if (!started && text.startsWith('\uFEFF')) characters--;
          if (text !== '') started = true;
          characters += text.length;
          lines += text.split('\n').length - 1;
        },
        warn: () => {},
      };
      return pieces.map((piece) => {
        const base = { characters, lines, bytes, encoding: decoder.readingLatin1 ? 'latin1' : encoding };
        decoder.push(piece, sink);
        bytes += piece.length;
        return base;
      });
    };
    const nonAscii = fc.constantFrom('é', '€', '\u{1F600}', '\uFEFF').map((text) => encoder.encode(text));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(bytesOfParts, nonAscii), { maxLength: 6 }).map(concatBytes),
        fc.constantFrom<PgnEncoding>('utf-8', 'latin1', 'auto'),
        (bytes, encoding) => {
          const pieces = split(bytes, 1, []);
          const meter = new PieceMeter(encoding);
          expect(pieces.map((piece) => meter.measure(piece))).toEqual(decoded(pieces, encoding));
        },
      ),
      { numRuns: 300 },
    );
  });
});
