import { Chess } from 'chess.js';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan as chessopsParseSan } from 'chessops/san';
import { legalMoves, play, standardSetup, writeSan, type Setup } from '@chess-formats/board-core';
import { parsePgn, writePgn, type PgnGame, type PgnNode } from '@chess-formats/pgn';
import { consume, loadText, measureAlternating, report } from './harness.js';

/** A small seeded generator (mulberry32), so the corpus is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = PgnNode & { children: PgnNode[] };

/** Games of 40-120 plies played at random, with clocks on every move, a comment every few moves and some variations. */
function corpusGame(next: () => number, index: number): PgnGame {
  const root: { children: PgnNode[] } = { children: [] };
  let parent: { children: PgnNode[] } = root;
  let setup: Setup = standardSetup();
  const plies = 40 + Math.floor(next() * 81);
  let clock = 180_000;
  for (let ply = 0; ply < plies; ply++) {
    const moves = legalMoves(setup);
    if (moves.length === 0) break;
    const move = moves[Math.floor(next() * moves.length)]!;
    clock -= Math.floor(next() * 3000);
    const commented = next() < 0.15;
    const node: Node = {
      san: writeSan(setup, move),
      move,
      children: [],
      clockMs: Math.max(0, clock),
      ...(commented ? { comments: ['a sharp idea, though the engine prefers another plan here'] } : {}),
    };
    parent.children.push(node);
    if (next() < 0.07) {
      let line: { children: PgnNode[] } = parent;
      let at = setup;
      for (let k = 0; k < 2 + Math.floor(next() * 3); k++) {
        const alternatives = legalMoves(at);
        if (alternatives.length === 0) break;
        const alt = alternatives[Math.floor(next() * alternatives.length)]!;
        const altNode: Node = { san: writeSan(at, alt), move: alt, children: [] };
        line.children.push(altNode);
        line = altNode;
        at = play(at, alt);
      }
    }
    parent = node;
    setup = play(setup, move);
  }
  const tags = new Map([
    ['Event', 'Rated blitz game'],
    ['Site', 'https://example.org/game'],
    ['Date', '2024.05.17'],
    ['Round', String(index + 1)],
    ['White', 'Alpha'],
    ['Black', 'Beta'],
    ['Result', '*'],
    ['WhiteElo', '2200'],
    ['BlackElo', '2150'],
    ['TimeControl', '180+0'],
  ]);
  return { tags, variant: 'standard', setup: standardSetup(), root, result: '*' };
}

/** The lower bound: finds the games and the tokens, reads nothing. */
function splitOnly(text: string): number {
  let tokens = 0;
  let games = 0;
  let inToken = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) {
      inToken = false;
      continue;
    }
    if (c === 123) {
      const close = text.indexOf('}', i);
      i = close < 0 ? text.length : close;
      tokens++;
      inToken = false;
      continue;
    }
    if (c === 91 && text.startsWith('[Event ', i)) games++;
    if (!inToken) tokens++;
    inToken = true;
  }
  return tokens + games;
}

/** The seeded corpus: its games and their text. */
export function pgnCorpus(): { games: PgnGame[]; corpus: string } {
  const next = random(20240517);
  const games = Array.from({ length: 100 }, (_, k) => corpusGame(next, k));
  return { games, corpus: games.map((game) => writePgn(game)).join('\n') };
}

export function runPgn(): void {
  const { games, corpus } = pgnCorpus();
  const parsed = parsePgn(corpus);
  if (parsed.length !== games.length || !parsed.every((r) => r.ok)) throw new Error('the corpus does not read back');
  // chess.js reads one game at a time, no variations and one comment per move: it gets the
  // games without variations, each clock in the move's one comment.
  const clock = (ms: number): string =>
    `${Math.floor(ms / 3_600_000)}:${String(Math.floor(ms / 60_000) % 60).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  const flat = games.map((game) => {
    const strip = ({ clockMs, comments, ...node }: PgnNode): PgnNode => ({
      ...node,
      comments: [[clockMs === undefined ? '' : `[%clk ${clock(clockMs)}]`, ...(comments ?? [])].join(' ').trim()],
      children: node.children.slice(0, 1).map(strip),
    });
    return writePgn({ ...game, root: { children: game.root.children.slice(0, 1).map(strip) } });
  });
  for (const text of flat) new Chess().loadPgn(text);
  const plies = games.reduce((n, game) => {
    let count = 0;
    for (let node = game.root.children[0]; node; node = node.children[0]) count++;
    return n + count;
  }, 0);
  console.log(
    `\npgn corpus: ${games.length} games, ${plies} main-line plies, ${corpus.length} characters (seeded, with clocks, comments and variations)`,
  );

  const rows = measureAlternating(
    [
      { name: '@chess-formats/pgn parsePgn (replays every move)', fn: () => parsePgn(corpus) },
      {
        name: 'chessops parsePgn + parseSan/play main line',
        fn: () => {
          let last;
          for (const game of chessopsParsePgn(corpus)) {
            const position = startingPosition(game.headers).unwrap();
            for (const node of game.moves.mainline()) {
              const move = chessopsParseSan(position, node.san);
              if (move) position.play(move);
            }
            last = position;
          }
          return last;
        },
      },
      {
        name: 'chess.js loadPgn (games without variations)',
        fn: () => {
          let last;
          for (const text of flat) {
            last = new Chess();
            last.loadPgn(text);
          }
          return last;
        },
      },
      { name: '@chess-formats/pgn parsePgn tagsOnly', fn: () => parsePgn(corpus, { tagsOnly: true }) },
      { name: 'floor: split games and tokens only', fn: () => splitOnly(corpus) },
    ],
    9,
    200,
    'cpu',
  );
  consume(rows);
  report('read the corpus (passes; ratio to ours)', 'corpus', rows);
  const megabytes = corpus.length / 1e6;
  console.log(
    `load average ${loadText()}; ours is ${(rows[0]!.opsPerSecond / rows[1]!.opsPerSecond).toFixed(2)}x chessops, tags-only takes ${(rows[4]!.opsPerSecond / rows[3]!.opsPerSecond).toFixed(2)}x the floor's time`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(52)} ${(row.opsPerSecond * megabytes).toFixed(2).padStart(7)} MB/s ${(row.opsPerSecond * games.length).toFixed(0).padStart(8)} games/s`,
    );
  }
}
