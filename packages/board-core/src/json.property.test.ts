import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OMEGA, STANDARD, parseSquare, type Geometry, type Square } from './geometry.js';
import {
  SETUP_JSON_ERROR_CODES,
  moveToJson,
  parseMoveJson,
  parseSetupJson,
  setupToJson,
  type SetupJsonError,
} from './json.js';
import type { Move } from './move.js';
import { piece, type Piece } from './piece.js';
import type { Result } from './result.js';
import type { OmegaAdvancedState } from './omega-advanced.js';
import type { Pocket, Setup } from './setup.js';
import { VARIANTS } from './variants/list.js';
import { COLORS, ROLES, type Role } from './vocabulary.js';

const GEOMETRIES = [STANDARD, OMEGA] as const;

function squaresOf(geometry: Geometry): Square[] {
  return geometry.squareNames.flatMap((name, square) => (name === '' ? [] : [square]));
}

const pieceArbitrary: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...COLORS), fc.constantFrom(...ROLES), fc.boolean())
  // A pawn is never marked promoted (the reader refuses `P~`).
  .map(([color, role, promoted]) => piece(color, role, promoted && role !== 'pawn'));

const pocketArbitrary: fc.Arbitrary<Pocket> = fc
  .tuple(...ROLES.map(() => fc.nat({ max: 5 })))
  .map((counts) => Object.fromEntries(ROLES.map((role, i) => [role, counts[i] ?? 0])) as Record<Role, number>);

const rightsArbitrary = fc.record({ kingSide: fc.boolean(), queenSide: fc.boolean() });
const omegaAdvancedArbitrary: fc.Arbitrary<OmegaAdvancedState> = fc.record({
  guarding: fc.record({ white: rightsArbitrary, black: rightsArbitrary }),
  foolInHand: fc.record({ white: fc.boolean(), black: fc.boolean() }),
  lastMoved: fc.record({
    white: fc.option(fc.constantFrom(...ROLES), { nil: undefined }),
    black: fc.option(fc.constantFrom(...ROLES), { nil: undefined }),
  }),
});

function setupArbitrary(geometry: Geometry): fc.Arbitrary<Setup> {
  const squares = squaresOf(geometry);
  const sortedSquares = (maxLength: number): fc.Arbitrary<Square[]> =>
    fc.uniqueArray(fc.constantFrom(...squares), { maxLength }).map((list) => list.sort((a, b) => a - b));
  return fc
    .record({
      placed: fc.array(fc.tuple(fc.constantFrom(...squares), pieceArbitrary), { maxLength: 40 }),
      turn: fc.constantFrom(...COLORS),
      castlingRooks: sortedSquares(6),
      epSquares: sortedSquares(2),
      halfmoves: fc.oneof(fc.nat({ max: 200 }), fc.maxSafeNat()),
      fullmoves: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
      pockets: fc.option(fc.record({ white: pocketArbitrary, black: pocketArbitrary }), { nil: undefined }),
      remainingChecks: fc.option(fc.record({ white: fc.nat({ max: 3 }), black: fc.nat({ max: 3 }) }), {
        nil: undefined,
      }),
      // A variant of the board's own geometry, or none.
      variant: fc.option(
        fc.constantFrom(...VARIANTS.filter((v) => v.rules.spec.geometry.name === geometry.name).map((v) => v.key)),
        { nil: undefined },
      ),
      // The reader checks shape, not which geometry the state belongs to: any board may carry it.
      omegaAdvanced: fc.option(omegaAdvancedArbitrary, { nil: undefined }),
    })
    .map(({ placed, variant, pockets, remainingChecks, omegaAdvanced, ...rest }) => {
      const pieces = new Array<Piece | undefined>(geometry.width * geometry.height).fill(undefined);
      for (const [square, p] of placed) pieces[square] = p;
      return {
        board: { geometry, pieces },
        ...rest,
        ...(variant ? { variant } : {}),
        ...(pockets ? { pockets } : {}),
        ...(remainingChecks ? { remainingChecks } : {}),
        ...(omegaAdvanced ? { omegaAdvanced } : {}),
      };
    });
}

const anySetup = fc.oneof(...GEOMETRIES.map(setupArbitrary));

function moveArbitrary(geometry: Geometry): fc.Arbitrary<Move> {
  const square = fc.constantFrom(...squaresOf(geometry));
  const role = fc.constantFrom(...ROLES);
  return fc.oneof(
    fc.record({ kind: fc.constant('normal' as const), from: square, to: square }),
    fc.record({ kind: fc.constant('normal' as const), from: square, to: square, promotion: role }),
    fc.record({ kind: fc.constant('enPassant' as const), from: square, to: square, captured: square }),
    fc.record({ kind: fc.constant('castle' as const), from: square, to: square, rook: square, rookTo: square }),
    fc.record({ kind: fc.constant('drop' as const), role, to: square }),
  );
}

