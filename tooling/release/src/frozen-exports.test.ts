import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ROOT, workspacePackages } from './workspace.js';

// Every exported constant of every library is shared by the whole process: a caller that wrote
// `DG_SCHEMA[56] = ...` or pushed onto an error code list would change what every other caller
// sees. So every value reachable from an export must be frozen. Packages are found by
// directory, so a new package is checked without touching this file.

/**
 * The places under `value` that a caller could change, as paths from `name`: objects and
 * arrays that are not frozen, and Maps, Sets and typed arrays, which freezing cannot protect.
 * Functions are code, not tables, and are not walked.
 */
export function mutablePaths(name: string, value: unknown, seen = new Set<object>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Map || value instanceof Set || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return [`${name} (a ${value.constructor.name}, which cannot be frozen)`];
  }
  const found = Object.isFrozen(value) ? [] : [name];
  for (const [key, inner] of Object.entries(value)) {
    const path = /^\d+$/.test(key)
      ? `${name}[${key}]`
      : /^[A-Za-z_$][\w$]*$/.test(key)
        ? `${name}.${key}`
        : `${name}[${JSON.stringify(key)}]`;
    found.push(...mutablePaths(path, inner, seen));
  }
  return found;
}

/** The source entry of each package under `packages/`: what `import '@chess-formats/x'` gives in the repository. */
function sourceEntries(): { readonly name: string; readonly entry: string }[] {
  return workspacePackages('packages').flatMap(({ dir, manifest }) => {
    const main = manifest.exports?.['.'] as Record<string, unknown> | undefined;
    const source = main?.['@chess-formats/source'];
    return typeof source === 'string' ? [{ name: manifest.name, entry: join(ROOT, dir, source) }] : [];
  });
}

describe('mutablePaths', () => {
  test('finds what is not frozen, however deep, and what cannot be frozen', () => {
    const table = Object.freeze({
      a: Object.freeze(['x', ['y']]),
      'b-c': Object.freeze({ d: new Map() }),
      e: Object.freeze(new Set()),
    });
    expect(mutablePaths('T', table)).toEqual([
      'T.a[1]',
      'T["b-c"].d (a Map, which cannot be frozen)',
      'T.e (a Set, which cannot be frozen)',
    ]);
    expect(mutablePaths('U', Object.freeze([new Uint8Array(2)]))).toEqual([
      'U[0] (a Uint8Array, which cannot be frozen)',
    ]);
  });

  test('accepts frozen tables, shared parts once, and ignores functions and primitives', () => {
    const shared = Object.freeze([1, 2]);
    expect(mutablePaths('T', Object.freeze({ a: shared, b: shared, f: () => 1, s: 's', n: 1 }))).toEqual([]);
    expect(mutablePaths('f', () => 1)).toEqual([]);
  });
});

describe('every export of every package is frozen all the way down', () => {
  const entries = sourceEntries();

  test('the packages are found by directory', () => {
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['@chess-formats/board-core', '@chess-formats/icc-dg']),
    );
  });

  test.each(entries)('$name', async ({ name, entry }) => {
    const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
    expect(Object.keys(module).length).toBeGreaterThan(0);
    const mutable = Object.entries(module).flatMap(([key, value]) => mutablePaths(`${name}:${key}`, value));
    // The first few are enough to find the table; a whole corpus would flood the report.
    expect({ count: mutable.length, first: mutable.slice(0, 20) }).toEqual({ count: 0, first: [] });
  });
});
