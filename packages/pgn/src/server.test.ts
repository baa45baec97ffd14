/**
 * Server to PGN, whole: games followed on FICS through the style12 tracker, written by
 * `gameToPgn`, read back by our reader and by chessops, ending on the server's last board with
 * the right `Variant` tag. The FICS streams are built the way FICS sends them (a start notice,
 * each board, and the `<b1>` holdings line after it); the real crazyhouse games of the shared
 * data are used where it is present (never copied into the repository).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { makeFen } from 'chessops/fen';
import { parseSan as chessopsParseSan } from 'chessops/san';
import {
  parseSan,
  parseVerbose,
  play,
  variantByFicsType,
  writeSan,
  writeSmith,
  writeVerbose,
  type Setup,
  type TrackedGame,
} from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import {
  createStyle12Scanner,
  createStyle12Tracker,
  style12FromSetup,
  writeHoldings,
  writeStyle12,
  type Style12TrackerOptions,
} from '@chess-formats/style12';
import { createIccDecoder, createIccTracker } from '@chess-formats/icc-dg';
import { describe, expect, test } from 'vitest';
import { finalSetup, type PgnGame } from './game.js';
import { parsePgn } from './read.js';
import { gameToPgn } from './tracked.js';
import { writePgn } from './write.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const REAL = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real'))
  .find((dir) => existsSync(join(dir, 'variants')));

/** What a FICS stream says before the boards of a game. */
interface Preamble {
  /** FICS's type word in the start notice (`crazyhouse`, `wild/fr`); none: no notice. */
  readonly type?: string;
  readonly rated?: boolean;
  /** Holdings lines after each board (crazyhouse, bughouse). */
  readonly holdings?: boolean;
  /** The `observe` reply's header (`Game 54: A (1500) B (1600) rated crazyhouse 3 0`) instead of the start notice, with these ratings. */
  readonly observed?: readonly [string, string];
}

const GAME = 54;

/**
 * The lines FICS sends to an observer of `game`'s main line: the start notice, then each
 * board followed by its `<b1>` holdings line, then the end notice.
 */
function ficsStream(game: PgnGame, preamble: Preamble = {}): string {
  const white = game.tags.get('White') ?? 'White';
  const black = game.tags.get('Black') ?? 'Black';
  const facts = { gameNumber: GAME, whiteName: white, blackName: black, initialTimeMinutes: 3, incrementSeconds: 0 };
  const lines: string[] = [];
  if (preamble.type !== undefined && preamble.observed !== undefined)
    lines.push(
      `You are now observing game ${String(GAME)}.`,
      `Game ${String(GAME)}: ${white} (${preamble.observed[0]}) ${black} (${preamble.observed[1]}) ${preamble.rated === false ? 'unrated' : 'rated'} ${preamble.type} 3 0`,
      '',
    );
  else if (preamble.type !== undefined)
    lines.push(
      `{Game ${String(GAME)} (${white} vs. ${black}) Creating ${preamble.rated === false ? 'unrated' : 'rated'} ${preamble.type} match.}`,
    );
  const board = (setup: Setup, more: Partial<Parameters<typeof style12FromSetup>[1]> = {}): void => {
    lines.push(writeStyle12(style12FromSetup(setup, { ...facts, ...more })));
    if (preamble.holdings === true && setup.pockets !== undefined)
      lines.push(writeHoldings({ gameNumber: GAME, pockets: setup.pockets, passed: undefined }));
  };
  let setup = game.setup;
  board(setup);
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) {
    if (node.move === null) throw new Error('a null move in a server game');
    const verboseMove = writeVerbose(setup, node.move);
    setup = play(setup, node.move);
    board(setup, { verboseMove, sanMove: node.san, moveTimeMs: 1000 });
  }
  const reason = lastComment(game) ?? 'Game over';
  lines.push(`{Game ${String(GAME)} (${white} vs. ${black}) ${reason}} ${game.result}`, '');
  return lines.join('\n\r');
}

/** The moves of a game's main line. */
function mainLinePlies(game: PgnGame): number {
  let plies = 0;
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) plies++;
  return plies;
}

