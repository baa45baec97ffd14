import { describe, expect, test } from 'vitest';
import { createIccDecoder, iccDecoderTransformer, type IccDecoderOptions, type IccEvent } from './decoder.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';
import { encodeEvents } from './encode.js';

const Y = '\x19';

function decode(input: string | Uint8Array, options: IccDecoderOptions = {}, chunk = 0): IccEvent[] {
  const decoder = createIccDecoder(options);
  const events: IccEvent[] = [];
  if (chunk <= 0) events.push(...decoder.push(input));
  else for (let i = 0; i < input.length; i += chunk) events.push(...decoder.push(input.slice(i, i + chunk)));
  events.push(...decoder.end());
  return events;
}

function kinds(events: readonly IccEvent[]): string[] {
  return events.map((e) => e.kind);
}

function errors(events: readonly IccEvent[]): { code: string; field: number; offset: number }[] {
  return events.flatMap((e) =>
    e.kind === 'error' ? [{ code: e.error.code, field: e.error.field, offset: e.error.offset }] : [],
  );
}

describe('level 1 units (formats2.txt, section 3)', () => {
  test('the nesting example of the spec: three headers, text, three ends', () => {
    const input = `${Y}[328 fishbait\nfishbait spoofs you: "partner fishbait"\n${Y}[199 *\nSending a 'tell' message.\n${Y}[101 *\nNot sent.\n${Y}]${Y}]${Y}]`;
    const events = decode(input);
    expect(events).toEqual([
      { kind: 'unit-start', command: 328, player: 'fishbait', depth: 1 },
      { kind: 'text', text: 'fishbait spoofs you: "partner fishbait"\n' },
      { kind: 'unit-start', command: 199, player: '*', depth: 2 },
      { kind: 'text', text: "Sending a 'tell' message.\n" },
      { kind: 'unit-start', command: 101, player: '*', depth: 3 },
      { kind: 'text', text: 'Not sent.\n' },
      { kind: 'unit-end', depth: 3 },
      { kind: 'unit-end', depth: 2 },
      { kind: 'unit-end', depth: 1 },
    ]);
  });

  test('a header ends with \\r\\n on the real server; the \\r is not part of the player', () => {
    expect(decode(`${Y}[101 *\r\nhi\r\n${Y}]`)).toEqual([
      { kind: 'unit-start', command: 101, player: '*', depth: 1 },
      { kind: 'text', text: 'hi\r\n' },
      { kind: 'unit-end', depth: 1 },
    ]);
  });

  test('the backquote tag comes third in the header', () => {
    expect(decode(`${Y}[129 * asdf\nhistory\n${Y}]`)[0]).toEqual({
      kind: 'unit-start',
      command: 129,
      player: '*',
      tag: 'asdf',
      depth: 1,
    });
  });

  test('$server$ and % as issuers', () => {
    const events = decode(`${Y}[10 $server$\n${Y}]${Y}[101 %\n${Y}]`);
    expect(events.filter((e) => e.kind === 'unit-start').map((e) => (e.kind === 'unit-start' ? e.player : ''))).toEqual(
      ['$server$', '%'],
    );
  });

  test('^Y< and ^Y> bracket the output of your command (level1 & 2)', () => {
    expect(kinds(decode(`${Y}<${Y}[101 *\n${Y}]${Y}>`))).toEqual([
      'command-start',
      'unit-start',
      'unit-end',
      'command-end',
    ]);
  });

  test('the extra ^Y] of a disconnect is a unit end at depth 0', () => {
    expect(decode(`${Y}[493 *\nbye\n${Y}]${Y}]`).at(-1)).toEqual({ kind: 'unit-end', depth: 0 });
  });

  test('a header cut short by a datagram still starts the unit', () => {
    const events = decode(`${Y}[2 Corvid${Y}(41 117${Y})${Y}]`);
    expect(kinds(events)).toEqual(['unit-start', 'datagram', 'unit-end']);
  });
});

