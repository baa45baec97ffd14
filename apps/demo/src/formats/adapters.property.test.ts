import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, detectFormat } from './registry.js';

const FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Any text, and FEN-like text with one character changed, inserted or removed. */
const texts = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: fc.constantFrom(...'rnbqkpRNBQKP12345678/ -wbKQkqA-H[]~+0{}":,'), maxLength: 90 }),
  fc
    .tuple(fc.nat(FEN.length), fc.nat(2), fc.string({ minLength: 1, maxLength: 2 }))
    .map(([at, kind, text]) =>
      kind === 0
        ? FEN.slice(0, at) + text + FEN.slice(at + 1)
        : kind === 1
          ? FEN.slice(0, at) + text + FEN.slice(at)
          : FEN.slice(0, at) + FEN.slice(at + 1),
    ),
);

describe('adapters on any input', () => {
  it('never throw, score within 0..1, and place every error and field inside the text', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { scores } = detectFormat(text);
        for (const { score } of scores) expect(score >= 0 && score <= 1).toBe(true);
        for (const adapter of ADAPTERS) {
          const view = adapter.read(text);
          for (const error of view.errors) {
            expect(error.offset).toBeGreaterThanOrEqual(0);
            expect(error.offset + error.length).toBeLessThanOrEqual(text.length);
          }
          for (const field of view.fields)
            expect(text.indexOf(field.text, field.offset) === field.offset || adapter.name === 'setup-json').toBe(true);
          // A record reads either into a position or into an error; a capture into its events.
          expect(view.positions.length > 0 || view.errors.length > 0 || (view.session?.events.length ?? 0) > 0).toBe(
            true,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('write what they read back to the same position', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const adapter of ADAPTERS) {
          const position = adapter.read(text).positions[0];
          const written = position ? adapter.write?.(position) : undefined;
          if (!position || written === undefined) continue;
          expect(adapter.read(written).positions[0]?.setup).toEqual(position.setup);
        }
      }),
      { numRuns: 200 },
    );
  });
});
