import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FEN_HELP, MAIN_HELP } from './args.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('main: help, version and usage errors', () => {
  test('--version and -V print the package version and exit 0', async () => {
    for (const flag of ['--version', '-V']) {
      const { io, captured } = memoryIo('');
      expect(await main([flag], io)).toBe(0);
      expect(captured.out).toBe(`${manifest.version}\n`);
    }
  });

  test('help <command> prints that command usage on standard output', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['help', 'fen'], io)).toBe(0);
    expect(captured.out).toBe(FEN_HELP);
    expect(captured.err).toBe('');
  });

  test('a bad option of a command prints the message and that command usage, exit 2', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['fen', '--colour'], io)).toBe(2);
    expect(captured.err).toBe(`chess-formats: unknown option '--colour' for fen\n\n${FEN_HELP}`);
    expect(captured.out).toBe('');
  });

  test('an unknown command prints the program usage, exit 2', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['pgn'], io)).toBe(2);
    expect(captured.err).toBe(`chess-formats: unknown command 'pgn'\n\n${MAIN_HELP}`);
  });
});
