import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePgn } from '@chess-formats/pgn';
import { readPgnParallel } from '@chess-formats/pgn/node';
import { loadText, median } from './harness.js';
import { pgnCorpus } from './pgn.bench.js';

/**
 * `pnpm bench pgn-jobs`, in one run: one core against pgn-extract (every move checked) and
 * tags only, on 10 MB; the CLI's `pgn --jobs 1` against `--jobs 2` on the full size; the CLI's
 * peak memory at 10 MB, the full size and 100 MB (400 MB with `PGN_JOBS_400=1`); and
 * `readPgnParallel`'s games mode, `jobs: 1` against `jobs: 2`. Contenders alternate, each in
 * a process of its own where memory or a cold start matters. The corpus is the shared real
 * PGN files when they are beside the repository, else the `pgn` suite's generated games,
 * repeated to `PGN_JOBS_MB` megabytes (default 50), written to a temporary folder.
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

async function readOnce(
  file: string,
  jobs: number,
): Promise<{ ms: number; cpuMs: number; games: number; errors: number }> {
  const start = performance.now();
  // The process's CPU time: every thread's, the workers' too.
  const cpu = process.cpuUsage();
  const read = await readPgnParallel(file, { jobs });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (!read.ok) throw new Error(read.error.message);
  return { ms, cpuMs: (used.user + used.system) / 1000, games: read.value.games, errors: read.value.errors };
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

/** What one child process took: wall time, CPU time (user and system, every thread), peak RSS. */
interface Timed {
  readonly ms: number;
  readonly cpuMs: number | undefined;
  readonly rssMb: number | undefined;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs `command` with its output to nowhere, timed by /usr/bin/time when it is there. */
function runTimed(command: string, args: readonly string[], okStatus: readonly number[] = [0, 1]): Timed {
  const start = performance.now();
  const child =
    TIME === undefined
      ? spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28 })
      : spawnSync(TIME, ['-f', 'timed maxrss=%M user=%U sys=%S', command, ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
          encoding: 'utf8',
          maxBuffer: 1 << 28,
        });
  const ms = performance.now() - start;
  if (child.status === null || !okStatus.includes(child.status))
    throw new Error(`${command} ${args.join(' ')}: ${child.stderr.slice(-500)}`);
  const timed = /timed maxrss=(\d+) user=([\d.]+) sys=([\d.]+)/.exec(child.stderr);
  return {
    ms,
    cpuMs: timed === null ? undefined : (Number(timed[2]) + Number(timed[3])) * 1000,
    rssMb: timed === null ? undefined : Number(timed[1]) / 1024,
  };
}

/** The CLI's run (its output to nowhere). */
function runCli(cli: string, args: readonly string[]): Timed {
  return runTimed(process.execPath, [cli, ...args]);
}

/** Contenders run alternately, the first changing each round: each one's runs. */
function alternate<K extends string>(rounds: number, contenders: Record<K, () => Timed>): Record<K, Timed[]> {
  const names = Object.keys(contenders) as K[];
  const runs = Object.fromEntries(names.map((name) => [name, [] as Timed[]])) as unknown as Record<K, Timed[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) runs[name].push(contenders[name]());
  }
  return runs;
}

const medianOf = (runs: readonly Timed[], key: 'ms' | 'cpuMs'): number | undefined =>
  runs.some((run) => run[key] === undefined) ? undefined : median(runs.map((run) => run[key]!));
const mbPerS = (mb: number, ms: number | undefined): string => (ms === undefined ? '?' : (mb / (ms / 1000)).toFixed(1));
const ratioOf = (slow: number | undefined, fast: number | undefined): string =>
  slow === undefined || fast === undefined ? '?' : `${(slow / fast).toFixed(2)}x`;
const shown = (mb: number | undefined) => (mb === undefined ? '?' : mb.toFixed(0));
/**
 * The most two jobs can gain on two idle cores, from the CPU time each took: the work of two
 * jobs spread evenly over both cores (a machine shared with other work gives less).
 */
