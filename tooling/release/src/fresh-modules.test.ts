import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freshModules } from '../../../vitest.config.js';
import { ROOT } from './workspace.js';

// Test files share a worker's loaded modules from file to file (vitest.config.ts), so a file
// that replaces a module or a global would change what the files after it see: such a file
// must be among those that run in a fresh process.
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;

/** Every test file vitest runs from the sources, relative to the root. */
function testFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const top of ['packages', 'apps', 'tooling']) {
    for (const entry of readdirSync(join(ROOT, top), { withFileTypes: true })) {
      if (entry.isDirectory() && readdirSync(join(ROOT, top, entry.name)).includes('src'))
        walk(`${top}/${entry.name}/src`);
    }
  }
  return files;
}

test('every test file that replaces a module or a global runs in a fresh process', () => {
  const files = testFiles();
  expect(files.length).toBeGreaterThan(200);
  const replacing = files.filter((file) => REPLACES.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(replacing.length).toBeGreaterThan(0);
  expect(replacing.filter((file) => !freshModules.includes(file))).toEqual([]);
  // And the list names no file that is gone.
  expect(freshModules.filter((file) => !files.includes(file))).toEqual([]);
});