describe('level 2 datagrams (section 4)', () => {
  test('datagrams between units and text after a datagram on the same line', () => {
    const events = decode(
      `${Y}]${Y}(56 117 W 177840 1${Y})${Y}(56 117 B 176210 0${Y})You are now observing game 117.\r\n`,
    );
    expect(kinds(events)).toEqual(['unit-end', 'datagram', 'datagram', 'text']);
    expect(events[3]).toEqual({ kind: 'text', text: 'You are now observing game 117.\r\n' });
  });

  test('quotes: {...} may hold newlines; ^Y{...^Y} may hold braces and parentheses; adjacent }{ are two arguments', () => {
    const events = decode(`${Y}(25 3 * {e4 e2e4}{e5 e7e5}${Y}{x {y} (z)${Y}}{a\nb}{}${Y})`);
    const dg = events[0];
    expect(dg?.kind === 'datagram' && dg.datagram.args).toEqual([
      '3',
      '*',
      'e4 e2e4',
      'e5 e7e5',
      'x {y} (z)',
      'a\nb',
      '',
    ]);
  });

  test('zero-argument datagrams', () => {
    const events = decode(`${Y}(81${Y})${Y}(109${Y})${Y}(164${Y})`);
    expect(events.map((e) => (e.kind === 'datagram' ? [e.datagram.name, e.datagram.args.length] : e.kind))).toEqual([
      ['DG_DUMMY_RESPONSE', 0],
      ['DG_DIALOG_RELEASE', 0],
      ['DG_LIST_END', 0],
    ]);
  });

  test('DG_MSEC with 4 fields (older servers) and with 6', () => {
    const events = decode(`${Y}(56 5 W 1000 1${Y})${Y}(56 5 B -2500 0 3000 100${Y})`);
    expect(events.map((e) => (e.kind === 'datagram' ? e.datagram.fields : e))).toEqual([
      { gameNumber: 5, color: 'W', msec: 1000, running: true },
      { gameNumber: 5, color: 'B', msec: -2500, running: false, freeTimeToMove: 3000, minMoveTime: 100 },
    ]);
  });

  test('a DG_SET2 acknowledgement switches the variables the next datagrams are read by', () => {
    const input = `${Y}(24 1 e4${Y})${Y}(124 33 1${Y})${Y}(24 1 e5${Y})`;
    const fields = decode(input).map((e) => (e.kind === 'datagram' ? e.datagram.fields : null));
    expect(fields).toEqual([{ gameNumber: 1 }, { dgCode: 33, offOn: true }, { gameNumber: 1, algebraicMove: 'e5' }]);
    const first = decode(input)[0];
    expect(first?.kind === 'datagram' && first.datagram.extra).toEqual(['e4']);
  });

  test('datagram events carry the offset of their ^Y(', () => {
    const events = decode(`ab\n${Y}(41 1${Y})`);
    expect(events[1]).toMatchObject({ kind: 'datagram', offset: 3 });
  });
});

describe('overflow (Appendix 1: a control-Z, then the rest of the command output is lost)', () => {
  test('between events', () => {
    expect(kinds(decode(`a\x1ab${Y}(41 1${Y})`))).toEqual(['text', 'overflow', 'text', 'datagram']);
  });

  test('inside a datagram: the datagram is dropped without an error', () => {
    expect(kinds(decode(`${Y}(25 3 * {e4 e2e4}\x1a${Y}]`))).toEqual(['overflow', 'unit-end']);
  });

  test('inside a datagram: the quotes after it are read as delimiters however the stream is split', () => {
    const input = `${Y}(31 A\x1a ${Y}{hi${Y}}\n`;
    const whole = decode(input);
    expect(whole).toEqual([
      { kind: 'overflow' },
      { kind: 'text', text: ' ' },
      { kind: 'error', error: expect.objectContaining({ code: 'stray-delimiter', offset: 8 }) as unknown },
      { kind: 'text', text: 'hi' },
      { kind: 'error', error: expect.objectContaining({ code: 'stray-delimiter', offset: 12 }) as unknown },
      { kind: 'text', text: '\n' },
    ]);
    for (const size of [1, 2, 3, 5, 8]) expect(decode(input, {}, size), String(size)).toEqual(whole);
  });
});

