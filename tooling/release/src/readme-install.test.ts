import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { examplesOf, readmes } from './readme-examples.js';
import { importedPackages, openingOf, readmeImports, readmeOpening } from './readme-install.js';
import { ROOT, publishedPackages } from './workspace.js';

// Every package README starts with the install line its examples need: a user who runs that
// line and copies any example has every package the example imports. The dist tests
// (`dist-tests/installed.test.ts`) then run the examples where only those packages were
// installed, under npm and pnpm.

const published = publishedPackages();
const publishedNames = new Set(published.map((p) => p.manifest.name));

describe.each(published.map((p) => [p.dir, p] as const))('%s/README.md', (dir, { manifest }) => {
  const readme = `${dir}/README.md`;
  const opening = readmeOpening(readme);

  test('opens with its title, one line saying what it is, and the install line', () => {
    expect(
      opening,
      `${readme} does not open with "# title", a one-line description and a sh block "npm i ..."`,
    ).toBeDefined();
    if (manifest.bin === undefined) expect(opening?.title).toBe(manifest.name);
    // A command is installed globally; a library into the user's project.
    expect(opening?.global).toBe(manifest.bin !== undefined);
    expect(opening?.packages[0]).toBe(manifest.name);
  });

  test('the install line names every package its examples import, and nothing else', () => {
    const { imports } = readmeImports(readme);
    const named = opening?.packages ?? [];
    expect(new Set(named).size, `a package named twice: ${opening?.install}`).toBe(named.length);
    expect(named.filter((name) => !publishedNames.has(name))).toEqual([]);
    expect([...named].sort()).toEqual([...new Set([manifest.name, ...imports])].sort());
  });
});

test('every README with examples is a package README that opens with an install line', () => {
  // The repository's own README shows the common tasks after an install line of their own (below).
  const withExamples = readmes().filter(
    (readme) => readme !== 'README.md' && importedPackages(examplesOf(readme)).length > 0,
  );
  expect(withExamples.length).toBeGreaterThan(5);
  expect(withExamples.filter((readme) => readmeOpening(readme) === undefined)).toEqual([]);
});

test("the repository README's examples each follow an install line that names every package they import", () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const examples = examplesOf('README.md');
  expect(examples.length).toBeGreaterThan(0);
  for (const example of examples) {
    const install = lines
      .slice(0, example.firstLine - 1)
      .reverse()
      .find((line) => /^npm i @chess-formats\//.test(line));
    expect(install, `${example.where} has no "npm i" line before it`).toBeDefined();
    const named = (install ?? '').split(/\s+/).slice(2);
    expect([...named].sort(), example.where).toEqual(importedPackages([example]));
  }
});

describe('openingOf and importedPackages', () => {
  test('read the opening, and every kind of import (types, subpaths, side effects, dynamic)', () => {
    const text = [
      '# @chess-formats/x',
      '',
      'What x does, in one line.',
      '',
      '```sh',
      'npm i @chess-formats/x @chess-formats/y',
      '```',
      '',
      '```ts',
      "import { a } from '@chess-formats/x';",
      "import type { B } from '@chess-formats/y';",
      "import '@chess-formats/z/register';",
      "const v = await import('@chess-formats/w/vectors/a.json');",
      "import { c } from 'node:fs';",
      'console.log(a, c, v); // → 1',
      '```',
      '',
    ].join('\n');
    expect(openingOf(text)).toMatchObject({
      title: '@chess-formats/x',
      description: 'What x does, in one line.',
      install: 'npm i @chess-formats/x @chess-formats/y',
      packages: ['@chess-formats/x', '@chess-formats/y'],
      global: false,
    });
    const code = text.slice(text.indexOf('```ts\n') + 6, text.lastIndexOf('\n```'));
    const example = { where: 'x', readme: 'x', firstLine: 10, code, expectations: [] };
    expect(importedPackages([example])).toEqual([
      '@chess-formats/w',
      '@chess-formats/x',
      '@chess-formats/y',
      '@chess-formats/z',
    ]);
    expect(openingOf('# x\n\n```ts\nconsole.log(1);\n```\n')).toBeUndefined();
    expect(openingOf('# x\n\nOne line.\n\n```sh\nnpm i -g @chess-formats/cli\n```\n\n```sh\n')?.global).toBe(true);
  });
});
