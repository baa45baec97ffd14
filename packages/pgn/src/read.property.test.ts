import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PGN_ERROR_CODES } from './errors.js';
import { Reader, createPgnReader, parsePgn, type PgnEvent, type PgnReadOptions } from './read.js';
import { pushSplit } from './testing/push.js';
import { textsAmong } from './testing/games.js';

function eventsOf(text: string): PgnEvent[] {
  return parsePgn(text).map((r) => (r.ok ? { kind: 'game', game: r.value } : { kind: 'error', error: r.error }));
}

/** Texts with games, broken games and noise, so that splits land in every kind of token. */
const corpus = textsAmong([
  '[Event "x"]\n1. e4 e5 2. Qxe5 1-0\n\n',
  '1. e4 (1. d4 {a} ( 1. c4 ) ) *\n',
  '{open',
  '%escape\n',
  ') $ !!! ',
  '\uFEFF[A "\\"]"]\n',
  '\n\n[Event "ok"]\n\n1. d4 d5 *\n',
]);

describe('streaming', () => {
  test('any split of the text, pushed as strings, gives the same events as parsePgn', () => {
    fc.assert(
      fc.property(corpus, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        expect(pushSplit(createPgnReader(), text, cuts)).toEqual(eventsOf(text));
      }),
      { numRuns: 200 },
    );
  });

  /**
   * Texts of the corpus mixed with `pieces`, read with `options`: whole, in any split and (with
   * `byCharacter`) a character at a time, the reader gives the events of its character-level
   * state machine alone (`new Reader(options, false)`), which no fast path takes.
   */
  function checkAgainstStateMachine(
    pieces: readonly string[],
    options: fc.Arbitrary<PgnReadOptions>,
    byCharacter: boolean,
  ): void {
    const text = fc
      .array(fc.oneof(corpus, fc.constantFrom(...pieces)), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, options, fc.array(fc.nat(), { maxLength: 8 }), (text, options, cuts) => {
        const slow = new Reader(options, false);
        const expected = [...slow.push(text), ...slow.end()];
        const whole = createPgnReader(options);
        expect([...whole.push(text), ...whole.end()]).toEqual(expected);
        expect(pushSplit(createPgnReader(options), text, cuts)).toEqual(expected);
        if (!byCharacter) return;
        const reader = createPgnReader(options);
        const characters: PgnEvent[] = [];
        for (const character of text) characters.push(...reader.push(character));
        expect([...characters, ...reader.end()]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  }

  test('tags only, with tight limits: the fast path over movetext, in any split, gives the events of the state machine', () => {
    checkAgainstStateMachine(
      [
        '{ [%clk 0:01:02] } ',
        '{a long comment here} ',
        '( ',
        ') ',
        '$12 ',
        '$0255 ',
        '$00012 ',
        '$256 ',
        '$ ',
        '!? ',
        '!!! ',
        '1. ',
        '12... ',
        'Nf3 ',
        '1-0 ',
        '1/2-1/2 ',
        '* ',
        '\n',
        '\n\n',
        '; rest\n',
        '\n%esc\n',
        '[Event "y"]\n',
        '[Site "a\nb"]\n',
        '[ LongTagName \t"a longer value" ]\n',
        '[Annotator "x\\\\y"]\n',
        '<',
        'e'.repeat(300) + ' ',
        '\t',
      ],
      fc.record({
        tagsOnly: fc.constant(true),
        maxGameLength: fc.integer({ min: 1, max: 400 }),
        maxCommentLength: fc.integer({ min: 1, max: 25 }),
        maxVariationDepth: fc.integer({ min: 1, max: 3 }),
        maxTagLength: fc.integer({ min: 1, max: 16 }),
      }),
      true,
    );
  });

  test('tags near the limits, read in one pass where the chunk holds them, give the events of the state machine', () => {
    checkAgainstStateMachine(
      [
        '[Event "y"]\n',
        '[Event "y"]\n\n[Event "z"]\n',
        '[White "abcdefgh"]\n',
        '[White "abcdefgh"  ]\n',
        '[White "abcdefgh"\t]',
        '[ABCDEFGHIJKLMNOPQ "v"]\n',
        '[ \tSite\r "v" ]\n',
        '[Site\n"v"]\n',
        '[Site "a"b"]\n',
        '[Site "a\\"]\n',
        '[Site "a"\r]\n',
        '[Site "\u00e9t\u00e9"]\n',
        '[Site ""]',
        '[Site',
        '[',
        '1. e4 e5 *\n',
        '\n',
        '\n\n',
      ],
      fc.record({ maxTagLength: fc.integer({ min: 1, max: 16 }) }),
      true,
    );
  });

  test('a tag pair of any layout around the limit: the one pass and the state machine agree', () => {
    const blanks = (units: string[]) => fc.string({ maxLength: 3, unit: fc.constantFrom(...units) });
    const tagLine = fc.tuple(
      blanks([' ', '\t']),
      fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('A', 'b', '1', '_') }),
      blanks([' ', '\t', '\r', '\n']),
      fc.string({ maxLength: 12, unit: fc.constantFrom('v', ' ', '"', '\\', '\u00e9', ']') }),
      blanks([' ', '\t', '\r']),
      fc.constantFrom('\n', '\n\n', ' ', '\n1. e4 *\n\n'),
    );
    // The limit near the first tag's own lengths (its name, its value, its value and blanks).
    const limit = fc.tuple(fc.constantFrom(1, 3, 4), fc.integer({ min: -1, max: 1 }));
    fc.assert(
      fc.property(fc.array(tagLine, { minLength: 1, maxLength: 4 }), limit, (tags, [of, delta]) => {
        const input = tags
          .map(([before, name, between, value, after, gap]) => `[${before}${name}${between}"${value}"${after}]${gap}`)
          .join('');
        const [, name, , value, after] = tags[0]!;
        const near = of === 1 ? name.length : of === 3 ? value.length : value.length + after.length;
        const maxTagLength = Math.max(1, near + delta);
        const slow = new Reader({ maxTagLength }, false);
        const fast = createPgnReader({ maxTagLength });
        expect([...fast.push(input), ...fast.end()]).toEqual([...slow.push(input), ...slow.end()]);
      }),
      { numRuns: 500 },
    );
  });

  test('with tight limits, the fast loop over movetext, whole or in any split, gives the events of the state machine', () => {
    checkAgainstStateMachine(
      [
        '{ [%clk 0:01:02] } ',
        '{\n[%clk 1:02:03.4]\n}',
        '{ [%clk 0:01] } ',
        '{a long comment here} ',
        '( ',
        ') ',
        '$12 ',
        '!? ',
        '1. ',
        '12... ',
        'Nf3 ',
        'e4 ',
        'Qxf7# ',
        'Kxe1 ',
        '0-0 ',
        '1-0 ',
        '1/2-1/2 ',
        '* ',
        '\n',
        '\n\n',
        '; rest\n',
        '\n%esc\n',
        '[Event "y"]\n',
        'e'.repeat(300) + ' ',
        '\t',
        '\u00e9 ',
      ],
      fc.record({ maxGameLength: fc.integer({ min: 1, max: 400 }), maxCommentLength: fc.integer({ min: 1, max: 25 }) }),
      false,
    );
  });

  test('any split of the UTF-8 bytes, inside characters too, gives the same events', () => {
    fc.assert(
      fc.property(corpus, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (text, cuts, bom) => {
        const bytes = new TextEncoder().encode((bom ? '\uFEFF' : '') + text);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const reader = createPgnReader();
        const events: PgnEvent[] = [];
        let from = 0;
        for (const point of [...points, bytes.length]) {
          events.push(...reader.push(bytes.subarray(from, point)));
          from = point;
        }
        events.push(...reader.end());
        // Lone surrogates do not survive UTF-8; compare with the text the bytes hold.
        expect(events).toEqual(eventsOf(new TextDecoder().decode(bytes)));
      }),
      { numRuns: 200 },
    );
  });

  test('a reader is fresh again after end()', () => {
    const reader = createPgnReader();
    reader.push('[Event "a"]\n1. e4 {unfinished');
    expect(reader.end()[0]).toMatchObject({ kind: 'error', error: { code: 'unterminated-comment' } });
    expect(reader.push('1. d4 *')).toMatchObject([{ kind: 'game', game: { result: '*' } }]);
  });
});

