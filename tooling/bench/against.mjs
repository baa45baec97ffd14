// Before and after in one run: `pnpm bench:against REF [suite ...] [--rounds N]` checks out REF
// (a commit, a tag, a branch) beside this tree, and runs each suite of `pnpm bench` in both,
// alternated (REF first in odd rounds, this tree first in even ones), so that drift in the
// machine's speed falls on both alike. It prints each row's median rate in both and the ratio
// this tree / REF: above 1 is faster now. The peers' rows (chessops, chess.js) run the same code
// in both, so their ratios show how much noise the run had.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 3;
const [ref, ...named] = args;
if (!ref || !(rounds >= 1)) {
  console.error('usage: pnpm bench:against REF [suite ...] [--rounds N]');
  process.exit(2);
}
const SUITES = ['fen', 'fenr', 'formats', 'icc', 'notation', 'ocpn', 'pgn', 'rules', 'style12'];
const suites = named.length > 0 ? named : SUITES;

const base = mkdtempSync(join(tmpdir(), 'bench-against-'));
const git = (...command) => execFileSync('git', command, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] });
git('worktree', 'add', '--detach', base, ref);
try {
  // The same pnpm that runs this script, else the one the root scripts fetch.
  const pnpm = process.env.npm_execpath
    ? [process.execPath, process.env.npm_execpath]
    : ['npx', '--yes', 'pnpm@10.34.8'];
  const installed = spawnSync(pnpm[0], [...pnpm.slice(1), 'install', '--frozen-lockfile', '--prefer-offline'], {
    cwd: base,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (installed.status !== 0) throw new Error(`could not install ${ref}`);

  /**
   * One run of a suite in `dir`: its rows by name, in rows per second (a row printed in several
   * tables, each with another ratio, is one measurement: the first is kept).
   */
  const run = (dir, suite) => {
    const out = execFileSync(process.execPath, [join(dir, 'tooling/bench/run.mjs'), suite], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const rows = new Map();
    for (const line of out.split('\n')) {
      const row = /^(.+?)\s+([\d.]+)([kM]?)\s+[\d.]+x$/.exec(line);
      const name = row?.[1].trim();
      if (row && !rows.has(name)) rows.set(name, Number(row[2]) * (row[3] === 'M' ? 1e6 : row[3] === 'k' ? 1e3 : 1));
    }
    return rows;
  };
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[sorted.length >> 1];
  };

  for (const suite of suites) {
    const samples = { base: new Map(), head: new Map() };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const side of order) {
        for (const [row, rate] of run(side === 'base' ? base : here, suite)) {
          if (!samples[side].has(row)) samples[side].set(row, []);
          samples[side].get(row).push(rate);
        }
      }
    }
    console.log(`\n## ${suite}: this tree against ${ref}, ${rounds} rounds alternated (medians, rows/s)`);
    for (const [row, rates] of samples.head) {
      const before = samples.base.get(row);
      if (!before) continue;
      const [now, then] = [median(rates), median(before)];
      const rate = (value) => (value >= 1000 ? Math.round(value).toLocaleString('en') : value.toFixed(1)).padStart(12);
      console.log(`${row.padEnd(64)} ${rate(then)} ${rate(now)} ${(now / then).toFixed(3).padStart(7)}x`);
    }
  }
} finally {
  git('worktree', 'remove', '--force', base);
  rmSync(base, { recursive: true, force: true });
}