describe('errors and resynchronisation', () => {
  test('a unit given up for its size is closed with unit-end events, so that starts and ends stay balanced', () => {
    const events = decode(`${Y}[1 *\n${Y}[2 *\n${'x\n'.repeat(20)}${Y}[3 *\n${Y}]`, { maxUnitSize: 16 });
    expect(
      events
        .filter((e) => e.kind !== 'text')
        .map((e) => (e.kind === 'error' ? e.error.code : `${e.kind} ${'depth' in e ? e.depth : ''}`)),
    ).toEqual([
      'unit-start 1',
      'unit-start 2',
      'unit-too-large',
      'unit-end 2',
      'unit-end 1',
      'unit-start 1',
      'unit-end 1',
    ]);
    // What the writer makes of those events decodes to them again.
    const kept = events.filter((e) => e.kind !== 'error');
    expect(decode(encodeEvents(kept), {}).filter((e) => e.kind !== 'text')).toEqual(
      kept.filter((e) => e.kind !== 'text'),
    );
  });

  test('every error code, with its offset', () => {
    const cases: [string, IccDecoderOptions, { code: string; field: number; offset: number }][] = [
      [
        `${Y}(41 1 ${'x'.repeat(50)}${Y})`,
        { maxDatagramSize: 20 },
        { code: 'datagram-too-large', field: 0, offset: 0 },
      ],
      [`${Y}[1 *\n${'x\n'.repeat(20)}${Y}]`, { maxUnitSize: 16 }, { code: 'unit-too-large', field: 0, offset: 0 }],
      [`${Y}(41 1${Y}[1 *\n${Y}]`, {}, { code: 'unterminated-datagram', field: 0, offset: 0 }],
      [`${Y}(41 {1${Y})`, {}, { code: 'unterminated-quote', field: 1, offset: 5 }],
      [`${Y}(x 1${Y})`, {}, { code: 'datagram-number', field: 0, offset: 2 }],
      [`${Y}[abc *\n${Y}]`, {}, { code: 'unit-header', field: 0, offset: 2 }],
      [`ab${Y})`, {}, { code: 'stray-delimiter', field: 0, offset: 2 }],
      [`${Y}(41 x${Y})`, {}, { code: 'field-type', field: 1, offset: 5 }],
      [`${Y}(38 1 2${Y})`, {}, { code: 'missing-field', field: 3, offset: 8 }],
    ];
    for (const [input, options, expected] of cases)
      expect(errors(decode(input, options)), JSON.stringify(input)).toEqual([expected]);
  });

  test('after a broken datagram the next one still decodes', () => {
    const events = decode(`${Y}(41 x${Y})${Y}(41 2${Y})${Y}(41 {3${Y})${Y}(41 4${Y})`);
    expect(events.map((e) => (e.kind === 'datagram' ? e.datagram.fields : e.kind))).toEqual([
      'error',
      { gameNumber: 2 },
      'error',
      { gameNumber: 4 },
    ]);
  });

  test('a field error keeps the datagram as it came', () => {
    const [event] = decode(`${Y}(41 x y${Y})`);
    expect(event?.kind === 'error' && event.error.datagram).toEqual({ id: 41, args: ['x', 'y'] });
  });

  test('a datagram too large is skipped up to its ^Y), and decoding goes on', () => {
    const events = decode(`${Y}(41 ${'9'.repeat(100)}${Y})${Y}(41 7${Y})`, { maxDatagramSize: 10 }, 3);
    expect(events.map((e) => (e.kind === 'datagram' ? e.datagram.fields : e.kind))).toEqual([
      'error',
      { gameNumber: 7 },
    ]);
  });

  test('the stream ends inside a datagram, or on a lone control-Y', () => {
    expect(errors(decode(`x${Y}(41 1`))).toEqual([{ code: 'unterminated-datagram', field: 0, offset: 1 }]);
    expect(errors(decode(`x${Y}`))).toEqual([{ code: 'stray-delimiter', field: 0, offset: 1 }]);
  });

  test('a control-Y before an unknown character drops only the control-Y', () => {
    expect(decode(`a${Y}q\n`)).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'error', error: expect.objectContaining({ code: 'stray-delimiter', offset: 1 }) as unknown },
      { kind: 'text', text: 'q\n' },
    ]);
  });

  test('never throws on values untyped callers pass', () => {
    const decoder = createIccDecoder(undefined);
    for (const bad of [undefined, null, 42, {}, [1, 2]])
      expect(() => decoder.push(bad as unknown as string)).not.toThrow();
    expect(() => createIccDecoder(7 as unknown as IccDecoderOptions).end()).not.toThrow();
  });
});

