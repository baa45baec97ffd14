import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';

// The build plugin that ships the readers' named character codes as numbers (see its module).
const pluginFile = fileURLToPath(new URL('../../tsup-config/char-codes.js', import.meta.url));
const { inlineCodes, inlineCharCodes } = (await import(pathToFileURL(pluginFile).href)) as {
  inlineCodes: (source: string, path: string, codes: ReadonlyMap<string, number>) => string | undefined;
  inlineCharCodes: () => Plugin;
};

const CODES = new Map([
  ['SPACE', 0x20],
  ['SLASH', 0x2f],
]);
const AT = fileURLToPath(new URL('../../../packages/fen/src/example.ts', import.meta.url));
const KIT = `import { SPACE, SLASH as S, fault } from '@chess-formats/board-core/internal';\n`;

describe('the character codes written as numbers', () => {
  test('a use becomes the number; the import keeps what is not a code', () => {
    const out = inlineCodes(
      `${KIT}export const f = (c: number) => c === SPACE || c === S || x.SPACE || fault;\n`,
      AT,
      CODES,
    );
    expect(out).toBe(
      `import { fault } from '@chess-formats/board-core/internal';\nexport const f = (c: number) => c === 32 || c === 47 || x.SPACE || fault;\n`,
    );
  });

  test('an import of codes alone goes; a module that imports none is left alone', () => {
    expect(inlineCodes(`import { SPACE } from '@chess-formats/board-core/internal';\nf(SPACE);\n`, AT, CODES)).toBe(
      '\nf(32);\n',
    );
    expect(inlineCodes(`import { SPACE } from './other.js';\nf(SPACE);\n`, AT, CODES)).toBeUndefined();
  });

  test('what it cannot rewrite safely fails the build', () => {
    expect(() => inlineCodes(`${KIT}f({ SPACE });\n`, AT, CODES)).toThrow('write SPACE: SPACE');
    expect(() => inlineCodes(`${KIT}function g(SPACE: number) { return SPACE; }\n`, AT, CODES)).toThrow('shadow');
  });

  test('the FEN reader as built: numbers, no name of a code left', async () => {
    const entry = fileURLToPath(new URL('../../../packages/fen/src/parse.ts', import.meta.url));
    expect(readFileSync(entry, 'utf8')).toContain('DIGIT_0');
    const result = await build({
      entryPoints: [entry],
      bundle: false,
      write: false,
      format: 'esm',
      plugins: [inlineCharCodes()],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('c === 47');
    expect(code).not.toMatch(/\b(DIGIT_0|SLASH|LEFT_BRACKET|LOWER_A)\b/);
  });
});
