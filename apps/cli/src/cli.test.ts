import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
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