describe('chunks', () => {
  test('every delimiter split down to one character per chunk gives the same events', () => {
    const whole = decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS });
    for (const size of [1, 2, 3, 7, 64])
      expect(decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS }, size)).toEqual(whole);
  });

  test('strings and bytes decode alike, and a UTF-8 character split across chunks stays whole', () => {
    const text = `${Y}(31 Zoë {} ${Y}{schön ♞${Y}} 1${Y})`;
    const bytes = new TextEncoder().encode(text);
    expect(decode(bytes, {}, 1)).toEqual(decode(text));
    const [event] = decode(bytes, {}, 1);
    expect(event?.kind === 'datagram' && event.datagram.fields).toMatchObject({
      playerName: 'Zoë',
      tellString: 'schön ♞',
    });
  });

  test('bytes that are not UTF-8 become U+FFFD by default, and Latin-1 characters with encoding latin1', () => {
    const bytes = Uint8Array.from([...'caf'].map((c) => c.charCodeAt(0)).concat(0xe9, 10));
    expect(decode(bytes)).toEqual([{ kind: 'text', text: 'caf\uFFFD\n' }]);
    expect(decode(bytes, { encoding: 'latin1' })).toEqual([{ kind: 'text', text: 'café\n' }]);
  });

  test('long lines come in pieces of maxTextSize, whatever the chunks', () => {
    const input = `${'a'.repeat(25)}\n`;
    const expected = [
      { kind: 'text', text: 'a'.repeat(10) },
      { kind: 'text', text: 'a'.repeat(10) },
      { kind: 'text', text: 'aaaaa\n' },
    ];
    expect(decode(input, { maxTextSize: 10 })).toEqual(expected);
    expect(decode(input, { maxTextSize: 10 }, 3)).toEqual(expected);
  });

  test('end() resets the decoder for another stream', () => {
    const decoder = createIccDecoder();
    decoder.push(`${Y}(41 1`);
    decoder.end();
    expect(decoder.push(`${Y}(41 2${Y})`)).toMatchObject([{ kind: 'datagram', offset: 0 }]);
  });
});

test('the WHATWG TransformStream adapter', async () => {
  const stream = new TransformStream(iccDecoderTransformer({ settings: SAMPLE_SETTINGS }));
  const writer = stream.writable.getWriter();
  const collected: IccEvent[] = [];
  const reading = (async () => {
    for await (const event of stream.readable as unknown as AsyncIterable<IccEvent>) collected.push(event);
  })();
  for (let i = 0; i < SAMPLE_SESSION.length; i += 100) await writer.write(SAMPLE_SESSION.slice(i, i + 100));
  await writer.close();
  await reading;
  expect(collected).toEqual(decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS }));
});

describe('push with a callback', () => {
  test('an exception thrown by the callback passes through; the rest of that chunk is dropped, the next chunk is read', () => {
    const decoder = createIccDecoder();
    const seen: IccEvent[] = [];
    const failing = (event: IccEvent): void => {
      seen.push(event);
      if (event.kind === 'command-start') throw new Error('the caller failed');
    };
    expect(() => decoder.push(`one\n${Y}<two\n${Y}>`, failing)).toThrow('the caller failed');
    expect(kinds(seen)).toEqual(['text', 'command-start']);
    expect(decoder.buffered()).toBe(0);
    const first = `one\n${Y}<two\n${Y}>`.length;
    const after = [...decoder.push(`three\n${Y}>${Y})`), ...decoder.end()];
    expect(kinds(after)).toEqual(['text', 'command-end', 'error']);
    // Offsets still count the dropped rest of the first chunk.
    expect(errors(after)).toEqual([{ code: 'stray-delimiter', field: 0, offset: first + 8 }]);
  });

  test('without a callback, push gathers events again after a callback push', () => {
    const decoder = createIccDecoder();
    decoder.push('a\n', () => undefined);
    expect(decoder.push('b\n')).toEqual([{ kind: 'text', text: 'b\n' }]);
  });
});
