import { parseSan, play, standardSetup, writeSan, writeVerbose, type Setup } from '@chess-formats/board-core';
import { createFicsReader } from '@chess-formats/fics';
import { createStyle12Scanner, style12FromSetup, writeStyle12 } from '@chess-formats/style12';
import { consume, loadText, median, ratesByRound, report } from './harness.js';

// The FICS session reader against the style12 scanner it is built on, over the same bytes: a
// session of a game observed with seekinfo and pendinfo on (boards, seeks and their removals,
// offers, notices, a moves listing and a games list), as a client sees it. The reader's goal:
// within 1.2x the scanner's time (issue 27).

const SANS =
  'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4'.split(
    ' ',
  );

function boards(): string[] {
  let setup: Setup = standardSetup();
  return SANS.map((san, k) => {
    const move = parseSan(setup, san);
    if (!move.ok) throw new Error(san);
    const verboseMove = writeVerbose(setup, move.value);
    const sanMove = writeSan(setup, move.value);
    setup = play(setup, move.value);
    return writeStyle12(
      style12FromSetup(setup, {
        gameNumber: 107,
        whiteName: 'GuestABCD',
        blackName: 'GuestEFGH',
        relation: 0,
        initialTimeMinutes: 3,
        whiteRemainingMs: 180_000 - k * 1000,
        blackRemainingMs: 180_000 - k * 900,
        clockUnit: 'milliseconds',
        verboseMove,
        sanMove,
        moveTimeMs: 1234,
        clockTicking: true,
        lagMs: 0,
      }),
    );
  });
}

function session(): string {
  const lines: string[] = [
    '<g1> 107 p=0 t=blitz r=1 u=1,1 it=180,0 i=180,0 pt=0 rt=0,0 ts=1,1 m=2 n=1',
    'Creating: GuestABCD (++++) GuestEFGH (++++) unrated blitz 3 0',
    '{Game 107 (GuestABCD vs. GuestEFGH) Creating unrated blitz match.}',
  ];
  boards().forEach((board, k) => {
    lines.push(`fics% ${board}`);
    if (k % 3 === 0)
      lines.push(
        `<s> ${String(k + 10)} w=Seeker${String(k)} ti=00 rt=1${String(k).padStart(3, '0')}  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f`,
      );
    if (k % 3 === 1) lines.push(`<sr> ${String(k + 9)}`);
    if (k % 7 === 0) lines.push(`<pf> ${String(k)} w=GuestEFGH t=draw p=#`, `<pr> ${String(k)}`);
    if (k % 10 === 0)
      lines.push('You are now observing game 108.', 'Game 108: Alice (2210) Bob (1400P) rated blitz 5 3');
  });
  lines.push('{Game 107 (GuestABCD vs. GuestEFGH) GuestEFGH resigns} 1-0', 'Movelist for game 107:', '');
  lines.push('GuestABCD (UNR) vs. GuestEFGH (UNR) --- Thu Nov 26, 12:00 UTC 2026');
  lines.push('Unrated blitz match, initial time: 3 minutes, increment: 0 seconds.', '');
  lines.push('Move  GuestABCD               GuestEFGH', '----  ---------------------   ---------------------');
  for (let m = 0; m < SANS.length; m += 2)
    lines.push(
      `${String(m / 2 + 1).padStart(3)}.  ${(SANS[m] ?? '').padEnd(7)} (0:01.234)     ${(SANS[m + 1] ?? '').padEnd(7)} (0:02.345)`,
    );
  lines.push('      {GuestEFGH resigns} 1-0', '');
  for (let g = 1; g <= 20; g++)
    lines.push(
      `${String(g).padStart(3)} 1${String(g).padStart(3, '0')} Player${String(g).padEnd(5)} 1500 Other${String(g).padEnd(6)} [ br  3   0]   2:12 -  1:58 (39-38) W: 19`,
    );
  lines.push('  20 games displayed.', 'fics% ');
  return lines.join('\n\r');
}

/** An observed game as it comes: the observe reply, `<g1>`, the boards, a seek now and then, the end. */
function observed(): string {
  const lines = [
    'You are now observing game 107.',
    'Game 107: GuestABCD (++++) GuestEFGH (++++) unrated blitz 3 0',
    '<g1> 107 p=0 t=blitz r=0 u=1,1 it=180,0 i=180,0 pt=0 rt=0,0 ts=1,1 m=2 n=1',
  ];
  boards().forEach((board, k) => {
    lines.push(`fics% ${board}`);
    if (k % 10 === 9) lines.push(`<s> ${String(k)} w=Seeker ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f`);
  });
  lines.push('{Game 107 (GuestABCD vs. GuestEFGH) GuestEFGH resigns} 1-0', 'Removing game 107 from observation list.');
  return `${lines.join('\n\r')}\n\rfics% `;
}

/** The two readers over the same sessions, in CPU time, alternated; the reader's time over the scanner's, round by round. */
export function runFics(): void {
  console.log(`\nload average ${loadText()}`);
  for (const [title, text, goal] of [
    ['an observed game (boards, a few seeks)', observed(), ' (goal 1.2x)'],
    ['a busy session (seeks, offers, a moves listing, a games list)', session(), ''],
  ] as const) {
    const bytes = new TextEncoder().encode(text);
    const scanner = createStyle12Scanner();
    const reader = createFicsReader();
    const contenders = [
      { name: 'style12 scanner', fn: () => [...scanner.push(bytes), ...scanner.end()].length },
      { name: 'FICS reader', fn: () => [...reader.push(bytes), ...reader.end()].length },
    ];
    // A second of each before the rounds: on a loaded machine the reader's compiled code came
    // late (its first five rounds took 1.3-2x the later ones), and the harness's warm-up is
    // 200 ms of wall time.
    for (const contender of contenders) {
      const until = performance.now() + 1000;
      while (performance.now() < until) consume(contender.fn());
    }
    const rates = ratesByRound(contenders, 21, 50, 'cpu');
    const rows = contenders.map((c, k) => ({ name: c.name, opsPerSecond: median(rates[k] as number[]) }));
    report(`${title}, ${String(bytes.length)} bytes (ratio to the scanner)`, 'sessions', rows, 'style12 scanner');
    // Paired by round: both contenders of a round ran under the same load.
    const [scans, reads] = rates as [number[], number[]];
    const times = scans.map((rate, round) => rate / (reads[round] as number)).sort((a, b) => a - b);
    console.log(
      `the reader's time over the scanner's, ${String(times.length)} rounds: min ${(times[0] as number).toFixed(2)}x, median ${median(times).toFixed(2)}x${goal}`,
    );
  }
}
