import { legalMoves, parseSan, play, standardSetup, type Setup, type TrackedGame } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readUrlState } from '../url-state.js';
import {
  FICS_WEBSOCKET,
  LiveGame,
  checkServerAddress,
  listedGameText,
  liveAddressFromUrl,
  runningClocks,
  withLiveAddress,
  stopText,
} from './live-game.js';

const RUY = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4'];

/** Game 7 from `initial` after `sans`, each move with the mover's clock (290 s less a second a ply). */
function game(
  sans: readonly string[],
  initial: Setup = standardSetup(),
  extra: Partial<TrackedGame> = {},
): TrackedGame {
  let setup = initial;
  const moves = sans.map((san, i) => {
    const move = parseSan(setup, san);
    if (!move.ok) throw new Error(`not a move here: ${san}`);
    setup = play(setup, move.value);
    return { move: move.value, clockMs: 290_000 - i * 1000 };
  });
  return {
    gameNumber: 7,
    white: { name: 'Alice', rating: 1850 },
    black: { name: 'Bob', rating: 1790 },
    relation: 'observing',
    timeControl: { white: { initialMs: 300_000, incrementMs: 3000 }, black: { initialMs: 300_000, incrementMs: 3000 } },
    initial,
    setup,
    moves,
    clocks: { white: 111_000, black: 222_000 },
    running: setup.turn,
    ...extra,
  };
}

describe('LiveGame: a followed game as the page shows a tracked game', () => {
  it('has every ply from the first, the record numbered, and the last ply with the clocks the server sent last', () => {
    const shown = new LiveGame().update(game(RUY.slice(0, 6)));
    expect(shown.plies).toHaveLength(7);
    expect(shown.plies.map((p) => p.san)).toEqual([undefined, ...RUY.slice(0, 6)]);
    expect(shown.record?.line.map((m) => `${m.number}${m.white ? '.' : '...'}${m.san}@${m.ply}`)).toEqual([
      '1.e4@1',
      '1...e5@2',
      '2.Nf3@3',
      '2...Nc6@4',
      '3.Bb5@5',
      '3...a6@6',
    ]);
    expect(shown.record?.result).toBe('*');
    expect(shown.title).toBe('Game 7: Alice vs Bob (live)');
    // The start shows the time control's initial time; a ply the clocks after its move; the last what the board said.
    expect(shown.plies[0]?.position.clocks).toEqual({ white: 300_000, black: 300_000 });
    expect(shown.plies[2]?.position.clocks).toEqual({ white: 290_000, black: 289_000 });
    expect(shown.plies[6]?.position.clocks).toEqual({ white: 111_000, black: 222_000 });
    expect(shown.plies[6]?.position.lastMove).toBeDefined();
  });

  it('adds a move without building the plies before it again', () => {
    const live = new LiveGame();
    const before = game(RUY.slice(0, 6));
    const first = live.update(before);
    const next = game(RUY, before.initial);
    const second = live.update(next);
    expect(second.plies).toHaveLength(8);
    expect(second.plies[5]).toBe(first.plies[5]);
    expect(second.plies[7]?.san).toBe('Ba4');
    // The ply that was last keeps its clocks after its move, no longer the running ones.
    expect(second.plies[6]?.position.clocks).toEqual({ white: 286_000, black: 285_000 });
  });

  it('builds the game again when the history does not extend the one held (a `moves` table, a takeback)', () => {
    const live = new LiveGame();
    const joined = play(play(standardSetup(), mustMove(standardSetup(), 'e4')), mustMove(afterE4(), 'e5'));
    expect(live.update(game(['Nf3'], joined)).plies).toHaveLength(2);
    // The whole game arrives: it starts from the standard position now.
    const whole = live.update(game(['e4', 'e5', 'Nf3']));
    expect(whole.plies.map((p) => p.san)).toEqual([undefined, 'e4', 'e5', 'Nf3']);
    const takenBack = live.update(game(['e4', 'e5'], whole.tracked?.initial));
    expect(takenBack.plies).toHaveLength(3);
  });

  it('gives the result once the game has one', () => {
    expect(
      new LiveGame().update(game(RUY, standardSetup(), { result: '0-1', reason: 'Alice resigns' })).record?.result,
    ).toBe('0-1');
  });

  it('built move by move is the game built at once (random legal games)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (choices) => {
        const initial = standardSetup();
        let setup = initial;
        const moves: TrackedGame['moves'][number][] = [];
        const live = new LiveGame();
        let last = live.update({ ...game([], initial), moves: [] });
        for (const choice of choices) {
          const legal = legalMoves(setup);
          const move = legal[choice % Math.max(1, legal.length)];
          if (!move) break;
          setup = play(setup, move);
          moves.push({ move, clockMs: choice });
          last = live.update({ ...game([], initial), setup, moves: [...moves] });
        }
        const whole = new LiveGame().update({ ...game([], initial), setup, moves });
        expect(last.plies.map((p) => [p.san, p.position.clocks])).toEqual(
          whole.plies.map((p) => [p.san, p.position.clocks]),
        );
        expect(last.record).toEqual(whole.record);
      }),
      { numRuns: 40 },
    );
  });
});