const idleBound = (cpu1: number | undefined, cpu2: number | undefined): string =>
  cpu1 === undefined || cpu2 === undefined ? '?' : `${Math.min(2, (2 * cpu1) / cpu2).toFixed(2)}x`;

/**
 * `chess-formats pgn --jobs 1` against `--jobs 2` (the built CLI, `PGN_JOBS_CLI`, bundled by
 * run.mjs): count mode and `--output pgn`, alternated; wall clock and CPU time (two threads
 * share the work: the wall clock shows the gain, the CPU time what it cost).
 */
function timeCli(cli: string, full: string, rounds: number): void {
  const size = statSync(full).size / MB;
  for (const [label, args] of [
    ['pgn (count, every move checked)', []],
    ['pgn --output pgn', ['--output', 'pgn']],
  ] as const) {
    // On the full size the start-up weighs less: the count with one job against pgn-extract there too.
    const withExtract = args.length === 0 && PGN_EXTRACT !== undefined;
    const runs = alternate(rounds, {
      one: () => runCli(cli, ['pgn', '--jobs', '1', ...args, full]),
      two: () => runCli(cli, ['pgn', '--jobs', '2', ...args, full]),
      ...(withExtract
        ? { extract: () => runTimed(PGN_EXTRACT, ['-r', '-s', '--quiet', '-l', '/dev/null', full]) }
        : {}),
    } as Record<'one' | 'two' | 'extract', () => Timed>);
    if (withExtract) {
      const extract = medianOf(runs.extract, 'cpuMs');
      const one = medianOf(runs.one, 'cpuMs');
      console.log(
        `  one core, ${size.toFixed(1)} MB (CPU time): pgn-extract -r ${mbPerS(size, extract)} MB/s, CLI pgn --jobs 1 count ${mbPerS(size, one)} MB/s: ${ratioOf(extract, one)} pgn-extract's speed (goal: 1.5x)`,
      );
    }
    const wall1 = medianOf(runs.one, 'ms');
    const wall2 = medianOf(runs.two, 'ms');
    const cpu1 = medianOf(runs.one, 'cpuMs');
    const cpu2 = medianOf(runs.two, 'cpuMs');
    console.log(
      `  CLI ${label}: --jobs 1 ${mbPerS(size, wall1)} MB/s, --jobs 2 ${mbPerS(size, wall2)} MB/s: ${ratioOf(wall1, wall2)} by the wall clock; CPU ${shown(cpu1)} / ${shown(cpu2)} ms: --jobs 2 costs ${ratioOf(cpu2, cpu1)} the CPU of one job, so on two idle cores at most ${idleBound(cpu1, cpu2)} (medians of ${rounds}, load ${loadText()})`,
    );
  }
}

/** Peak RSS of the CLI's count with `--jobs 1` and `--jobs 2` at each size. */
function cliMemory(cli: string, files: readonly string[]): void {
  for (const jobs of [1, 2]) {
    const peaks = files.map((file) => {
      const run = runCli(cli, ['pgn', '--jobs', String(jobs), file]);
      return `${shown(run.rssMb)} MB at ${(statSync(file).size / MB).toFixed(0)} MB`;
    });
    console.log(`  CLI pgn --jobs ${jobs} peak RSS: ${peaks.join(', ')} (load ${loadText()})`);
  }
}

/** pgn-extract as Debian installs it (not on PATH for users of /usr/games-less shells). */
const PGN_EXTRACT = ['/usr/games/pgn-extract', '/usr/bin/pgn-extract'].find((path) => existsSync(path));

/** How the library reads: the tree, tags only, or every move checked without a tree (`checkOnly`). */
type LibraryMode = 'tree' | 'tags' | 'check';

/** In a child process: `--library file mode` reads the file with `parsePgn` twice, printing the CPU time of each. */
export function runLibraryChild(file: string, mode: LibraryMode): void {
  const bytes = readFileSync(file);
  const passes: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const before = process.cpuUsage();
    const games = parsePgn(bytes, { tagsOnly: mode === 'tags', checkOnly: mode === 'check' });
    const used = process.cpuUsage(before);
    if (games.length === 0) throw new Error('no games');
    passes.push((used.user + used.system) / 1000);
  }
  console.log(JSON.stringify({ cold: passes[0], warm: passes[1] }));
}

