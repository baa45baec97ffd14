import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The process wiring of src/cli.ts (streams, exit status) only shows in a real process: the
// command is bundled from the sources and run with node.
const here = dirname(fileURLToPath(import.meta.url));
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
let directory = '';
let cli = '';

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'chess-formats-cli-'));
  cli = join(directory, 'cli.mjs');
  await build({
    entryPoints: [join(here, 'cli.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@chess-formats/source'],
    logLevel: 'silent',
  });
  // The worker threads of `pgn --jobs`, beside the bundle as the build puts them beside dist/cli.js
  // (an ES module, as the CLI's package says its files are).
  writeFileSync(join(directory, 'package.json'), '{ "type": "module" }\n');
  await build({
    entryPoints: [join(here, 'pgn-worker.ts')],
    outfile: join(directory, 'pgn-worker.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@chess-formats/source'],
    logLevel: 'silent',
  });
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Games of every kind the outputs treat apart: broken, warned, filtered, with comments and lines. */
function generatedGames(count: number): string {
  const games: string[] = [];
  for (let i = 0; i < count; i++) {
    const white = ['Ada', 'Bo', 'Marsh, Ada', 'Cy'][i % 4]!;
    const moves = [
      '1. e4 {open} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 1-0',
      '1. d4 d5 2. c4 e6 1/2',
      '1. e4 e5 2. Qxx9 0-1',
      '1. f3 e5 2. g4 Qh4# { [%clk 0:01:00] } 0-1',
      '1. e4 c5 2. Nf3 d6 *',
    ][i % 5]!;
    games.push(`[Event "E${i}"]\n[White "${white}"]\n[Black "B${i}"]\n[ECO "B${10 + (i % 80)}"]\n\n${moves}\n`);
  }
  return games.join('\n');
}

/** The shared real PGN files, when beside the repository (never copied into it). */
const REAL_PGN = ['../../../../shared', '../../../../../shared']
  .map((up) => join(here, up, 'real/pgn'))
  .find((dir) => existsSync(dir));

describe('pgn --jobs', () => {
  const outputs = [
    [],
    ['--output', 'pgn'],
    ['--output', 'pgn', '--no-comments', '--no-variations', '--no-clocks'],
    ['--tags'],
    ['--fens'],
    ['--json'],
    ['--json', '--fens'],
    ['--player', 'Ada', '--eco', 'B10-B40', '--output', 'pgn'],
    ['--min-plies', '6', '--json'],
    ['--encoding', 'latin1', '--tags'],
    // A count with a filter: most results cross from the workers as numbers.
    ['--result', '1-0'],
  ];

  test('prints the bytes of one thread, on standard output and standard error, for every output', () => {
    // Over 1 MiB (a smaller file is read in one thread).
    const file = join(directory, 'generated.pgn');
    writeFileSync(file, generatedGames(13_000));
    expect(statSync(file).size).toBeGreaterThan(1 << 20);
    // Over 2 MiB: cut into pieces of 1 MiB, read by both workers.
    const large = join(directory, 'large.pgn');
    writeFileSync(large, generatedGames(24_000));
    expect(statSync(large).size).toBeGreaterThan(2 << 20);
    const runs: [string[], string][] = [
      ...outputs.map((args): [string[], string] => [args, file]),
      [[], large],
      [['--json'], large],
    ];
    for (const [args, file] of runs) {
      const one = spawnSync(process.execPath, [cli, 'pgn', ...args, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const two = spawnSync(process.execPath, [cli, 'pgn', '--jobs', '2', ...args, file], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      expect(one.stdout.length, args.join(' ')).toBeGreaterThan(0);
      expect([two.status, two.stdout, two.stderr], args.join(' ')).toEqual([one.status, one.stdout, one.stderr]);
    }
    // From standard input, and with --jobs auto.
    const piped = spawnSync(process.execPath, [cli, 'pgn', '--jobs', 'auto', '--json'], {
      input: readFileSync(file),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const single = spawnSync(process.execPath, [cli, 'pgn', '--json'], {
      input: readFileSync(file),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    expect([piped.status, piped.stdout, piped.stderr]).toEqual([single.status, single.stdout, single.stderr]);
  }, 120_000);

  test("several files, one unreadable and one compressed, on the run's one pool of workers: the bytes of one thread", () => {
    // Over 1 MiB each (a smaller file is read in this thread), each file its own name in the output.
    const files = [13_000, 13_400].map((count, i) => {
      const file = join(directory, `several-${i}.pgn`);
      writeFileSync(file, generatedGames(count));
      return file;
    });
    const packed = join(directory, 'several.pgn.gz');
    writeFileSync(packed, gzipSync(generatedGames(200)));
    const given = [files[0]!, join(directory, 'missing.pgn'), packed, files[1]!, files[0]!];
    for (const args of [['--json'], ['--player', 'Ada', '--result', '1-0']]) {
      const one = spawnSync(process.execPath, [cli, 'pgn', ...args, ...given], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      const two = spawnSync(process.execPath, [cli, 'pgn', '--jobs', '2', ...args, ...given], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      expect(one.stderr, args.join(' ')).toMatch(/cannot read .*missing\.pgn/);
      expect([two.status, two.stdout, two.stderr], args.join(' ')).toEqual([one.status, one.stdout, one.stderr]);
    }
  }, 30_000);

  test('an unreadable file is one message, and --jobs takes whole numbers or auto', () => {
    const missing = spawnSync(process.execPath, [cli, 'pgn', '--jobs', '2', join(directory, 'missing.pgn')], {
      encoding: 'utf8',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^chess-formats: cannot read .*missing\.pgn: /);
    const bad = spawnSync(process.execPath, [cli, 'pgn', '--jobs', 'two'], { encoding: 'utf8', input: '' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--jobs takes a whole number/);
  });

  test.skipIf(REAL_PGN === undefined)(
    `real files print the bytes of one thread${REAL_PGN === undefined ? ' (skipped: the shared real PGN files are not beside the repository)' : ''}`,
    () => {
      const files = readdirSync(REAL_PGN!, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.pgn'))
        .map((name) => join(REAL_PGN!, name))
        .filter((path) => statSync(path).size < 4 << 20)
        .sort()
        .slice(0, 12);
      for (const args of [[], ['--output', 'pgn'], ['--json']]) {
        const one = spawnSync(process.execPath, [cli, 'pgn', ...args, ...files], {
          encoding: 'utf8',
          maxBuffer: 1 << 29,
        });
        const two = spawnSync(process.execPath, [cli, 'pgn', '--jobs', '2', ...args, ...files], {
          encoding: 'utf8',
          maxBuffer: 1 << 29,
        });
        expect([two.status, two.stdout, two.stderr], args.join(' ')).toEqual([one.status, one.stdout, one.stderr]);
      }
    },
    120_000,
  );
});

describe('the chess-formats process', () => {
  test('pgn reads a gzip file and a gzip pipe as their text', () => {
    const games = '[Event "A"]\n[White "Ada"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n[White "Bo"]\n\n1. d4 *\n';
    const file = join(directory, 'games.pgn.gz');
    writeFileSync(file, gzipSync(games));
    const fromFile = spawnSync(process.execPath, [cli, 'pgn', '--player', 'Ada', '--output', 'pgn', file], {
      encoding: 'utf8',
    });
    expect([fromFile.status, fromFile.stderr]).toEqual([0, '']);
    expect(fromFile.stdout).toBe('[Event "A"]\n[White "Ada"]\n\n1. e4 e5 1-0\n\n');
    const fromPipe = spawnSync(process.execPath, [cli, 'pgn'], { input: gzipSync(games), encoding: 'utf8' });
    expect([fromPipe.status, fromPipe.stdout, fromPipe.stderr]).toEqual([0, '2 games, 0 broken\n', '']);
  });

  test.skipIf(!existsSync('/dev/full'))('a failed write (a full disk) is one clean message and exit status 2', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [cli, 'fen'], {
        input: `${START}\n`,
        stdio: ['pipe', full, 'pipe'],
        encoding: 'utf8',
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(
        'chess-formats: cannot write standard output: ENOSPC: no space left on device, write\n',
      );
    } finally {
      closeSync(full);
    }
  });

  test.skipIf(!existsSync('/dev/full'))('so is a failed write of the help or the version', () => {
    const full = openSync('/dev/full', 'w');
    try {
      for (const args of [['--help'], ['--version'], ['fen', '--help']]) {
        const result = spawnSync(process.execPath, [cli, ...args], {
          stdio: ['ignore', full, 'pipe'],
          encoding: 'utf8',
        });
        expect(result.status).toBe(2);
        expect(result.stderr).toBe(
          'chess-formats: cannot write standard output: ENOSPC: no space left on device, write\n',
        );
      }
    } finally {
      closeSync(full);
    }
  });

  test('a reader that stops early (| head -1) keeps the status of the lines read: 1 after an invalid line', async () => {
    const child = spawn(process.execPath, [cli, 'fen'], { stdio: ['pipe', 'pipe', 'ignore'] });
    // Closing our end of standard output after the first line is what `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => {});
    child.stdin.end(`x\n${`${START}\n`.repeat(50_000)}`);
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    expect(status).toBe(1);
  });

  const session = join(here, '..', '..', '..', 'packages', 'icc-dg', 'samples', 'session.icc');

  test.skipIf(!existsSync('/dev/full'))('icc decode reports a full disk as a failed write, not a failed read', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const settings = '--settings=DG_MOVE_ALGEBRAIC,DG_MOVE_SMITH,DG_MOVE_CLOCK';
      const result = spawnSync(process.execPath, [cli, 'icc', 'decode', settings, session], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect(result.stderr).toBe(
        'chess-formats: cannot write standard output: ENOSPC: no space left on device, write\n',
      );
      expect(result.status).toBe(2);
    } finally {
      closeSync(full);
    }
  });

  // Each input starts with a fault (a datagram of the wrong type, a board line that does not
  // parse), so the status earned before the reader left is 1.
  const board =
    '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 White Black -3 0 0 39 39 0 0 1 none (0:00) none 0\n';
  test.each([
    ['icc decode', () => `\x19(41 x\x19)${readFileSync(session, 'utf8').repeat(2000)}`],
    ['style12', () => `<12> x\n${board.repeat(50_000)}`],
  ])('%s stops quietly when the reader goes away, with the status earned: 1', async (command, input) => {
    const child = spawn(process.execPath, [cli, ...command.split(' ')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => {});
    child.stdin.end(input());
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    expect(stderr).not.toMatch(/cannot|EPIPE/);
    expect(status).toBe(1);
  });

  test('file names reach standard error without their escape sequences', () => {
    const name = join(directory, 'a\u001b[31mb\u009b2J.fen');
    const result = spawnSync(process.execPath, [cli, 'fen', name], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).not.toMatch(/[\u001b\u009b]/);
    expect(result.stderr).toContain('a\ufffd[31mb\ufffd2J.fen');
  });
});
