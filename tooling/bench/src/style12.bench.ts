import { parseSan, play, standardSetup, writeSan, writeVerbose, type Setup } from '@chess-formats/board-core';
import { createStyle12Scanner, parseStyle12, style12FromSetup, writeStyle12 } from '@chess-formats/style12';
import { loadText, measure, measureAlternating, overItems, report } from './harness.js';

// The example lines of the two help files and of FatICS's tests (protocol facts), then the lines
// a server sends for the first moves of a game, in the two clock units.
const EXAMPLES = [
  '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Quimbee Darooha 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
  '<12> rnbqkbnr pppppppp -------- -------- ---P---- -------- PPP-PPPP RNBQKBNR B -1 1 1 1 1 0 1 testplayer admin -1 1 0 39 39 60000 60000 1 P/d2-d4 (0:00.000) d4 0 0 0',
  '<12> rnbqkbnr pppppppp -------- -------- ---P---- -------- PPP-PPPP RNBQKBNR B -1 1 1 1 1 0 1 testplayer admin 1 1 0 39 39 60 60 1 P/d2-d4 (0:00) d4 1 0 0',
];

function gameLines(): string[] {
  const sans = [
    'e4',
    'c5',
    'Nf3',
    'd6',
    'd4',
    'cxd4',
    'Nxd4',
    'Nf6',
    'Nc3',
    'a6',
    'Be3',
    'e5',
    'Nb3',
    'Be6',
    'f3',
    'Be7',
    'Qd2',
    'O-O',
    'O-O-O',
    'Nbd7',
  ];
  let setup: Setup = standardSetup();
  const lines: string[] = [];
  sans.forEach((san, k) => {
    const move = parseSan(setup, san);
    if (!move.ok) throw new Error(san);
    const verboseMove = writeVerbose(setup, move.value);
    const sanMove = writeSan(setup, move.value);
    setup = play(setup, move.value);
    const ms = k % 2 === 0;
    const clock = (180 - k) * (ms ? 1000 : 1);
    lines.push(
      writeStyle12(
        style12FromSetup(setup, {
          gameNumber: 107,
          whiteName: 'GuestABCD',
          blackName: 'GuestEFGH',
          relation: 0,
          initialTimeMinutes: 3,
          whiteRemainingMs: clock * (ms ? 1 : 1000),
          blackRemainingMs: clock * (ms ? 1 : 1000),
          clockUnit: ms ? 'milliseconds' : 'seconds',
          verboseMove,
          sanMove,
          moveTimeMs: 1234,
          clockTicking: true,
          lagMs: 0,
        }),
      ),
    );
  });
  return lines;
}

const PIECES = '-PNBRQKpnbrqk';

/** The time taken for the last move, `(m:ss)` or `(m:ss.mmm)`, in milliseconds, by split and map. */
function moveTimeMs(token: string): number {
  const [clock = '', fraction = '0'] = token.slice(1, -1).split('.');
  return clock.split(':').reduce((total, group) => total * 60 + Number(group), 0) * 1000 + Number(fraction);
}

/**
 * The baseline: `split(' ')`, a board of 64 piece codes, `Number` for every number, and every
 * field the record types mapped to a typed value (the move time in milliseconds, the clocks in
 * milliseconds in the unit the move time shows, the FICS flags and lag): comparable work,
 * without the validation.
 */
function splitAndMap(line: string) {
  const t = line.split(' ');
  const moveTime = t[28] as string;
  const scale = moveTime.includes('.') ? 1 : 1000;
  const board = new Int8Array(64);
  for (let rank = 0; rank < 8; rank++) {
    const row = t[1 + rank] as string;
    for (let file = 0; file < 8; file++) board[(7 - rank) * 8 + file] = PIECES.indexOf(row[file] as string);
  }
  return {
    board,
    turn: t[9] === 'W' ? 'white' : 'black',
    doublePush: Number(t[10]),
    castling: [t[11] === '1', t[12] === '1', t[13] === '1', t[14] === '1'],
    halfmoves: Number(t[15]),
    gameNumber: Number(t[16]),
    whiteName: t[17],
    blackName: t[18],
    relation: Number(t[19]),
    initialTime: Number(t[20]),
    increment: Number(t[21]),
    whiteStrength: Number(t[22]),
    blackStrength: Number(t[23]),
    whiteTime: Number(t[24]) * scale,
    blackTime: Number(t[25]) * scale,
    moveNumber: Number(t[26]),
    verbose: t[27],
    moveTime: moveTimeMs(moveTime),
    san: t[29],
    flip: t[30] === '1',
    clockTicking: t[31] === '1',
    lag: t[32] === undefined ? undefined : Number(t[32]),
  };
}

