import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FEN_HELP } from './fen-options.js';
import { ICC_HELP } from './icc-command.js';
import { COMMANDS, MAIN_HELP, main } from './main.js';
import { failingOutIo, memoryIo } from './test-io.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const sample = readFileSync(new URL('../../../packages/icc-dg/samples/session.icc', import.meta.url), 'utf8');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

async function run(args: readonly string[], stdin = '') {
  const { io, captured } = memoryIo(stdin);
  const status = await main(args, io);
  return { status, ...captured };
}

describe('main: help, version and usage errors', () => {
  test('--version and -V print the package version and exit 0', async () => {
    for (const flag of ['--version', '-V']) {
      expect(await run([flag])).toEqual({ status: 0, out: `${manifest.version}\n`, err: '' });
    }
  });

  test('--help, -h and help print the program help and exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']])
      expect(await run(args)).toEqual({ status: 0, out: MAIN_HELP, err: '' });
  });

  test.each(COMMANDS.map((c) => [c.name, c] as const))(
    'help %s prints what %s --help prints, exit 0',
    async (name, command) => {
      const words = name.split(' ');
      const asked = await run(['help', ...words]);
      expect(asked).toEqual({ status: 0, out: command.help, err: '' });
      expect(await run([...words, '--help'])).toEqual(asked);
      expect(command.help.startsWith(`Usage: chess-formats ${name} `)).toBe(true);
    },
  );

  test('help of a group (icc) is the help of its commands', async () => {
    expect(await run(['help', 'icc'])).toEqual({ status: 0, out: ICC_HELP, err: '' });
    expect(await run(['icc', '--help'])).toEqual({ status: 0, out: ICC_HELP, err: '' });
  });

  const GROUP_HINT = "Run 'chess-formats icc --help' for its commands.\n";
  const MAIN_HINT = "Run 'chess-formats --help' for the commands.\n";

  test('a group without its command is a usage error: exit 2, the message and where its help is', async () => {
    expect(await run(['icc'])).toEqual({
      status: 2,
      out: '',
      err: `chess-formats: icc needs a command: decode\n${GROUP_HINT}`,
    });
    expect(await run(['icc', 'encode'])).toEqual({
      status: 2,
      out: '',
      err: `chess-formats: unknown icc command 'encode' (expected decode)\n${GROUP_HINT}`,
    });
    expect(await run(['icc', 'decod'])).toEqual({
      status: 2,
      out: '',
      err: `chess-formats: unknown icc command 'decod'; did you mean decode?\n${GROUP_HINT}`,
    });
  });

  test('a bad option of a command prints the message and where that command help is, exit 2', async () => {
    // fen has no option near --colour: nothing is suggested rather than a far one.
    expect(await run(['fen', '--colour'])).toEqual({
      status: 2,
      out: '',
      err: "chess-formats: unknown option '--colour' for fen\nRun 'chess-formats fen --help' for its options.\n",
    });
    expect(await run(['fen', '--strcit'])).toEqual({
      status: 2,
      out: '',
      err: "chess-formats: unknown option '--strcit' for fen; did you mean --strict?\nRun 'chess-formats fen --help' for its options.\n",
    });
  });

  test('a usage error is two lines, never the help', async () => {
    const { err } = await run(['fen', '--colour']);
    expect(err.split('\n')).toHaveLength(3);
    expect(err).not.toContain(FEN_HELP);
  });

  test.each([
    [[], 'missing command'],
    [['png'], "unknown command 'png'; did you mean pgn?"],
    [['conv'], "unknown command 'conv'; did you mean convert?"],
    [['detetc'], "unknown command 'detetc'; did you mean detect?"],
    [['hepl'], "unknown command 'hepl'; did you mean help?"],
    [['xyzzy'], "unknown command 'xyzzy'"],
    [['help', 'png'], "no help for unknown command 'png'; did you mean pgn?"],
    [['help', 'icc', 'encode'], "no help for unknown command 'icc encode'"],
    [['help', 'icc', 'decod'], "no help for unknown command 'icc decod'; did you mean icc decode?"],
    [['help', 'fen', 'fen'], 'help takes one command name'],
    [['help', 'icc', 'decode', 'x'], 'help takes one command name'],
  ])('%j: the message, the nearest command when one is close, and where the help is, exit 2', async (args, message) => {
    expect(await run(args)).toEqual({ status: 2, out: '', err: `chess-formats: ${message}\n${MAIN_HINT}` });
  });

  test('runs a command with the arguments after its name', async () => {
    expect(await run(['fen'], `${START}\n`)).toEqual({ status: 0, out: `${START}\n`, err: '' });
  });
});

