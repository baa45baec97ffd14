import { describe, expect, it } from 'vitest';
import { OMEGA } from '../geometry.js';
import { legalMoves, perft, play, isCheckmate, isStalemate } from '../rules.js';
import { parseSan } from '../san.js';
import { emptyPocket, standardSetup, type Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { validateSetup } from '../validate.js';
import { chess960 } from './chess960.js';
import { crazyhouse } from './crazyhouse.js';
import { kingOfTheHill } from './king-of-the-hill.js';
import { VARIANTS } from './list.js';
import {
  variantByFicsType,
  variantByIccWild,
  variantByKey,
  variantByLichessKey,
  variantByName,
  variantByPgnName,
  variantOf,
  withVariant,
} from './lookup.js';
import { omega } from './omega.js';
import { standard } from './standard.js';
import { threeCheck } from './three-check.js';
import type { Variant } from './types.js';

const all = VARIANTS as readonly Variant[];
const normalized = (name: string): string => name.toLowerCase().replace(/[\s_-]/g, '');

/** Plays SAN moves from `setup`, failing the test on the first that does not read. */
function playSan(setup: Setup, moves: string): Setup {
  let position = setup;
  for (const text of moves.split(' ')) {
    const move = parseSan(position, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    position = play(position, move.value);
  }
  return position;
}

describe('the list of variants', () => {
  it('is frozen, descriptors and names and all', () => {
    expect(Object.isFrozen(VARIANTS)).toBe(true);
    for (const variant of all) {
      expect(Object.isFrozen(variant)).toBe(true);
      expect(Object.isFrozen(variant.names)).toBe(true);
      expect(Object.isFrozen(variant.names.pgn)).toBe(true);
      expect(Object.isFrozen(variant.rules)).toBe(true);
    }
  });

  it('starts with chess, the default', () => {
    expect(VARIANTS[0]).toBe(standard);
  });

  it('gives every key and every name in each notation to one variant only', () => {
    const claims = (names: (v: Variant) => readonly (string | number)[]): (string | number)[] => all.flatMap(names);
    for (const list of [
      claims((v) => [v.key]),
      claims((v) => v.names.pgn.map(normalized)),
      claims((v) => (v.names.lichess === undefined ? [] : [v.names.lichess])),
      claims((v) => v.names.fics.map((t) => t.toLowerCase())),
      claims((v) => (v.names.icc === undefined ? [] : [v.names.icc])),
    ])
      expect(new Set(list).size).toBe(list.length);
  });

  it('finds every variant by its key and by each of its names', () => {
    for (const variant of all) {
      expect(variantByKey(variant.key)).toBe(variant);
      for (const name of variant.names.pgn) {
        expect(variantByPgnName(name)).toBe(variant);
        expect(variantByPgnName(name.toUpperCase().replace(/ /g, '_'))).toBe(variant);
        expect(variantByName(name)).toBe(variant);
      }
      if (variant.names.lichess !== undefined) {
        expect(variantByLichessKey(variant.names.lichess)).toBe(variant);
        expect(variantByName(variant.names.lichess)).toBe(variant);
      }
      for (const type of variant.names.fics) expect(variantByFicsType(type)).toBe(variant);
      if (variant.names.icc !== undefined) {
        expect(variantByIccWild(variant.names.icc)).toBe(variant);
        expect(variantByName(`wild/${variant.names.icc}`)).toBe(variant);
      }
    }
  });

  it('knows the names servers and tools use (notes on lichess, FICS and ICC)', () => {
    expect(variantByPgnName('')).toBe(standard);
    expect(variantByPgnName('From Position')).toBe(standard);
    expect(variantByPgnName('Fischerandom')).toBe(chess960);
    expect(variantByPgnName('3-check')).toBe(threeCheck);
    expect(variantByPgnName('King of the Hill')).toBe(kingOfTheHill);
    expect(variantByName('wild/fr')).toBe(chess960);
    expect(variantByName('wild/22')).toBe(chess960);
    expect(variantByName('wild/23')).toBe(crazyhouse);
    expect(variantByName('wild/25')).toBe(threeCheck);
    expect(variantByName('kingOfTheHill')).toBe(kingOfTheHill);
    expect(variantByName('wild/5')).toBe(standard);
    expect(variantByName('atomic')).toBeUndefined();
    expect(variantByKey('King of the Hill')).toBeUndefined();
    expect(variantByKey('toString')).toBeUndefined();
  });

  it('gives each variant a valid start that it plays', () => {
    for (const variant of all) {
      const start = variant.start();
      expect(start).not.toBe(variant.start());
      expect(validateSetup(start)).toEqual([]);
      expect(variantOf(start).rules).toBe(variant.rules);
      expect(legalMoves(start).length).toBeGreaterThan(0);
    }
    expect(omega.start().board.geometry).toBe(OMEGA);
    // The count rules.omega.test.ts has for the start read from OCPN.
    expect(perft(omega.start(), 2)).toBe(1_600);
  });
});

describe('the variant of a setup', () => {
  it('is the one it names', () => {
    expect(variantOf({ ...standardSetup(), variant: 'kingOfTheHill' })).toBe(kingOfTheHill);
    expect(variantOf({ ...standardSetup(), variant: 'chess960' })).toBe(chess960);
  });

  it('is otherwise what it carries, as before variants had names', () => {
    expect(variantOf(standardSetup())).toBe(standard);
    expect(variantOf(omega.start())).toBe(omega);
    expect(variantOf({ ...standardSetup(), pockets: { white: emptyPocket(), black: emptyPocket() } })).toBe(crazyhouse);
    expect(variantOf({ ...standardSetup(), remainingChecks: { white: 3, black: 3 } })).toBe(threeCheck);
  });

  it('refuses a name no variant has, or a variant of another board', () => {
    const unknown = { ...standardSetup(), variant: 'atomic' } as unknown as Setup;
    expect(() => variantOf(unknown)).toThrow(RangeError);
    expect(() => legalMoves(unknown)).toThrow(RangeError);
    expect(() => variantOf({ ...standardSetup(), variant: 'omega' })).toThrow(/not played on the standard board/);
  });

  it('is carried by play and kept by withVariant only where the rules need it', () => {
    const named = kingOfTheHill.start();
    expect(playSan(named, 'e4 e5').variant).toBe('kingOfTheHill');
    expect(withVariant(standardSetup(), kingOfTheHill).variant).toBe('kingOfTheHill');
    expect(withVariant(standardSetup(), chess960)).toEqual(standardSetup());
    expect(withVariant(standardSetup(), threeCheck)).toEqual(threeCheck.start());
    expect(withVariant(standardSetup(), crazyhouse)).toEqual(crazyhouse.start());
    expect(withVariant(named, standard)).toEqual(standardSetup());
  });
});

describe('king of the hill', () => {
  // Published counts. The start: chess's counts (no king reaches the hill in 5 plies), as the
  // multi-variant Stockfish's tests/perft.sh has it for kingofthehill (depth 5: 4,865,609).
  // The middlegame: Fairy-Stockfish tests/perft.sh, kingofthehill, depth 3: 19,003.
  it('counts the published perft', () => {
    const start = kingOfTheHill.start();
    expect([1, 2, 3, 4].map((depth) => perft(start, depth))).toEqual([20, 400, 8_902, 197_281]);
    const middlegame = withVariant(
      setupFromFen('rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12'),
      kingOfTheHill,
    );
    expect(perft(middlegame, 3)).toBe(19_003);
    // The same position played as chess goes on past a king on the hill.
    expect(perft({ ...middlegame, variant: 'standard' }, 3)).not.toBe(19_003);
  });

  it('ends the game when a king reaches d4, e4, d5 or e5', () => {
    const hill = playSan(kingOfTheHill.start(), 'e4 e5 Ke2 Ke7 Ke3 Ke6 Kd3 Kf6 Kc4 Kg6');
    expect(outcome(hill)).toBeUndefined();
    expect(legalMoves(hill).length).toBeGreaterThan(0);
    const onHill = playSan(hill, 'Kd5');
    expect(outcome(onHill)).toEqual({ reason: 'variantWin', winner: 'white' });
    expect(legalMoves(onHill)).toEqual([]);
    expect(isCheckmate(onHill)).toBe(false);
    expect(isStalemate(onHill)).toBe(false);
    // As chess, the same moves end nothing.
    const { variant: _, ...chess } = onHill;
    expect(outcome(chess)).toBeUndefined();
  });

  it('has no insufficient material: a lone king walks to the hill', () => {
    const kings = setupFromFen('8/8/8/8/8/8/k7/7K w - - 0 1');
    expect(hasInsufficientMaterial(kings, 'white')).toBe(true);
    expect(hasInsufficientMaterial({ ...kings, variant: 'kingOfTheHill' }, 'white')).toBe(false);
    expect(outcome({ ...kings, variant: 'kingOfTheHill' })).toBeUndefined();
    expect(outcome(kings)).toEqual({ reason: 'insufficientMaterial' });
  });
});
