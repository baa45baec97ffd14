import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

/** The machine's load average over 1, 5 and 15 minutes, printed beside results: rates on a shared machine mean little without it. */
export function loadText(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** A measured rate: how many times `fn` ran per second. */
export interface Measurement {
  readonly name: string;
  readonly opsPerSecond: number;
}

// Keeps results alive so the optimiser cannot drop the measured work.
let sink: unknown;
export function consume(value: unknown): void {
  sink = value;
}
export function lastSink(): unknown {
  return sink;
}

type Loop = (fn: () => unknown, times: number) => unknown;

/**
 * A loop compiled anew for each measurement. Sharing one loop between contenders would let
 * the first one measured run with a monomorphic, inlined call site while every later one pays
 * for a megamorphic call: the order of the rows would decide the ratios.
 */
function freshLoop(): Loop {
  return new Function('fn', 'times', 'let last; for (let i = 0; i < times; i++) last = fn(); return last;') as Loop;
}

/**
 * Runs `fn` repeatedly: a warm-up, then rounds of growing batches until `seconds` have
 * passed; reports the best round (least disturbed by the other core's work and by GC).
 */
export function measure(name: string, fn: () => unknown, seconds = 1): Measurement {
  const loop = freshLoop();
  const warmEnd = performance.now() + 200;
  while (performance.now() < warmEnd) consume(loop(fn, 16));
  let batch = 1;
  let best = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    consume(loop(fn, batch));
    const elapsed = performance.now() - start;
    if (elapsed < 20) {
      batch *= 2;
      continue;
    }
    best = Math.max(best, (batch * 1000) / elapsed);
  }
  return { name, opsPerSecond: best };
}

/** Milliseconds of CPU this process has used (every thread: the collector's helpers too). */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * Measures contenders in alternating rounds, the order reversed every round, so that a load
 * that comes and goes on a shared machine falls on all of them alike; reports each one's
 * median rate over `rounds` rounds of about `msPerRound` milliseconds each.
 *
 * `clock: 'cpu'` times each round by the CPU time the process used rather than by the wall
 * clock: time spent waiting for a core that other jobs hold is not counted. With five jobs on
 * two cores (load 10) the wall-clock ratios of one suite moved by 2x from run to run, the CPU
 * ones by a few percent.
 */
export function measureAlternating(
  contenders: readonly { readonly name: string; readonly fn: () => unknown }[],
  rounds = 15,
  msPerRound = 50,
  clock: 'wall' | 'cpu' = 'wall',
): Measurement[] {
  const rates = ratesByRound(contenders, rounds, msPerRound, clock);
  return contenders.map((c, k) => ({ name: c.name, opsPerSecond: median(rates[k] as number[]) }));
}

/** The median of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

/**
 * `measureAlternating`'s rounds as measured: each contender's rate in each round, in round
 * order, so that a suite can pair the contenders round by round (a ratio per round, taken
 * while the machine's load was the same for both).
 */
export function ratesByRound(
  contenders: readonly { readonly name: string; readonly fn: () => unknown }[],
  rounds = 15,
  msPerRound = 50,
  clock: 'wall' | 'cpu' = 'wall',
): number[][] {
  const now = clock === 'cpu' ? cpuMs : () => performance.now();
  const loops = contenders.map(() => freshLoop());
  // Warm-up, which also sizes each contender's batch to about one round's time.
  const batches = contenders.map((c, k) => {
    const loop = loops[k] as Loop;
    let calls = 0;
    const start = performance.now();
    while (performance.now() < start + 200) {
      consume(loop(c.fn, 16));
      calls += 16;
    }
    return Math.max(1, Math.round((calls * msPerRound) / (performance.now() - start)));
  });
  const rates = contenders.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let j = 0; j < contenders.length; j++) {
      const k = round % 2 === 0 ? j : contenders.length - 1 - j;
      const batch = batches[k] as number;
      const start = now();
      consume((loops[k] as Loop)((contenders[k] as { fn: () => unknown }).fn, batch));
      (rates[k] as number[]).push((batch * 1000) / (now() - start));
    }
  }
  return rates;
}

