import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseCommandArgs } from './command-args.js';
import { CONVERT_HELP, CONVERT_SPEC } from './convert-command.js';
import { DETECT_HELP } from './detect-command.js';
import { main } from './main.js';
import { MOVES_HELP } from './moves-command.js';
import { POSITION_FORMATS } from './positions.js';
import { memoryIo } from './test-io.js';
import { VALIDATE_HELP } from './validate-command.js';

const sample = (name: string): string => readFileSync(new URL(`../samples/${name}`, import.meta.url), 'utf8');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ILLEGAL = '4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1'; // Black, not to move, is in check
const OMEGA_START = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb PP 0 1';

async function run(args: readonly string[], stdin = '') {
  const { io, captured } = memoryIo(stdin, {
    'positions.fen': sample('positions.fen'),
    'positions.fenr': sample('positions.fenr'),
  });
  const status = await main(args, io);
  return { status, ...captured };
}

describe('parseCommandArgs', () => {
  test('flags, values in both spellings, operands after --', () => {
    expect(parseCommandArgs(CONVERT_SPEC, ['--json', '--from=fen', '--to', 'fenr', 'a', '--', '--b'])).toEqual({
      kind: 'run',
      args: {
        operands: ['a', '--b'],
        flags: new Set(['--json']),
        values: new Map([
          ['--from', 'fen'],
          ['--to', 'fenr'],
        ]),
        lists: new Map([
          ['--from', ['fen']],
          ['--to', ['fenr']],
        ]),
      },
    });
  });

  test.each([
    [['--to'], `--to needs a value: ${POSITION_FORMATS.join(', ')}`],
    [['--to', 'png'], `--to: unknown value 'png' (expected ${POSITION_FORMATS.join(', ')}); did you mean pgn?`],
    [['--to', 'jpeg'], `--to: unknown value 'jpeg' (expected ${POSITION_FORMATS.join(', ')})`],
    [['--to=setup'], `--to: unknown value 'setup' (expected ${POSITION_FORMATS.join(', ')}); did you mean setup-json?`],
    [['--json=1'], "option '--json' takes no value"],
    [['--toString'], "unknown option '--toString' for convert; did you mean --to?"],
    [['--jsno'], "unknown option '--jsno' for convert; did you mean --json?"],
    [['--hlep'], "unknown option '--hlep' for convert; did you mean --help?"],
    [['--verbose'], "unknown option '--verbose' for convert"],
  ])('%j is a usage error', (args, message) => {
    expect(parseCommandArgs(CONVERT_SPEC, args)).toEqual({ kind: 'usage-error', message });
  });

  test('a check function sees every value given, and a missing one, and its message is the error', () => {
    const seen: (string | undefined)[] = [];
    const spec = {
      name: 'demo',
      help: '',
      flags: [],
      values: {
        '--n': (value: string | undefined) => {
          seen.push(value);
          return value === '1' ? undefined : `bad --n '${value ?? ''}'`;
        },
      },
    };
    expect(parseCommandArgs(spec, ['--n', '1', '--n=1'])).toEqual({
      kind: 'run',
      args: { operands: [], flags: new Set(), values: new Map([['--n', '1']]), lists: new Map([['--n', ['1', '1']]]) },
    });
    expect(parseCommandArgs(spec, ['--n', '2', '--n', '1'])).toEqual({ kind: 'usage-error', message: "bad --n '2'" });
    expect(parseCommandArgs(spec, ['--n'])).toEqual({ kind: 'usage-error', message: "bad --n ''" });
    expect(seen).toEqual(['1', '1', '2', undefined]);
  });
});

describe('chess-formats convert', () => {
  test('FEN to style 12 and back gives the same FENs; pockets and check counters do not fit', async () => {
    const there = await run(['convert', '--to', 'style12', 'positions.fen']);
    expect(there.status).toBe(1);
    expect(there.err.match(/error\[cannot-convert\].*/g)).toEqual([
      'error[cannot-convert] field 0: style12 cannot hold this fen position: pockets (a <b1> line carries them)',
      'error[cannot-convert] field 0: style12 cannot hold this fen position: check counters',
    ]);
    const back = await run(['convert', '--from', 'style12', '--to', 'fen'], there.out);
    const fens = (await run(['fen', 'positions.fen'])).out
      .split('\n')
      .filter((fen) => !fen.includes('[') && !fen.includes('+'));
    expect(back).toEqual({ status: 0, out: fens.join('\n'), err: '' });
  });

  test('auto detects each line; a position the target cannot hold is an error with a caret', async () => {
    const result = await run(['convert', '--to', 'fen'], `${START}\n${OMEGA_START}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${START}\n`);
    expect(result.err.split('\n').slice(1)).toEqual([
      `${' '.repeat(11)}^`,
      'error[cannot-convert] field 0: fen cannot hold this ocpn position: not in FEN: omega',
      '',
    ]);
  });

  test('--json prints the formats and the output, or the error', async () => {
    const result = await run(['convert', '--to', 'fenr', '--json'], `${START}\n8/8 w\n`);
    expect(result.status).toBe(1);
    const [good, bad] = result.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(good).toEqual({
      line: 1,
      input: START,
      ok: true,
      from: 'fen',
      to: 'fenr',
      output: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 0',
    });
    expect(bad).toMatchObject({ line: 2, ok: false, error: { code: 'rank-count' } });
  });

  test('FENr to setup JSON and back keeps the records', async () => {
    const json = await run(['convert', '--to', 'setup-json', 'positions.fenr']);
    const back = await run(['convert', '--from', 'setup-json', '--to', 'fenr'], json.out);
    expect(back).toEqual({ status: 0, out: (await run(['fenr', 'positions.fenr'])).out, err: '' });
  });

  test('--to is required', async () => {
    const result = await run(['convert', 'positions.fen']);
    expect(result).toEqual({
      status: 2,
      out: '',
      err: `chess-formats: convert needs --to: ${POSITION_FORMATS.join(', ')}\nRun 'chess-formats convert --help' for its options.\n`,
    });
  });
});

