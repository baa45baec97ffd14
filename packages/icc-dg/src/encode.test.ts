import { describe, expect, test } from 'vitest';
import { parseDatagram } from './datagram.js';
import { createIccDecoder, type IccEvent } from './decoder.js';
import { encodeDatagram, encodeEvents, encodeUnitStart, type DatagramInput } from './encode.js';

const Y = '\x19';

function decode(text: string): IccEvent[] {
  const decoder = createIccDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

describe('what the decoder produced, the encoder writes back', () => {
  test('a field whose variable is on is due: missing, it is a missing-field error that keeps the arguments', () => {
    const settings = ['DG_BLITZ', 'DG_TITLES'] as const;
    const result = parseDatagram(`${Y}(64 Corvid GM${Y})`, { settings });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'missing-field', field: 3, datagram: { id: 64, args: ['Corvid', 'GM'] } },
    });
    const read = parseDatagram(`${Y}(64 Corvid 1650 2 {GM}${Y})`, { settings });
    expect(read.ok && read.value.fields).toEqual({
      playerName: 'Corvid',
      blitz: { rating: 1650, annotation: 2 },
      titles: ['GM'],
    });
    // Written without its rating, the titles would be read as the rating: the encoder refuses.
    expect(() =>
      encodeDatagram({ name: 'DG_NOTIFY_ARRIVED', fields: { playerName: 'Corvid', titles: ['GM'] } }, { settings }),
    ).toThrow(TypeError);
  });

  test('an optional field may be missing at the end only', () => {
    expect(() =>
      encodeDatagram({
        name: 'DG_MSEC',
        fields: { gameNumber: 1, color: 'W', msec: 5, running: true, minMoveTime: 3 },
      }),
    ).toThrow(/freeTimeToMove/);
    expect(encodeDatagram({ name: 'DG_MSEC', fields: { gameNumber: 1, color: 'W', msec: 5, running: true } })).toBe(
      `${Y}(56 1 W 5 1${Y})`,
    );
  });

  test('a move of a move list whose Smith move holds a brace (the server quoted it with ^Y{ ^Y})', () => {
    const options = { settings: ['DG_MOVE_SMITH'] as const };
    const read = parseDatagram(`${Y}(25 5 * ${Y}{e2e4}${Y}}${Y})`, options);
    expect(read.ok && read.value.fields).toMatchObject({ moves: [{ smithMove: 'e2e4}' }] });
    if (!read.ok || read.value.name === null) throw new Error('not read');
    const text = encodeDatagram(read.value as DatagramInput, options);
    expect(text).toBe(`${Y}(25 5 * ${Y}{e2e4}${Y}}${Y})`);
    expect(parseDatagram(text, options)).toEqual(read);
  });

  test('a unit tag is the rest of the header line, spaces and all', () => {
    const events = decode(`${Y}[1 a b c\r\n${Y}]`);
    expect(events[0]).toEqual({ kind: 'unit-start', command: 1, player: 'a', tag: 'b c', depth: 1 });
    expect(encodeEvents(events)).toBe(`${Y}[1 a b c\r\n${Y}]`);
    expect(encodeUnitStart(7, 'x', 'y z')).toBe(`${Y}[7 x y z\r\n`);
    expect(() => encodeUnitStart(7, 'x y')).toThrow(TypeError);
    expect(() => encodeUnitStart(7, 'x', 'y\nz')).toThrow(TypeError);
  });

  test('a header that did not read is written as one that does not read, so it reads back the same', () => {
    for (const header of ['abc *', '5', '   ', 'x a tag', `1 ${'p'.repeat(1100)}`]) {
      const events = decode(`${Y}[${header}\r\n${Y}]`);
      expect(events[0]?.kind === 'error' && events[0].error.code, header).toBe('unit-header');
      // The same events; the error's message quotes the header as it came.
      const codes = (list: IccEvent[]): unknown[] => list.map((e) => (e.kind === 'error' ? e.error.code : e));
      expect(codes(decode(encodeEvents(events))), header).toEqual(codes(events));
    }
  });
});
