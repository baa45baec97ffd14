import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withPiece } from './board.js';
import {
  SETUP_JSON_ERROR_CODES,
  moveToJson,
  parseMoveJson,
  parseSetupJson,
  setupToJson,
  type SetupJsonError,
} from './json.js';
import { OMEGA, STANDARD } from './geometry.js';
import { piece } from './piece.js';
import { emptyPocket, standardSetup } from './setup.js';
import { kingOfTheHill } from './variants/king-of-the-hill.js';
import { VARIANTS } from './variants/list.js';

describe('setupToJson', () => {
  it('names squares and writes pieces as FEN letters', () => {
    const json = setupToJson(standardSetup());
    expect(json.geometry).toBe('standard');
    expect(Object.keys(json.board)).toHaveLength(32);
    expect(json.board['e1']).toBe('K');
    expect(json.board['d8']).toBe('q');
    expect(json.castlingRooks).toEqual(['a1', 'h1', 'a8', 'h8']);
    expect(json).not.toHaveProperty('pockets');
    expect(json).not.toHaveProperty('remainingChecks');
  });
  it('writes a pawn marked promoted (built by hand) as the pawn it is, which reads back', () => {
    const base = standardSetup();
    const json = setupToJson({ ...base, board: withPiece(base.board, 12, piece('white', 'pawn', true)) });
    expect(json.board['e2']).toBe('P');
    expect(parseSetupJson(json)).toEqual({ ok: true, value: base });
  });
  it('marks promoted pieces and lists pocket letters in role order', () => {
    const base = standardSetup();
    const setup = {
      ...base,
      board: withPiece(base.board, 27, piece('black', 'queen', true)),
      pockets: { white: { ...emptyPocket(), queen: 1, pawn: 2 }, black: { ...emptyPocket(), knight: 1 } },
      remainingChecks: { white: 2, black: 3 },
    };
    const json = setupToJson(setup);
    expect(json.board['d4']).toBe('q~');
    expect(json.pockets).toEqual({ white: 'PPQ', black: 'n' });
    expect(json.remainingChecks).toEqual({ white: 2, black: 3 });
  });
});

describe('moveToJson', () => {
  it('names squares and roles', () => {
    expect(moveToJson(STANDARD, { kind: 'normal', from: 52, to: 60, promotion: 'knight' })).toEqual({
      kind: 'normal',
      from: 'e7',
      to: 'e8',
      promotion: 'knight',
    });
    expect(moveToJson(STANDARD, { kind: 'castle', from: 4, to: 6, rook: 7, rookTo: 5 })).toEqual({
      kind: 'castle',
      from: 'e1',
      to: 'g1',
      rook: 'h1',
      rookTo: 'f1',
    });
    expect(moveToJson(STANDARD, { kind: 'enPassant', from: 36, to: 43, captured: 35 })).toEqual({
      kind: 'enPassant',
      from: 'e5',
      to: 'd6',
      captured: 'd5',
    });
    expect(moveToJson(OMEGA, { kind: 'drop', role: 'wizard', to: 0 })).toEqual({
      kind: 'drop',
      role: 'wizard',
      to: 'w1',
    });
  });
});

/** The canonical JSON of the start position, with changes. */
function start(changes: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return { ...setupToJson(standardSetup()), ...changes };
}

const KINGS = { e1: 'K', e8: 'k' };

function setupError(json: unknown, options?: Parameters<typeof parseSetupJson>[1]): SetupJsonError | undefined {
  const result = parseSetupJson(json, options);
  return result.ok ? undefined : result.error;
}

function moveError(json: unknown): SetupJsonError | undefined {
  const result = parseMoveJson(STANDARD, json);
  return result.ok ? undefined : result.error;
}