const anyPlacedMove = fc
  .constantFrom(...GEOMETRIES)
  .chain((geometry) => fc.tuple(fc.constant(geometry), moveArbitrary(geometry)));

/** Through text and back, as a value arrives from a socket. */
const viaText = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Every failure is a well-formed error value; returns whether the result is ok. */
function checkResult(result: Result<unknown, SetupJsonError>): boolean {
  if (!result.ok) {
    expect(SETUP_JSON_ERROR_CODES).toContain(result.error.code);
    expect(typeof result.error.path).toBe('string');
    expect(result.error.message.length).toBeGreaterThan(0);
  }
  return result.ok;
}

const hostile = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  key: fc.oneof(
    fc.string(),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'board', 'kind', 'white', 'e4', 'w1'),
  ),
});

describe('parseSetupJson properties', () => {
  it('reads back every setup it writes, on both geometries, also through JSON text', () => {
    fc.assert(
      fc.property(anySetup, (setup) => {
        const json = setupToJson(setup);
        expect(parseSetupJson(json)).toEqual({ ok: true, value: setup });
        const read = parseSetupJson(viaText(json));
        expect(read).toEqual({ ok: true, value: setup });
        // Canonical JSON is a fixed point, keys in the same order.
        expect(read.ok && JSON.stringify(setupToJson(read.value))).toBe(JSON.stringify(json));
      }),
      { numRuns: 300 },
    );
  });

  it('reads square lists and pocket letters in any order to the same setup', () => {
    const shuffled = <T>(list: readonly T[], keys: readonly number[]): T[] =>
      list
        .map((item, i) => [keys[i % Math.max(keys.length, 1)] ?? 0, i, item] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1])
        .map(([, , item]) => item);
    fc.assert(
      fc.property(anySetup, fc.array(fc.nat(), { minLength: 1 }), (setup, keys) => {
        const json = setupToJson(setup);
        const pockets = json.pockets && {
          white: shuffled([...json.pockets.white], keys).join(''),
          black: shuffled([...json.pockets.black], keys).join(''),
        };
        const reordered = {
          ...json,
          castlingRooks: shuffled(json.castlingRooks, keys),
          epSquares: shuffled(json.epSquares, keys),
          ...(pockets ? { pockets } : {}),
        };
        expect(parseSetupJson(reordered)).toEqual({ ok: true, value: setup });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws, whatever the value', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.jsonValue()), (value) => {
        checkResult(parseSetupJson(value));
        checkResult(parseSetupJson(value, { unknownKeys: 'ignore' }));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws when any one key of valid JSON holds any value', () => {
    fc.assert(
      fc.property(
        anySetup,
        fc.constantFrom(
          'geometry',
          'variant',
          'board',
          'turn',
          'castlingRooks',
          'epSquares',
          'halfmoves',
          'fullmoves',
          'pockets',
          'remainingChecks',
          'omegaAdvanced',
        ),
        hostile,
        (setup, key, value) => {
          const json = { ...setupToJson(setup), [key]: value };
          checkResult(parseSetupJson(json));
        },
      ),
      { numRuns: 300 },
    );
  });

  /** What an accepted mutation must keep: canonical JSON up to list order and pocket letter order. */
  function normal(json: unknown, geometry: Geometry): unknown {
    const j = viaText(json) as Record<string, unknown>;
    const bySquare = (list: unknown): unknown =>
      (list as string[]).slice().sort((a, b) => (parseSquare(geometry, a) ?? 0) - (parseSquare(geometry, b) ?? 0));
    const pockets = j['pockets'] as { white: string; black: string } | undefined;
    return {
      ...j,
      castlingRooks: bySquare(j['castlingRooks']),
      epSquares: bySquare(j['epSquares']),
      ...(pockets
        ? { pockets: { white: [...pockets.white].sort().join(''), black: [...pockets.black].sort().join('') } }
        : {}),
    };
  }

  type Mutation = (json: Record<string, unknown>) => Record<string, unknown>;
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(
          'geometry',
          'variant',
          'board',
          'turn',
          'castlingRooks',
          'epSquares',
          'halfmoves',
          'fullmoves',
          'pockets',
          'remainingChecks',
          'omegaAdvanced',
        ),
        fc.jsonValue(),
      )
      .map(
        ([key, value]): Mutation =>
          (json) => ({ ...json, [key]: value }),
      ),
    fc
      .constantFrom(
        'geometry',
        'variant',
        'board',
        'turn',
        'castlingRooks',
        'epSquares',
        'halfmoves',
        'fullmoves',
        'pockets',
        'remainingChecks',
        'omegaAdvanced',
      )
      .map(
        (key): Mutation =>
          (json) =>
            Object.fromEntries(Object.entries(json).filter(([k]) => k !== key)),
      ),
    fc
      .tuple(
        fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('e4', 'a0', 'j9', 'w3', 'e9', '__proto__')),
        fc.oneof(fc.string({ maxLength: 2 }), fc.constantFrom('K', 'q~', 'W', 'f', 'X'), fc.jsonValue()),
      )
      .map(
        ([square, value]): Mutation =>
          (json) => ({ ...json, board: { ...(json['board'] as object), [square]: value } }),
      ),
    fc
      .tuple(
        fc.constantFrom('castlingRooks', 'epSquares'),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('a1', 'h8', 'b0', 'i0', 'w1')),
      )
      .map(
        ([key, name]): Mutation =>
          (json) => ({ ...json, [key]: [...(json[key] as string[]), name] }),
      ),
    fc
      .tuple(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', 'Turn', 'toString')), fc.jsonValue())
      .map(
        ([key, value]): Mutation =>
          (json) =>
            JSON.parse(JSON.stringify({ ...json, [key]: value })) as Record<string, unknown>,
      ),
    fc.tuple(fc.constantFrom('white', 'black'), fc.string({ maxLength: 4 })).map(
      ([color, letters]): Mutation =>
        (json) => ({ ...json, pockets: { white: '', black: '', ...(json['pockets'] as object), [color]: letters } }),
    ),
    // One value of the Omega Chess Advanced state, the state itself added when absent.
    fc
      .tuple(
        fc.constantFrom('guarding', 'foolInHand', 'lastMoved'),
        fc.constantFrom('white', 'black'),
        fc.oneof(
          fc.constantFrom('pawn', 'fool', 'Q', null, true, false),
          fc.record({ kingSide: fc.boolean(), queenSide: fc.jsonValue() }),
          fc.jsonValue(),
        ),
      )
      .map(
        ([key, color, value]): Mutation =>
          (json) => {
            const state = (json['omegaAdvanced'] ?? {
              guarding: { white: { kingSide: true, queenSide: false }, black: { kingSide: false, queenSide: true } },
              foolInHand: { white: true, black: false },
              lastMoved: { white: null, black: 'wizard' },
            }) as Record<string, object>;
            return { ...json, omegaAdvanced: { ...state, [key]: { ...state[key], [color]: value } } };
          },
      ),
  );

  it('rejects a mutation of valid JSON, or reads exactly what it says', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(anySetup, mutation, (setup, mutate) => {
        const mutated = mutate(setupToJson(setup) as unknown as Record<string, unknown>);
        const result = parseSetupJson(mutated);
        if (checkResult(result) && result.ok) {
          accepted++;
          expect(normal(setupToJson(result.value), setup.board.geometry)).toEqual(
            normal(mutated, setup.board.geometry),
          );
          expect(parseSetupJson(setupToJson(result.value))).toEqual(result);
        } else rejected++;
      }),
      { numRuns: 500 },
    );
    // Both branches ran, so the property tested something either way.
    expect(accepted).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(20);
  });

  it('rejects every board key that is not a square of the geometry, at that key', () => {
    fc.assert(
      fc.property(anySetup, fc.string({ minLength: 1, maxLength: 16 }), (setup, name) => {
        fc.pre(parseSquare(setup.board.geometry, name) === undefined);
        const json = setupToJson(setup);
        const result = parseSetupJson({ ...json, board: { [name]: 'K' } });
        expect(result.ok ? undefined : [result.error.code, result.error.path]).toEqual([
          'unknown-square',
          `board.${name}`,
        ]);
      }),
    );
  });
});

