import { describe, expect, it } from 'vitest';
import { FICS_ADAPTER, MAX_EVENTS } from './fics.js';
import { detectFormat } from './registry.js';
import { STYLE12_ADAPTER } from './style12.js';

const STREAM = FICS_ADAPTER.example;

describe('FICS stream adapter', () => {
  it('lists the scanner and tracker events in order, each at its line', () => {
    const view = FICS_ADAPTER.read(STREAM);
    expect(view.errors).toEqual([]);
    const events = view.session?.events ?? [];
    expect(events.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'text:text',
      'text:text',
      'style12:<12>',
      'tracker:game-started',
      'style12:<12>',
      'tracker:move',
      'style12:<12>',
      'tracker:move',
      'style12:<12>',
      'tracker:move',
    ]);
    expect(events[0]?.text).toBe('Creating: Alice (1500) Bob (1500) unrated blitz 3 0');
    for (const event of events)
      if (event.kind === 'style12') expect(STREAM.startsWith('<12> ', event.offset)).toBe(true);
    expect(events[5]?.fields).toEqual([
      { name: 'game', value: '7' },
      { name: 'move', value: 'e4' },
    ]);
    expect(events[8]?.fields.find((f) => f.name === 'clocks')?.value).toBe('2:58.0 2:57.0');
    expect(events.filter((e) => e.gameId === '7')).toHaveLength(8);
    // Each row of the game names the position it leaves the game at: the row jumps there.
    expect(events.filter((e) => e.kind === 'style12').map((e) => e.ply)).toEqual([0, 1, 2, 3]);
    expect(view.fields[0]).toMatchObject({ name: 'tag', text: '<12>', offset: STREAM.indexOf('<12>') });
  });

  it('tracks the game move by move with the moves read by the rules and both clocks', () => {
    const games = FICS_ADAPTER.read(STREAM).session?.games ?? [];
    expect(games.map((g) => [g.id, g.title, g.plies.length])).toEqual([['7', 'Game 7: Alice vs Bob', 4]]);
    const plies = games[0]?.plies ?? [];
    expect(plies.map((p) => p.san)).toEqual([undefined, 'e4', 'e5', 'Nf3']);
    expect(plies[3]?.position.lastMove).toEqual({ kind: 'normal', from: 6, to: 21 });
    expect(plies[3]?.position.clocks).toEqual({ white: 178_000, black: 177_000 });
    // Converted to style 12, a ply is the line the server sent.
    const sent = STREAM.split('\n').filter((line) => line.startsWith('<12>'))[3];
    expect(plies[3] && STYLE12_ADAPTER.write?.(plies[3].position)).toBe(sent);
  });

  it('starts a new tracked game when a game number comes back after its game ended', () => {
    const lines = STREAM.split('\n').filter((l) => l.startsWith('<12>'));
    const text = [lines[0], lines[1], '{Game 7 (Alice vs. Bob) Bob resigns} 1-0', lines[0]].join('\n');
    const view = FICS_ADAPTER.read(text);
    expect(view.session?.games.map((g) => [g.id, g.plies.length])).toEqual([
      ['7', 2],
      ['7#2', 1],
    ]);
    // Named apart in the chooser: the second game of number 7 is not a copy of the first.
    expect(view.session?.games.map((g) => g.title)).toEqual(['Game 7: Alice vs Bob', 'Game 7 (2): Alice vs Bob']);
    expect(view.session?.events.map((e) => e.name)).toContain('game-left');
    // The last board line belongs to the second game, at its first position.
    expect(view.session?.events.at(-1)).toMatchObject({ gameId: '7#2', ply: 0 });
  });

  it('shows broken board lines as errors placed in the stream', () => {
    const text = `hello\n<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNX W -1 1 1 1 1 0 1 A B 0 3 0 39 39 180 180 1 none (0:00) none 0\n`;
    const view = FICS_ADAPTER.read(text);
    expect(view.errors).toEqual([
      { code: 'board', message: expect.any(String), offset: text.indexOf('X W'), length: 1, field: 'rank 1' },
    ]);
    expect(view.session?.events.map((e) => e.kind)).toEqual(['text', 'error']);
    expect(view.notes).toEqual(['No style 12 board in the stream: only text.']);
  });

  it('claims plain server text, and bounds the events it lists', () => {
    expect(detectFormat('Game 7: Bob moves: e4').adapter.name).toBe('fics');
    const many = 'x\n'.repeat(MAX_EVENTS + 5);
    const view = FICS_ADAPTER.read(many);
    expect(view.session?.events).toHaveLength(MAX_EVENTS);
    expect(view.notes).toContain(`The first ${MAX_EVENTS} of ${MAX_EVENTS + 5} events are listed.`);
    expect(FICS_ADAPTER.read('').errors[0]?.code).toBe('empty');
  });
});
