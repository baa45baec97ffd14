import { execFile } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorkerPool, processInParallel, readInParallel, type WorkerPool } from './parallel.js';
import { describeEvent } from './testing/processor-worker.js';
import { createPgnReader, type PgnEvent } from './read.js';
import { concatBytes } from './testing/bytes.js';
import { arbitraryGame } from './testing/games.js';
import { writePgn } from './write.js';

// Workers run JavaScript: the worker file, bundled from the sources (the built package runs
// its own `dist/piece-worker.js`; the README example, run from an install, covers that).
const scratch = mkdtempSync(join(tmpdir(), 'pgn-parallel-'));
const workerFile = join(scratch, 'worker.mjs');
const processorFile = join(scratch, 'processor.mjs');
const poolChild = join(scratch, 'pool-child.mjs');

beforeAll(() => {
  buildSync({
    entryPoints: [join(import.meta.dirname, 'piece-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: workerFile,
    conditions: ['@chess-formats/source'],
    logLevel: 'silent',
  });
  buildSync({
    entryPoints: [join(import.meta.dirname, 'testing/processor-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: processorFile,
    conditions: ['@chess-formats/source'],
    logLevel: 'silent',
  });
  buildSync({
    entryPoints: [join(import.meta.dirname, 'testing/pool-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: poolChild,
    conditions: ['@chess-formats/source'],
    logLevel: 'silent',
  });
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function sequential(bytes: Uint8Array): PgnEvent[] {
  const reader = createPgnReader();
  return [...reader.push(bytes), ...reader.end()];
}

async function parallel(
  source: Parameters<typeof readInParallel>[0],
  options: Parameters<typeof readInParallel>[1],
  file: string = workerFile,
) {
  const events: PgnEvent[] = [];
  const result = await readInParallel(source, options, (event) => events.push(event), file);
  return { events, result };
}

/** Games, broken games and comments, a byte-order mark first and a character of two bytes. */
const sample = [
  '\uFEFF[Event "one"]\n[White "Müller"]\n\n1. e4 e5 2. Nf3 {a comment\n\n[Event "not a game"]\n} Nc6 1-0\n',
  '[Event "two"]\n\n1. d4 Ke7 2. c4 0-1\n',
  '[Event "three"]\n\n1. e4 (1. d4 d5) e5 *\n',
  '[Event "four"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n',
  '[Event "five"]\n\n1. e4 e5 2. Qxx9 1/2-1/2\n',
]
  .join('\n')
  .repeat(20);
const sampleBytes = new TextEncoder().encode(sample);
const sampleFile = join(scratch, 'sample.pgn');
writeFileSync(sampleFile, sampleBytes);

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Bytes with warnings, a broken game with its partial game, and bytes that are not UTF-8. */
const messy = concatBytes([
  sampleBytes,
  new TextEncoder().encode('[Event "six"]\n[White "a "quoted" name"]\n\n1. e4 e5 1/2\n\n[Event "seven"]\n[White "'),
  new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]),
  new TextEncoder().encode('"]\n\n1. e4 e5 2. Bxx3 1-0\n\n[Event "eight"]\n\n1. d4 d5 *\n'),
  sampleBytes,
]);

describe('readPgnParallel in processor mode', () => {
  test('the results of a processor in the workers, in input order, are those of the sequential events', async () => {
    const file = join(scratch, 'messy.pgn');
    writeFileSync(file, messy);
    for (const encoding of ['utf-8', 'latin1', 'auto'] as const) {
      const reader = createPgnReader({ encoding });
      const expected = [...reader.push(messy), ...reader.end()].map((event, i) => describeEvent('>', event, i));
      expect(expected.some((line) => line.includes('partial=seven') || line.includes('invalid-utf8'))).toBe(true);
      for (const jobs of [1, 2, 3]) {
        const results: string[] = [];
        const read = await processInParallel(
          file,
          { jobs, chunkBytes: 64, encoding, worker: processorFile, workerOptions: { prefix: '>' } },
          (result, index) => {
            results.push((result as string).replace('#', String(index)));
          },
        );
        expect(results).toEqual(expected);
        expect(read.ok && read.value.games + read.value.errors).toBe(expected.length);
      }
    }
  });

  test('a processor that throws ends the read with worker-failed; an onResult that throws rejects', async () => {
    const stop = new Error('enough');
    let seen = 0;
    const read = processInParallel(
      sampleFile,
      { jobs: 2, chunkBytes: 100, worker: processorFile, workerOptions: { prefix: '' } },
      () => {
        if (++seen === 3) throw stop;
      },
    );
    await expect(read).rejects.toBe(stop);
    // With null for its options the processor reads `prefix` of null: it throws in the worker.
    const failing = await processInParallel(sampleFile, { jobs: 2, worker: processorFile, workerOptions: null });
    expect(failing.ok).toBe(false);
    if (!failing.ok) expect(failing.error.code).toBe('worker-failed');
  });
});

/**
 * Two to ten written games and texts where a cut looks right and is not (a blank line and a tag
 * inside a comment, tags after a blank line, a broken game), and `more`, as bytes.
 */
function gamesAndWrongCuts(...more: string[]): fc.Arbitrary<Uint8Array> {
  const wrongCut = fc.constantFrom(
    '[Event "c"]\n\n1. e4 {a\n\n[Event "in a comment"]\n\n} e5 1-0\n\n',
    '[Event "t"]\n\n[Site "after a blank line"]\n\n1. d4 *\n\n',
    '[Event "b"]\n\n1. e4 Kxx9 e5\n\n[Site "skipped"]\n\n1-0\n\n',
    ...more,
  );
  return fc
    .array(
      fc.oneof(
        wrongCut,
        arbitraryGame.map((game) => `${writePgn(game)}\n\n`),
      ),
      { minLength: 2, maxLength: 10 },
    )
    .map((parts) => new TextEncoder().encode(parts.join('')));
}

describe('readInParallel', () => {
  test('a file read by two workers in small pieces gives the events of one sequential read', async () => {
    const { events, result } = await parallel(sampleFile, { jobs: 2, chunkBytes: 100 });
    const expected = sequential(sampleBytes);
    expect(events).toEqual(expected);
    expect(expected.filter((e) => e.kind === 'error').length).toBeGreaterThan(0);
    expect(result).toEqual({
      ok: true,
      value: {
        games: expected.filter((e) => e.kind === 'game').length,
        errors: expected.filter((e) => e.kind === 'error').length,
        bytes: sampleBytes.length,
        pieces: expect.any(Number),
      },
    });
    expect(result.ok && result.value.pieces).toBeGreaterThan(10);
  });

  test('cuts guessed wrong (a blank line and a tag inside a comment, tags after a blank line, a broken game) are read again: the sequential events', async () => {
    // Workers start per read: few runs, each of many cuts (pieces of about one game).
    await fc.assert(
      fc.asyncProperty(
        gamesAndWrongCuts('[Event "v"]\n\n1. e4 (1. d4 {x\n\n[y\n\n}) e5 *\n\n'),
        fc.integer({ min: 1, max: 200 }),
        async (bytes, chunkBytes) => {
          const expected = sequential(bytes);
          const { events } = await parallel(inPieces(bytes, 23), { jobs: 2, chunkBytes });
          expect(events).toEqual(expected);
        },
      ),
      { numRuns: 12 },
    );
  });

  test('a file is cut in place, and pieces cut wrong are read again from it: the sequential events', async () => {
    const file = join(scratch, 'cut-in-place.pgn');
    await fc.assert(
      fc.asyncProperty(
        gamesAndWrongCuts('1. e4 e5 '.repeat(40)),
        fc.integer({ min: 1, max: 300 }),
        async (bytes, chunkBytes) => {
          writeFileSync(file, bytes);
          const { events, result } = await parallel(file, { jobs: 2, chunkBytes });
          expect(events).toEqual(sequential(bytes));
          expect(result.ok && result.value.bytes).toBe(bytes.length);
        },
      ),
      { numRuns: 10 },
    );
    // Bytes that are not UTF-8, read as Latin-1 from there on (auto): the pieces after are measured so.
    writeFileSync(file, messy);
    const reader = createPgnReader({ encoding: 'auto' });
    const expected = [...reader.push(messy), ...reader.end()];
    expect((await parallel(file, { jobs: 2, chunkBytes: 64, encoding: 'auto' })).events).toEqual(expected);
  });

  test('onBytes follows the reading as it goes, a file cut in place or a stream, and adds up to the bytes read', async () => {
    for (const [source, jobs] of [
      [sampleFile, 2],
      [inPieces(sampleBytes, 37), 2],
      [sampleFile, 1],
    ] as const) {
      const reads: number[] = [];
      let eventsBeforeLastRead = 0;
      const events: PgnEvent[] = [];
      const result = await readInParallel(
        source,
        { jobs, chunkBytes: 64, onBytes: (bytes) => ((eventsBeforeLastRead = events.length), reads.push(bytes)) },
        (event) => events.push(event),
        workerFile,
      );
      expect(result.ok && result.value.bytes).toBe(sampleBytes.length);
      expect(reads.reduce((a, b) => a + b, 0)).toBe(sampleBytes.length);
      // Pieces of 64 bytes on workers; a small file in this thread is one read.
      expect(reads.length > 1).toBe(jobs > 1);
      // The last bytes are read before the last event: the bar is not filled at the end alone.
      expect(eventsBeforeLastRead).toBeLessThan(events.length);
    }
  });

  test('a stream of odd chunks, on three workers, and one job in this thread, give the same', async () => {
    const expected = sequential(sampleBytes);
    expect((await parallel(inPieces(sampleBytes, 37), { jobs: 3, chunkBytes: 1 })).events).toEqual(expected);
    const oneJob = await parallel(inPieces(sampleBytes, 37), { jobs: 1 });
    expect(oneJob.events).toEqual(expected);
    expect(oneJob.result.ok && oneJob.result.value.pieces).toBe(1);
    // Games mode reads in this thread unless told otherwise (more jobs cost it more than they save).
    const byDefault = await parallel(sampleFile, { chunkBytes: 100 });
    expect(byDefault.events).toEqual(expected);
    expect(byDefault.result.ok && byDefault.result.value.pieces).toBe(1);
    // Without its worker file (a bundle that left it out), it reads in this thread.
    const noWorker = await parallel(sampleFile, { jobs: 2, chunkBytes: 100 }, join(scratch, 'no-such-worker.mjs'));
    expect(noWorker.events).toEqual(expected);
    expect(noWorker.result.ok && noWorker.result.value.pieces).toBe(1);
  });

  test('a file that cannot be read ends with source-failed, on one job or several', async () => {
    // A path that is no regular file (here a folder) is read as a stream, which fails alike.
    const folder = await parallel(scratch, { jobs: 2 });
    expect(folder.result.ok || folder.result.error.code).toBe('source-failed');
    for (const jobs of [1, 2]) {
      const { events, result } = await parallel(join(scratch, 'missing.pgn'), { jobs });
      expect(events).toEqual([]);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('source-failed');
        expect(result.error.message).toMatch(/missing\.pgn/);
      }
    }
  });

  test('a worker that fails ends the read with worker-failed, not a hang', async () => {
    const throwing = join(scratch, 'throwing.mjs');
    writeFileSync(throwing, 'throw new Error("broken worker");\n');
    const exiting = join(scratch, 'exiting.mjs');
    writeFileSync(
      exiting,
      'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\n',
    );
    for (const file of [throwing, exiting]) {
      const { result } = await parallel(sampleFile, { jobs: 2, chunkBytes: 100 }, file);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('worker-failed');
        expect(result.error.message).toMatch(/broken worker|exit code 3/);
      }
    }
  });

  test('an exception thrown by onEvent stops the read and rejects with it', async () => {
    const stop = new Error('enough');
    for (const jobs of [1, 2]) {
      let seen = 0;
      const read = readInParallel(
        sampleFile,
        { jobs, chunkBytes: 100 },
        () => {
          if (++seen === 3) throw stop;
        },
        workerFile,
      );
      await expect(read, `jobs ${jobs}`).rejects.toBe(stop);
      expect(seen).toBe(3);
    }
  });
});

describe('worker pools', () => {
  /** What a processor read of `source` on `pool` gives: its lines, numbers put in, and its result. */
  async function processed(pool: WorkerPool<'processor'>, source: string, workerOptions: unknown, chunkBytes = 64) {
    const lines: string[] = [];
    const read = await processInParallel(source, { pool, chunkBytes, workerOptions }, (result, index) => {
      lines.push((result as string).replace('#', String(index)));
    });
    return { lines, read };
  }

  function expectedLines(bytes: Uint8Array, prefix: string): string[] {
    return sequential(bytes).map((event, i) => describeEvent(prefix, event, i));
  }

  test('one pool reading several files, one after another or at once, gives what separate reads give', async () => {
    const games = createWorkerPool({ jobs: 2 }, workerFile);
    const processors = createWorkerPool({ jobs: 2, worker: processorFile }, workerFile);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(gamesAndWrongCuts(), { minLength: 2, maxLength: 4 }),
          fc.integer({ min: 1, max: 300 }),
          async (texts, chunkBytes) => {
            const files = texts.map((bytes, i) => {
              const file = join(scratch, `pooled-${i}.pgn`);
              writeFileSync(file, bytes);
              return file;
            });
            for (const [i, bytes] of texts.entries()) {
              const { events, result } = await parallel(files[i]!, { pool: games, chunkBytes });
              expect(events).toEqual(sequential(bytes));
              expect(result.ok && result.value.bytes).toBe(bytes.length);
              // A stream too, and the processor's own options for each read.
              const streamed = await parallel(inPieces(bytes, 41), { pool: games, chunkBytes });
              expect(streamed.events).toEqual(events);
              expect((await processed(processors, files[i]!, { prefix: `${i}>` }, chunkBytes)).lines).toEqual(
                expectedLines(bytes, `${i}>`),
              );
            }
            // Reads given the pool at once take their turns.
            const together = await Promise.all(
              files.map((file, i) => processed(processors, file, { prefix: `${i}:` }, chunkBytes)),
            );
            expect(together.map((read) => read.lines)).toEqual(texts.map((bytes, i) => expectedLines(bytes, `${i}:`)));
          },
        ),
        { numRuns: 8 },
      );
    } finally {
      await Promise.all([games.close(), processors.close()]);
    }
  });

  test('a read after a failed read (a processor that throws or cannot be made, a worker that stops, a missing file, an onResult that throws) reads as on a fresh pool', async () => {
    const pool = createWorkerPool({ jobs: 2, worker: processorFile }, workerFile);
    const expected = expectedLines(sampleBytes, '>');
    try {
      const stop = new Error('enough');
      const failures: [string, () => Promise<unknown>][] = [
        // null for options: the processor cannot be made (it reads `exit` of null).
        ['worker-failed', async () => (await processed(pool, sampleFile, null)).read],
        ['worker-failed', async () => (await processed(pool, sampleFile, { prefix: '', exit: 3 })).read],
        ['source-failed', async () => (await processed(pool, join(scratch, 'missing.pgn'), { prefix: '' })).read],
        [
          'rejects',
          () =>
            processInParallel(sampleFile, { pool, chunkBytes: 64, workerOptions: { prefix: '' } }, () => {
              throw stop;
            }).catch((e: unknown) => (e === stop ? 'rejects' : e)),
        ],
      ];
      for (const [code, fail] of failures) {
        const failed = await fail();
        expect(typeof failed === 'string' ? failed : (failed as { error?: { code: string } }).error?.code).toBe(code);
        const next = await processed(pool, sampleFile, { prefix: '>' });
        expect(next.lines, `after ${code}`).toEqual(expected);
        expect(next.read.ok).toBe(true);
      }
      const crashed = await processed(pool, sampleFile, { prefix: '', exit: 3 });
      expect(crashed.read.ok || crashed.read.error.message).toMatch(/exit code 3/);
    } finally {
      await pool.close();
    }
  });

  test('reads of other options on one pool: each read by its own options', async () => {
    const pool = createWorkerPool({ jobs: 2 }, workerFile);
    const file = join(scratch, 'messy-options.pgn');
    writeFileSync(file, messy);
    try {
      const optionSets = [{ encoding: 'latin1' }, {}, { tagsOnly: true }, { encoding: 'auto' }, {}] as const;
      for (const options of optionSets) {
        const reader = createPgnReader(options);
        const expected = [...reader.push(messy), ...reader.end()];
        const { events } = await parallel(file, { ...options, pool, chunkBytes: 64 });
        expect(events, JSON.stringify(options)).toEqual(expected);
      }
    } finally {
      await pool.close();
    }
  });

  test('a closed pool: a read under way and the reads after end with pool-closed', async () => {
    const pool = createWorkerPool({ jobs: 2, worker: processorFile }, workerFile);
    let closing: Promise<void> | undefined;
    const during = await processInParallel(
      sampleFile,
      { pool, chunkBytes: 64, workerOptions: { prefix: '' } },
      () => void (closing ??= pool.close()),
    );
    await closing;
    expect(pool.closed).toBe(true);
    expect(during.ok || during.error.code).toBe('pool-closed');
    const after = await processed(pool, sampleFile, { prefix: '' });
    expect(after.read.ok || after.read.error.code).toBe('pool-closed');
    expect(after.lines).toEqual([]);
    // A games pool without its worker file reads in this thread.
    const inThread = createWorkerPool({ jobs: 2 }, join(scratch, 'no-such-worker.mjs'));
    const read = await parallel(sampleFile, { pool: inThread, chunkBytes: 64 });
    expect(read.events).toEqual(sequential(sampleBytes));
    expect(read.result.ok && read.result.value.pieces).toBe(1);
  });

  test('a program that used a pool exits on its own, the pool closed or not', async () => {
    const run = promisify(execFile);
    const games = sequential(sampleBytes).filter((event) => event.kind === 'game').length;
    for (const ending of ['close', 'open']) {
      // The workers are alive after the reads: only close() or their being unref'd lets the program end.
      const { stdout } = await run(process.execPath, [poolChild, workerFile, sampleFile, ending], { timeout: 10_000 });
      expect(stdout).toBe(
        `${2 * games + 2 * sequential(sampleBytes).filter((e) => e.kind === 'error').length} games, pool ${ending === 'close' ? 'closed' : 'open'}\n`,
      );
    }
  });
});

// The peers' PGN files, where the shared data is (never in the repository).
const REAL = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/pgn'))
  .find((dir) => existsSync(dir));

/** The largest few `.pgn` files of at most 1.5 MB under `dir` (the tests stay quick). */
function largestFiles(dir: string, count: number): string[] {
  const walk = (at: string): string[] =>
    readdirSync(at).flatMap((name) => {
      const path = join(at, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.pgn') ? [path] : [];
    });
  return walk(dir)
    .map((path) => ({ path, size: statSync(path).size }))
    .filter((f) => f.size <= 1.5 * 1024 * 1024)
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map((f) => f.path);
}

describe.skipIf(REAL === undefined)('real PGN files (skipped: the shared data is not beside the repository)', () => {
  for (const file of REAL === undefined ? [] : largestFiles(REAL, 3)) {
    test(`${file.slice(REAL!.length + 1)}: two workers give the sequential events`, async () => {
      const expected = sequential(readFileSync(file));
      const { events, result } = await parallel(file, { jobs: 2, chunkBytes: 64 * 1024 });
      // Deep equality of thousands of games: node's own check, far quicker than the matcher's.
      expect(events.length).toBe(expected.length);
      expect(isDeepStrictEqual(events, expected)).toBe(true);
      expect(result.ok && result.value.pieces).toBeGreaterThan(1);
    });
  }
});
