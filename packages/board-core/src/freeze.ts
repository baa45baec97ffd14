import type { Setup } from './setup.js';

/**
 * Freezes a value and every object and array inside it, and returns it. The package's shared
 * tables (movement, rules, geometries) are frozen so that no caller can change what every
 * other caller sees.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Setups found deeply frozen by `isFrozenSetup`: they can never change, so once is enough. */
const frozenSetups = /* @__PURE__ */ new WeakSet<Setup>();

/**
 * Whether every part of `setup` that loading it reads is frozen, so that it can never change:
 * then what was read from it once (whether the engine holds it, the board loaded) may be kept.
 * A reader's shared start position is; a position parsed from text is not.
 */
export function isFrozenSetup(setup: Setup): boolean {
  if (frozenSetups.has(setup)) return true;
  const { board, castlingRooks, epSquares, pockets, remainingChecks } = setup;
  if (
    !Object.isFrozen(setup) ||
    !Object.isFrozen(board) ||
    !Object.isFrozen(board.pieces) ||
    !Object.isFrozen(board.geometry) ||
    !Object.isFrozen(board.geometry.squareNames) ||
    !Object.isFrozen(castlingRooks) ||
    !Object.isFrozen(epSquares) ||
    (pockets !== undefined &&
      !(Object.isFrozen(pockets) && Object.isFrozen(pockets.white) && Object.isFrozen(pockets.black))) ||
    (remainingChecks !== undefined && !Object.isFrozen(remainingChecks))
  )
    return false;
  const { pieces } = board;
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (p !== undefined && !Object.isFrozen(p)) return false;
  }
  frozenSetups.add(setup);
  return true;
}