describe('chess-formats validate', () => {
  test('silent and 0 for legal positions of every format', async () => {
    expect(await run(['validate', 'positions.fen', 'positions.fenr'])).toEqual({ status: 0, out: '', err: '' });
  });

  test('a parse error or an illegal position exits 1', async () => {
    const result = await run(['validate', '--format', 'fen'], `${ILLEGAL}\n${START}\n8/8/8 w\n`);
    expect(result.status).toBe(1);
    expect(result.err.split('\n').slice(0, 3)).toEqual([
      `<stdin>:1: ${ILLEGAL}`,
      'problems: opposite-check',
      `<stdin>:3: 8/8/8 w`,
    ]);
  });

  test('--json reports every line', async () => {
    const result = await run(['validate', '--json'], `${START}\n${ILLEGAL}\n`);
    expect(
      result.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { line: 1, input: START, ok: true, format: 'fen', problems: [] },
      { line: 2, input: ILLEGAL, ok: false, format: 'fen', problems: ['opposite-check'] },
    ]);
  });

  test('OCPN positions are checked by the Omega rules, guarding rights included', async () => {
    // The white queen has left e0, yet White keeps both guarding rights.
    const queenGone = OMEGA_START.replace('CRNBQKBNRC', 'CRNB1KBNRC');
    const result = await run(
      ['validate', '--json'],
      `${OMEGA_START}
${queenGone}
`,
    );
    expect(
      result.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { line: 1, input: OMEGA_START, ok: true, format: 'ocpn', problems: [] },
      { line: 2, input: queenGone, ok: false, format: 'ocpn', problems: ['guarding-rights'] },
    ]);
  });
});

describe('chess-formats detect', () => {
  test('one format a line; 1 when a line is unknown', async () => {
    const result = await run(['detect'], `${START}\n\n${OMEGA_START}\nhello\n`);
    expect(result).toEqual({ status: 1, out: 'fen\nocpn\nunknown\n', err: '' });
  });

  test('--json names the file and line', async () => {
    const result = await run(['detect', '--json', 'positions.fenr']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out.split('\n')[0] ?? '')).toEqual({ file: 'positions.fenr', line: 1, format: 'fenr' });
  });
});

describe('chess-formats moves', () => {
  test('the legal moves of each position, in SAN or UCI', async () => {
    expect(await run(['moves'], '7k/8/8/8/8/8/8/K7 w - - 0 1\n')).toEqual({ status: 0, out: 'Kb1 Ka2 Kb2\n', err: '' });
    expect((await run(['moves', '--to', 'uci'], '7k/8/8/8/8/8/8/K7 b - - 0 1\n')).out).toBe('h8g8 h8h7 h8g7\n');
  });

  test('a realtime position (FENr): the moves each side may start at its time', async () => {
    const example =
      'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 kQq f3 14200 14200';
    const text = await run(['moves'], `${example}\n`);
    expect(text.status).toBe(0);
    expect(text.out).toMatch(/^white: a1b1 a1c1 a1d1 e1f1 e1d1 e1f2 e1c1 .* black: .* e8g8 h8g8 h8f8\n$/);
    const json = JSON.parse((await run(['moves', '--json'], `${example}\n`)).out) as Record<string, unknown>;
    expect(json).toMatchObject({ line: 1, ok: true, atMs: 14_200 });
    expect([(json.white as string[]).length, (json.black as string[]).length]).toEqual([27, 27]);
    expect(json.white).not.toContain('g1h1'); // the rook on g1 cools down
  });

  test('moves in any notation, played in turn and printed in another', async () => {
    const result = await run(['moves', '--position', START, 'e2e4', 'e5', 'N/g1-f3', 'b8c6']);
    expect(result).toEqual({ status: 0, out: 'e4\ne5\nNf3\nNc6\n', err: '' });
    const smith = await run(['moves', '--position', START, '--to', 'smith', 'e4']);
    expect(smith.out).toBe('e2e4\n');
  });

  test('--json gives every notation of a move', async () => {
    const result = await run(['moves', '--json', '--position', START, 'Nf3']);
    expect(JSON.parse(result.out)).toEqual({
      input: 'Nf3',
      ok: true,
      san: 'Nf3',
      uci: 'g1f3',
      verbose: 'N/g1-f3',
      smith: 'g1f3',
    });
  });

  test('a move that is not legal stops the sequence with a caret', async () => {
    const result = await run(['moves', '--position', START, '--notation', 'san', 'e4', 'Ke2', 'e5']);
    expect(result.status).toBe(1);
    expect(result.out).toBe('e4\n');
    expect(result.err.split('\n')[0]).toBe('<move>:2: Ke2');
  });

  test('--notation needs --position, and --position needs moves', async () => {
    expect((await run(['moves', '--notation', 'san'])).status).toBe(2);
    expect((await run(['moves', '--position', START])).err).toContain('moves --position needs one move or more');
  });
});

describe('help', () => {
  test.each([
    ['convert', CONVERT_HELP],
    ['validate', VALIDATE_HELP],
    ['detect', DETECT_HELP],
    ['moves', MOVES_HELP],
  ])('%s --help and help %s print its usage with examples', async (command, help) => {
    expect(await run([command, '--help'])).toEqual({ status: 0, out: help, err: '' });
    expect(await run(['help', command])).toEqual({ status: 0, out: help, err: '' });
    expect(help).toContain('Examples:');
    expect(help).toContain('Exit status:');
  });
});
