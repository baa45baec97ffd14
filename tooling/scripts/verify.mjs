// The whole check, as CI runs it: build, type check, publish checks of every package, the
// source tests, then the tests of what users get (packed tarballs installed in a scratch
// project, size budgets, a rehearsed release; they read the build). Ends with one line
// `N passed, N failed`: the vitest tests, plus the six repository checks (build, type
// check, package checks, API reference, lint, format) counted as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

function run(title, command, args) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

const bin = (name) => `node_modules/.bin/${name}`;
const checks = [
  ['build', bin('turbo'), ['run', 'build', '--output-logs=errors-only']],
  ['type check', bin('tsc'), ['-p', 'tsconfig.json']],
  [
    'package checks (publint --strict, attw --pack)',
    bin('turbo'),
    ['run', 'check:package', '--output-logs=errors-only'],
  ],
  ['API reference (typedoc into docs/, warnings are errors)', bin('typedoc'), ['--logLevel', 'Warn']],
  ['lint (eslint, warnings are errors)', bin('eslint'), ['--max-warnings', '0', '.']],
  ['format (prettier --check; `pnpm format` writes it)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];

let checksPassed = 0;
let checksFailed = 0;
for (const [title, command, args] of checks) {
  if (run(title, command, args)) checksPassed++;
  else checksFailed++;
}

/** Runs a vitest suite with a JSON report; returns its passed and failed counts. */
function vitest(title, name, args) {
  const report = resolve(name);
  rmSync(report, { force: true });
  run(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0 };
  const result = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report, { force: true });
  const failed =
    (result.numFailedTests ?? 0) + (result.numFailedTestSuites ?? 0) + (result.numTotalTests === 0 ? 1 : 0);
  return {
    passed: result.numPassedTests ?? 0,
    failed,
    skipped: (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0),
  };
}

const suites = [
  vitest('tests', '.vitest-report.json', []),
  vitest('tests of what users get', '.vitest-report-dist.json', ['--config', 'tooling/release/vitest.config.ts']),
];
const testsPassed = suites.reduce((n, s) => n + s.passed, 0);
const testsFailed = suites.reduce((n, s) => n + s.failed, 0);
// Skipped tests (the demo's browser tests on a machine where no Chromium starts) are neither.
const testsSkipped = suites.reduce((n, s) => n + s.skipped, 0);

console.log(
  `\nchecks: ${checksPassed} passed, ${checksFailed} failed; tests: ${testsPassed} passed, ${testsFailed} failed, ${testsSkipped} skipped`,
);
const failed = checksFailed + testsFailed;
console.log(`${checksPassed + testsPassed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
