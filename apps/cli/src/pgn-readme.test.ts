import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const ROOT = join(import.meta.dirname, '../../..');
const README = readFileSync(join(ROOT, 'apps/cli/README.md'), 'utf8');

/** The ```sh lines of the README's `pgn` section that say what they print (`# → text`). */
function examples(): { readonly line: string; readonly expected: string }[] {
  const section = README.slice(README.indexOf('## `chess-formats pgn'), README.indexOf('### pgn-extract equivalents'));
  const block = /```sh\n([^]*?)\n```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('chess-formats pgn ') && line.includes('# →'))
    .map((line) => ({
      line: line.slice(0, line.indexOf('# →')).trim(),
      expected: line.slice(line.indexOf('# →') + 3).trim(),
    }));
}

/** The words of a shell line without pipes or variables: blanks split them, single quotes group. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe("the README's pgn examples", () => {
  const found = examples();

  test('there are some', () => {
    expect(found.length).toBeGreaterThanOrEqual(5);
  });

  test.each(found.map((example) => [example.line, example] as const))('%s', async (_line, { line, expected }) => {
    const { io, captured } = memoryIo('');
    const status = await main(words(line).slice(1), {
      ...io,
      readFile: (path) => createReadStream(join(ROOT, path)),
    });
    expect(captured.err).toBe('');
    expect(status).toBe(0);
    expect(squash(captured.out)).toBe(squash(expected));
  });
});