describe('parseMoveJson properties', () => {
  it('reads back every move it writes, on both geometries, also through JSON text', () => {
    fc.assert(
      fc.property(anyPlacedMove, ([geometry, move]) => {
        const json = moveToJson(geometry, move);
        expect(parseMoveJson(geometry, json)).toEqual({ ok: true, value: move });
        const read = parseMoveJson(geometry, viaText(json));
        expect(read.ok && JSON.stringify(moveToJson(geometry, read.value))).toBe(JSON.stringify(json));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GEOMETRIES), fc.oneof(hostile, fc.jsonValue()), (geometry, value) => {
        checkResult(parseMoveJson(geometry, value));
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a mutation of a valid move, or reads exactly what it says', () => {
    let accepted = 0;
    let rejected = 0;
    const key = fc.constantFrom('kind', 'from', 'to', 'promotion', 'captured', 'rook', 'rookTo', 'role', 'other');
    const value = fc.oneof(
      fc.constantFrom('normal', 'drop', 'castle', 'enPassant', 'e4', 'a0', 'w2', 'queen', 'wizard', 'Q'),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(anyPlacedMove, key, fc.option(value, { nil: undefined }), ([geometry, move], k, v) => {
        const json: Record<string, unknown> = { ...moveToJson(geometry, move) };
        if (v === undefined) delete json[k];
        else json[k] = v;
        const result = parseMoveJson(geometry, json);
        if (checkResult(result) && result.ok) {
          accepted++;
          expect(moveToJson(geometry, result.value)).toEqual(viaText(json));
        } else rejected++;
      }),
      { numRuns: 500 },
    );
    expect(accepted).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(20);
  });
});
