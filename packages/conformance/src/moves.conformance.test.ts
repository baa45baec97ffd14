import {
  MOVE_NOTATION_ERROR_CODES,
  ROLES,
  moveToJson,
  parseCoordinate,
  parseMoveJson,
  parseSan,
  parseSetupJson,
  parseSmith,
  parseSmithUnchecked,
  parseVerbose,
  setupToJson,
  unwrap,
  writeCoordinate,
  writeSan,
  writeSmith,
  writeVerbose,
  type Move,
  type MoveNotationError,
  type Result,
  type Setup,
  type VerboseOptions,
} from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import type { MoveCodec } from './run.js';
import { describeConformance } from './testing/corpus.js';
import { MOVE_NOTATIONS, type MoveNotation, type VectorOptions } from './types.js';

// The move vectors run through @chess-formats/board-core's four move parsers and writers
// (positions given as FEN are read with @chess-formats/fen). The vectors are data; this file
// only adapts the packages' API to the runner.

function fail(message: string): never {
  throw new TypeError(message);
}

/** Vector options are JSON; an option this adapter does not know throws, so none is silently ignored. */
function verboseOptions(options: VectorOptions | undefined): VerboseOptions {
  const { missingPromotion, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0) fail(`unknown verbose options ${JSON.stringify(rest)}`);
  if (missingPromotion === undefined) return {};
  if (missingPromotion === 'reject') return { missingPromotion };
  const role =
    ROLES.find((r) => r === missingPromotion) ?? fail(`missingPromotion ${JSON.stringify(missingPromotion)}`);
  return { missingPromotion: role };
}

function noOptions(options: VectorOptions | undefined, allowed: readonly string[]): void {
  const unknown = Object.keys(options ?? {}).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) fail(`unknown options ${unknown.join(', ')}`);
}

function parseMove(
  notation: MoveNotation,
  setup: Setup,
  text: string,
  options: VectorOptions | undefined,
): Result<Move, MoveNotationError> {
  switch (notation) {
    case 'san':
      noOptions(options, []);
      return parseSan(setup, text);
    case 'coordinate':
      noOptions(options, []);
      return parseCoordinate(setup, text);
    case 'verbose':
      return parseVerbose(setup, text, verboseOptions(options));
    case 'smith':
      noOptions(options, ['unchecked']);
      return options?.['unchecked'] === true ? parseSmithUnchecked(setup, text) : parseSmith(setup, text);
  }
}

function writeMove(notation: MoveNotation, setup: Setup, move: Move, options: VectorOptions | undefined): string {
  switch (notation) {
    case 'san':
      noOptions(options, []);
      return writeSan(setup, move);
    case 'coordinate':
      noOptions(options, ['chess960']);
      return writeCoordinate(setup, move, options?.['chess960'] === true ? { chess960: true } : {});
    case 'verbose':
      noOptions(options, []);
      return writeVerbose(setup, move);
    case 'smith':
      noOptions(options, []);
      return writeSmith(setup, move);
  }
}

/** The runner's position is a Setup; the move carries its setup along so `toJson` can name squares. */
interface Placed {
  readonly setup: Setup;
  readonly move: Move;
}

const codec: MoveCodec<Setup, Placed> = {
  position: (position) =>
    typeof position === 'string' ? unwrap(parseFen(position)) : unwrap(parseSetupJson(position)),
  parse: (notation, setup, text, options) => {
    const result = parseMove(notation, setup, text, options);
    return result.ok ? { ok: true, value: { setup, move: result.value } } : result;
  },
  write: (notation, setup, placed, options) => writeMove(notation, setup, placed.move, options),
  toJson: (placed) => moveToJson(placed.setup.board.geometry, placed.move),
};

const cases = describeConformance('moves', codec, { errorCodes: MOVE_NOTATION_ERROR_CODES });

describe('move conformance vectors, beyond error codes', () => {
  test('every setup JSON position and every expected move reads back and writes the same JSON', () => {
    let positions = 0;
    let moves = 0;
    for (const vector of cases) {
      const setup = codec.position(vector.position ?? fail(`${vector.id} has no position`));
      if (typeof vector.position !== 'string') {
        expect(setupToJson(setup), vector.id).toEqual(vector.position);
        positions++;
      }
      const value = vector.expected?.value;
      if (value === undefined) continue;
      const move = parseMoveJson(setup.board.geometry, value);
      expect(move.ok && moveToJson(setup.board.geometry, move.value), vector.id).toEqual(value);
      moves++;
    }
    expect(positions).toBeGreaterThan(0);
    expect(moves).toBeGreaterThan(0);
  });

  test('every notation has valid and invalid vectors', () => {
    for (const notation of MOVE_NOTATIONS) {
      const mine = cases.filter((c) => c.notation === notation);
      expect(
        mine.some((c) => c.result === 'valid'),
        notation,
      ).toBe(true);
      expect(
        mine.some((c) => c.result === 'invalid'),
        notation,
      ).toBe(true);
    }
  });
});
