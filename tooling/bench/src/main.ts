import { runFen } from './fen.bench.js';
import { runFenr } from './fenr.bench.js';
import { runFormats } from './formats.bench.js';
import { runIcc } from './icc.bench.js';
import { runNotation } from './notation.bench.js';
import { runOcpn } from './ocpn.bench.js';
import { runPgn } from './pgn.bench.js';
import { runRules } from './rules.bench.js';
import { runStyle12 } from './style12.bench.js';

// `pnpm bench` runs every suite; `pnpm bench fen` (or `formats`, `rules`, `notation`, `style12`) runs one.
const suites: Record<string, () => Promise<void> | void> = {
  fen: runFen,
  fenr: runFenr,
  formats: runFormats,
  icc: runIcc,
  notation: runNotation,
  ocpn: runOcpn,
  pgn: runPgn,
  rules: runRules,
  style12: runStyle12,
};

const only = process.argv[2];
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}