describe('never throws', () => {
  test('on arbitrary strings, with errors that point inside the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 300,
          unit: fc.constantFrom(...'[]{}();%$!?.*-/=+#@ \n\r\t"\\abcdefghNBRQKPOo0123456789'),
        }),
        (text) => {
          for (const result of parsePgn(text)) {
            if (result.ok) continue;
            expect(PGN_ERROR_CODES).toContain(result.error.code);
            expect(result.error.offset).toBeGreaterThanOrEqual(0);
            expect(result.error.offset).toBeLessThanOrEqual(text.length);
            expect(result.error.line).toBeGreaterThanOrEqual(1);
            expect(result.error.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('on arbitrary bytes and on values that are not text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.anything(), (bytes, value) => {
        const reader = createPgnReader(value as never);
        reader.push(bytes);
        const events = reader.push(value as never);
        if (typeof value !== 'string' && !(value instanceof Uint8Array))
          expect(events.at(-1)).toMatchObject({ kind: 'error', error: { code: 'not-text' } });
        reader.end();
        expect(parsePgn(value as never).length).toBeGreaterThanOrEqual(typeof value === 'string' ? 0 : 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('bounded memory', () => {
  const megabyte = 1 << 20;
  const cases: readonly [string, string, string, string][] = [
    ['an endless comment', '[Event "x"]\n1. e4 {', 'a b c d e f g h i j ', 'comment-too-long'],
    ['an endless rest-of-line comment', '1. e4 ;', 'a b c d e f g h i j ', 'comment-too-long'],
    ['an endless tag value', '[Event "', 'abcdefghij', 'tag-too-long'],
    ['an endless tag name', '[Event', 'abcdefghij', 'tag-too-long'],
    ['endless variations', '1. e4 ', '(e4 ', 'variation-too-deep'],
    ['an endless game', '1. Nf3 Nf6 ', '2. Ng1 Ng8 3. Nf3 Nf6 ', 'game-too-large'],
    ['an endless move', '1. ', 'Nf3', 'token-too-long'],
  ];
  for (const [name, start, unit, code] of cases) {
    test(`${name} is reported, and the reader holds less than the limit while megabytes pass`, () => {
      const reader = createPgnReader({ maxCommentLength: 10_000, maxTagLength: 10_000, maxGameLength: 100_000 });
      const events: PgnEvent[] = [...reader.push(start)];
      const chunk = unit.repeat(Math.ceil(4096 / unit.length));
      let most = 0;
      for (let pushed = 0; pushed < 4 * megabyte; pushed += chunk.length) {
        events.push(...reader.push(chunk));
        most = Math.max(most, reader.bufferedLength);
      }
      events.push(...reader.end());
      expect(most).toBeLessThanOrEqual(10_000);
      expect(events[0]).toMatchObject({ kind: 'error', error: { code } });
    });
  }
});

describe('clock commands', () => {
  /** The commands as the reader took them before it read the usual form by hand: by the expression alone. */
  function byExpression(text: string): { clockMs?: number; emtMs?: number; comments?: string[] } {
    const node: { clockMs?: number; emtMs?: number } = {};
    let rest = text;
    for (;;) {
      const match = /\[%(clk|emt)\s+(\d{1,9}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,3}))?\s*\]/.exec(rest);
      if (match === null) break;
      const key = match[1] === 'clk' ? 'clockMs' : 'emtMs';
      if (node[key] !== undefined) break;
      const [, , h, m, s, fraction = ''] = match;
      node[key] = ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(fraction.padEnd(3, '0'));
      rest = (rest.slice(0, match.index) + rest.slice(match.index + match[0].length)).trim();
    }
    return rest === '' && rest !== text ? node : { ...node, comments: [rest] };
  }
  const digits = fc.oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[0-9]{1,3}$/) },
    fc.stringMatching(/^[0-9]{0,11}$/),
  );
  const space = fc.constantFrom(' ', ' ', '  ', '', '\t', '\u00a0');
  // Commands near the usual form, each part sometimes off it, and text between them.
  const command = fc
    .tuple(
      fc.constantFrom('clk', 'emt', 'clk', 'emt', 'clx', 'CLK'),
      space,
      digits,
      fc.constantFrom(':', ':', '.', ''),
      digits,
      fc.constantFrom(':', ':', ''),
      digits,
      fc.option(digits),
      space,
      fc.constantFrom(']', ']', ''),
    )
    .map(
      ([name, before, h, c1, m, c2, s, fraction, after, close]) =>
        `[%${name}${before}${h}${c1}${m}${c2}${s}${fraction === null ? '' : `.${fraction}`}${after}${close}`,
    );
  const piece = fc.oneof(
    command,
    fc.constantFrom(
      ' ',
      'text',
      '[%',
      ']',
      '\n',
      '[%clk 123456789:0:0.1]',
      '[%emt 1234567890:00:00]',
      '[%clk 1:00:00.1234]',
    ),
  );
  test('are read into the node as the expression reads them', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 4 }), (pieces) => {
        const comment = pieces.join('').replace(/[{}]/g, '').trim();
        const results = parsePgn(`1. e4 {${comment}} *`);
        const node = results[0]?.ok ? results[0].value.root.children[0] : undefined;
        const expected = byExpression(comment);
        expect({ clockMs: node?.clockMs, emtMs: node?.emtMs, comments: node?.comments }).toEqual({
          clockMs: expected.clockMs,
          emtMs: expected.emtMs,
          comments: expected.comments,
        });
      }),
      { numRuns: 2000 },
    );
  });
});
