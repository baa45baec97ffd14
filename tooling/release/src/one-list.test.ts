import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './workspace.js';

// One list of formats (FORMATS of @chess-formats/formats): the places that loop over formats
// reach them through it, never by importing a format package's descriptor or its parse and
// write entry points. A consumer that names a format of its own fails here.

/** The format packages: those whose `src/format.ts` exports a descriptor (board-core's holds the types). */
function formatPackages(): {
  readonly name: string;
  readonly descriptor: string;
  readonly entryPoints: readonly string[];
}[] {
  const dir = join(ROOT, 'packages');
  return readdirSync(dir)
    .filter((entry) => existsSync(join(dir, entry, 'src', 'format.ts')))
    .filter((entry) => /export const \w+Format\b/.test(readFileSync(join(dir, entry, 'src', 'format.ts'), 'utf8')))
    .map((entry) => {
      const source = readFileSync(join(dir, entry, 'src', 'format.ts'), 'utf8');
      const descriptor = /export const (\w+Format)\b/.exec(source)?.[1] ?? '';
      const imported = [...source.matchAll(/import \{([^}]*)\} from '\.\/[\w-]+\.js'/g)].flatMap((m) =>
        (m[1] ?? '').split(','),
      );
      const entryPoints = imported
        .map((name) => name.trim())
        .filter((name) => /^(?:parse|write|create)[A-Z]/.test(name));
      const manifest = JSON.parse(readFileSync(join(dir, entry, 'package.json'), 'utf8')) as { name: string };
      return { name: manifest.name, descriptor, entryPoints };
    });
}

/** The source files that loop over formats: they see formats only through the list. */
const LOOPS: readonly string[] = [
  'apps/cli/src/positions.ts',
  'apps/cli/src/convert-command.ts',
  'apps/cli/src/detect-command.ts',
  'apps/cli/src/validate-command.ts',
  ...readdirSync(join(ROOT, 'apps/demo/src/formats'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `apps/demo/src/formats/${file}`),
  'packages/conformance/src/formats.conformance.test.ts',
  'packages/conformance/src/testing/formats.ts',
  'tooling/bench/src/formats.bench.ts',
];

/** Every consumer's source tree: none imports a descriptor past the list. */
const CONSUMER_TREES: readonly string[] = [
  'apps/cli/src',
  'apps/demo/src',
  'packages/conformance/src',
  'tooling/bench/src',
];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1));
}

/** The names a file imports from `pkg`. */
function importsFrom(source: string, pkg: string): string[] {
  const pattern = new RegExp(`import (?:type )?\\{([^}]*)\\} from '${pkg.replace('/', '\\/')}'`, 'g');
  return [...source.matchAll(pattern)].flatMap((m) =>
    (m[1] ?? '').split(',').map(
      (name) =>
        name
          .trim()
          .replace(/^type /, '')
          .split(' as ')[0] ?? '',
    ),
  );
}

/** Every place `file` imports a name of `banned(pkg)` from a format package, as `file: name`. */
export function offences(
  files: readonly string[],
  banned: (pkg: ReturnType<typeof formatPackages>[number]) => readonly string[],
): string[] {
  const packages = formatPackages();
  return files.flatMap((file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    return packages.flatMap((pkg) =>
      importsFrom(source, pkg.name)
        .filter((name) => banned(pkg).includes(name))
        .map((name) => `${file}: ${name} from ${pkg.name}`),
    );
  });
}

describe('the one list of formats', () => {
  test('every format package has a descriptor and entry points to find, and is a dependency of the formats package', () => {
    const packages = formatPackages();
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/formats/package.json'), 'utf8')) as {
      readonly dependencies: Readonly<Record<string, string>>;
    };
    const listed = Object.keys(manifest.dependencies).filter((name) => name !== '@chess-formats/board-core');
    expect(packages.length).toBeGreaterThan(1);
    expect(packages.map((p) => p.name).sort()).toEqual(listed.sort());
    for (const pkg of packages) {
      expect(pkg.descriptor, pkg.name).toMatch(/Format$/);
      expect(pkg.entryPoints.length, pkg.name).toBeGreaterThan(0);
    }
  });

  test('the format loops (CLI convert, validate, detect; the demo adapters; the conformance loop; the bench) import no descriptor or parse/write entry point of a format package', () => {
    for (const file of LOOPS) expect(existsSync(join(ROOT, file)), file).toBe(true);
    expect(offences(LOOPS, (pkg) => [pkg.descriptor, ...pkg.entryPoints])).toEqual([]);
  });

  test('no consumer imports a descriptor past the list', () => {
    expect(offences(CONSUMER_TREES.flatMap(filesUnder), (pkg) => [pkg.descriptor])).toEqual([]);
  });

  test('the formats package lists every descriptor', () => {
    const list = readFileSync(join(ROOT, 'packages/formats/src/formats.ts'), 'utf8');
    const listed =
      /FORMATS[^=]*=[^[]*\[([^\]]*)\]/
        .exec(list)?.[1]
        ?.split(',')
        .map((name) => name.trim())
        // The formatter ends the list with a comma.
        .filter((name) => name !== '') ?? [];
    expect(listed.sort()).toEqual(
      formatPackages()
        .map((pkg) => pkg.descriptor)
        .sort(),
    );
  });
});
