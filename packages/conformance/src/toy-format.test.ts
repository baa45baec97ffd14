import {
  boardDiagram,
  err,
  ok,
  standardSetup,
  setupToJson,
  type Format,
  type Setup,
  type TextFormat,
} from '@chess-formats/board-core';
import { FORMATS, detectFormat, formatByName } from '@chess-formats/formats';
import { describe, expect, test } from 'vitest';
import { runVectors } from './index.js';
import { descriptorCodec } from './testing/formats.js';
import type { VectorFile } from './types.js';

// CONTRIBUTING.md's "adding a format", followed once for real with a toy: a descriptor (here
// a fixture, not a package) and one more entry in a list. Detection, the conformance runner
// and conversion pick it up with no other edit.

/** A toy notation: `toy:` and the number of pieces on the board; it reads only the start position. */
const toyFormat: TextFormat<Setup, 'toy-syntax'> = Object.freeze({
  kind: 'text',
  name: 'toy',
  title: 'Toy',
  parse: (text: string) =>
    text === 'toy:32'
      ? ok(standardSetup())
      : err({ code: 'toy-syntax' as const, field: 0, offset: 0, message: 'toy:32 expected' }),
  write: (setup: Setup) => `toy:${String(setup.board.pieces.filter(Boolean).length)}`,
  detect: (text: string) =>
    typeof text === 'string' && text.startsWith('toy:') ? (text === 'toy:32' ? 0.95 : 0.7) : 0,
  errorCodes: Object.freeze(['toy-syntax'] as const),
  fields: Object.freeze(['count']),
  setupOf: (setup: Setup) => setup,
  fromSetup: (setup: Setup) => setup,
});

const LIST: readonly Format[] = [...FORMATS, toyFormat];

const TOY_VECTORS: VectorFile = {
  format: 'toy',
  topic: 'examples',
  description: 'the toy notation',
  cases: [
    {
      id: 'toy.examples.start',
      description: 'the start',
      input: 'toy:32',
      result: 'valid',
      expected: { value: setupToJson(standardSetup()), text: 'toy:32' },
    },
    {
      id: 'toy.examples.bad',
      description: 'anything else',
      input: 'toy:31',
      result: 'invalid',
      error: { code: 'toy-syntax', field: 0, offset: 0 },
    },
  ],
} as unknown as VectorFile;

describe('a toy format added to the list', () => {
  test('detection finds it, and nothing else changes', () => {
    expect(detectFormat('toy:32', LIST).format).toBe(toyFormat);
    expect(detectFormat('toy:32').format).toBeUndefined();
    expect(detectFormat('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', LIST).format?.name).toBe('fen');
    expect(formatByName('toy', LIST)).toBe(toyFormat);
  });

  test('the conformance runner checks it from its descriptor alone', () => {
    const outcome = runVectors([TOY_VECTORS], descriptorCodec(toyFormat));
    expect(outcome.outcomes.flatMap((o) => o.reasons)).toEqual([]);
    expect(outcome).toMatchObject({ passed: 2, failed: 0 });
  });

  test('it converts to and from every text format of the list that can hold the position', () => {
    const start = toyFormat.parse('toy:32');
    if (!start.ok) throw new Error('toy');
    const written = LIST.filter((f): f is TextFormat => f.kind === 'text').flatMap((format) => {
      try {
        return [[format.name, format.write(format.fromSetup(start.value))] as const];
      } catch {
        return []; // an Omega board in FEN: the format cannot hold it, and says so
      }
    });
    expect(written.map(([name]) => name)).toEqual(['fen', 'style12', 'fenr', 'pgn', 'toy']);
    const fen = formatByName('fen', LIST) as TextFormat;
    const back = fen.parse(written[0]?.[1] ?? '');
    if (!back.ok) throw new Error('fen');
    expect(toyFormat.write(toyFormat.fromSetup(fen.setupOf(back.value)))).toBe('toy:32');
    expect(boardDiagram(fen.setupOf(back.value).board)).toBe(boardDiagram(start.value.board));
  });
});
