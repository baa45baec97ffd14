/**
 * Differential test against chessops on the peers' published PGN files, run only where the
 * shared test data is (never in the repository: the files are GPL). Skips cleanly elsewhere.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseUci } from 'chessops';
import { makeFen } from 'chessops/fen';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan as chessopsParseSan } from 'chessops/san';
import { enPassantCapturable, writeFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import { finalSetup, type PgnGame, type PgnNode } from './game.js';
import { parsePgn } from './read.js';
import { writePgn } from './write.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const DIRECTORY = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'external-testdata/pgn'))
  .find((dir) => existsSync(dir));
const files = DIRECTORY === undefined ? [] : readdirSync(DIRECTORY).filter((f) => f.endsWith('.pgn'));

/** The game without the moves' text as read (the writer writes board-core's SAN) nor the warnings on the text. */
function withoutSan(game: PgnGame): unknown {
  const strip = (node: PgnNode): unknown => ({ ...node, san: '', children: node.children.map(strip) });
  const { warnings: _, ...rest } = game;
  return { ...rest, root: { ...game.root, children: game.root.children.map(strip) } };
}

describe.skipIf(files.length === 0)("the peers' PGN files, against chessops", () => {
  const tally = { files: 0, games: 0, replayed: 0, unsupported: 0 };
  for (const file of files) {
    test(file, () => {
      const text = readFileSync(join(DIRECTORY!, file), 'utf8');
      const ours = parsePgn(text);
      const theirs = chessopsParsePgn(text);
      expect(ours).toHaveLength(theirs.length);
      tally.files++;
      theirs.forEach((reference, i) => {
        tally.games++;
        const result = ours[i]!;
        const variant = reference.headers.get('Variant');
        if (!result.ok) {
          // Only games of variants board-core does not play may fail.
          expect(result.error.code).toBe('unknown-variant');
          expect(variant?.toLowerCase()).toBe('antichess');
          tally.unsupported++;
          return;
        }
        const position = startingPosition(reference.headers).unwrap();
        for (const node of reference.moves.mainline()) {
          if (node.san === '--') {
            // chessops reads null moves into the tree and leaves playing them to the caller.
            if (position.turn === 'black') position.fullmoves++;
            position.turn = position.turn === 'white' ? 'black' : 'white';
            position.epSquare = undefined;
            position.halfmoves++;
            continue;
          }
          const move = chessopsParseSan(position, node.san) ?? parseUci(node.san);
          if (move === undefined) throw new Error(`chessops cannot read ${node.san}`);
          position.play(move);
        }
        // chessops writes an en passant square only when a capture is legal.
        expect(writeFen(finalSetup(result.value), { epPolicy: enPassantCapturable }).replace(/\[.*\]/, '')).toBe(
          makeFen(position.toSetup()).replace(/\[.*\]|~/g, ''),
        );
        const again = parsePgn(writePgn(result.value));
        expect(again).toHaveLength(1);
        expect(again[0]?.ok && withoutSan(again[0].value)).toEqual(withoutSan(result.value));
        tally.replayed++;
      });
    });
  }
  test('tally', () => {
    console.log(
      `external PGN: ${tally.files} files, ${tally.games} games, ${tally.replayed} replayed to chessops' final position and round-tripped, ${tally.unsupported} of unsupported variants`,
    );
    expect(tally.replayed).toBeGreaterThan(0);
  });
});
