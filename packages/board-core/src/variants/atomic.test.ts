import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseFen } from 'chessops/fen';
import { parseSan as opsParseSan } from 'chessops/san';
import { Atomic } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import { createReplay } from '../replay.js';
import { isCheckmate, legalMoves, perft, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { fenOf, fromChessops, setupFromFen } from '../testing/chessops-bridge.js';
import { compareGame, emptyTally, opsFen } from '../testing/chessops-variant-games.js';
import { chess960Fen, random } from '../testing/seeded.js';
import { atomic } from './atomic.js';
import { variantByFicsType, variantByIccWild, variantByLichessKey, variantByPgnName, withVariant } from './lookup.js';

const atomicAt = (fen: string): Setup => withVariant(setupFromFen(fen), atomic);

/** Plays SAN moves from `setup`, failing on the first that does not read. */
function playSan(setup: Setup, moves: string): Setup {
  let position = setup;
  for (const text of moves.split(' ')) {
    const move = parseSan(position, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    position = play(position, move.value);
  }
  return position;
}

describe('atomic', () => {
  it('is named as lichess, FICS and ICC name it', () => {
    expect(variantByPgnName('Atomic')).toBe(atomic);
    expect(variantByLichessKey('atomic')).toBe(atomic);
    expect(variantByFicsType('atomic')).toBe(atomic);
    expect(variantByIccWild(27)).toBe(atomic);
  });

  // Published counts: niklasf/chessops src/variant.test.ts (near-king-explosion, atomic960-castle-1)
  // and python-chess examples/perft/atomic.perft (the start).
  it.each([
    ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -', [20, 400, 8902]],
    ['near-king-explosion', 'rnbqk2r/pp1p2pp/2p3Nn/5p2/1b2P1PP/8/PPP2P2/R1BQKB1R w KQkq -', [5, 132, 4973]],
    ['atomic960-castle-1', '8/8/8/8/8/8/2k5/rR4KR w KQ -', [18, 180, 4364]],
  ] as const)('perft from %s', (_name, fen, counts) => {
    counts.forEach((nodes, depth) => expect(perft(atomicAt(fen), depth + 1)).toBe(nodes));
  });

  it('explodes the capturing piece, the captured one and the pieces around but pawns', () => {
    // 1. e4 d5 2. exd5: the pawns on d5 and e4 are gone; nothing else stood next to d5 but pawns.
    const after = playSan(atomic.start(), 'e4 d5 exd5');
    expect(fenOf(after)).toBe('rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2');
    // A knight takes on f7: around it stand e8 (the king), f8 and g8 (they go) and the pawns
    // e7 and g7 (they stay); Black's castling rights go with its king.
    const blast = playSan(atomicAt('rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1'), 'Nxf7');
    expect(fenOf(blast)).toBe('rnbq3r/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 1');
    expect(outcome(blast)).toEqual({ reason: 'kingExploded', winner: 'white' });
    expect(legalMoves(blast)).toEqual([]);
  });

  it('writes an exploding capture of the king with #, as chessops and lichess do', () => {
    const setup = atomicAt('rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
    const move = legalMoves(setup).find((m) => m.kind === 'normal' && m.to === 53);
    expect(move && writeSan(setup, move)).toBe('Nxf7#');
  });

  it('lets a king not capture, nor a piece capture next to its own king', () => {
    // White's king on e1 next to a black knight on e2: taking it would explode the king.
    const setup = atomicAt('4k3/8/8/8/8/8/3Qn3/4K3 w - - 0 1');
    const uci = legalMoves(setup).map((m) => `${m.kind === 'drop' ? '' : m.from}-${m.to}`);
    expect(uci).not.toContain('4-12');
    expect(uci).not.toContain('11-12');
  });

  it('counts no check between kings side by side', () => {
    // The rook on a5 and the queen on a1 attack e5's king, but White's king stands next to it.
    const touching = atomicAt('8/8/8/R3kK2/8/8/8/Q7 b - - 0 1');
    expect(outcome(touching)).toBeUndefined();
    expect(isCheckmate(touching)).toBe(false);
    // Kf4 steps next to White's king, into the rook's and queen's lines: legal, kings may touch.
    expect(legalMoves(touching).map((m) => writeSan(touching, m))).toContain('Kf4');
    // A rook move that leaves the kings side by side gives no check: Ra5-a6 with Black's king on e6.
    const quiet = atomicAt('8/8/4kK2/R7/8/8/8/8 w - - 0 1');
    const move = legalMoves(quiet).find((m) => m.kind === 'normal' && m.from === 32 && m.to === 40);
    expect(move && writeSan(quiet, move)).toBe('Ra6');
  });

  it('ends games as chessops does (src/variant.test.ts, atomic king exploded)', () => {
    for (const fen of [
      'r4b1r/ppp1pppp/7n/8/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3',
      'rn5r/pp4pp/2p3Nn/5p2/1b2P1PP/8/PPP2P2/R1B1KB1R b KQ - 0 9',
    ])
      expect(outcome(atomicAt(fen))).toEqual({ reason: 'kingExploded', winner: 'white' });
  });

  // niklasf/chessops src/variant.test.ts, insufficient material: [FEN, White's, Black's].
  it.each([
    ['8/3k4/8/8/2N5/8/3K4/8 b - -', true, true],
    ['8/4rk2/8/8/8/8/3K4/8 w - -', true, true],
    ['8/4qk2/8/8/8/8/3K4/8 w - -', true, false],
    ['8/1k6/8/2n5/8/3NK3/8/8 b - -', false, false],
    ['8/4bk2/8/8/8/8/3KB3/8 w - -', true, true],
    ['4b3/5k2/8/8/8/8/3KB3/8 w - -', false, false],
    ['3Q4/5kKB/8/8/8/8/8/8 b - -', false, true],
    ['8/5k2/8/8/8/8/5K2/4bb2 w - -', true, false],
    ['8/5k2/8/8/8/8/5K2/4nb2 w - -', true, false],
  ] as const)('insufficient material in %s', (fen, white, black) => {
    const setup = atomicAt(fen);
    expect([hasInsufficientMaterial(setup, 'white'), hasInsufficientMaterial(setup, 'black')]).toEqual([white, black]);
  });
});

describe('atomic against chessops', () => {
  const starts = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1',
    'rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1',
    '8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1',
    'r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1',
    'Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1',
    'rnbqk2r/pp1p2pp/2p3Nn/5p2/1b2P1PP/8/PPP2P2/R1BQKB1R w KQkq - 0 1',
    // Castling rich, promotion rich, and facing pawn chains for en passant.
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'rn2k1nr/PP6/8/8/8/8/6pp/RN2K1NR w KQkq - 0 1',
    'r3k3/1ppppppp/8/1P1P1P1P/p1p1p1p1/8/1PPPPPPP/4K2R w - - 0 1',
  ];

  // One test per start, each a few seconds, so that a loaded machine does not time one out.
  const fens = [...starts, ...Array.from({ length: 6 }, (_, k) => chess960Fen(random(2700 + k)))];
  const tally = emptyTally();

  it.each(fens.map((fen, k) => [fen, k] as const))('agrees along random games from %s', (fen, k) => {
    const next = random(27 + k);
    for (let game = 0; game < 6; game++) {
      const pos = Atomic.fromSetup(parseFen(fen).unwrap()).unwrap();
      const setup = withVariant(fromChessops(pos.toSetup()), atomic);
      // Half the games take a capture whenever one is legal, so that kings explode.
      const greedy = game % 2 === 1;
      compareGame(setup, pos, next, 120, tally, (moves, at) =>
        greedy ? moves.find((m) => at.board.pieces[m.to] !== undefined && next() < 0.7) : undefined,
      );
    }
  });

  it('reached every rule along those games', () => {
    expect(tally.positions).toBeGreaterThan(2000);
    expect(tally.ends.kingExploded ?? 0).toBeGreaterThan(10);
    expect(Math.min(tally.castles, tally.enPassant, tally.promotions), JSON.stringify(tally)).toBeGreaterThan(20);
  });
});

// The real atomic games: FICS atomic games from pychess' test files, beside the repository.
const REAL = ['../../../../../shared/real', '../../../../../../shared/real']
  .map((up) => join(import.meta.dirname, up))
  .find((dir) => existsSync(join(dir, 'variants')));

function pgnFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pgnFiles(path);
    return /\.pgn$/i.test(name) ? [path] : [];
  });
}

