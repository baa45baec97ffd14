import { describe, expect, it } from 'vitest';
import { deepFreeze } from './freeze.js';
import { GEOMETRY_NAMES, OMEGA, STANDARD, squareName } from './geometry.js';
import { SETUP_JSON_ERROR_CODES } from './json.js';
import { MOVE_NOTATION_ERROR_CODES } from './move-notation.js';
import { MOVEMENT } from './movement.js';
import { standardSetup } from './setup.js';
import { OUTCOME_REASONS } from './status.js';
import { OMEGA_RULES, STANDARD_RULES } from './variant.js';
import { COLORS, ROLES, ROLE_LETTERS } from './vocabulary.js';

/** Every object and array reachable from `value`, itself included. */
function reachable(value: unknown, seen = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    for (const inner of Object.values(value)) reachable(inner, seen);
  }
  return seen;
}

describe('shared constants are frozen all the way down', () => {
  const SHARED = {
    STANDARD,
    OMEGA,
    MOVEMENT,
    STANDARD_RULES,
    OMEGA_RULES,
    COLORS,
    ROLES,
    ROLE_LETTERS,
    GEOMETRY_NAMES,
    SETUP_JSON_ERROR_CODES,
    MOVE_NOTATION_ERROR_CODES,
    OUTCOME_REASONS,
  };
  for (const [name, value] of Object.entries(SHARED)) {
    it(name, () => {
      const objects = [...reachable(value)];
      expect(objects.length).toBeGreaterThan(0);
      expect(objects.filter((o) => !Object.isFrozen(o))).toEqual([]);
    });
  }
  it('so a caller cannot rename a square for every later caller', () => {
    const names = standardSetup().board.geometry.squareNames as string[];
    expect(() => {
      names[4] = 'zz';
    }).toThrow(TypeError);
    expect(squareName(STANDARD, 4)).toBe('e1');
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, shared ones once, and returns its argument', () => {
    const shared = [1, 2];
    const value = { a: shared, b: { c: shared, d: [{ e: 1 }] } };
    expect(deepFreeze(value)).toBe(value);
    expect([...reachable(value)].every((o) => Object.isFrozen(o))).toBe(true);
    expect(deepFreeze(3)).toBe(3);
  });
});
