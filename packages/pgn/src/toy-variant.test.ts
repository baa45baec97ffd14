/**
 * The recipe of CONTRIBUTING.md ("Adding a variant") followed with a toy: one module
 * (board-core's `src/testing/one-check.ts`) and one line in the list every consumer reads
 * (board-core's `VARIANTS`, replaced here by the list plus that line). The PGN reader, the
 * rules and `outcome` take it with no other edit.
 */
import {
  VARIANTS,
  legalMoves,
  outcome,
  parseSetupJson,
  setupToJson,
  variantByName,
  type Setup,
} from '@chess-formats/board-core';
import { describe, expect, test, vi } from 'vitest';
import { finalSetup } from './game.js';
import { pgnFormat } from './format.js';
import { parsePgn } from './read.js';
import { writePgn } from './write.js';

vi.mock('../../board-core/src/variants/list.js', async (importOriginal) => {
  const { VARIANTS: list } = await importOriginal<typeof import('../../board-core/src/variants/list.js')>();
  const { oneCheck } = await import('../../board-core/src/testing/one-check.js');
  return { VARIANTS: Object.freeze([...list, oneCheck]) };
});

const GAME = `[Variant "One-check"]
[Result "1-0"]

1. e4 f6 2. Qh5+ 1-0
`;

describe('a toy variant added as one module and one line', () => {
  test('is in the list and found by its names', () => {
    expect(VARIANTS.map((v) => v.key)).toContain('oneCheck');
    expect(variantByName('1check')?.title).toBe('One-check');
  });

  test('is read by the PGN reader, whose rules end the game at the first check', () => {
    const [read] = parsePgn(GAME);
    expect(read?.ok).toBe(true);
    if (!read?.ok) return;
    expect(read.value.variant).toBe('oneCheck');
    const end: Setup = finalSetup(read.value);
    expect(end.variant).toBe('oneCheck');
    expect(legalMoves(end)).toEqual([]);
    expect(outcome(end)).toEqual({ reason: 'variantWin', winner: 'white' });
    const [more] = parsePgn(GAME.replace('2. Qh5+ 1-0', '2. Qh5+ g6 1-0'));
    expect(more?.ok ? 'read' : more?.error.code).toBe('illegal-move');
  });

  test('is written with its Variant tag and round-trips through PGN and setup JSON', () => {
    const start = VARIANTS.find((v) => v.key === ('oneCheck' as string))!.start();
    const [game] = pgnFormat.fromSetup(start);
    const text = writePgn(game!);
    expect(text).toContain('[Variant "One-check"]');
    const [read] = parsePgn(text);
    expect(read?.ok && read.value.setup).toEqual(start);
    expect(parseSetupJson(JSON.parse(JSON.stringify(setupToJson(start))))).toEqual({ ok: true, value: start });
  });
});