// One case or more per error code, with the exact error.
const SETUP_CASES: readonly [string, unknown, SetupJsonError][] = [
  ['wrong-type: not an object', [], { code: 'wrong-type', path: '', message: 'expected an object, got an array' }],
  [
    'wrong-type: a board of letters',
    start({ board: 'rnbqkbnr' }),
    { code: 'wrong-type', path: 'board', message: 'board: expected an object, got the string "rnbqkbnr"' },
  ],
  [
    'wrong-type: a number as a square name',
    start({ epSquares: [20] }),
    { code: 'wrong-type', path: 'epSquares[0]', message: 'epSquares[0]: expected a string, got 20' },
  ],
  [
    'wrong-type: a counter as text',
    start({ halfmoves: '0' }),
    { code: 'wrong-type', path: 'halfmoves', message: 'halfmoves: expected a number, got the string "0"' },
  ],
  [
    'wrong-type: null pockets',
    start({ pockets: null }),
    { code: 'wrong-type', path: 'pockets', message: 'pockets: expected an object, got null' },
  ],
  [
    'wrong-type: castling rights as a string',
    start({ castlingRooks: 'KQkq' }),
    {
      code: 'wrong-type',
      path: 'castlingRooks',
      message: 'castlingRooks: expected an array of square names, got the string "KQkq"',
    },
  ],
  [
    'missing-key',
    { geometry: 'standard', board: {}, castlingRooks: [] },
    { code: 'missing-key', path: 'turn', message: 'turn: missing' },
  ],
  [
    'missing-key in pockets',
    start({ pockets: { white: 'P' } }),
    { code: 'missing-key', path: 'pockets.black', message: 'pockets.black: missing' },
  ],
  [
    'unknown-key',
    start({ Turn: 'white' }),
    { code: 'unknown-key', path: 'Turn', message: 'Turn: not a key of the canonical JSON' },
  ],
  [
    'unknown-key in remaining checks',
    start({ remainingChecks: { white: 3, black: 3, red: 3 } }),
    {
      code: 'unknown-key',
      path: 'remainingChecks.red',
      message: 'remainingChecks.red: not a key of the canonical JSON',
    },
  ],
  [
    'too-many squares',
    start({ epSquares: new Array(65).fill('e3') }),
    { code: 'too-many', path: 'epSquares', message: 'epSquares: 65 entries, the standard geometry has 64 squares' },
  ],
  [
    'too-many pieces in hand',
    start({ pockets: { white: 'P'.repeat(65), black: '' } }),
    { code: 'too-many', path: 'pockets.white', message: 'pockets.white: 65 pieces in hand, more than the 64 squares' },
  ],
  [
    'unknown-geometry',
    start({ geometry: 'Standard' }),
    {
      code: 'unknown-geometry',
      path: 'geometry',
      message: 'geometry: expected one of standard, omega, got "Standard"',
    },
  ],
  [
    'unknown-variant',
    start({ variant: 'King of the Hill' }),
    {
      code: 'unknown-variant',
      path: 'variant',
      // The keys of the list, whatever it holds (a variant added is one more).
      message: `variant: expected one of ${VARIANTS.map((v) => v.key).join(', ')}, got "King of the Hill"`,
    },
  ],
  [
    'unknown-variant: a variant of another board',
    start({ variant: 'omega' }),
    { code: 'unknown-variant', path: 'variant', message: 'variant: Omega is not played on the standard board' },
  ],
  [
    'wrong-type variant',
    start({ variant: 3 }),
    { code: 'wrong-type', path: 'variant', message: 'variant: expected a string, got 3' },
  ],
  [
    'unknown-square',
    start({ board: { e9: 'K' } }),
    { code: 'unknown-square', path: 'board.e9', message: 'board.e9: "e9" is not a square of the standard geometry' },
  ],
  [
    'unknown-square: an Omega name on the standard board',
    start({ castlingRooks: ['a1', 'w1'] }),
    {
      code: 'unknown-square',
      path: 'castlingRooks[1]',
      message: 'castlingRooks[1]: "w1" is not a square of the standard geometry',
    },
  ],
  [
    'unknown-piece',
    start({ board: { e1: 'X' } }),
    {
      code: 'unknown-piece',
      path: 'board.e1',
      message: 'board.e1: expected a piece letter with an optional ~, got "X"',
    },
  ],
  [
    'unknown-piece: two letters',
    start({ board: { e1: 'KK' } }),
    {
      code: 'unknown-piece',
      path: 'board.e1',
      message: 'board.e1: expected a piece letter with an optional ~, got "KK"',
    },
  ],
  [
    'unknown-piece: a promoted pawn',
    start({ board: { e1: 'K', e8: 'k', f5: 'p~' } }),
    { code: 'unknown-piece', path: 'board.f5', message: 'board.f5: a pawn is never a promoted pawn, got "p~"' },
  ],
  [
    'unknown-piece in a pocket',
    start({ pockets: { white: 'P1', black: '' } }),
    { code: 'unknown-piece', path: 'pockets.white[1]', message: 'pockets.white[1]: "1" is not a piece letter' },
  ],
  [
    'unknown-color',
    start({ turn: 'w' }),
    { code: 'unknown-color', path: 'turn', message: 'turn: expected white or black, got "w"' },
  ],
  [
    'wrong-color',
    start({ pockets: { white: 'Pp', black: '' } }),
    { code: 'wrong-color', path: 'pockets.white[1]', message: 'pockets.white[1]: White\'s pocket holds "p"' },
  ],
  [
    'duplicate-square',
    start({ castlingRooks: ['h1', 'a1', 'h1'] }),
    { code: 'duplicate-square', path: 'castlingRooks[2]', message: 'castlingRooks[2]: h1 is listed twice' },
  ],
  [
    'out-of-range: negative halfmoves',
    start({ halfmoves: -1 }),
    { code: 'out-of-range', path: 'halfmoves', message: 'halfmoves: expected an integer from 0, got -1' },
  ],
  [
    'out-of-range: fullmoves 0',
    start({ fullmoves: 0 }),
    { code: 'out-of-range', path: 'fullmoves', message: 'fullmoves: expected an integer from 1, got 0' },
  ],
  [
    'out-of-range: a fraction',
    start({ fullmoves: 1.5 }),
    { code: 'out-of-range', path: 'fullmoves', message: 'fullmoves: expected an integer from 1, got 1.5' },
  ],
  [
    'out-of-range: four checks',
    start({ remainingChecks: { white: 4, black: 3 } }),
    {
      code: 'out-of-range',
      path: 'remainingChecks.white',
      message: 'remainingChecks.white: expected an integer from 0 to 3, got 4',
    },
  ],
  [
    'no-piece: a cooldown on an empty square',
    start({
      realtime: {
        clockMs: 0,
        sinceCaptureMs: 0,
        cooldownMs: 10000,
        cooldowns: { e4: { arrivedAtMs: 0 } },
        flights: {},
      },
    }),
    { code: 'no-piece', path: 'realtime.cooldowns.e4', message: 'realtime.cooldowns.e4: no piece stands on e4' },
  ],
];
const MOVE_CASES: readonly [string, unknown, SetupJsonError][] = [
  ['wrong-type', 'e2e4', { code: 'wrong-type', path: '', message: 'expected an object, got the string "e2e4"' }],
  [
    'wrong-type: a square index',
    { kind: 'normal', from: 12, to: 'e4' },
    { code: 'wrong-type', path: 'from', message: 'from: expected a string, got 12' },
  ],
  [
    'missing-key',
    { kind: 'castle', from: 'e1', to: 'g1', rook: 'h1' },
    { code: 'missing-key', path: 'rookTo', message: 'rookTo: missing' },
  ],
  ['missing-key: no kind', { from: 'e2', to: 'e4' }, { code: 'missing-key', path: 'kind', message: 'kind: missing' }],
  [
    'unknown-key: a key of another kind',
    { kind: 'normal', from: 'e5', to: 'd6', captured: 'd5' },
    { code: 'unknown-key', path: 'captured', message: 'captured: not a key of the canonical JSON' },
  ],
  [
    'unknown-square',
    { kind: 'drop', role: 'queen', to: 'w1' },
    { code: 'unknown-square', path: 'to', message: 'to: "w1" is not a square of the standard geometry' },
  ],
  [
    'unknown-role',
    { kind: 'normal', from: 'e7', to: 'e8', promotion: 'Q' },
    {
      code: 'unknown-role',
      path: 'promotion',
      message:
        'promotion: expected a role name (pawn, knight, bishop, rook, queen, king, champion, wizard, fool), got "Q"',
    },
  ],
  [
    'unknown-kind',
    { kind: 'toString', from: 'e2', to: 'e4' },
    { code: 'unknown-kind', path: 'kind', message: 'kind: expected normal, enPassant, castle or drop, got "toString"' },
  ],
];
describe('parseSetupJson', () => {
  it('reads the canonical JSON back to the setup it was written from', () => {
    expect(parseSetupJson(setupToJson(standardSetup()))).toEqual({ ok: true, value: standardSetup() });
  });
  it('writes and reads back the variant a setup names, right after the geometry', () => {
    const setup = kingOfTheHill.start();
    const json = setupToJson(setup);
    expect(Object.keys(json).slice(0, 3)).toEqual(['geometry', 'variant', 'board']);
    expect(json.variant).toBe('kingOfTheHill');
    expect(parseSetupJson(JSON.parse(JSON.stringify(json)))).toEqual({ ok: true, value: setup });
    expect('variant' in setupToJson(standardSetup())).toBe(false);
  });
  it('reads pockets, promoted pieces, remaining checks and the Omega geometry', () => {
    const json = {
      geometry: 'omega',
      board: { w1: 'W', f0: 'K', f9: 'k', c5: 'c~' },
      turn: 'black',
      castlingRooks: ['i0', 'b0'],
      epSquares: ['e3', 'e2'],
      halfmoves: 3,
      fullmoves: 12,
      pockets: { white: 'QPP', black: 'wn' },
      remainingChecks: { white: 0, black: 3 },
    };
    const result = parseSetupJson(json);
    if (!result.ok) throw new Error(result.error.message);
    const setup = result.value;
    expect(setup.board.geometry).toBe(OMEGA);
    expect(setup.board.pieces.length).toBe(144);
    expect(setup.board.pieces[0]).toBe(piece('white', 'wizard'));
    expect(setup.board.pieces[6 * 12 + 3]).toBe(piece('black', 'champion', true));
    expect(setup.board.pieces.filter((p) => p !== undefined)).toHaveLength(4);
    expect(setup.turn).toBe('black');
    expect(setup.castlingRooks).toEqual([14, 21]); // b0 and i0, ascending
    expect(setup.epSquares).toEqual([41, 53]); // e2 and e3
    expect([setup.halfmoves, setup.fullmoves]).toEqual([3, 12]);
    expect(setup.pockets).toEqual({
      white: { ...emptyPocket(), pawn: 2, queen: 1 },
      black: { ...emptyPocket(), knight: 1, wizard: 1 },
    });
    expect(setup.remainingChecks).toEqual({ white: 0, black: 3 });
    // Written back canonically: lists ascending, pocket letters in role order.
    expect(setupToJson(setup)).toEqual({
      ...json,
      castlingRooks: ['b0', 'i0'],
      epSquares: ['e2', 'e3'],
      pockets: { white: 'PPQ', black: 'nw' },
    });
  });
  it('reads a board key named __proto__ as an unknown square and pollutes nothing', () => {
    const json = JSON.parse(
      '{"geometry":"standard","board":{"__proto__":"K"},"turn":"white","castlingRooks":[],"epSquares":[],"halfmoves":0,"fullmoves":1}',
    ) as unknown;
    expect(setupError(json)).toEqual({
      code: 'unknown-square',
      path: 'board.__proto__',
      message: 'board.__proto__: "__proto__" is not a square of the standard geometry',
    });
    expect(({} as Record<string, unknown>)['K']).toBeUndefined();
  });
  it('ignores unknown keys only when asked to', () => {
    const json = start({ board: KINGS, castlingRooks: [], clock: 5, pockets: { white: '', black: '', held: 1 } });
    expect(setupError(json)).toEqual({
      code: 'unknown-key',
      path: 'clock',
      message: 'clock: not a key of the canonical JSON',
    });
    const result = parseSetupJson(json, { unknownKeys: 'ignore' });
    expect(result.ok && result.value.pockets).toEqual({ white: emptyPocket(), black: emptyPocket() });
  });

  it.each(SETUP_CASES)('%s', (_name, json, error) => {
    expect(setupError(json)).toEqual(error);
  });

  it('reports unreadable values instead of throwing', () => {
    const throwing = start();
    Object.defineProperty(throwing, 'turn', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(setupError(throwing)).toEqual({
      code: 'unreadable',
      path: 'turn',
      message: 'turn: reading the value threw',
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(setupError(proxy)).toEqual({ code: 'unreadable', path: '', message: 'reading the value threw' });
    expect(setupError(start({ board: proxy }))).toEqual({
      code: 'unreadable',
      path: 'board',
      message: 'board: reading the value threw',
    });
    // A getter that throws something claiming to be a failure is still just unreadable.
    const sneaky = start({ board: KINGS });
    Object.defineProperty(sneaky, 'halfmoves', {
      enumerable: true,
      get: () => {
        throw { error: { code: 'nope' } };
      },
    });
    expect(setupError(sneaky)?.code).toBe('unreadable');
  });
  it('stays bounded on huge and cyclic values', () => {
    const huge = new Array<string>(2 ** 32 - 1);
    expect(setupError(start({ castlingRooks: huge }))?.code).toBe('too-many');
    expect(setupError(start({ turn: 'w'.repeat(1_000_000) }))?.message).toBe(
      'turn: expected white or black, got "wwwwwwwwwwwwwwww..."',
    );
    const cyclic: Record<string, unknown> = start();
    cyclic['board'] = cyclic;
    expect(setupError(cyclic)).toEqual({
      code: 'unknown-square',
      path: 'board.geometry',
      message: 'board.geometry: "geometry" is not a square of the standard geometry',
    });
  });
  it('returns an error for anything untyped JavaScript may pass, never a TypeError', () => {
    for (const value of [undefined, null, 42, 'fen', true, Symbol('x'), 10n, () => 1]) {
      expect(setupError(value)?.code).toBe('wrong-type');
      expect(moveError(value)?.code).toBe('wrong-type');
    }
  });
  it('refuses objects that are not plain before listing their keys (typed arrays, String wrappers)', () => {
    // Listing the keys of these makes one string per element: seconds for ten million.
    const notPlain = 'expected an object, got an object that is not a plain object';
    expect(setupError(start({ board: new Uint8Array(1e7) }))).toEqual({
      code: 'wrong-type',
      path: 'board',
      message: `board: ${notPlain}`,
    });
    expect(setupError(start({ board: new String('K'.repeat(1e7)) }))?.code).toBe('wrong-type');
    expect(setupError(new String('x'.repeat(1e7)))).toEqual({ code: 'wrong-type', path: '', message: notPlain });
    expect(setupError(start({ pockets: new Map() }))?.code).toBe('wrong-type');
    expect(
      setupError(
        start({
          remainingChecks: new (class Checks {
            white = 3;
            black = 3;
          })(),
        }),
      )?.code,
    ).toBe('wrong-type');
    expect(moveError(new Float64Array(1e7))?.code).toBe('wrong-type');
    // Plain objects from anywhere are fine: no prototype, or another realm's Object.prototype.
    const bare = Object.assign(Object.create(null) as object, start({ board: KINGS }));
    expect(parseSetupJson(bare).ok).toBe(true);
    expect(parseSetupJson(runInNewContext('({ ...json })', { json: start({ board: KINGS }) })).ok).toBe(true);
  });
  it("reports the engine's refusal to list more keys as too-many, not unreadable", () => {
    const tooMany = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new RangeError('Too many properties to enumerate');
        },
      },
    );
    expect(setupError(start({ board: tooMany }))?.code).toBe('too-many');
    expect(setupError(start({ pockets: tooMany }))?.code).toBe('too-many');
  });
});

