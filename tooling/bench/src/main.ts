import { spawnSync } from 'node:child_process';
import { runFen } from './fen.bench.js';
import { runFenr } from './fenr.bench.js';
import { runFics } from './fics.bench.js';
import { floodLibrary, runFlood } from './flood.bench.js';
import { runFormats } from './formats.bench.js';
import { runContender, type Contender } from './harness.js';
import { iccContenders, runIcc } from './icc.bench.js';
import { runNotation } from './notation.bench.js';
import { runOcpn } from './ocpn.bench.js';
import { runPgnJobs } from './pgn-jobs.bench.js';
import { runPgn } from './pgn.bench.js';
import { runRealtime } from './realtime.bench.js';
import { runRules } from './rules.bench.js';
import { runStyle12 } from './style12.bench.js';

// `pnpm bench` runs every suite; `pnpm bench fen` (or `formats`, `rules`, `notation`, `style12`) runs one.
const suites: Record<string, () => Promise<void> | void> = {
  fen: runFen,
  fenr: runFenr,
  fics: runFics,
  flood: runFlood,
  formats: runFormats,
  icc: runIcc,
  notation: runNotation,
  ocpn: runOcpn,
  pgn: runPgn,
  'pgn-jobs': runPgnJobs,
  realtime: runRealtime,
  rules: runRules,
  style12: runStyle12,
};

// The suites that measure each contender in processes of its own (`measureIsolated`), which
// start this bundle again as `--contender <suite> <index>`.
const isolated: Record<string, () => readonly Contender[]> = { icc: iccContenders };

const only = process.argv[2];
if (only === '--flood-library') {
  // The library contender of the flood suite, in a process of its own (its memory is measured).
  await floodLibrary(Number(process.argv[3]), process.argv[4] ?? 'onEvent');
} else if (only === '--contender') {
  const contenders = isolated[process.argv[3] ?? '']?.();
  const contender = contenders?.[Number(process.argv[4])];
  if (!contender) throw new Error(`no contender ${process.argv.slice(3).join(' ')}`);
  runContender(contender);
} else if (only) {
  const run = suites[only];
  if (!run) throw new Error(`no suite ${only}; the suites: ${Object.keys(suites).join(', ')}`);
  await run();
} else {
  // Every suite in a process of its own: run in one, a suite measured after others ran in a
  // heap and with compiled code they left behind (parseStyle12 against its field-counting
  // floor: 2.34x after the other suites, 1.85-1.90x alone, at the same load).
  for (const name of Object.keys(suites)) {
    const child = spawnSync(process.execPath, [process.argv[1] as string, name], { stdio: 'inherit' });
    if (child.status !== 0) process.exitCode = 1;
  }
}
