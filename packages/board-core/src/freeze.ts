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
