import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICC_ADAPTER, decodeCapture, showValue } from './icc.js';
import { detectFormat } from './registry.js';

const require = createRequire(import.meta.url);
// The session icc-dg records for its tests and README: a login, an observed game, tells, a seek, a match.
const SAMPLE = readFileSync(
  join(dirname(require.resolve('@chess-formats/icc-dg/package.json')), 'samples', 'session.icc'),
  'latin1',
);

describe('ICC session adapter', () => {
  const view = ICC_ADAPTER.read(SAMPLE);
  const events = view.session?.events ?? [];

  it('is detected by its control-Y delimiters', () => {
    expect(detectFormat(SAMPLE).adapter.name).toBe('icc');
    expect(ICC_ADAPTER.detect('Welcome.\nlogin: ')).toBe(0);
  });

  it('infers the move companions from the move datagrams', () => {
    expect(decodeCapture(SAMPLE).companions).toEqual(['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK']);
    expect(decodeCapture('\x19(24 117 e2e4 180\x19)').companions).toEqual(['DG_MOVE_SMITH', 'DG_MOVE_CLOCK']);
    expect(decodeCapture('\x19(24 117 e4 177\x19)').companions).toEqual(['DG_MOVE_ALGEBRAIC', 'DG_MOVE_CLOCK']);
    // DG_IS_VARIATION's 0 or 1 after the clock is not a clock of 1 second (it once showed White at 0:01.0).
    const variation = '\x19(24 117 e4 e2e4 180 1\x19)\x19(24 117 e5 e7e5 178 1\x19)\x19(24 117 Nf3 g1f3 176 1\x19)';
    expect(decodeCapture(variation).companions).toEqual([
      'DG_MOVE_ALGEBRAIC',
      'DG_MOVE_SMITH',
      'DG_MOVE_CLOCK',
      'DG_IS_VARIATION',
    ]);
    expect(view.errors).toEqual([]);
  });

  it('lists units, text and datagrams by name with typed fields, in order, at their offsets', () => {
    expect(events.slice(0, 4).map((e) => [e.offset, e.kind, e.name, e.text])).toEqual([
      [0, 'text', 'text', 'Welcome to the test chess server.'],
      [35, 'text', 'text', ''],
      [37, 'text', 'text', 'login: '],
      [44, 'unit-start', 'unit 20', undefined],
    ]);
    for (const e of events) {
      if (e.kind === 'datagram') expect(SAMPLE.startsWith('\x19(', e.offset)).toBe(true);
      if (e.kind === 'unit-start') expect(SAMPLE.startsWith('\x19[', e.offset)).toBe(true);
    }
    const started = events.find((e) => e.name === 'DG_STARTED_OBSERVING');
    expect(started?.fields.slice(0, 3)).toEqual([
      { name: 'gameNumber', value: '117' },
      { name: 'whiteName', value: 'Corvid' },
      { name: 'blackName', value: 'Tallis' },
    ]);
    expect(started?.gameId).toBe('117');
    const tell = events.find((e) => e.name === 'DG_PERSONAL_TELL');
    expect(
      tell?.fields.find((f) => f.name === 'message' || f.name === 'tell')?.value ??
        tell?.fields.map((f) => f.value).join(' '),
    ).toContain('good luck in the arena');
    expect(events.filter((e) => e.name === 'DG_SEND_MOVES' && e.gameId === '214')).toHaveLength(4);
    // Each move of game 214 names the position it leads to: its row jumps there.
    expect(events.filter((e) => e.name === 'DG_SEND_MOVES' && e.gameId === '214').map((e) => e.ply)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(view.fields[0]).toMatchObject({
      name: 'DG_WHO_AM_I',
      text: '\x19(0 Lumen {}\x19)',
      meaning: 'DG 0: myName Lumen, titles ',
    });
  });

  it('tracks both games move by move with both clocks after each move', () => {
    const games = view.session?.games ?? [];
    expect(games.map((g) => [g.id, g.title, g.plies.length])).toEqual([
      ['117', 'Game 117: Corvid vs Tallis', 11],
      ['214', 'Game 214: Lumen vs Bramble', 5],
    ]);
    const mate = games[1]?.plies ?? [];
    expect(mate.map((p) => p.san)).toEqual([undefined, 'f3', 'e5', 'g4', 'Qh4#']);
    expect(mate.map((p) => p.position.clocks)).toEqual([
      { white: 180_000, black: 180_000 },
      { white: 179_120, black: 180_000 },
      { white: 179_120, black: 178_450 },
      { white: 177_300, black: 178_450 },
      { white: 177_300, black: 176_900 },
    ]);
    expect(mate[4]?.position.lastMove).toEqual({ kind: 'normal', from: 59, to: 31 });
    // Game 117 ends with Black's flag: the last ply shows Black's clock at 0.
    expect(games[0]?.plies[10]?.position.clocks).toEqual({ white: 174_800, black: 0 });
    expect(games[0]?.plies[1]?.position.clocks?.white).toBe(180_000);
  });

  it('shows decoder errors placed in the capture, and values as text', () => {
    const broken = ICC_ADAPTER.read('\x19(24 x\x19)');
    expect(broken.errors[0]).toMatchObject({ code: 'field-type', offset: 5, length: 1 });
    expect(showValue(['GM', 'IM'])).toBe('GM IM');
    expect(showValue(null)).toBe('–');
    expect(showValue({ rating: 2650, annotation: 2 })).toBe('{"rating":2650,"annotation":2}');
    expect(ICC_ADAPTER.read('').errors[0]?.code).toBe('empty');
  });
});