function lastComment(game: PgnGame): string | undefined {
  let node = game.root.children[0];
  while (node?.children[0] !== undefined) node = node.children[0];
  return node?.comments?.[0];
}

/** The game the tracker followed, as it was when the server ended it. */
function follow(stream: string, options: Style12TrackerOptions = {}): TrackedGame | undefined {
  const scanner = createStyle12Scanner();
  const tracker = createStyle12Tracker(options);
  let ended: TrackedGame | undefined;
  for (const event of [...scanner.push(stream), ...scanner.end()])
    for (const change of tracker.push(event)) if (change.kind === 'game-ended') ended = change.game;
  return ended;
}

/** A written PGN replayed by chessops: its final FEN, or undefined when chessops cannot read it. */
function chessopsFinal(text: string): string | undefined {
  const [game] = chessopsParsePgn(text);
  if (game === undefined) return undefined;
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

/** The placement and pockets of a FEN, without crazyhouse's promoted marks (chessops writes `~`, but not always where we do). */
const board = (fen: string): string => (fen.split(' ')[0] as string).replace(/~/g, '');

interface Trip {
  readonly variant: string | undefined;
  readonly event?: string | undefined;
  readonly plies: number;
  readonly readBack: boolean;
  readonly sameBoard: boolean;
  readonly chessops: boolean;
}

/** A game through the FICS stream, the tracker, gameToPgn, our reader and chessops. */
function roundTrip(game: PgnGame, preamble: Preamble, options: Style12TrackerOptions = {}): Trip {
  const last = finalSetup(game);
  const tracked = follow(ficsStream(game, preamble), options);
  if (tracked === undefined)
    return { variant: undefined, plies: 0, readBack: false, sameBoard: false, chessops: false };
  const text = writePgn(gameToPgn(tracked, { server: 'FICS' }));
  const [read] = parsePgn(text);
  const ours = read?.ok === true ? finalSetup(read.value) : undefined;
  const theirs = chessopsFinal(text);
  return {
    variant: read?.ok === true ? read.value.tags.get('Variant') : undefined,
    ...(preamble.type === undefined ? {} : { event: read?.ok === true ? read.value.tags.get('Event') : undefined }),
    plies: tracked.moves.length,
    readBack: read?.ok === true,
    sameBoard: ours !== undefined && writeFen(ours) === writeFen(last),
    chessops: theirs !== undefined && board(theirs) === board(writeFen(last)),
  };
}

const RULES: Style12TrackerOptions = { moves: { parseVerbose, parseSan } };

describe('FICS crazyhouse to PGN: holdings after the first board belong to the start', () => {
  const [game] = parsePgn('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d6 P@e4 5. Nxe4 *');
  if (!game?.ok) throw new Error('the sample does not read');

  test.each([
    ['without the rules', {}],
    ['with the rules', RULES],
  ] as const)('%s: Variant "Crazyhouse", every ply, and the server\'s last board', (_how, options) => {
    expect(roundTrip(game.value, { holdings: true }, options)).toEqual({
      variant: 'Crazyhouse',
      plies: 9,
      readBack: true,
      sameBoard: true,
      chessops: true,
    });
  });
});

describe.skipIf(REAL === undefined)('the real FICS crazyhouse games of the shared data, as FICS streams', () => {
  const text = REAL === undefined ? '' : readFileSync(join(REAL, 'variants/pychess__testing_gamefiles_zh.pgn'), 'utf8');
  const games = parsePgn(text).flatMap((read) => (read.ok ? [read.value] : []));

  test.each([
    ['without the rules', {}],
    ['with the rules', RULES],
  ] as const)('%s: all 83 read back with their Variant tag, on the last board, by us and chessops', (how, options) => {
    expect(games).toHaveLength(83);
    const trips = games.map((game) => roundTrip(game, { holdings: true }, options));
    const whole = trips.filter((t) => t.variant === 'Crazyhouse' && t.readBack && t.sameBoard && t.chessops);
    console.log(`FICS crazyhouse streams ${how}: ${String(whole.length)} of ${String(games.length)} read back whole`);
    expect(whole.length).toBe(83);
  });
});

describe('FICS names the variant: the start notice, the observe header', () => {
  test('a Chess960 game (wild/fr) with castling is tagged Chess960 and reads back', () => {
    const [game] = parsePgn(
      '[Variant "Chess960"]\n[FEN "bbqnrnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRNKR w HEhe - 0 1"]\n\n1. Nfe3 Nfe6 2. O-O O-O *',
    );
    if (!game?.ok) throw new Error('the sample does not read');
    for (const options of [{}, RULES])
      expect(roundTrip(game.value, { type: 'wild/fr' }, options)).toEqual({
        variant: 'Chess960',
        event: 'FICS rated wild/fr game',
        plies: 4,
        readBack: true,
        sameBoard: true,
        chessops: true,
      });
    // Without the notice the game is tracked, but nothing says it is Chess960.
    expect(roundTrip(game.value, {}).variant).toBeUndefined();
  });

  test('the observe header gives rated and the ratings: Event, WhiteElo, BlackElo', () => {
    const [game] = parsePgn('[White "Alice"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf3 *');
    if (!game?.ok) throw new Error('the sample does not read');
    const tracked = follow(ficsStream(game.value, { type: 'blitz', rated: false, observed: ['2158E', '++++'] }));
    const tags = tracked === undefined ? undefined : gameToPgn(tracked, { server: 'FICS' }).tags;
    expect([tags?.get('Event'), tags?.get('WhiteElo'), tags?.get('BlackElo'), tags?.get('Variant')]).toEqual([
      'FICS unrated blitz game',
      '2158',
      undefined,
      undefined,
    ]);
  });

  test('a type no variant plays yet is written as the server named it, so no reader takes the game for chess', () => {
    const [game] = parsePgn('1. e4 e5 2. Nf3 *');
    if (!game?.ok) throw new Error('the sample does not read');
    const tracked = follow(ficsStream(game.value, { type: 'suicide' }));
    if (tracked === undefined) throw new Error('not followed');
    const text = writePgn(gameToPgn(tracked, { server: 'FICS' }));
    const [read] = parsePgn(text);
    if (variantByFicsType('suicide') === undefined) {
      expect(text).toContain('[Variant "suicide"]');
      expect(read?.ok === false && read.error.code).toBe('unknown-variant');
    } else expect(read?.ok).toBe(true);
  });

  test('an atomic game: the explosion is followed by the rules, every ply kept, tagged Atomic', () => {
    // 3. Nxc6 explodes both knights; the pawns around stay.
    const [game] = parsePgn('[Variant "Atomic"]\n\n1. Nf3 f5 2. Ne5 Nc6 3. Nxc6 e6 4. e4 *');
    if (!game?.ok) throw new Error('the sample does not read');
    for (const options of [{}, RULES])
      expect(roundTrip(game.value, { type: 'atomic' }, options)).toEqual({
        variant: 'Atomic',
        event: 'FICS rated atomic game',
        plies: 7,
        readBack: true,
        sameBoard: true,
        chessops: true,
      });
    // Without the notice nothing says atomic: the board after the explosion is not a chess
    // move's, so the tracker starts its move list again there.
    expect(roundTrip(game.value, {}).plies).toBeLessThan(7);
  });
});

describe.skipIf(REAL === undefined)(
  'the real FICS exports of the shared data, as FICS streams with their start notice',
  () => {
    const files = [
      ['pgn/raptor/raptor__projectFiles__test__crazyhouseGames.pgn', 'crazyhouse', 'Crazyhouse'],
      ['pgn/fatics/data__zh.pgn', 'crazyhouse', 'Crazyhouse'],
      ['pgn/raptor/raptor__projectFiles__test__wildFrGames.pgn', 'wild/fr', 'Chess960'],
      ['pgn/fatics/data__chess960.pgn', 'wild/fr', 'Chess960'],
      ['pgn/raptor/raptor__projectFiles__test__wild5games.pgn', 'wild/5', 'wild/5'],
      ['pgn/raptor/raptor__projectFiles__test__atomic.pgn', 'atomic', 'Atomic'],
      ['variants/pychess__testing_gamefiles_atomic.pgn', 'atomic', 'Atomic'],
    ] as const;
    test.each(files)('%s (%s): every game read back whole, tagged %s', (file, type, tag) => {
      const text = REAL === undefined ? '' : readFileSync(join(REAL, file), 'utf8');
      const games = parsePgn(text).flatMap((read) => (read.ok ? [read.value] : []));
      expect(games.length).toBeGreaterThan(0);
      const trips = games.map((game) =>
        roundTrip(
          game,
          { type, rated: /unrated/.test(game.tags.get('Event') ?? '') ? false : true, holdings: true },
          RULES,
        ),
      );
      // Whole: every ply kept (a move list started again mid-game would still end on the board).
      const whole = trips.filter(
        (t, i) => t.variant === tag && t.plies === mainLinePlies(games[i]!) && t.readBack && t.sameBoard && t.chessops,
      );
      console.log(`${file} as FICS streams: ${String(whole.length)} of ${String(games.length)} read back whole`);
      expect(whole.length).toBe(games.length);
    });
  },
);

const Y = '\x19';

/**
 * The datagrams ICC sends an observer of `game`'s main line as wild `wild`: DG_STARTED_OBSERVING,
 * then each move as DG_SEND_MOVES with its SAN, Smith text or both (DG_MOVE_ALGEBRAIC,
 * DG_MOVE_SMITH), then the result.
 */
function iccSession(game: PgnGame, wild: number, texts: 'both' | 'san' | 'smith', irregular = 0): string {
  const parts = [
    `${Y}(18 ${String(GAME)} Alice Bob ${String(wild)} Wild 1 3 0 3 0 1 {} 1800 1700 99 {} {} ${String(irregular)} 0 0 {} 0${Y})`,
  ];
  let setup = game.setup;
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) {
    if (node.move === null) throw new Error('a null move in a server game');
    const san = writeSan(setup, node.move);
    const smith = writeSmith(setup, node.move);
    parts.push(`${Y}(24 ${String(GAME)} ${texts === 'smith' ? smith : texts === 'san' ? san : `${san} ${smith}`}${Y})`);
    setup = play(setup, node.move);
  }
  parts.push(`${Y}(16 ${String(GAME)} 0 Mat ${game.result} {Game over} ?${Y})`);
  return parts.join('');
}