/** The movetext of each game of a PGN file that names atomic in its Variant tag (no variations in these files). */
function atomicGames(text: string): { name: string; moves: string[] }[] {
  const games: { name: string; moves: string[] }[] = [];
  for (const chunk of text.split(/\n(?=\[Event )/)) {
    if (!/^\[Variant "atomic"\]/im.test(chunk)) continue;
    const name = /^\[White "([^"]*)"\]/m.exec(chunk)?.[1] ?? '?';
    const movetext = chunk
      .replace(/^\[.*\]\s*$/gm, '')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\d+\.(\.\.)?/g, ' ');
    const moves = movetext.split(/\s+/).filter((t) => t !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
    games.push({ name, moves });
  }
  return games;
}

describe.skipIf(REAL === undefined)('real atomic games (shared data)', () => {
  it('replay move by move to their end, by parseSan and play and by the replay cursor alike', () => {
    const dir = REAL as string;
    const files = [join(dir, 'variants/pychess__testing_gamefiles_atomic.pgn'), ...pgnFiles(join(dir, 'pgn'))];
    let games = 0;
    let plies = 0;
    for (const file of files) {
      for (const game of atomicGames(readFileSync(file, 'utf8'))) {
        let setup = atomic.start();
        const replay = createReplay(setup);
        const ops = Atomic.default();
        for (const san of game.moves) {
          const read = parseSan(setup, san);
          expect(read.ok, `${game.name}: ${san} in ${fenOf(setup)}`).toBe(true);
          if (!read.ok) break;
          setup = play(setup, read.value);
          expect(replay.playSan(san).ok).toBe(true);
          const opsMove = opsParseSan(ops, san);
          expect(opsMove, `chessops reading ${san}`).toBeDefined();
          if (opsMove) ops.play(opsMove);
          plies++;
        }
        expect(fenOf(replay.setup())).toBe(fenOf(setup));
        expect(fenOf(setup), game.name).toBe(opsFen(ops));
        games++;
      }
    }
    expect(games).toBe(20);
    expect(plies).toBeGreaterThan(300);
  });
});

describe.skipIf(REAL !== undefined)('real atomic games', () => {
  it.skip('skipped: the shared real games (real/variants) are not beside the repository', () => {});
});
