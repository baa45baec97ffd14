/**
 * The `Variant` tag read with the names people meet, and FICS exports that name the variant
 * only in `Event`; on the real FICS exports of the shared data where it is present.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { variantByFicsType, variantByKey } from '@chess-formats/board-core';
import { makeFen } from 'chessops/fen';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan as chessopsParseSan } from 'chessops/san';
import { writeFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import { finalSetup } from './game.js';
import { parsePgn } from './read.js';
import { ficsTypeOfEvent } from './tags.js';
import { writePgn } from './write.js';

const read = (text: string) => parsePgn(text)[0];
const variantOf = (text: string) => {
  const game = read(text);
  return game?.ok ? game.value.variant : game?.error.code;
};

describe('Variant names', () => {
  test.each([
    ['Crazyhouse', 'crazyhouse'],
    ['zh', 'crazyhouse'],
    ['w23', 'crazyhouse'],
    ['wild/23', 'crazyhouse'],
    ['wild 22', 'chess960'],
    ['wild/fr', 'chess960'],
    ['Fischerandom', 'chess960'],
    ['threeCheck', 'threeCheck'],
    ['w25', 'threeCheck'],
    ['kingOfTheHill', 'kingOfTheHill'],
    ['From Position', 'standard'],
  ])('[Variant "%s"] is %s', (name, key) => {
    expect(variantOf(`[Variant "${name}"]\n\n*`)).toBe(key);
  });

  test('FICS wild/2 to wild/8a are chess from their FEN, each its own variant so that it is written back by its name', () => {
    const fen = 'RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w - - 0 1';
    const game = read(`[Variant "wild/5"]\n[FEN "${fen}"]\n\n1. Nf6 Nf3 2. g8=Q *`);
    expect(game?.ok && [game.value.variant, writeFen(finalSetup(game.value)).split(' ')[0]]).toEqual([
      'wild5',
      'RNBKQBQR/PPPPPP1P/5N2/8/8/5n2/pppppppp/rnbkqb1r',
    ]);
    for (const name of ['wild/0', 'wild/1']) expect(variantOf(`[Variant "${name}"]\n\n*`)).toBe(name.replace('/', ''));
  });

  test('an unknown Variant is an error at its value, never chess', () => {
    for (const name of ['wild/9', 'kriegspiel', 'shatranj', 'Chess 2']) {
      const game = read(`[Event "x"]\n[Variant "${name}"]\n\n1. e4 *`);
      expect(game?.ok === false && [game.error.code, game.error.line, game.error.column]).toEqual([
        'unknown-variant',
        2,
        11,
      ]);
    }
  });
});

describe('a FICS export whose variant is only in Event', () => {
  test.each([
    ['FICS rated crazyhouse game', 'crazyhouse'],
    ['FICS unrated crazyhouse game', 'crazyhouse'],
    ['ICS unrated crazyhouse match', 'crazyhouse'],
    ['FICS rated wild/fr game', 'chess960'],
    ['FICS rated wild/5 game', 'wild5'],
    ['FICS rated blitz game', 'standard'],
    ['fics server game, rated lightning match', 'standard'],
    ['FICS Rated Crazyhouse Game', 'crazyhouse'],
  ])('"%s" is %s', (event, key) => {
    expect(ficsTypeOfEvent(event)).toBeDefined();
    expect(variantOf(`[Event "${event}"]\n\n*`)).toBe(key);
  });

  test('a crazyhouse game with drops reads with the variant from Event', () => {
    const game = read('[Event "FICS rated crazyhouse game"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *');
    expect(game?.ok && game.value.variant).toBe('crazyhouse');
  });

  test('every FICS game type names its variant in Event; a type no variant plays is an error at the Event value', () => {
    for (const [type, key] of [
      ['atomic', 'atomic'],
      ['suicide', 'suicide'],
      ['losers', 'losers'],
      ['bughouse', 'bughouse'],
      ['wild/0', 'wild0'],
    ] as const)
      expect(variantOf(`[Site "FICS"]\n[Event "FICS rated ${type} game"]\n\n*`)).toBe(key);
    const game = read(`[Site "FICS"]\n[Event "FICS rated wild/9 game"]\n\n1. e4 *`);
    expect(game?.ok === false && [game.error.code, game.error.line, game.error.column]).toEqual([
      'unknown-variant',
      2,
      9,
    ]);
  });

  test('Variant wins over Event; other events name nothing', () => {
    expect(variantOf('[Event "FICS rated crazyhouse game"]\n[Variant "Standard"]\n\n*')).toBe('standard');
    for (const event of ['FICS rated crazyhouse', 'Rated crazyhouse game', 'ICC rated wild/23 game', '?'])
      expect(ficsTypeOfEvent(event)).toBeUndefined();
  });
});

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const REAL = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real'))
  .find((dir) => existsSync(join(dir, 'pgn')));

/** The real files that hold FICS exports: every `.pgn` whose Event names a FICS game type. */
function ficsFiles(): string[] {
  if (REAL === undefined) return [];
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.b?pgn$/.test(entry.name) && !entry.name.endsWith('.bpgn')) {
        const text = readFileSync(path, 'latin1');
        if (/^\[Event "(?:FICS|ICS|fics server game)/im.test(text)) found.push(path);
      }
    }
  };
  walk(join(REAL, 'pgn'));
  walk(join(REAL, 'variants'));
  return found.sort();
}

