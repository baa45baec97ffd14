import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encodeDatagram, encodeUnitStart } from '@chess-formats/icc-dg';
import { createIccClient, type IccClientEvent } from './icc-client.js';
import { memoryTransport, type MemoryConnection } from './testing/memory-transport.js';

const unit = (command: number, player: string, tag: string | undefined, body: string) =>
  `${encodeUnitStart(command, player, tag)}${body}\x19]`;

/** A whole session of our own, as the server would write it: login, settings replies, books, a game. */
const SESSION =
  'Welcome.\r\nlogin: login: login: ' +
  encodeDatagram({ name: 'DG_WHO_AM_I', fields: { myName: 'guest7', titles: [] } }) +
  ['c1', 'c2', 'c3'].map((tag) => unit(107, 'guest7', tag, '')).join('') +
  unit(216, 'guest7', 'c4', encodeDatagram({ name: 'DG_SET2', fields: { dgCode: 50, offOn: true } })) +
  encodeDatagram({
    name: 'DG_SEEK',
    fields: {
      index: 3,
      name: 'Corvid',
      titles: ['GM'],
      rating: 2650,
      provisionalStatus: 2,
      wild: 0,
      ratingType: 'Blitz',
      time: 3,
      inc: 2,
      rated: true,
      color: -1,
      minRating: 0,
      maxRating: 9999,
      autoAccept: false,
      formula: false,
      fancyTimeControl: '',
    },
  }) +
  'Corvid tells you: hello\r\n' +
  unit(
    137,
    '$server$',
    undefined,
    'Game 5 is now the primary game on your observation list.\r\n' +
      encodeDatagram({
        name: 'DG_STARTED_OBSERVING',
        fields: {
          gameNumber: 5,
          whiteName: 'Corvid',
          blackName: 'Tallis',
          wildNumber: 0,
          ratingType: 'Blitz',
          rated: true,
          whiteInitial: 3,
          whiteIncrement: 2,
          blackInitial: 3,
          blackIncrement: 2,
          playedGame: true,
          exString: '',
          whiteRating: 2650,
          blackRating: 2480,
          gameId: 5,
          whiteTitles: ['GM'],
          blackTitles: [],
          irregularLegality: false,
          irregularSemantics: false,
          usesPlunkers: false,
          fancyTimeControl: '',
          promoteToKing: false,
        },
      }) +
      encodeDatagram({ name: 'DG_POSITION_BEGIN', fields: { gameNumber: 5, initialFen: '', nMovesToFollow: 2 } }) +
      encodeDatagram(
        { name: 'DG_SEND_MOVES', fields: { gameNumber: 5, algebraicMove: 'd4', smithMove: 'd2d4', clock: 180 } },
        { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] },
      ) +
      encodeDatagram(
        { name: 'DG_SEND_MOVES', fields: { gameNumber: 5, algebraicMove: 'Nf6', smithMove: 'g8f6', clock: 181 } },
        { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] },
      ) +
      encodeDatagram({ name: 'DG_MSEC', fields: { gameNumber: 5, color: 'W', msec: 180_000, running: true } }) +
      encodeDatagram({ name: 'DG_MSEC', fields: { gameNumber: 5, color: 'B', msec: 181_000, running: false } }),
  ) +
  unit(
    2,
    'Corvid',
    undefined,
    encodeDatagram(
      { name: 'DG_SEND_MOVES', fields: { gameNumber: 5, algebraicMove: 'c4', smithMove: 'c2c4', clock: 182 } },
      { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] },
    ),
  ) +
  encodeDatagram({ name: 'DG_SEEK_REMOVED', fields: { index: 3, reasonCode: 2 } }) +
  '\x19(56 5 W bad\x19)' +
  encodeDatagram({
    name: 'DG_MY_GAME_RESULT',
    fields: {
      gameNumber: 5,
      becomeExamined: false,
      gameResultCode: 'Res',
      scoreString2: '1-0',
      descriptionString: 'Black resigns',
      eco: 'A45',
    },
  }) +
  encodeDatagram({ name: 'DG_STOP_OBSERVING', fields: { gameNumber: 5 } });

/** Every event of a client that reads `chunks` and then sees the server hang up (no retries). */
async function eventsOf(chunks: readonly string[]): Promise<string[]> {
  const events: IccClientEvent[] = [];
  let conn: MemoryConnection | undefined;
  const client = createIccClient({
    transport: memoryTransport((c) => {
      conn = c;
      for (const chunk of chunks) c.feed(chunk);
      c.hangUp();
    }),
    retries: 0,
    onEvent: (e) => events.push(e),
  });
  await client.stopped;
  expect(conn).toBeDefined();
  return events.map((e) => JSON.stringify(e));
}

function split(text: string, cuts: readonly number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const cut of at) {
    out.push(text.slice(from, cut));
    from = cut;
  }
  out.push(text.slice(from));
  return out.filter((piece) => piece !== '');
}

describe('the stream however it is split', () => {
  test('the whole session in one chunk: the game, the books, the text, the fault, in order', async () => {
    const events = (await eventsOf([SESSION])).map((e) => JSON.parse(e) as IccClientEvent);
    const kinds = events.map((e) => (e.kind === 'game' ? `game:${e.event.kind}` : e.kind));
    expect(kinds.filter((k) => k !== 'datagram')).toEqual([
      'connected',
      'text',
      'text',
      'logged-in',
      'seek',
      'text',
      'text',
      'game:game-started',
      'game:position',
      'game:move',
      'game:move',
      'game:clock',
      'game:clock',
      'position-complete',
      'game:move',
      'seek-removed',
      'problem',
      'position-complete',
      'game:game-ended',
      'game:game-left',
      'disconnected',
      'stopped',
    ]);
    const ended = events.find((e) => e.kind === 'game' && e.event.kind === 'game-ended');
    expect(ended?.kind === 'game' && ended.event.game.moves.length).toBe(3);
  });

  test('every chunking gives the same events', async () => {
    const whole = await eventsOf([SESSION]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        expect(await eventsOf(split(SESSION, cuts))).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  test('byte by byte too', async () => {
    expect(await eventsOf([...SESSION])).toEqual(await eventsOf([SESSION]));
  });
});

describe('any server input', () => {
  const pieces = fc.constantFrom(
    '\x19',
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ' ',
    '24',
    '18',
    '5',
    'e2e4',
    '\n',
    '\r',
    'x',
    '\x1a',
    '<',
    '>',
    '`',
    'login: ',
    'password: ',
    '\xff',
  );
  test('never throws, and the client still stops cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: pieces, maxLength: 200 }), { maxLength: 6 }), async (chunks) => {
        const events = await eventsOf([SESSION.slice(0, SESSION.indexOf('Corvid tells')), ...chunks]);
        expect(events.at(-1)).toMatch(/"kind":"stopped"/);
      }),
      { numRuns: 60 },
    );
  });
});