/** A contender of a suite measured by `measureIsolated`: built again in each child process. */
export interface Contender {
  readonly name: string;
  readonly fn: () => unknown;
}

/**
 * Measures each contender alone in fresh Node processes (this bench bundle started again with
 * `--contender suite index`), `processes` of them per contender, the contenders alternated and
 * their order reversed each pass; reports the median of the processes' median rates.
 *
 * For suites whose contenders leave very different amounts of garbage (a reader keeping 184k
 * events of a 4 MB stream against one handing each to a callback): in one process, the old
 * generation one contender fills is collected in another's round and charged to it, and the
 * ratios moved by a third from one run to the next.
 */
export function measureIsolated(suite: string, names: readonly string[], processes = 5): Measurement[] {
  const rates = names.map((): number[] => []);
  for (let pass = 0; pass < processes; pass++) {
    for (let j = 0; j < names.length; j++) {
      const k = pass % 2 === 0 ? j : names.length - 1 - j;
      const child = spawnSync(process.execPath, [process.argv[1] as string, '--contender', suite, String(k)], {
        encoding: 'utf8',
      });
      const last = child.stdout.trim().split('\n').pop() ?? '';
      if (child.status !== 0 || !last.startsWith('{'))
        throw new Error(`contender ${names[k] as string} failed: ${child.stderr}`);
      (rates[k] as number[]).push((JSON.parse(last) as { opsPerSecond: number }).opsPerSecond);
    }
  }
  return names.map((name, k) => {
    const sorted = (rates[k] as number[]).sort((a, b) => a - b);
    return { name, opsPerSecond: sorted[sorted.length >> 1] as number };
  });
}

/**
 * The child's side of `measureIsolated`: a warm-up, then `rounds` rounds of about `msPerRound`
 * milliseconds of CPU time each; prints the median rate as one line of JSON.
 */
export function runContender(contender: Contender, rounds = 7, msPerRound = 100): void {
  const loop = freshLoop();
  const warmStart = cpuMs();
  let calls = 0;
  while (calls < 3 || cpuMs() < warmStart + 200) {
    consume(loop(contender.fn, 1));
    calls++;
  }
  const batch = Math.max(1, Math.round((calls * msPerRound) / (cpuMs() - warmStart)));
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = cpuMs();
    consume(loop(contender.fn, batch));
    rates.push((batch * 1000) / (cpuMs() - start));
  }
  rates.sort((a, b) => a - b);
  console.log(JSON.stringify({ opsPerSecond: rates[rates.length >> 1] }));
}

/**
 * A function that applies `fn` to every item once, compiled anew (see `freshLoop`), so that a
 * rate measured over it is in passes over the whole corpus per second.
 */
export function overItems<T>(items: readonly T[], fn: (item: T) => unknown): () => unknown {
  const pass = new Function(
    'items',
    'fn',
    'return () => { let last; for (let i = 0; i < items.length; i++) last = fn(items[i]); return last; };',
  ) as (items: readonly T[], fn: (item: T) => unknown) => () => unknown;
  return pass(items, fn);
}

function formatRate(rate: number): string {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(2)}M` : rate >= 1e3 ? `${(rate / 1e3).toFixed(1)}k` : rate.toFixed(1);
}

/**
 * Prints a table of measurements with each one's ratio to `baseline` (the first by default):
 * `ours / theirs` above 1 means we are faster.
 */
export function report(title: string, unit: string, rows: readonly Measurement[], baselineName?: string): void {
  const baseline = rows.find((r) => r.name === baselineName) ?? rows[0];
  console.log(`\n## ${title}`);
  console.log(`${'name'.padEnd(44)} ${`${unit}/s`.padStart(12)} ${'ratio'.padStart(8)}`);
  for (const row of rows) {
    const ratio = baseline ? row.opsPerSecond / baseline.opsPerSecond : 1;
    console.log(`${row.name.padEnd(44)} ${formatRate(row.opsPerSecond).padStart(12)} ${ratio.toFixed(2).padStart(7)}x`);
  }
}