/** A game through an ICC session as wild `wild`, the ICC tracker, gameToPgn, our reader and chessops. */
function iccRoundTrip(game: PgnGame, wild: number, texts: 'both' | 'san' | 'smith' = 'both'): Trip {
  const settings =
    texts === 'both'
      ? (['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH'] as const)
      : texts === 'san'
        ? (['DG_MOVE_ALGEBRAIC'] as const)
        : (['DG_MOVE_SMITH'] as const);
  const decoder = createIccDecoder({ settings });
  const tracker = createIccTracker();
  for (const event of [...decoder.push(iccSession(game, wild, texts)), ...decoder.end()]) tracker.push(event);
  const tracked = tracker.game(GAME);
  if (tracked === undefined)
    return { variant: undefined, plies: 0, readBack: false, sameBoard: false, chessops: false };
  const text = writePgn(gameToPgn(tracked, { server: 'ICC' }));
  const [read] = parsePgn(text);
  const ours = read?.ok === true ? finalSetup(read.value) : undefined;
  const theirs = chessopsFinal(text);
  const last = finalSetup(game);
  return {
    variant: read?.ok === true ? read.value.tags.get('Variant') : undefined,
    event: read?.ok === true ? read.value.tags.get('Event') : undefined,
    plies: tracked.moves.length,
    readBack: read?.ok === true,
    sameBoard: ours !== undefined && writeFen(ours) === writeFen(last),
    chessops: theirs !== undefined && board(theirs) === board(writeFen(last)),
  };
}

