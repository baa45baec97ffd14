// Measures every row of size-budgets.json on the installed tarballs (the size tests of
// `pnpm test:dist`, after `pnpm build`) and writes each row's measurement and its ceiling (the
// measurement plus 5% or up to the next 512-byte step, whichever is larger). It prints what
// moved; a ceiling that rises needs its reason in the commit and in the row's `why`.
//   node tooling/scripts/budgets.mjs            measure and print
//   node tooling/scripts/budgets.mjs --write    measure, print and write size-budgets.json
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ceilingFor = (measured) =>
  Math.max(measured + Math.ceil(measured * 0.05), (Math.floor(measured / 512) + 1) * 512);
const describe = (b) => (b.imports === '*' ? `* from ${b.package}` : `{ ${b.imports.join(', ')} } from ${b.package}`);

const file = resolve('size-budgets.json');
const dir = mkdtempSync(join(tmpdir(), 'budgets-'));
const out = join(dir, 'measurements.jsonl');
const run = spawnSync(
  'node_modules/.bin/vitest',
  [
    'run',
    '--config',
    'tooling/release/vitest.config.ts',
    'tooling/release/dist-tests/installed.test.ts',
    '-t',
    'size budgets',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SIZE_MEASUREMENTS: out } },
);
let lines = [];
try {
  lines = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
} catch {
  console.error(`no measurements (vitest exited ${run.status}): run \`pnpm build\` first`);
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
const measured = new Map(lines.map((m) => [m.what, m.gzip]));
const json = JSON.parse(readFileSync(file, 'utf8'));
for (const row of json.budgets) {
  const now = measured.get(describe(row));
  if (now === undefined) continue;
  const ceiling = ceilingFor(now);
  const mark = now > row.gzip ? 'OVER' : ceiling > row.gzip ? 'rises' : '';
  console.log(`${describe(row)}: ${now} B (was ${row.measured ?? '?'}), ceiling ${row.gzip} -> ${ceiling} ${mark}`);
  row.measured = now;
  row.gzip = ceiling;
}
if (process.argv.includes('--write')) {
  // One row a line, as the file is read and reviewed.
  const rows = json.budgets.map(
    (row) =>
      `    { ${Object.entries(row)
        .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
        .join(', ')} }`,
  );
  writeFileSync(
    file,
    `{\n  "$comment": ${JSON.stringify(json.$comment)},\n  "budgets": [\n${rows.join(',\n')}\n  ]\n}\n`,
  );
  console.log('size-budgets.json written');
}
