import { parseFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import type { FenCommandOptions } from './fen-options.js';
import { MAX_LINE_LENGTH, runFenCommand } from './fen-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
/** The parser's own message for a bad input (messages may be reworded; codes and offsets are stable). */
function messageOf(input: string): string {
  const result = parseFen(input);
  if (result.ok) throw new Error(`${input} parses`);
  return result.error.message;
}

const options: FenCommandOptions = {
  files: [],
  board: false,
  json: false,
  strict: false,
  validate: false,
  castling: undefined,
};

async function run(stdin: string, extra: Partial<FenCommandOptions> = {}, files: Record<string, string> = {}) {
  const { io, captured } = memoryIo(stdin, files);
  const status = await runFenCommand({ ...options, ...extra }, io);
  return { status, ...captured };
}

describe('chess-formats fen', () => {
  test('prints the canonical FEN of each line and skips blank lines', async () => {
    const result = await run(` ${START}\n\n   \r\n${KIWIPETE.replace(' - 0 1', '')}\r\n`);
    expect(result).toEqual({ status: 0, out: `${START}\n${KIWIPETE}\n`, err: '' });
  });

  test('shows a bad line with a caret under the offending character and exits 1', async () => {
    const result = await run(`${START}\n${START.replace(' w ', ' x ')}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${START}\n`);
    expect(result.err).toBe(
      [
        `<stdin>:2: ${START.replace(' w ', ' x ')}`,
        `${' '.repeat('<stdin>:2: '.length + 44)}^`,
        `error[turn] field 1: ${messageOf(START.replace(' w ', ' x '))}`,
        '',
      ].join('\n'),
    );
  });

  test('an error at the end of the input puts the caret past the last character', async () => {
    const result = await run('8/8/8/8/8/8/8/7\n');
    expect(result.err.split('\n').slice(0, 3)).toEqual([
      '<stdin>:1: 8/8/8/8/8/8/8/7',
      `${' '.repeat('<stdin>:1: '.length + 15)}^`,
      `error[rank-too-short] field 0: ${messageOf('8/8/8/8/8/8/8/7')}`,
    ]);
  });

  test('--board prints a diagram after each position', async () => {
    const result = await run('4k3/8/8/8/8/8/8/4K2R w K - 0 1\n', { board: true });
    expect(result.out).toBe(
      [
        '4k3/8/8/8/8/8/8/4K2R w K - 0 1',
        '8 . . . . k . . .',
        '7 . . . . . . . .',
        '6 . . . . . . . .',
        '5 . . . . . . . .',
        '4 . . . . . . . .',
        '3 . . . . . . . .',
        '2 . . . . . . . .',
        '1 . . . . K . . R',
        '  a b c d e f g h',
        '',
        '',
      ].join('\n'),
    );
  });

  test('--json prints one object a line, with the setup JSON or the error', async () => {
    const result = await run(`4k3/8/8/8/8/8/8/4K3 b - - 3 40\n8/8 w\n`, { json: true });
    expect(result.status).toBe(1);
    expect(result.err).toBe('');
    expect(
      result.out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      {
        line: 1,
        input: '4k3/8/8/8/8/8/8/4K3 b - - 3 40',
        ok: true,
        fen: '4k3/8/8/8/8/8/8/4K3 b - - 3 40',
        setup: {
          geometry: 'standard',
          board: { e1: 'K', e8: 'k' },
          turn: 'black',
          castlingRooks: [],
          epSquares: [],
          halfmoves: 3,
          fullmoves: 40,
        },
      },
      {
        line: 2,
        input: '8/8 w',
        ok: false,
        error: { code: 'rank-count', field: 0, offset: 3, message: expect.any(String) as unknown },
      },
    ]);
  });

  test('--strict rejects what the default mode accepts', async () => {
    expect((await run(`${START} \n`)).status).toBe(0);
    const strict = await run(`${START} \n`, { strict: true });
    expect(strict.status).toBe(1);
    expect(strict.err).toContain('error[whitespace] field 6:');
  });

  test('--castling shredder writes file letters; kqkq and xfen write KQkq', async () => {
    expect((await run(`${START}\n`, { castling: 'shredder' })).out).toBe(`${START.replace('KQkq', 'HAha')}\n`);
    expect((await run(`${START.replace('KQkq', 'HAha')}\n`, { castling: 'kqkq' })).out).toBe(`${START}\n`);
    expect((await run(`${START.replace('KQkq', 'HAha')}\n`, { castling: 'xfen' })).out).toBe(`${START}\n`);
  });

  test('--validate reports the problems of an illegal position and exits 1', async () => {
    const result = await run(`${START}\n4k3/8/8/8/8/8/8/8 w - - 0 1\n`, { validate: true });
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${START}\n4k3/8/8/8/8/8/8/8 w - - 0 1\n`);
    expect(result.err).toBe('<stdin>:2: 4k3/8/8/8/8/8/8/8 w - - 0 1\nproblems: white-king-missing\n');
    const json = await run('4k3/8/8/8/8/8/8/8 w - - 0 1\n', { validate: true, json: true });
    expect(JSON.parse(json.out)).toMatchObject({ ok: true, problems: ['white-king-missing'] });
  });

  test('an over-long line is reported without being parsed or kept whole', async () => {
    const long = 'x'.repeat(MAX_LINE_LENGTH + 10);
    const result = await run(`${long}\n${START}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${START}\n`);
    const lines = result.err.split('\n');
    expect(lines[0]).toBe(`<stdin>:1: ${'x'.repeat(72)}...`);
    expect(lines[1]).toBe(
      `error[line-too-long]: the line is longer than ${MAX_LINE_LENGTH} characters and was not read`,
    );
  });

  test('reads the files in order, names them in messages, and exits 2 on an unreadable one', async () => {
    const result = await run(
      '',
      { files: ['a.fen', 'missing.fen', 'b.fen'] },
      { 'a.fen': `${START}\n`, 'b.fen': 'x\n' },
    );
    expect(result.status).toBe(2);
    expect(result.out).toBe(`${START}\n`);
    expect(result.err).toContain("chess-formats: cannot read missing.fen: ENOENT: no such file, open 'missing.fen'\n");
    expect(result.err).toContain('b.fen:1: x\n');
  });

  test('JSON lines name the file when reading files', async () => {
    const result = await run('', { files: ['a.fen'], json: true }, { 'a.fen': `${START}\n` });
    expect(JSON.parse(result.out)).toMatchObject({ file: 'a.fen', line: 1, ok: true, fen: START });
  });
});

describe('main', () => {
  test('help exits 0 on standard output; a usage error exits 2 on standard error', async () => {
    const help = memoryIo('');
    expect(await main(['fen', '--help'], help.io)).toBe(0);
    expect(help.captured.out).toContain('Usage: chess-formats fen [options] [file...]');
    const usage = memoryIo('');
    expect(await main(['fen', '--nope'], usage.io)).toBe(2);
    expect(usage.captured.err).toMatch(/^chess-formats: unknown option '--nope' for fen\n/);
    expect(usage.captured.out).toBe('');
  });

  test('runs fen over standard input', async () => {
    const { io, captured } = memoryIo(`${START}\n`);
    expect(await main(['fen'], io)).toBe(0);
    expect(captured.out).toBe(`${START}\n`);
  });
});

describe('standard output that cannot be written', () => {
  function failingOut(code: string, afterWrites: number) {
    const { io, captured } = memoryIo(`x\n${START}\n${START}\n${START}\n`);
    let writes = 0;
    const failing = {
      ...io,
      out: (text: string): Promise<void> => {
        if (writes++ >= afterWrites) return Promise.reject(Object.assign(new Error(`${code}: write failed`), { code }));
        captured.out += text;
        return Promise.resolve();
      },
    };
    return { io: failing, captured };
  }

  test('a closed pipe stops the command quietly with the status of the lines read so far', async () => {
    const { io, captured } = failingOut('EPIPE', 1);
    expect(await runFenCommand(options, io)).toBe(1);
    expect(captured.out).toBe(`${START}\n`);
    expect(captured.err).not.toContain('cannot write');
  });

  test('any other failure is reported once and exits 2', async () => {
    const { io, captured } = failingOut('ENOSPC', 0);
    expect(await runFenCommand(options, io)).toBe(2);
    expect(captured.err).toContain('chess-formats: cannot write standard output: ENOSPC: write failed\n');
    expect(captured.err.match(/cannot write/g)).toHaveLength(1);
  });
});

describe('file names from outside', () => {
  test('are shown without their control characters, as input lines are', async () => {
    const name = 'a\u001b]0;owned\u0007b.fen';
    const result = await run('', { files: [name, `${name}.missing`] }, { [name]: 'x\n' });
    expect(result.err).toContain('a\ufffd]0;owned\ufffdb.fen:1: x\n');
    expect(result.err).toContain('cannot read a\ufffd]0;owned\ufffdb.fen.missing: ENOENT');
    expect(result.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});
