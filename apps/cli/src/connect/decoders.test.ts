import { describe, expect, test } from 'vitest';
import { ficsDecoder, iccDecoder } from './decoders.js';
import type { ServerDecoder, ServerEvent } from './protocol.js';
import { parseRecordedSession } from './recorded-session.js';
import { sampleSession } from './harness.js';

/** Everything the server of a recorded session writes, in order, as one byte string. */
function serverBytes(name: string): Uint8Array {
  const parts =
    parseRecordedSession(sampleSession(name)).connections[0]?.flatMap((step) =>
      step.kind === 'send' ? [step.bytes] : [],
    ) ?? [];
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

function decodeInChunks(decoder: ServerDecoder, bytes: Uint8Array, size: number): ServerEvent[] {
  const events: ServerEvent[] = [];
  for (let i = 0; i < bytes.length; i += size) events.push(...decoder.push(bytes.subarray(i, i + size)));
  events.push(...decoder.end());
  return events;
}

describe('the FICS decoder: game ends', () => {
  const board = (n: number) =>
    `<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 ${String(n)} A B 0 3 0 39 39 180 180 1 none (0:00) none 0 0 0\n`;
  const ends = (text: string) => {
    const decoder = ficsDecoder();
    // The tracked game that comes with each end is checked on its own below.
    return [...decoder.push(new TextEncoder().encode(text)), ...decoder.end()]
      .flatMap((e) => (e.kind === 'game-over' ? [{ ...e, tracked: undefined }] : []))
      .map(({ tracked: _tracked, ...rest }) => rest);
  };

  test('an end carries the game as tracked, with its result and reason, for its PGN', () => {
    const decoder = ficsDecoder();
    const [over] = decoder
      .push(new TextEncoder().encode(`${board(87)}{Game 87 (A vs. B) B forfeits on time} 1-0\n`))
      .filter((e) => e.kind === 'game-over');
    expect(
      over?.kind === 'game-over'
        ? [over.tracked?.gameNumber, over.tracked?.result, over.tracked?.reason, over.tracked?.white.name]
        : [],
    ).toEqual([87, '1-0', 'B forfeits on time', 'A']);
  });

  test("a result after the braces ends the game, with the server's reason", () => {
    expect(ends(`${board(87)}{Game 87 (A vs. B) B forfeits on time} 1-0\n`)).toEqual([
      { kind: 'game-over', game: 87, result: '1-0', reason: 'B forfeits on time' },
    ]);
    expect(ends(`${board(5)}{Game 5 (A vs. B) Game drawn by repetition} 1/2-1/2\n`)).toMatchObject([
      { game: 5, result: '1/2-1/2' },
    ]);
    expect(ends(`${board(5)}{Game 5 (A vs. B) Game adjourned by mutual agreement} *\n`)).toMatchObject([
      { game: 5, result: '*', reason: 'Game adjourned by mutual agreement' },
    ]);
  });

  test('the start of a game, other lines, and games never seen do not', () => {
    expect(
      ends(
        `${board(5)}{Game 5 (A vs. B) Creating rated blitz match.}\nGame 5: A moves: e4\n{Game x (A vs. B) B resigns} 1-0\n`,
      ),
    ).toEqual([]);
    expect(ends('{Game 6 (A vs. B) B resigns} 1-0\n')).toEqual([]);
  });
});

describe('the decoders over the recorded sessions', () => {
  test.each([
    ['fics-guest-best-game.ics', ficsDecoder],
    ['icc-guest-best-game.ics', iccDecoder],
  ])('%s gives the same events in chunks of 1, 7 and 4096 bytes as whole', (name, make) => {
    const bytes = serverBytes(name);
    const whole = decodeInChunks(make(), bytes, bytes.length);
    expect(whole.filter((event) => event.kind === 'position').length).toBeGreaterThan(5);
    expect(whole.filter((event) => event.kind === 'garbage')).toEqual([]);
    for (const size of [1, 7, 4096]) expect(decodeInChunks(make(), bytes, size)).toEqual(whole);
  });

  test('ICC: a position waits for both clocks, and goes out at the next datagram of its game without them', () => {
    const decoder = iccDecoder();
    const push = (text: string) => decoder.push(new TextEncoder().encode(text));
    push('\x19(18 7 Ann Bob 0 Blitz 1 3 0 3 0 1 {} 2000 2000 1 {} {} 0 0 0 {} 0\x19)\x19(101 7 {} 0\x19)');
    expect(push('\x19(56 7 W 180000 1\x19)').filter((e) => e.kind === 'position')).toEqual([]);
    const [begin] = push('\x19(56 7 B 180000 0\x19)').filter((e) => e.kind === 'position');
    expect(begin).toMatchObject({
      position: { game: 7, lastMove: undefined, whiteClockMs: 180_000, blackClockMs: 180_000 },
    });
    expect(push('\x19(24 7 e4 e2e4\x19)').filter((e) => e.kind === 'position')).toEqual([]);
    const [afterE4, over] = push('\x19(16 7 0 Res 1-0 {Bob resigns} B00\x19)').filter(
      (e) => e.kind === 'position' || e.kind === 'game-over',
    );
    expect(afterE4).toMatchObject({ kind: 'position', position: { lastMove: 'e4', whiteClockMs: 180_000 } });
    expect(over).toMatchObject({
      kind: 'game-over',
      game: 7,
      result: '1-0',
      reason: 'Bob resigns',
      tracked: { gameNumber: 7, result: '1-0', reason: 'Bob resigns' },
    });
  });

  test('ICC: observing a game in progress, its position from DG_MOVE_LIST prints before the next move, with both clocks', () => {
    // The recorded session with its DG_POSITION_BEGIN and 16 past moves given as one DG_MOVE_LIST.
    const text = new TextDecoder().decode(serverBytes('icc-guest-best-game.ics'));
    const begin = /\x19\(101 42 \{[^}]*\} 16\x19\)((?:\x19\(24 42 [^\x19]*\x19\)){16})/.exec(text);
    expect(begin).not.toBeNull();
    const moves = [...(begin?.[1] ?? '').matchAll(/\x19\(24 42 ([^\x19]*)\x19\)/g)]
      .map((m) => `{${m[1] ?? ''}}`)
      .join('');
    const withList = text.replace(begin?.[0] ?? '', `\x19(25 42 * ${moves}\x19)`);
    const events = decodeInChunks(iccDecoder(), new TextEncoder().encode(withList), 7);
    const positions = events.filter((e) => e.kind === 'position');
    expect(positions[0]).toMatchObject({
      position: { game: 42, lastMove: 'Nbc6', whiteClockMs: 167_215, blackClockMs: 164_333 },
    });
    expect(positions[0]?.kind === 'position' && positions[0].position.setup.fullmoves).toBe(9);
    // It goes out before the datagram of the next move (Qa4).
    const first = events.indexOf(positions[0] as ServerEvent);
    const qa4 = events.findIndex((e) => e.kind === 'datagram' && e.id === 24 && e.args[1] === 'Qa4');
    expect(first).toBeGreaterThan(-1);
    expect(first).toBeLessThan(qa4);
    expect(positions).toHaveLength(7 - 1);
  });

  test('ICC: DG_SET_BOARD and DG_MOVE_LIST positions go out at once with DG_SET_CLOCK clocks', () => {
    const decoder = iccDecoder();
    const push = (text: string) => decoder.push(new TextEncoder().encode(text)).filter((e) => e.kind === 'position');
    expect(
      push('\x19(18 7 Ann Bob 0 Blitz 1 3 0 3 0 1 {} 2000 2000 1 {} {} 0 0 0 {} 0\x19)\x19(25 7 * {e4 e2e4}\x19)'),
    ).toEqual([]);
    expect(push('\x19(38 7 170 175\x19)')).toMatchObject([
      { position: { game: 7, lastMove: 'e4', whiteClockMs: 170_000, blackClockMs: 175_000 } },
    ]);
    expect(push(`\x19(84 7 ${'-'.repeat(63)}K B\x19)\x19(38 7 10 20\x19)`)).toMatchObject([
      { position: { whiteClockMs: 10_000, blackClockMs: 20_000, lastMove: undefined } },
    ]);
  });

  test('ICC: text pieces between delimiters are joined into lines; units end lines', () => {
    const decoder = iccDecoder();
    const events = decoder.push(new TextEncoder().encode('\x19[155 *\r\n 42 2288 Vasi'));
    events.push(
      ...decoder.push(new TextEncoder().encode('lisk 2301 Tarrasque [ B  3  0]\r\n  1 game displayed.\x19]')),
    );
    expect(events.filter((e) => e.kind === 'line')).toEqual([
      { kind: 'line', text: ' 42 2288 Vasilisk 2301 Tarrasque [ B  3  0]' },
      { kind: 'line', text: '  1 game displayed.' },
    ]);
  });

  test('garbage becomes garbage events, bounded, and never stops the stream', () => {
    const noise = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256);
    for (const make of [ficsDecoder, iccDecoder]) {
      const events = decodeInChunks(make(), noise, 997);
      expect(events.every((e) => e.kind === 'line' || e.kind === 'garbage' || e.kind === 'datagram')).toBe(true);
    }
  });
});