/** The library's two passes in a process of its own (so that no earlier read warmed it). */
function libraryPasses(file: string, mode: LibraryMode): { cold: number; warm: number } {
  const child = spawnSync(process.execPath, [process.argv[1]!, 'pgn-jobs', '--library', file, mode], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as { cold: number; warm: number };
}

/**
 * One core: pgn-extract checking every move (`-r`: report errors, extract nothing; `-s`,
 * `--quiet` and `-l /dev/null`: no progress, its reports to nowhere), the CLI's count with one
 * job, and `parsePgn` in a process of its own (its first pass, cold, and the second); then
 * tags only, the CLI's `--tags` and `parsePgn` with `tagsOnly`. CPU time of each, alternated.
 */
function oneCore(cli: string | undefined, file: string, rounds: number): void {
  const size = statSync(file).size / MB;
  console.log(`  one core, ${size.toFixed(1)} MB (CPU time, medians of ${rounds} alternated runs):`);
  const library = { cold: [] as number[], warm: [] as number[] };
  const checked = { cold: [] as number[], warm: [] as number[] };
  const contenders: Record<string, () => Timed> = {};
  if (PGN_EXTRACT !== undefined)
    contenders['pgn-extract'] = () => runTimed(PGN_EXTRACT, ['-r', '-s', '--quiet', '-l', '/dev/null', file]);
  if (cli !== undefined) contenders['cli'] = () => runCli(cli, ['pgn', '--jobs', '1', file]);
  contenders['library'] = () => {
    const start = performance.now();
    const passes = libraryPasses(file, 'tree');
    library.cold.push(passes.cold);
    library.warm.push(passes.warm);
    return { ms: performance.now() - start, cpuMs: passes.cold, rssMb: undefined };
  };
  contenders['check'] = () => {
    const passes = libraryPasses(file, 'check');
    checked.cold.push(passes.cold);
    checked.warm.push(passes.warm);
    return { ms: 0, cpuMs: passes.cold, rssMb: undefined };
  };
  const runs = alternate(rounds, contenders);
  const extract = runs['pgn-extract'] === undefined ? undefined : medianOf(runs['pgn-extract'], 'cpuMs');
  if (PGN_EXTRACT === undefined) console.log('    pgn-extract: skipped (not installed: apt-get install pgn-extract)');
  else console.log(`    pgn-extract -r (every move checked): ${mbPerS(size, extract)} MB/s`);
  const line = (label: string, ms: number | undefined) =>
    console.log(
      `    ${label}: ${mbPerS(size, ms)} MB/s${extract === undefined ? '' : `, ${ratioOf(extract, ms)} pgn-extract's speed (goal: 1.5x)`}`,
    );
  if (runs['cli'] !== undefined)
    line('CLI pgn --jobs 1 (count, every move checked, start-up included)', medianOf(runs['cli'], 'cpuMs'));
  line('parsePgn, first pass (cold)', median(library.cold));
  line('parsePgn, second pass (warm)', median(library.warm));
  line('parsePgn with checkOnly (no tree), first pass (cold)', median(checked.cold));
  line('parsePgn with checkOnly (no tree), second pass (warm)', median(checked.warm));
  const tags = { cold: [] as number[], warm: [] as number[] };
  const tagRuns = alternate(rounds, {
    ...(cli === undefined ? {} : { cli: () => runCli(cli, ['pgn', '--tags', file]) }),
    library: () => {
      const passes = libraryPasses(file, 'tags');
      tags.cold.push(passes.cold);
      tags.warm.push(passes.warm);
      return { ms: 0, cpuMs: passes.cold, rssMb: undefined };
    },
  } as Record<string, () => Timed>);
  if (tagRuns['cli'] !== undefined) {
    const cpu = medianOf(tagRuns['cli'], 'cpuMs');
    const wall = medianOf(tagRuns['cli'], 'ms');
    console.log(
      `    tags only, CLI pgn --tags: ${mbPerS(size, cpu)} MB/s of CPU, ${mbPerS(size, wall)} MB/s by the wall clock (goal: 100)`,
    );
  }
  console.log(
    `    tags only, parsePgn with tagsOnly: ${mbPerS(size, median(tags.cold))} MB/s cold, ${mbPerS(size, median(tags.warm))} MB/s warm (goal: 100; load ${loadText()})`,
  );
}

export async function runPgnJobs(): Promise<void> {
  if (process.argv[3] === '--rss') {
    await runRssChild(process.argv[4]!, Number(process.argv[5]));
    return;
  }
  if (process.argv[3] === '--library') {
    runLibraryChild(process.argv[4]!, process.argv[5] as LibraryMode);
    return;
  }
  const target = Number(process.env['PGN_JOBS_MB'] ?? 50) * MB;
  const rounds = Number(process.env['PGN_JOBS_ROUNDS'] ?? 3);
  // Memory is measured at 10 MB, the full size and 100 MB; 400 MB too with PGN_JOBS_400=1 (slow).
  const memorySizes = [10, 100, ...(process.env['PGN_JOBS_400'] === '1' ? [400] : [])];
  const dir = mkdtempSync(join(tmpdir(), 'pgn-jobs-'));
  try {
    const full = join(dir, 'full.pgn');
    const small = join(dir, 'small.pgn');
    const what = await writeCorpus(full, target);
    await writeCorpus(small, Math.min(10 * MB, target));
    const more: string[] = [];
    for (const mb of memorySizes.filter((mb) => mb * MB > target)) {
      const file = join(dir, `${mb}.pgn`);
      await writeCorpus(file, mb * MB);
      more.push(file);
    }
    const size = statSync(full).size;
    console.log(`\nPGN on several cores: ${(size / MB).toFixed(1)} MB of ${what}; load ${loadText()}`);
    const cli = process.env['PGN_JOBS_CLI'];
    const builtCli = cli !== undefined && existsSync(cli) ? cli : undefined;
    if (builtCli === undefined) console.log('  CLI: skipped (PGN_JOBS_CLI names no built CLI: run through pnpm bench)');
    oneCore(builtCli, small, rounds);
    if (builtCli !== undefined) {
      timeCli(builtCli, full, rounds);
      cliMemory(builtCli, [small, full, ...more]);
    }
    const times: Record<number, number[]> = { 1: [], 2: [] };
    const cpuTimes: Record<number, number[]> = { 1: [], 2: [] };
    let counts = '';
    for (let round = 0; round < rounds; round++) {
      // Alternated, the first contender changing each round.
      for (const jobs of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const read = await readOnce(full, jobs);
        times[jobs]!.push(read.ms);
        cpuTimes[jobs]!.push(read.cpuMs);
        counts = `${read.games} games, ${read.errors} errors`;
      }
    }
    const rate = (jobs: number) => size / MB / (median(times[jobs]!) / 1000);
    for (const jobs of [1, 2])
      console.log(
        `  library games mode, jobs: ${jobs}  ${rate(jobs).toFixed(1).padStart(6)} MB/s  (median of ${rounds}: ${median(times[jobs]!).toFixed(0)} ms, CPU ${median(cpuTimes[jobs]!).toFixed(0)} ms)`,
      );
    console.log(
      `  library games mode, jobs 2 / jobs 1: ${(rate(2) / rate(1)).toFixed(2)}x by the wall clock; CPU ${ratioOf(median(cpuTimes[2]!), median(cpuTimes[1]!))} (${counts}; load ${loadText()})`,
    );
    for (const jobs of [1, 2]) {
      const atSmall = peakRss(small, jobs);
      const atFull = peakRss(full, jobs);
      console.log(
        `  library games mode, peak RSS, jobs: ${jobs}: ${atSmall.toFixed(0)} MB at ${(statSync(small).size / MB).toFixed(0)} MB, ${atFull.toFixed(0)} MB at ${(size / MB).toFixed(0)} MB`,
      );
    }
    console.log(`  load after: ${loadText()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
