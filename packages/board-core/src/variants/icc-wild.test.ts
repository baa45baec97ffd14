import { describe, expect, it } from 'vitest';
import { chess960 } from './chess960.js';
import { crazyhouse } from './crazyhouse.js';
import { ICC_WILDS } from './icc-wild.js';
import { iccWildVariant, variantByIccWild, variantByKey, variantByName, variantByPgnName } from './lookup.js';
import { standard } from './standard.js';
import { threeCheck } from './three-check.js';
import { kingOfTheHill } from './king-of-the-hill.js';

describe('ICC wild numbers', () => {
  it('lists every number from 0 to 29 once, in order, frozen', () => {
    expect(ICC_WILDS.map((entry) => entry.wild)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(Object.isFrozen(ICC_WILDS)).toBe(true);
    expect(ICC_WILDS.every((entry) => Object.isFrozen(entry))).toBe(true);
  });

  it('plays the chess wilds as chess from their start, and names the variants board-core plays', () => {
    for (const wild of [0, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21])
      expect(iccWildVariant(wild)).toEqual({ ok: true, value: standard });
    expect(iccWildVariant(22)).toEqual({ ok: true, value: chess960 });
    expect(iccWildVariant(23)).toEqual({ ok: true, value: crazyhouse });
    expect(iccWildVariant(25)).toEqual({ ok: true, value: threeCheck });
    expect(ICC_WILDS.filter((entry) => 'noCastling' in entry).map((entry) => entry.wild)).toEqual([2, 3, 4]);
  });

  it('refuses the wilds no variant here plays, saying why', () => {
    for (const [wild, why] of [
      [9, 'two kings'],
      [16, 'hidden'],
      [28, 'ferz'],
      [29, 'at random'],
    ] as const) {
      const found = iccWildVariant(wild);
      expect(found.ok).toBe(false);
      if (!found.ok) {
        expect(found.error.code).toBe('unsupported-variant');
        expect(found.error.wild).toBe(wild);
        expect(found.error.message.toLowerCase()).toContain(why);
      }
      expect(variantByIccWild(wild)).toBeUndefined();
      expect(variantByName(`wild/${String(wild)}`)).toBeUndefined();
    }
    for (const wild of [30, 99, -1, 1.5, Number.NaN, '23' as unknown as number]) {
      const found = iccWildVariant(wild);
      expect(found.ok === false && found.error.code).toBe('unsupported-variant');
    }
  });

  it('resolves the keys of variants added by others when they are in VARIANTS, and refuses them until then', () => {
    for (const [wild, key] of [
      [1, 'wildCastle'],
      [17, 'losers'],
      [24, 'bughouse'],
      [26, 'antichess'],
      [27, 'atomic'],
    ] as const) {
      const variant = variantByKey(key);
      const found = iccWildVariant(wild);
      if (variant !== undefined) expect(found).toEqual({ ok: true, value: variant });
      // A variant claiming the number itself (`names.icc`) wins over the table's key.
      else if (found.ok) expect(found.value.names.icc).toBe(wild);
      else expect(found.error.message).toContain(JSON.stringify(key));
    }
  });
});

describe('PGN Variant aliases', () => {
  it('reads lichess keys, FICS game types and ICC wild numbers', () => {
    expect(variantByPgnName('kingOfTheHill')).toBe(kingOfTheHill);
    expect(variantByPgnName('threeCheck')).toBe(threeCheck);
    expect(variantByPgnName('fromPosition')).toBe(standard);
    expect(variantByPgnName('crazyhouse')).toBe(crazyhouse);
    expect(variantByPgnName('wild/fr')).toBe(chess960);
    expect(variantByPgnName('FR')).toBe(chess960);
    expect(variantByPgnName('w22')).toBe(chess960);
    expect(variantByPgnName('wild 23')).toBe(crazyhouse);
    expect(variantByPgnName('Wild/25')).toBe(threeCheck);
    expect(variantByPgnName('w0')).toBe(standard);
    expect(variantByPgnName('ZH')).toBe(crazyhouse);
    expect(variantByPgnName('crazy house')).toBe(crazyhouse);
    expect(variantByPgnName('three check chess')).toBe(threeCheck);
    expect(variantByPgnName('Classical')).toBe(standard);
    for (const [name, key] of [
      ['atomic chess', 'atomic'],
      ['giveaway', 'antichess'],
      ['anti', 'antichess'],
      ['race', 'racingKings'],
    ] as const)
      expect(variantByPgnName(name)).toBe(variantByKey(key));
  });

  it('reads FICS wild/2 to wild/8a as chess from their position; wild/0 and wild/1 only by the variant that claims them', () => {
    // Each its own variant, so that it is written back by its name, played by chess's rules.
    for (const name of ['wild/2', 'wild/3', 'wild/4', 'wild/5', 'wild/8', 'wild/8a', 'Wild/8A']) {
      const found = variantByPgnName(name);
      expect(found?.key).toBe(name.toLowerCase().replace('/', ''));
      expect(found?.rules.spec).toBe(standard.rules.spec);
    }
    for (const name of ['wild/0', 'wild/1']) {
      const found = variantByPgnName(name);
      expect(found?.names.fics).toContain(name);
      expect(found?.rules.spec).not.toBe(standard.rules.spec);
    }
  });

  it('names no variant for what the rules do not play: never chess', () => {
    for (const name of ['wild/9', 'w16', 'kriegspiel', 'shatranj', 'wild/8b', 'w30', 'Chess 2'])
      expect(variantByPgnName(name)).toBeUndefined();
    for (const key of ['atomic', 'antichess', 'suicide', 'losers', 'horde', 'racingKings'])
      expect(variantByPgnName(key)).toBe(variantByKey(key));
  });
});