function mustMove(setup: Setup, san: string): ReturnType<typeof legalMoves>[number] {
  const move = parseSan(setup, san);
  if (!move.ok) throw new Error(san);
  return move.value;
}

function afterE4(): Setup {
  return play(standardSetup(), mustMove(standardSetup(), 'e4'));
}

describe('runningClocks', () => {
  it('takes the time since the board from the running side only', () => {
    expect(runningClocks({ white: 60_000, black: 50_000 }, 'black', 1500)).toEqual({ white: 60_000, black: 48_500 });
  });
  it('stands still when no clock runs', () => {
    expect(runningClocks({ white: 60_000, black: 50_000 }, undefined, 1500)).toEqual({ white: 60_000, black: 50_000 });
  });
  it('goes below zero once the flag falls, and never runs backwards', () => {
    expect(runningClocks({ white: 500 }, 'white', 800)).toEqual({ white: -300 });
    expect(runningClocks({ white: 500 }, 'white', -50)).toEqual({ white: 500 });
  });
});

describe('the server address', () => {
  it('takes a WebSocket address', () => {
    expect(checkServerAddress(` ${FICS_WEBSOCKET} `)).toEqual({ ok: true, url: FICS_WEBSOCKET });
    expect(checkServerAddress('ws://127.0.0.1:5001')).toEqual({ ok: true, url: 'ws://127.0.0.1:5001' });
  });
  it('says what is wrong with anything else, before connecting', () => {
    const refused = ['', 'freechess.org 5000', 'https://www.freechess.org', 'telnet://freechess.org:5000'];
    for (const text of refused) {
      const checked = checkServerAddress(text);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.message).toMatch(/wss:\/\//);
    }
  });
  it('is encrypted from a page served over https, as browsers require', () => {
    expect(checkServerAddress('ws://127.0.0.1:5001', 'https:').ok).toBe(false);
    expect(checkServerAddress(FICS_WEBSOCKET, 'https:').ok).toBe(true);
  });
  it('comes from a link as ?live=', () => {
    expect(liveAddressFromUrl('?live=ws%3A%2F%2F127.0.0.1%3A4000&input=x')).toBe('ws://127.0.0.1:4000');
    expect(liveAddressFromUrl('?input=x')).toBeUndefined();
    expect(liveAddressFromUrl('?live=')).toBeUndefined();
  });
  it('stays in the links the page writes into its URL, readable or compressed', () => {
    const search = '?input=x&live=ws%3A%2F%2F127.0.0.1%3A4000';
    const readable = withLiveAddress('?input=8%2F8&format=fen&ply=3', search);
    expect(readable).toBe('?input=8%2F8&format=fen&ply=3&live=ws%3A%2F%2F127.0.0.1%3A4000');
    expect(readUrlState(readable)).toEqual(readUrlState('?input=8%2F8&format=fen&ply=3'));
    expect(liveAddressFromUrl(readable)).toBe('ws://127.0.0.1:4000');
    expect(withLiveAddress('#z=abc', search)).toBe('?live=ws%3A%2F%2F127.0.0.1%3A4000#z=abc');
    expect(withLiveAddress('?', search)).toBe('?live=ws%3A%2F%2F127.0.0.1%3A4000');
    // No address in the URL: the link as it was.
    expect(withLiveAddress('?input=x', '?input=y')).toBe('?input=x');
  });
});

describe('words of the panel', () => {
  it('names a listed game', () => {
    const row = {
      gameNumber: 7,
      examined: false,
      setup: false,
      private: false,
      white: { name: 'Alice', rating: { text: '1850' } },
      black: { name: 'GuestABCD', rating: { text: '++++' } },
      typeLetter: 'b',
      rated: false,
      minutes: 5,
      increment: 3,
      moveNumber: 4,
    };
    expect(listedGameText(row)).toBe('Alice (1850) vs GuestABCD (++++), unrated blitz 5 + 3, move 4');
    expect(listedGameText({ ...row, examined: true, moveNumber: undefined })).toBe(
      'Alice (1850) vs GuestABCD (++++), unrated examined 5 + 3',
    );
  });
  it('says why the client stopped', () => {
    expect(stopText({ kind: 'closed' })).toBe('Disconnected.');
    expect(stopText({ kind: 'gave-up', error: { message: 'the connection failed' } })).toMatch(
      /^Disconnected: the connection failed \(gave up/,
    );
  });
});