describe('the program help', () => {
  const rows = MAIN_HELP.split('\n').filter((line) => /^ {2}\S/.test(line));

  test('lists every command and help, then the options', () => {
    const names = rows.map((row) => row.slice(2).split(/ {2,}/)[0]);
    expect(names).toEqual([...COMMANDS.map((c) => c.name), 'help [command]', '-h, --help', '-V, --version']);
  });

  test('every description starts in the same column, and no line is wider than 80', () => {
    const starts = new Set(rows.map((row) => /^ {2}\S.*? {2,}(?=\S)/.exec(row)?.[0].length));
    expect([...starts]).toHaveLength(1);
    expect(MAIN_HELP.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});

describe('standard output that cannot be written: one rule for every command', () => {
  // Input that each command reads without fault, and that gives it more than one write.
  const INPUT: Readonly<Record<string, string>> = {
    fen: `${START}\n`.repeat(3),
    fenr: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 0\n'.repeat(3),
    ocpn: 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb -- 0 1\n'.repeat(3),
    style12:
      '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 White Black -3 0 0 39 39 0 0 1 none (0:00) none 0\n'.repeat(
        3,
      ),
    pgn: '[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. d4 *\n'.repeat(3),
    'icc decode': sample,
    'fics decode': '<sc>\n\r<sr> 7\n\rfics% <sr> 8\n\r',
    convert: `${START}\n`.repeat(3),
    detect: `${START}\n`.repeat(3),
    moves: `${START}\n`,
  };
  // icc decode with its settings, so that standard error holds only what a failed write says.
  const ARGS: Readonly<Record<string, readonly string[]>> = {
    convert: ['--to', 'fenr'],
    pgn: ['--fens'],
    'icc decode': ['--settings=DG_MOVE_ALGEBRAIC,DG_MOVE_SMITH,DG_MOVE_CLOCK'],
  };
  const writing = COMMANDS.filter((c) => INPUT[c.name] !== undefined);
  const lines = [
    ...writing.map((c) => [c.name, [...c.name.split(' '), ...(ARGS[c.name] ?? [])], INPUT[c.name] ?? ''] as const),
    ['help', ['help'], ''] as const,
    ['--version', ['--version'], ''] as const,
  ];

  test('every command that writes is covered', () => {
    expect(writing.map((c) => c.name)).toEqual(
      COMMANDS.filter((c) => !['connect', 'validate'].includes(c.name)).map((c) => c.name),
    );
  });

  test.each(lines)('%s: a closed pipe (EPIPE) ends quietly with the status earned, 0', async (_, args, stdin) => {
    for (const after of [0, 1]) {
      const { io, captured } = failingOutIo(stdin, 'EPIPE', after);
      expect(await main(args, io)).toBe(0);
      expect(captured.err).toBe('');
    }
  });

  test.each(lines)('%s: any other failure is "cannot write", once, and exit 2', async (_, args, stdin) => {
    const { io, captured } = failingOutIo(stdin, 'ENOSPC', 0);
    expect(await main(args, io)).toBe(2);
    expect(captured.err).toBe('chess-formats: cannot write standard output: ENOSPC: write failed\n');
  });

  test('the status earned before the pipe closed is kept: 1 after a line in error', async () => {
    const Y = '\x19';
    const cases: readonly (readonly [readonly string[], string])[] = [
      [['fen'], `x\n${START}\n${START}\n`],
      [['style12'], `<12> x\n${INPUT['style12'] ?? ''}`],
      [['icc', 'decode'], `${Y}(41 x${Y})${sample}`],
    ];
    for (const [args, stdin] of cases) {
      const { io, captured } = failingOutIo(stdin, 'EPIPE', 1);
      expect(await main(args, io)).toBe(1);
      expect(captured.err).not.toMatch(/cannot (read|write)/);
    }
  });
});
