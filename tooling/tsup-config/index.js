// @ts-check
/**
 * The one build configuration every publishable package uses: ESM + CJS + declarations.
 * Plain JS so tsup can load it on Node 20 without a build step.
 * @param {Partial<import('tsup').Options>} [overrides]
 * @returns {import('tsup').Options}
 */
export function libraryConfig(overrides = {}) {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    ...overrides,
  };
}