/** chessops' final position of a game of `variant` (a name it knows), or undefined when it cannot replay it. */
function chessopsFinal(text: string, variant: string): string | undefined {
  const [game] = chessopsParsePgn(text);
  if (game === undefined) return undefined;
  game.headers.set('Variant', variant);
  const start = startingPosition(game.headers);
  if (start.isErr) return undefined;
  const position = start.value;
  for (const node of game.moves.mainline()) {
    const move = chessopsParseSan(position, node.san);
    if (move === undefined) return undefined;
    position.play(move);
  }
  return makeFen(position.toSetup());
}

/** chessops' name of each variant key it plays. */
const CHESSOPS: Readonly<Record<string, string>> = {
  standard: 'standard',
  chess960: 'chess960',
  crazyhouse: 'crazyhouse',
  atomic: 'atomic',
  antichess: 'antichess',
};

describe.skipIf(ficsFiles().length === 0)('the real FICS exports of the shared data', () => {
  const tally = new Map<string, { games: number; read: number; refused: number; chessops: number }>();
  for (const path of ficsFiles()) {
    test(path.slice(path.indexOf('/real/') + 6), () => {
      const text = readFileSync(path, 'utf8');
      const games = text.split(/(?=^\[Event )/m).filter((part) => part.startsWith('[Event '));
      for (const one of games) {
        const [result] = parsePgn(one);
        const event = /^\[Event "([^"]*)"\]/m.exec(one)?.[1];
        const variantTag = /^\[Variant "([^"]*)"\]/m.exec(one)?.[1];
        const type = variantTag ?? ficsTypeOfEvent(event) ?? 'standard';
        const row = tally.get(type) ?? { games: 0, read: 0, refused: 0, chessops: 0 };
        tally.set(type, row);
        row.games++;
        if (result === undefined) throw new Error('no game');
        if (!result.ok) {
          // Only a variant the rules do not play (yet) may fail: never read as chess.
          expect(result.error.code).toBe('unknown-variant');
          expect(variantByFicsType(type)).toBeUndefined();
          row.refused++;
          continue;
        }
        const game = result.value;
        row.read++;
        // The variant the file names, not chess unless it names chess.
        expect(game.variant).toBe(
          variantTag === undefined
            ? variantByFicsType(type)?.key
            : (parsePgn(`[Variant "${variantTag}"]\n\n*`)[0] as { value: { variant: string } }).value.variant,
        );
        const again = parsePgn(writePgn(game))[0];
        expect(again?.ok && writeFen(finalSetup(again.value))).toBe(writeFen(finalSetup(game)));
        const name = CHESSOPS[game.variant];
        if (name !== undefined && variantByKey(game.variant) !== undefined) {
          const theirs = chessopsFinal(one, name);
          const unmarked = (fen: string | undefined) => fen?.split(' ')[0]?.replace(/~/g, '');
          expect(unmarked(theirs)).toBe(unmarked(writeFen(finalSetup(game))));
          row.chessops++;
        }
      }
    });
  }
  test('tally', () => {
    const lines = [...tally].map(
      ([type, row]) =>
        `${type}: ${String(row.games)} games, ${String(row.read)} read as it (${String(row.chessops)} to chessops' final position), ${String(row.refused)} refused`,
    );
    console.log(`real FICS exports by type:\n${lines.join('\n')}`);
    expect(tally.size).toBeGreaterThan(0);
  });
});
