import { describe, expect, it } from 'vitest';
import { ADAPTERS } from './formats/registry.js';
import { readText } from './read.js';
import { READ_IN_WORKER_FROM, TextReader } from './reader.js';

describe('readText', () => {
  it('detects and reads, or reads in the format chosen', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(readText(fen, undefined, ADAPTERS)).toMatchObject({ adapter: 'fen', detected: 'fen', unrecognised: false });
    expect(readText(fen, 'shredder', ADAPTERS)).toMatchObject({
      adapter: 'shredder',
      detected: 'fen',
      unrecognised: false,
    });
  });

  it('says text no format recognises is unrecognised, with nothing read, unless a format is chosen', () => {
    const garbage = '♔♕♖ 日本語のテキスト';
    expect(readText(garbage, undefined, ADAPTERS)).toMatchObject({
      unrecognised: true,
      view: { positions: [], errors: [] },
    });
    expect(readText(garbage, 'fen', ADAPTERS).view.errors.length).toBeGreaterThan(0);
  });
});

describe('TextReader', () => {
  it('reads on the page, at once, where there is no Worker (as in Node), however long the text', () => {
    const reader = new TextReader(ADAPTERS);
    expect(reader.usesWorker).toBe(false);
    const text = `fics% ${'hello '.repeat(READ_IN_WORKER_FROM / 6 + 1)}`;
    const read = reader.read(text, undefined);
    expect(read).not.toBeInstanceOf(Promise);
    expect(read).toMatchObject({ adapter: 'fics' });
  });
});
