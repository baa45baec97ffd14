// The whole check, as CI runs it: build, type check, publish checks of every package, and the
// test suite. Ends with one line `N passed, N failed`: the vitest tests, plus the three
// repository checks (build, type check, package checks) counted as one test each.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const REPORT = '.vitest-report.json';

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
  ['package checks (publint --strict, attw --pack)', bin('turbo'), ['run', 'check:package', '--output-logs=errors-only']],
];

let checksPassed = 0;
let checksFailed = 0;
for (const [title, command, args] of checks) {
  if (run(title, command, args)) checksPassed++;
  else checksFailed++;
}

rmSync(REPORT, { force: true });
run('tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${REPORT}`]);

let testsPassed = 0;
let testsFailed = 0;
if (existsSync(REPORT)) {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  testsPassed = report.numPassedTests ?? 0;
  testsFailed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  if (report.numTotalTests === 0) testsFailed++;
} else {
  testsFailed++;
}

console.log(`\nchecks: ${checksPassed} passed, ${checksFailed} failed; tests: ${testsPassed} passed, ${testsFailed} failed`);
const failed = checksFailed + testsFailed;
console.log(`${checksPassed + testsPassed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
