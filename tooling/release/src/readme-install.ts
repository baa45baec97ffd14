import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { examplesOf, type Example } from './readme-examples.js';
import { ROOT } from './workspace.js';

// A package README opens the same way everywhere: its title, one line that says what the
// package is, the install line, then an example. The install line names every package of
// this repository that the README's examples import, so that a user who copies it and then an
// example has what the example needs, under npm and under pnpm (whose node_modules hides a
// package that was installed only as another one's dependency).

/** The opening of a package README, as read by `openingOf`. */
export interface Opening {
  readonly title: string;
  /** The one line under the title. */
  readonly description: string;
  /** The install line as written: `npm i @chess-formats/pgn @chess-formats/board-core`. */
  readonly install: string;
  /** The packages it installs, in order. */
  readonly packages: readonly string[];
  /** Whether it installs globally (`npm i -g`, a command). */
  readonly global: boolean;
  /** The README after the install line's block. */
  readonly rest: string;
}

const OPENING = /^# (.+)\n\n([^\n]+)\n\n```sh\n(npm i (-g )?([^\n]+))\n```\n\n/;

/** The title, description and install line at the top of a README, or `undefined` when it does not open so. */
export function openingOf(text: string): Opening | undefined {
  const match = OPENING.exec(text);
  if (match === null) return undefined;
  const [whole, title = '', description = '', install = '', global, names = ''] = match;
  return {
    title,
    description,
    install,
    packages: names.split(' ').filter((name) => name !== ''),
    global: global !== undefined,
    rest: text.slice(whole.length),
  };
}

/** The opening of a README of the repository (`packages/pgn/README.md`). */
export function readmeOpening(readme: string): Opening | undefined {
  return openingOf(readFileSync(join(ROOT, readme), 'utf8'));
}

/** The package a module specifier names: `@chess-formats/conformance/vectors/fen/board.json` is `@chess-formats/conformance`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Every `@chess-formats` package the examples import, types included, sorted. */
export function importedPackages(examples: readonly Example[]): string[] {
  const specifiers = examples.flatMap((example) =>
    [...example.code.matchAll(/(?:\bfrom|^\s*import)\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm)].map(
      (m) => m[1] ?? m[2] ?? '',
    ),
  );
  return [...new Set(specifiers.filter((s) => s.startsWith('@chess-formats/')).map(packageOf))].sort();
}

/** The examples of a README and the packages they import. */
export function readmeImports(readme: string): { examples: Example[]; imports: string[] } {
  const examples = examplesOf(readme);
  return { examples, imports: importedPackages(examples) };
}