describe('parseMoveJson', () => {
  it('reads every kind of move back', () => {
    const moves = [
      { kind: 'normal', from: 12, to: 28 },
      { kind: 'normal', from: 52, to: 60, promotion: 'knight' },
      { kind: 'enPassant', from: 36, to: 43, captured: 35 },
      { kind: 'castle', from: 4, to: 6, rook: 7, rookTo: 5 },
      { kind: 'drop', role: 'pawn', to: 28 },
    ] as const;
    for (const move of moves)
      expect(parseMoveJson(STANDARD, moveToJson(STANDARD, move))).toEqual({ ok: true, value: move });
    expect(parseMoveJson(OMEGA, { kind: 'drop', role: 'wizard', to: 'w1' })).toEqual({
      ok: true,
      value: { kind: 'drop', role: 'wizard', to: 0 },
    });
  });
  it('ignores unknown keys only when asked to', () => {
    const json = { kind: 'normal', from: 'g1', to: 'f3', san: 'Nf3' };
    expect(moveError(json)).toEqual({
      code: 'unknown-key',
      path: 'san',
      message: 'san: not a key of the canonical JSON',
    });
    expect(parseMoveJson(STANDARD, json, { unknownKeys: 'ignore' })).toEqual({
      ok: true,
      value: { kind: 'normal', from: 6, to: 21 },
    });
  });
  it.each(MOVE_CASES)('%s', (_name, json, error) => {
    expect(moveError(json)).toEqual(error);
  });
  it('reports unreadable values instead of throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(moveError(proxy)).toEqual({ code: 'unreadable', path: '', message: 'reading the value threw' });
    expect(
      moveError({
        kind: 'drop',
        role: 'pawn',
        get to(): string {
          throw new Error('no');
        },
      }),
    ).toEqual({ code: 'unreadable', path: 'to', message: 'to: reading the value threw' });
  });
});

it('has an exact-value case for every error code but unreadable (tested with getters and proxies)', () => {
  const codes = new Set([...SETUP_CASES, ...MOVE_CASES].map(([, , error]) => error.code));
  expect([...codes, 'unreadable'].sort()).toEqual([...SETUP_JSON_ERROR_CODES].sort());
});
