import { parseFenr } from '@chess-formats/fenr';
import { describe, expect, test } from 'vitest';
import { parseFenrArgs, runFenrCommand } from './fenr-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const SPEC_EXAMPLE =
  'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001   kQq    f3    14200    14200';
const CANONICAL =
  'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 Qkq f3 14200 14200';

async function run(stdin: string, args: readonly string[] = [], files: Record<string, string> = {}) {
  const { io, captured } = memoryIo(stdin, files);
  const status = await runFenrCommand(args, io);
  return { status, ...captured };
}

function messageOf(input: string): string {
  const result = parseFenr(input);
  if (result.ok) throw new Error(`${input} parses`);
  return result.error.message;
}

describe('chess-formats fenr', () => {
  test('prints the canonical FENr of each line and skips blank lines', async () => {
    expect(await run(`${SPEC_EXAMPLE}\n\n  \n4k3/8/8/8/8/8/8/4K3 0 0\n`)).toEqual({
      status: 0,
      out: `${CANONICAL}\n4k3/8/8/8/8/8/8/4K3 - - 0 0\n`,
      err: '',
    });
  });

  test('shows a bad line with a caret under the offending character and exits 1', async () => {
    const bad = '4k3/8/8/8/8/8/8/4K3 - e4 0 0';
    const result = await run(`${bad}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      [
        `<stdin>:1: ${bad}`,
        `${' '.repeat('<stdin>:1: '.length + 23)}^`,
        `error[ep-rank] field 2: ${messageOf(bad)}`,
        '',
      ].join('\n'),
    );
  });

  test('--board prints the board as it stands, then the flights and the cooldowns', async () => {
    const result = await run(`${SPEC_EXAMPLE}\n`, ['--board']);
    expect(result.out).toBe(
      [
        CANONICAL,
        '8 r . . . k . . r',
        '7 p b . n . . b p',
        '6 . p p . . n . .',
        '5 . . . p . p p .',
        '4 . P . P p P . .',
        '3 . . P . P . P .',
        '2 P B . N N . B P',
        '1 R . . . K . R .',
        '  a b c d e f g h',
        'in flight: Q d1-a4 450 ms, q e7-d8 500 ms',
        'cooling down: R g1 5000 ms, P f4 9000 ms',
        '',
        '',
      ].join('\n'),
    );
  });

  test('--advance moves every position on in time', async () => {
    const result = await run(`${SPEC_EXAMPLE}\n`, ['--advance', '500', '--board']);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe(
      'r2Dq0000k2r/pb1n2bp/1pp2n2/3p1pp1/DQ0050P1PpDP15002/2P1P1P1/PB1NN1BP/R3K1DR55001 Qkq f3 14700 14700',
    );
    expect(lines[1]).toBe('8 r . . q k . . r');
    expect(lines[10]).toBe('cooling down: R g1 4500 ms, Q a4 9950 ms, P f4 8500 ms, q d8 10000 ms');
    expect((await run(`${SPEC_EXAMPLE}\n`, ['--advance=10000'])).out).toBe(
      'r2Dq9500k2r/pb1n2bp/1pp2n2/3p1pp1/DQ9550P1PpP2/2P1P1P1/PB1NN1BP/R3K1R1 Qkq f3 24200 24200\n',
    );
  });

  test('--advance plays the realtime rules: pieces collide in flight, the earlier mover wins', async () => {
    // A white rook a4-h4 and a black rook e8-e1 that set off 100 ms earlier cross on e4.
    const result = await run('7k/8/8/8/7MRa47000/8/8/K3Mre869003 - - 0 0\n', ['--advance', '8000']);
    // Taken at the first 10 ms tick closer than 0.4 squares (3,680 ms); the black rook landed at 6,900.
    expect(result.out).toBe('7k/8/8/8/8/8/8/K3Dr11003 - - 4320 8000\n');
  });

  test('--advance past the largest clock FENr holds is an error of the line', async () => {
    const result = await run('8/8/8/8/8/8/8/8 - - 0 999999999999999\n', ['--advance', '1']);
    expect(result.status).toBe(1);
    expect(result.err).toContain('error[advance] field 4: after --advance: not in FENr');
  });

  test('--json prints one object a line, with the setup JSON or the error', async () => {
    const result = await run('4k3/8/8/8/8/8/8/DK00017 - - 0 5\n8/8 - - 0 0\n', ['--json']);
    expect(result.status).toBe(1);
    expect(
      result.out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      {
        line: 1,
        input: '4k3/8/8/8/8/8/8/DK00017 - - 0 5',
        ok: true,
        fenr: '4k3/8/8/8/8/8/8/DK00017 - - 0 5',
        setup: {
          geometry: 'standard',
          board: { a1: 'K', e8: 'k' },
          turn: 'white',
          castlingRooks: [],
          epSquares: [],
          halfmoves: 0,
          fullmoves: 1,
          realtime: {
            clockMs: 5,
            sinceCaptureMs: 0,
            cooldownMs: 10_000,
            cooldowns: { a1: { arrivedAtMs: 4 } },
            flights: {},
          },
        },
      },
      {
        line: 2,
        input: '8/8 - - 0 0',
        ok: false,
        error: { code: 'rank-count', field: 0, offset: 3, message: messageOf('8/8 - - 0 0') },
      },
    ]);
  });

  test('--strict rejects the runs of spaces of the specification', async () => {
    const result = await run(`${SPEC_EXAMPLE}\n`, ['--strict']);
    expect(result.status).toBe(1);
    expect(result.err).toContain('error[whitespace] field 1:');
  });

  test('reads files in order and exits 2 on an unreadable one', async () => {
    const result = await run('', ['a.fenr', 'missing.fenr'], { 'a.fenr': `${CANONICAL}\n` });
    expect(result.status).toBe(2);
    expect(result.out).toBe(`${CANONICAL}\n`);
    expect(result.err).toContain('cannot read missing.fenr');
  });

  test('arguments: help, unknown options and bad --advance values', async () => {
    expect(parseFenrArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseFenrArgs(['--board', 'x.fenr', '--', '--json'])).toEqual({
      kind: 'run',
      options: { files: ['x.fenr', '--json'], board: true, json: false, strict: false, advanceMs: 0 },
    });
    for (const bad of [['--advance'], ['--advance', '-5'], ['--advance=1e3'], ['--advance', '1.5']]) {
      expect(parseFenrArgs(bad)).toMatchObject({
        kind: 'usage-error',
        message: expect.stringContaining('--advance') as unknown,
      });
    }
    expect(parseFenrArgs(['--nope'])).toEqual({ kind: 'usage-error', message: "unknown option '--nope' for fenr" });
  });

  test('is reachable from main, with its help on standard output and usage errors exiting 2', async () => {
    const help = memoryIo('');
    expect(await main(['fenr', '--help'], help.io)).toBe(0);
    expect(help.captured.out).toContain('Usage: chess-formats fenr [options] [file...]');
    const usage = memoryIo('');
    expect(await main(['fenr', '--nope'], usage.io)).toBe(2);
    expect(usage.captured.err).toMatch(/^chess-formats: unknown option '--nope' for fenr\n/);
    const topic = memoryIo('');
    expect(await main(['help', 'fenr'], topic.io)).toBe(0);
    expect(topic.captured.out).toBe(help.captured.out);
    const listed = memoryIo('');
    await main(['--help'], listed.io);
    expect(listed.captured.out).toMatch(/^ {2}fenr +read FENr/m);
  });
});
