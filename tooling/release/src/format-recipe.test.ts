import type { Format, TextFormat } from '@chess-formats/board-core';
import { FORMATS, TEXT_FORMATS, detectFormat, formatByName } from '@chess-formats/formats';
import { describe, expect, test, vi } from 'vitest';
import { main } from '../../../apps/cli/src/main.js';
import { memoryIo } from '../../../apps/cli/src/test-io.js';
import { ADAPTERS, adapterByName, conversions } from '../../../apps/demo/src/formats/registry.js';
import { describeListConformance } from '../../../packages/conformance/src/testing/formats.js';
import { vectorFilesOf, vectorFormats } from '../../../packages/conformance/src/testing/corpus.js';
import type { VectorFile } from '../../../packages/conformance/src/types.js';
import { toyFormat } from './toy-format/format.js';
import toyVectors from './toy-format/vectors.json' with { type: 'json' };

// CONTRIBUTING.md's "Adding a format", proved: a toy format (toy-format/: its descriptor and its
// vectors, what the recipe's package holds) is put into the list the real consumers read, as the
// recipe's one line does: `FORMATS` of @chess-formats/formats, mocked here to hold the toy last.
// Then the consumers run as they are, none of them told of the toy: the conformance loop, the
// list's detection, the demo's registry and its generic view, and the CLI's convert, validate
// and detect through its entry point. A consumer that kept a list of its own would miss the toy
// and fail here. (That a real package with one line passes the whole repository was also checked
// by hand once; CONTRIBUTING.md says what it took.)

vi.mock('@chess-formats/formats', async (importOriginal) => {
  const original = await importOriginal<typeof import('@chess-formats/formats')>();
  const { toyFormat: toy } = await import('./toy-format/format.js');
  // Once the toy is a real package in the list (the recipe followed by hand), the list is left as it is.
  const list: readonly Format[] = original.FORMATS.some((format) => format.name === toy.name)
    ? original.FORMATS
    : Object.freeze([...original.FORMATS, toy]);
  return {
    ...original,
    FORMATS: list,
    TEXT_FORMATS: Object.freeze(list.filter((format): format is TextFormat => format.kind === 'text')),
    formatByName: (name: string, formats: readonly Format[] = list) => original.formatByName(name, formats),
    detectFormat: (text: string, formats: readonly Format[] = list) => original.detectFormat(text, formats),
  };
});

const KINGS = `....k...${'.'.repeat(48)}....K...`;
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

async function run(args: readonly string[], stdin: string) {
  const { io, captured } = memoryIo(stdin);
  const status = await main(args, io);
  return { status, ...captured };
}

describe('the toy is in the one list', () => {
  test('FORMATS, TEXT_FORMATS, formatByName and detectFormat hold it, and it is the last', () => {
    expect(FORMATS.at(-1)?.name).toBe('toy');
    expect(TEXT_FORMATS.at(-1)?.name).toBe('toy');
    expect(formatByName('toy')?.example).toBe(toyFormat.example);
    expect(detectFormat(toyFormat.example)).toMatchObject({ format: { name: 'toy' }, score: 0.95 });
    // Every other format still detects its own example.
    for (const format of FORMATS) expect(detectFormat(format.example).format, format.name).toBe(format);
    expect(detectFormat(`x${KINGS.slice(1)} w`).format?.name).toBe('toy');
  });
});

describe('the conformance loop, as it runs for every format', () => {
  describeListConformance({
    filesOf: (format) => (format === 'toy' ? [toyVectors as unknown as VectorFile] : vectorFilesOf(format)),
    formats: () => [...new Set([...vectorFormats(), 'toy'])].sort(),
  });
});

describe('the demo', () => {
  const toy = adapterByName('toy');

  test('has a generic view of the toy in its menu, after the bespoke views and before setup JSON', () => {
    expect(toy).toMatchObject({ name: 'toy', label: 'Toy board', family: 'toy', example: toyFormat.example });
    expect(ADAPTERS.at(-2)).toBe(toy);
  });

  test("reads the toy's example: one board, each field placed and explained", () => {
    const view = toy?.read(toyFormat.example);
    expect(view?.errors).toEqual([]);
    expect(view?.positions.length).toBe(1);
    expect(view?.fields).toEqual([
      { name: 'board', text: toyFormat.example.slice(0, 64), offset: 0, meaning: '32 pieces' },
      { name: 'side to move', text: 'w', offset: 65, meaning: 'White to move' },
    ]);
  });

  test("places a broken toy's error in the input and names its field", () => {
    expect(toy?.read(`${KINGS} x`)).toMatchObject({
      positions: [],
      errors: [{ code: 'toy-turn', offset: 64, field: 'side to move' }],
      fields: [
        { name: 'board', meaning: '' },
        { name: 'side to move', meaning: '' },
      ],
    });
  });

  test('converts a FEN position to the toy, and the toy to every format that holds it', () => {
    const fen = adapterByName('fen');
    const position = fen?.read(START_FEN).positions[0];
    if (fen === undefined || position === undefined) throw new Error('fen');
    expect(conversions(position, fen).find((c) => c.name === 'toy')?.text).toBe(toyFormat.example);
    const start = toy?.read(toyFormat.example).positions[0];
    if (toy === undefined || start === undefined) throw new Error('toy');
    const names = conversions(start, toy).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['fen', 'style12', 'setup-json']));
    expect(names).not.toContain('ocpn');
  });
});

describe('the CLI, through its entry point', () => {
  test('convert writes a FEN as the toy, and reads the toy back, detected', async () => {
    expect(await run(['convert', '--to', 'toy'], `${START_FEN}\n`)).toEqual({
      status: 0,
      out: `${toyFormat.example}\n`,
      err: '',
    });
    expect(await run(['convert', '--to', 'fen'], `${toyFormat.example}\n${KINGS} b\n`)).toEqual({
      status: 0,
      out: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n`,
      err: '',
    });
    expect((await run(['convert', '--from', 'toy', '--to', 'setup-json'], `${KINGS} w\n`)).out).toContain('"e8":"k"');
  });

  test('validate reads it and shows its errors with a caret and the code; detect names it', async () => {
    expect(await run(['validate', '--format', 'toy'], `${KINGS} w\n`)).toEqual({ status: 0, out: '', err: '' });
    const bad = await run(['validate'], `${KINGS} x\n`);
    expect(bad.status).toBe(1);
    expect(bad.err).toContain('toy-turn');
    expect(await run(['detect'], `${toyFormat.example}\n`)).toEqual({ status: 0, out: 'toy\n', err: '' });
  });
});
