import {
  MAX_COUNTER,
  OMEGA,
  STANDARD,
  parseSan,
  parseSquare,
  piece,
  play,
  setupToJson,
  standardSetup,
  type Setup,
} from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { INITIAL_OCPN, ocpnToJson, parseOcpn, writeOcpn, type OcpnPosition } from './index.js';

const sq = (name: string): number => parseSquare(OMEGA, name) as number;

function start(): OcpnPosition {
  const result = parseOcpn(INITIAL_OCPN, { strict: true });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const withSetup = (position: OcpnPosition, changes: Partial<Setup>): OcpnPosition => ({ ...position, ...changes });

/** The Advanced state of `position` with some of its fields replaced. */
const withAdvanced = (position: OcpnPosition, changes: Partial<OcpnPosition['omegaAdvanced']>): OcpnPosition => ({
  ...position,
  omegaAdvanced: { ...position.omegaAdvanced, ...changes },
});

describe('writeOcpn', () => {
  test('writes the seed example byte for byte', () => {
    expect(writeOcpn(start())).toBe(INITIAL_OCPN);
  });

  test('after a triple step played by board-core, the passed squares in passing order', () => {
    const white = start();
    // e1-e4 leaves e2 and e3; play records the pawn as the last piece White moved.
    const afterWhite = play(white, { kind: 'normal', from: sq('e1'), to: sq('e4') });
    const text = writeOcpn(afterWhite);
    expect(text).toBe('WWww/crnbqkbnrc/pppppppppp/A/A/A/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC b KQkq KQkq e2/e3 wb P- 0 1');
    expect(parseOcpn(text, { strict: true })).toEqual({ ok: true, value: afterWhite });
    // d8-d5 answers with a triple step of Black's: d7 first, then d6.
    const afterBlack = play(afterWhite, { kind: 'normal', from: sq('d8'), to: sq('d5') });
    const reply = writeOcpn(afterBlack);
    expect(reply).toBe('WWww/crnbqkbnrc/ppp1pppppp/A/A/3p6/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC w KQkq KQkq d7/d6 wb PP 0 2');
    expect(parseOcpn(reply)).toEqual({ ok: true, value: afterBlack });
  });

  test('rights and fools', () => {
    const position = withAdvanced(withSetup(start(), { castlingRooks: [sq('b0'), sq('i9')] }), {
      guarding: { white: { kingSide: true, queenSide: false }, black: { kingSide: false, queenSide: true } },
      foolInHand: { white: false, black: true },
      lastMoved: { white: 'wizard', black: 'fool' },
    });
    expect(writeOcpn(position).slice(60)).toBe(' w Qk Kq - b WF 0 1');
    const none = withAdvanced(withSetup(start(), { castlingRooks: [] }), {
      guarding: { white: { kingSide: false, queenSide: false }, black: { kingSide: false, queenSide: false } },
      foolInHand: { white: false, black: false },
    });
    expect(writeOcpn(none).slice(60)).toBe(' w - - - - -- 0 1');
  });

  test('a setup without the Advanced state (plain Omega chess) is written with none of it', () => {
    const { omegaAdvanced: _state, ...plain } = start();
    const text = writeOcpn(plain);
    expect(text.slice(60)).toBe(' w KQkq - - - -- 0 1');
    expect(parseOcpn(text)).toMatchObject({
      ok: true,
      value: { omegaAdvanced: { foolInHand: { white: false, black: false } } },
    });
  });

  test('the start, Wa2 played by board-core, written back: rights and fools kept, the last-moved field updated', () => {
    const setup = start();
    const wizard = parseSan(setup, 'Wa2');
    if (!wizard.ok) throw new Error(wizard.error.message);
    const after = play(setup, wizard.value);
    const text = writeOcpn(after);
    expect(text).toBe('1Www/crnbqkbnrc/pppppppppp/A/A/A/A/A/W9/PPPPPPPPPP/CRNBQKBNRC b KQkq KQkq - wb W- 1 1');
    expect(parseOcpn(text, { strict: true })).toEqual({ ok: true, value: after });
    // Black answers with a champion: the second identity follows, White's stays.
    const reply = parseSan(after, 'Cc7');
    if (!reply.ok) throw new Error(reply.error.message);
    expect(writeOcpn(play(after, reply.value)).slice(-16)).toBe('KQkq - wb WC 2 2');
  });

  test("ocpnToJson (deprecated) is board-core's setup JSON, the advanced fields under omegaAdvanced, null for no move", () => {
    const position = withAdvanced(start(), { lastMoved: { white: 'champion', black: undefined } });
    const json = ocpnToJson(position);
    expect(json).toEqual(setupToJson(position));
    expect(json.geometry).toBe('omega');
    expect(json.castlingRooks).toEqual(['b0', 'i0', 'b9', 'i9']);
    expect(json.omegaAdvanced).toEqual({
      guarding: { white: { kingSide: true, queenSide: true }, black: { kingSide: true, queenSide: true } },
      foolInHand: { white: true, black: true },
      lastMoved: { white: 'champion', black: null },
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  describe('throws a TypeError for what OCPN cannot express', () => {
    const s = start();
    const cases: [string, OcpnPosition][] = [
      ['the standard board', withSetup(s, { board: standardSetup().board })],
      [
        'a piece on a hole',
        withSetup(s, {
          board: {
            geometry: OMEGA,
            pieces: s.board.pieces.map((p, cell) => (cell === 1 ? piece('white', 'pawn') : p)),
          },
        }),
      ],
      [
        'a promoted piece',
        withSetup(s, {
          board: {
            geometry: OMEGA,
            pieces: s.board.pieces.map((p, cell) => (cell === sq('e4') ? piece('white', 'queen', true) : p)),
          },
        }),
      ],
      ['a castling rook off the start squares', withSetup(s, { castlingRooks: [sq('a0')] })],
      ['castling rooks out of order', withSetup(s, { castlingRooks: [sq('i0'), sq('b0')] })],
      ['an ep square on the wrong rank', withSetup(s, { turn: 'black', epSquares: [sq('e3')] })],
      ['ep squares not on one path', withSetup(s, { turn: 'black', epSquares: [sq('e2'), sq('f3')] })],
      ['three ep squares', withSetup(s, { turn: 'black', epSquares: [sq('e2'), sq('e3'), sq('e4')] })],
      [
        'pockets',
        withSetup(s, {
          pockets: {
            white: { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0, king: 0, champion: 0, wizard: 0, fool: 1 },
            black: { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0, king: 0, champion: 0, wizard: 0, fool: 1 },
          },
        }),
      ],
      ['three-check counters', withSetup(s, { remainingChecks: { white: 3, black: 3 } })],
      ['a realtime clock', withSetup(s, { realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 10_000 } })],
      ['a negative half-move clock', withSetup(s, { halfmoves: -1 })],
      ['a full-move number 0', withSetup(s, { fullmoves: 0 })],
      ['a counter above MAX_COUNTER', withSetup(s, { fullmoves: MAX_COUNTER + 1 })],
      [
        'an unknown role as identity',
        withAdvanced(s, { lastMoved: { white: 'archbishop' as never, black: undefined } }),
      ],
    ];
    test.each(cases)('%s', (_name, position) => {
      expect(() => writeOcpn(position)).toThrow(TypeError);
    });
    test('the standard geometry is named in the message', () => {
      expect(() => writeOcpn(withSetup(s, { board: { geometry: STANDARD, pieces: [] } }))).toThrow(
        'not in OCPN: "standard"',
      );
    });
  });
});
