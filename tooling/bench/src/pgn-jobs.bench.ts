import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPgnParallel } from '@chess-formats/pgn/node';
import { loadText, median } from './harness.js';
import { pgnCorpus } from './pgn.bench.js';

/**
 * `pnpm bench pgn-jobs`: one large PGN file read by `readPgnParallel` with `jobs: 1` (the
 * reader in the main thread) and `jobs: 2` (two workers), alternated, timed by the wall clock
 * (two threads share the work: CPU time would count both). The corpus is the shared real PGN
 * files when they are beside the repository, else the `pgn` suite's generated games, repeated
 * to `PGN_JOBS_MB` megabytes (default 50). Peak memory (max RSS, worker threads included) is
 * measured in a process of its own per read, at 10 MB and at the full size.
 */

const MB = 1024 * 1024;

/** The real PGN files beside the repository, if any (they are never copied into it). */
function realFiles(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = ['../../../shared', '../../../../shared']
    .map((up) => join(here, up, 'real/pgn'))
    .find((d) => existsSync(d));
  if (dir === undefined) return [];
  const walk = (at: string): string[] =>
    readdirSync(at).flatMap((name) => {
      const path = join(at, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.pgn') ? [path] : [];
    });
  return walk(dir).sort();
}

/** Writes the corpus repeated to `bytes` into `file`; says what it is. */
async function writeCorpus(file: string, bytes: number): Promise<string> {
  const files = realFiles();
  const parts = files.length > 0 ? files.map((f) => readFileSync(f)) : [Buffer.from(pgnCorpus().corpus)];
  const out = createWriteStream(file);
  let written = 0;
  const separator = Buffer.from('\n\n');
  while (written < bytes) {
    for (const part of parts) {
      if (written >= bytes) break;
      if (!out.write(part)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      out.write(separator);
      written += part.length + separator.length;
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return files.length > 0
    ? `the ${files.length} shared real PGN files, repeated`
    : 'the pgn suite generated games, repeated (no shared real files beside the repository)';
}

async function readOnce(file: string, jobs: number): Promise<{ ms: number; games: number; errors: number }> {
  const start = performance.now();
  const read = await readPgnParallel(file, { jobs });
  const ms = performance.now() - start;
  if (!read.ok) throw new Error(read.error.message);
  return { ms, games: read.value.games, errors: read.value.errors };
}

/** In a child process: `--rss file jobs` reads and prints the peak resident memory. */
export async function runRssChild(file: string, jobs: number): Promise<void> {
  await readOnce(file, jobs);
  console.log(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS }));
}

function peakRss(file: string, jobs: number): number {
  const child = spawnSync(process.execPath, [process.argv[1]!, 'pgn-jobs', '--rss', file, String(jobs)], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return (JSON.parse(child.stdout.trim().split('\n').pop()!) as { maxRssKb: number }).maxRssKb / 1024;
}

/** The CLI's wall time for one run (its output to nowhere), and its peak RSS (by /usr/bin/time when there). */
function runCli(cli: string, args: readonly string[]): { ms: number; rssMb: number | undefined } {
  const time = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
  const start = performance.now();
  const child =
    time === undefined
      ? spawnSync(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
      : spawnSync(time, ['-f', 'maxrss=%M', process.execPath, cli, ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
          encoding: 'utf8',
          maxBuffer: 1 << 28,
        });
  const ms = performance.now() - start;
  if (child.status !== 0 && child.status !== 1) throw new Error(`pgn ${args.join(' ')}: ${child.stderr.slice(-500)}`);
  const rss = /maxrss=(\d+)/.exec(child.stderr)?.[1];
  return { ms, rssMb: rss === undefined ? undefined : Number(rss) / 1024 };
}

/**
 * `chess-formats pgn --jobs 1` against `--jobs 2` (the built CLI, `PGN_JOBS_CLI`, bundled by
 * run.mjs): count mode and `--output pgn`, alternated, wall clock; peak RSS at 10 MB and the full size.
 */
function timeCli(full: string, small: string, rounds: number): void {
  const cli = process.env['PGN_JOBS_CLI'];
  if (cli === undefined || !existsSync(cli)) {
    console.log('  CLI: skipped (PGN_JOBS_CLI names no built CLI: run through pnpm bench)');
    return;
  }
  const size = statSync(full).size / MB;
  for (const [label, args] of [
    ['pgn (count)', []],
    ['pgn --output pgn', ['--output', 'pgn']],
  ] as const) {
    const times: Record<number, number[]> = { 1: [], 2: [] };
    const rss: Record<number, number | undefined> = {};
    for (let round = 0; round < rounds; round++)
      for (const jobs of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const run = runCli(cli, ['pgn', '--jobs', String(jobs), ...args, full]);
        times[jobs]!.push(run.ms);
        rss[jobs] = run.rssMb;
      }
    const rate = (jobs: number) => size / (median(times[jobs]!) / 1000);
    console.log(
      `  CLI ${label}: --jobs 1 ${rate(1).toFixed(1)} MB/s, --jobs 2 ${rate(2).toFixed(1)} MB/s: ${(rate(2) / rate(1)).toFixed(2)}x (median of ${rounds}, load ${loadText()})`,
    );
    for (const jobs of [1, 2]) {
      const atSmall = runCli(cli, ['pgn', '--jobs', String(jobs), ...args, small]).rssMb;
      const shown = (mb: number | undefined) => (mb === undefined ? '?' : mb.toFixed(0));
      console.log(
        `    peak RSS --jobs ${jobs}: ${shown(atSmall)} MB at ${(statSync(small).size / MB).toFixed(0)} MB, ${shown(rss[jobs])} MB at ${size.toFixed(0)} MB`,
      );
    }
  }
}

export async function runPgnJobs(): Promise<void> {
  if (process.argv[3] === '--rss') {
    await runRssChild(process.argv[4]!, Number(process.argv[5]));
    return;
  }
  const target = Number(process.env['PGN_JOBS_MB'] ?? 50) * MB;
  const rounds = Number(process.env['PGN_JOBS_ROUNDS'] ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'pgn-jobs-'));
  try {
    const full = join(dir, 'full.pgn');
    const small = join(dir, 'small.pgn');
    const what = await writeCorpus(full, target);
    await writeCorpus(small, Math.min(10 * MB, target));
    const size = statSync(full).size;
    console.log(`\nPGN on several cores: ${(size / MB).toFixed(1)} MB of ${what}; load ${loadText()}`);
    const times: Record<number, number[]> = { 1: [], 2: [] };
    let counts = '';
    for (let round = 0; round < rounds; round++) {
      // Alternated, the first contender changing each round.
      for (const jobs of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const read = await readOnce(full, jobs);
        times[jobs]!.push(read.ms);
        counts = `${read.games} games, ${read.errors} errors`;
      }
    }
    const rate = (jobs: number) => size / MB / (median(times[jobs]!) / 1000);
    for (const jobs of [1, 2])
      console.log(
        `  jobs: ${jobs}  ${rate(jobs).toFixed(1).padStart(6)} MB/s  (median of ${rounds}: ${median(times[jobs]!).toFixed(0)} ms)`,
      );
    console.log(`  jobs 2 / jobs 1: ${(rate(2) / rate(1)).toFixed(2)}x  (${counts})`);
    for (const jobs of [1, 2]) {
      const atSmall = peakRss(small, jobs);
      const atFull = peakRss(full, jobs);
      console.log(
        `  peak RSS, jobs: ${jobs}: ${atSmall.toFixed(0)} MB at ${(statSync(small).size / MB).toFixed(0)} MB, ${atFull.toFixed(0)} MB at ${(size / MB).toFixed(0)} MB`,
      );
    }
    timeCli(full, small, rounds);
    console.log(`  load after: ${loadText()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