/**
 * The lighter baseline: `split(' ')` and a board of 64 piece codes, `Number` for the numbers,
 * the rest left as the strings split gave (no move time, no clock unit, no flags mapped).
 */
function splitBoard(line: string) {
  const t = line.split(' ');
  const board = new Int8Array(64);
  for (let rank = 0; rank < 8; rank++) {
    const row = t[1 + rank] as string;
    for (let file = 0; file < 8; file++) board[(7 - rank) * 8 + file] = PIECES.indexOf(row[file] as string);
  }
  const numbers: number[] = [];
  for (let k = 10; k < t.length; k++) if (k < 17 || (k > 18 && k < 27) || k > 29) numbers.push(Number(t[k]));
  return { board, turn: t[9], numbers, names: [t[17], t[18]], moves: [t[27], t[28], t[29]] };
}

/** The lighter floor: one charCodeAt pass that counts the fields (the blanks) of the line. */
function countFields(line: string): number {
  let fields = 1;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) === 32) fields++;
  return fields;
}

/** The floor: one charCodeAt pass over the line, folding the codes into 64 cells. */
function scanFloor(line: string): Int32Array {
  const cells = new Int32Array(64);
  for (let i = 0; i < line.length; i++) cells[i & 63] = line.charCodeAt(i);
  return cells;
}

export function runStyle12(): void {
  const corpus = [...EXAMPLES, ...gameLines()];
  for (const line of corpus) {
    const parsed = parseStyle12(line);
    if (!parsed.ok || writeStyle12(parsed.value) !== line) throw new Error(`no round trip: ${line}`);
  }
  const rate = (ops: number) => ops * corpus.length;
  console.log(
    `\nstyle12 corpus: ${String(corpus.length)} lines; rates are lines per second (parseStyle12 and its contenders: of CPU time)`,
  );
  // Alternated rounds and medians: on a shared machine the load moves within a second, and
  // contenders measured one after the other would see different machines.
  const rows = measureAlternating(
    [
      { name: '@chess-formats/style12 parseStyle12', fn: overItems(corpus, (line) => parseStyle12(line)) },
      { name: 'baseline: split(" ") and map', fn: overItems(corpus, splitAndMap) },
      { name: 'floor: one-pass charCodeAt scan', fn: overItems(corpus, scanFloor) },
      { name: 'light baseline: split(" "), 64 squares', fn: overItems(corpus, splitBoard) },
      { name: 'light floor: one pass counting fields', fn: overItems(corpus, countFields) },
    ],
    15,
    50,
    'cpu',
  ).map((row) => ({ name: row.name, opsPerSecond: rate(row.opsPerSecond) }));
  report('parseStyle12 (ratio to the split baseline)', 'lines', rows, 'baseline: split(" ") and map');
  report('parseStyle12 (ratio to the one-pass scan)', 'lines', rows, 'floor: one-pass charCodeAt scan');
  const lines = (name: string): number => rows.find((r) => r.name.startsWith(name))?.opsPerSecond ?? Number.NaN;
  const ours = lines('@chess-formats');
  const times = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;
  console.log(
    `parseStyle12 speed / light split baseline ${times(ours, lines('light baseline'))} (goal >= 1.5), / heavy ${times(ours, lines('baseline:'))}; ` +
      `time / light field-counting scan ${times(lines('light floor'), ours)} (goal <= 2), / heavy scan ${times(lines('floor:'), ours)}; load ${loadText()}`,
  );

  const records = corpus.map((line) => {
    const parsed = parseStyle12(line);
    if (!parsed.ok) throw new Error(line);
    return parsed.value;
  });
  const stream = corpus.map((line) => `\x07\n\r${line}\n\rfics% `).join('');
  const bytes = new TextEncoder().encode(stream);
  const scanner = createStyle12Scanner();
  const more = [
    measure(
      'writeStyle12',
      overItems(records, (record) => writeStyle12(record)),
      1,
    ),
    measure('scanner over the raw stream (bytes)', () => scanner.push(bytes), 1),
  ].map((row, k) => ({
    name: row.name,
    opsPerSecond: k === 0 ? rate(row.opsPerSecond) : row.opsPerSecond * corpus.length,
  }));
  report('write and scan (lines per second)', 'lines', more);
}