describe('ICC wild numbers to PGN: the tracker plays the wild by its variant, gameToPgn tags it', () => {
  test.each(['both', 'san', 'smith'] as const)('wild 23 (crazyhouse), moves as %s: Variant "Crazyhouse"', (texts) => {
    const [game] = parsePgn('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d6 P@e4 5. Nxe4 *');
    if (!game?.ok) throw new Error('the sample does not read');
    expect(iccRoundTrip(game.value, 23, texts)).toEqual({
      variant: 'Crazyhouse',
      event: 'ICC rated wild/23 game',
      plies: 9,
      readBack: true,
      sameBoard: true,
      chessops: true,
    });
  });

  test.each(['both', 'san', 'smith'] as const)(
    'wild 25 (three-check), moves as %s: Variant "Three-check", won at the third check',
    (texts) => {
      const [game] = parsePgn('[Variant "Three-check"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ d5 5. Bxd5+ 1-0');
      if (!game?.ok) throw new Error('the sample does not read');
      expect(iccRoundTrip(game.value, 25, texts)).toEqual({
        variant: 'Three-check',
        event: 'ICC rated wild/25 game',
        plies: 9,
        readBack: true,
        sameBoard: true,
        chessops: true,
      });
    },
  );

  test.each(['both', 'san', 'smith'] as const)(
    'wild 27 (atomic), moves as %s: Variant "Atomic", the explosion played by the rules',
    (texts) => {
      const [game] = parsePgn('[Variant "Atomic"]\n\n1. Nf3 f5 2. Ne5 Nc6 3. Nxc6 e6 4. e4 *');
      if (!game?.ok) throw new Error('the sample does not read');
      expect(iccRoundTrip(game.value, 27, texts)).toEqual({
        variant: 'Atomic',
        event: 'ICC rated wild/27 game',
        plies: 7,
        readBack: true,
        sameBoard: true,
        chessops: true,
      });
    },
  );

  test('wild 22 (Fischer random) is Chess960; wild 5 is chess from its position, named in Event only', () => {
    const [fr] = parsePgn(
      '[Variant "Chess960"]\n[FEN "bbqnrnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRNKR w HEhe - 0 1"]\n\n1. Nfe3 Nfe6 *',
    );
    if (!fr?.ok) throw new Error('the sample does not read');
    // The session starts from the standard start here; the tracker learns the position from a position datagram.
    const decoder = createIccDecoder({ settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH'] });
    const tracker = createIccTracker();
    const fen = writeFen(fr.value.setup);
    const session = iccSession(fr.value, 22, 'both').replace(`${Y})`, `${Y})${Y}(101 ${String(GAME)} {${fen}} 0${Y})`);
    for (const event of [...decoder.push(session), ...decoder.end()]) tracker.push(event);
    const tracked = tracker.game(GAME);
    if (tracked === undefined) throw new Error('not followed');
    const pgn = gameToPgn(tracked, { server: 'ICC' });
    expect([pgn.tags.get('Variant'), pgn.tags.get('FEN'), tracked.moves.length]).toEqual(['Chess960', fen, 2]);
    const five = gameToPgn(
      { ...tracked, variant: 'wild/5', initial: fr.value.setup, setup: fr.value.setup, moves: [] },
      { server: 'ICC' },
    );
    expect([five.tags.get('Variant'), five.tags.get('Event')]).toEqual([undefined, 'ICC rated wild/5 game']);
  });
});

describe.skipIf(REAL === undefined)('the real FICS crazyhouse games as ICC wild 23 sessions', () => {
  test('all 83 read back with their Variant tag, on the last board, by us and chessops', () => {
    const text =
      REAL === undefined ? '' : readFileSync(join(REAL, 'variants/pychess__testing_gamefiles_zh.pgn'), 'utf8');
    const games = parsePgn(text).flatMap((read) => (read.ok ? [read.value] : []));
    const whole = games.filter((game) => {
      const trip = iccRoundTrip(game, 23);
      return trip.variant === 'Crazyhouse' && trip.readBack && trip.sameBoard && trip.chessops;
    });
    console.log(`ICC wild 23 sessions: ${String(whole.length)} of ${String(games.length)} read back whole`);
    expect(whole.length).toBe(83);
  });
});
