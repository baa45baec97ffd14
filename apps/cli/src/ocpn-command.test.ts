import { INITIAL_OCPN } from '@chess-formats/ocpn';
import { describe, expect, test } from 'vitest';
import { MAX_LINE_LENGTH } from './line-command.js';
import { main } from './main.js';
import { parseOcpnArgs, runOcpnCommand } from './ocpn-command.js';
import { memoryIo } from './test-io.js';

const B = INITIAL_OCPN.slice(0, 60);

async function run(stdin: string, args: readonly string[] = [], files: Record<string, string> = {}) {
  const { io, captured } = memoryIo(stdin, files);
  const status = await runOcpnCommand(args, io);
  return { status, ...captured };
}

describe('chess-formats ocpn', () => {
  test('prints the canonical OCPN of each line and skips blank lines', async () => {
    const result = await run(`  ${INITIAL_OCPN}\n\n${B} w qkQK \u2013 - bw pc 00 1\r\n`);
    expect(result).toEqual({ status: 0, out: `${INITIAL_OCPN}\n${B} w KQkq - - wb PC 0 1\n`, err: '' });
  });

  test('shows a bad line with a caret under the offending character and exits 1', async () => {
    const bad = `${B} b KQkq KQkq e3/e4 wb P- 0 1`;
    const result = await run(`${INITIAL_OCPN}\n${bad}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${INITIAL_OCPN}\n`);
    // An 88-character line is shown as its last 72 characters (from 16), after an ellipsis.
    expect(bad.length).toBe(88);
    expect(result.err).toBe(
      [
        `<stdin>:2: ...${bad.slice(16)}`,
        `${' '.repeat('<stdin>:2: ...'.length + 74 - 16)}^`,
        'error[ep-rank] field 4: expected the first square the pawn passed (rank 2 after White, 7 after Black; ranks 0-9), found "3"',
        '',
      ].join('\n'),
    );
  });

  test('--board prints the 10x10 field with the wizard squares in the corners', async () => {
    const result = await run(`${INITIAL_OCPN}\n`, ['--board']);
    expect(result.out).toBe(
      [
        INITIAL_OCPN,
        '  w                     w',
        '9   c r n b q k b n r c',
        '8   p p p p p p p p p p',
        '7   . . . . . . . . . .',
        '6   . . . . . . . . . .',
        '5   . . . . . . . . . .',
        '4   . . . . . . . . . .',
        '3   . . . . . . . . . .',
        '2   . . . . . . . . . .',
        '1   P P P P P P P P P P',
        '0   C R N B Q K B N R C',
        '  W                     W',
        '    a b c d e f g h i j',
        '',
        '',
      ].join('\n'),
    );
  });

  test('--json prints one object a line, with the position JSON or the error', async () => {
    const result = await run(`4/5k4/A/A/A/A/A/A/A/A/5K4 b - Q - b -P 3 40\nWWww w\n`, ['--json']);
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
        input: '4/5k4/A/A/A/A/A/A/A/A/5K4 b - Q - b -P 3 40',
        ok: true,
        ocpn: '4/5k4/A/A/A/A/A/A/A/A/5K4 b - Q - b -P 3 40',
        position: {
          geometry: 'omega',
          board: { f0: 'K', f9: 'k' },
          turn: 'black',
          castlingRooks: [],
          epSquares: [],
          halfmoves: 3,
          fullmoves: 40,
          omegaAdvanced: {
            guarding: { white: { kingSide: false, queenSide: true }, black: { kingSide: false, queenSide: false } },
            foolInHand: { white: false, black: true },
            lastMoved: { white: null, black: 'pawn' },
          },
        },
      },
      {
        line: 2,
        input: 'WWww w',
        ok: false,
        error: { code: 'rank-count', field: 0, offset: 4, message: expect.any(String) as unknown },
      },
    ]);
  });

  test('--strict rejects what the default mode accepts', async () => {
    expect((await run(`${INITIAL_OCPN.replace(' - ', ' \u2013 ')}\n`)).status).toBe(0);
    const strict = await run(`${INITIAL_OCPN.replace(' - ', ' \u2013 ')}\n`, ['--strict']);
    expect(strict.status).toBe(1);
    expect(strict.err).toContain('error[ep-square] field 4:');
  });

  test('an over-long line is reported without being parsed', async () => {
    const result = await run(`${'A'.repeat(MAX_LINE_LENGTH + 1)}\n${INITIAL_OCPN}\n`);
    expect(result.status).toBe(1);
    expect(result.out).toBe(`${INITIAL_OCPN}\n`);
    expect(result.err.split('\n')[1]).toBe(
      `error[line-too-long]: the line is longer than ${MAX_LINE_LENGTH} characters and was not read`,
    );
  });

  test('reads files in order, names them, and exits 2 on an unreadable one', async () => {
    const result = await run('', ['a.ocpn', 'missing.ocpn', '--json'], { 'a.ocpn': `${INITIAL_OCPN}\n` });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.out)).toMatchObject({ file: 'a.ocpn', line: 1, ok: true, ocpn: INITIAL_OCPN });
    expect(result.err).toBe("chess-formats: cannot read missing.ocpn: ENOENT: no such file, open 'missing.ocpn'\n");
  });
});

describe('arguments', () => {
  test('options, files and --', () => {
    expect(parseOcpnArgs(['--board', 'a.ocpn', '--json', '-', '--strict', '--', '--board'])).toEqual({
      kind: 'run',
      options: { files: ['a.ocpn', '-', '--board'], board: true, json: true, strict: true },
    });
    expect(parseOcpnArgs(['x', '-h'])).toEqual({ kind: 'help' });
    expect(parseOcpnArgs(['--castling'])).toEqual({
      kind: 'usage-error',
      message: "unknown option '--castling' for ocpn",
    });
    expect(parseOcpnArgs(['--toString'])).toEqual({
      kind: 'usage-error',
      message: "unknown option '--toString' for ocpn",
    });
  });

  test('main runs ocpn, its help and its usage errors', async () => {
    const ok = memoryIo(`${INITIAL_OCPN}\n`);
    expect(await main(['ocpn'], ok.io)).toBe(0);
    expect(ok.captured.out).toBe(`${INITIAL_OCPN}\n`);
    const help = memoryIo('');
    expect(await main(['ocpn', '--help'], help.io)).toBe(0);
    expect(help.captured.out).toContain('Usage: chess-formats ocpn [options] [file...]');
    const helpCommand = memoryIo('');
    expect(await main(['help', 'ocpn'], helpCommand.io)).toBe(0);
    expect(helpCommand.captured.out).toBe(help.captured.out);
    const usage = memoryIo('');
    expect(await main(['ocpn', '--nope'], usage.io)).toBe(2);
    expect(usage.captured.err).toMatch(/^chess-formats: unknown option '--nope' for ocpn\n/);
    const listed = memoryIo('');
    expect(await main(['--help'], listed.io)).toBe(0);
    expect(listed.captured.out).toMatch(/^ {2}ocpn +read OCPN/m);
  });
});
