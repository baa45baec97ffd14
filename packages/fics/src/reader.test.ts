import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  createFicsReader,
  createOfferBook,
  createSeekBook,
  seekTitles,
  writeFicsEvents,
  type FicsEvent,
  type FicsReaderOptions,
} from './index.js';
import { LINE_EXAMPLES, MOVES_LISTING } from './testing/lines.js';

function read(stream: string | Uint8Array, options?: FicsReaderOptions): FicsEvent[] {
  const reader = createFicsReader(options);
  return [...reader.push(stream), ...reader.end()];
}

function one<K extends FicsEvent['kind']>(line: string, kind: K): Extract<FicsEvent, { kind: K }> {
  const events = read(`${line}\n\r`);
  expect(events.map((e) => e.kind)).toEqual([kind]);
  return events[0] as Extract<FicsEvent, { kind: K }>;
}

const SESSION = `fics% ${LINE_EXAMPLES.map(([, line]) => line).join('\n\rfics% ')}\n\r${MOVES_LISTING}\x1512\x1680\x16You are now observing game 12.\n\r\x17\n\rfics% `;

describe('createFicsReader', () => {
  test('every example line gives its kind', () => {
    for (const [kind, line] of LINE_EXAMPLES)
      expect(
        read(`fics% ${line}\n\r`).map((e) => e.kind),
        line,
      ).toEqual([kind]);
  });

  test('<g1>: it= is White initial time and increment, i= Black (seconds), ratings keep their marks', () => {
    const { info } = one(LINE_EXAMPLES[0]![1], 'game-info');
    expect(info.timeControl).toEqual({
      white: { initialSeconds: 180, incrementSeconds: 2 },
      black: { initialSeconds: 120, incrementSeconds: 0 },
    });
    expect([info.ratings.white.value, info.ratings.white.mark, info.ratings.black.value]).toEqual([
      1850,
      'E',
      undefined,
    ]);
    expect([info.unregistered.black, info.timeseal.white, info.rated, info.fields['m']]).toEqual([
      true,
      true,
      true,
      '2',
    ]);
  });

  test('seeks: titles bit field, the rating mark, colour and range', () => {
    const { seek } = one('<s> 21 w=Alice ti=0c rt=2210  t=5 i=3 r=r tp=blitz c=W rr=1800-2400 a=t f=f x=1', 'seek');
    expect(seekTitles(seek.titles)).toEqual(['GM', 'IM']);
    expect([seek.rating.value, seek.rating.mark, seek.color, seek.ratingRange, seek.automatic]).toEqual([
      2210,
      undefined,
      'white',
      [1800, 2400],
      true,
    ]);
    expect(seek.extraFields).toEqual(['x=1']);
    const sn = one(LINE_EXAMPLES[3]![1], 'seek').seek;
    expect([sn.cannotAccept, sn.rating.mark, sn.color, sn.formula]).toEqual([true, 'P', undefined, true]);
  });

  test('offers: typed parameters of match, draw and takeback', () => {
    const match = one(LINE_EXAMPLES[6]![1], 'offer').offer;
    expect(match.direction).toBe('from');
    expect(match.match).toMatchObject({
      challenger: { name: 'Carol' },
      color: 'black',
      receiver: { name: 'Dave', rating: { text: '980', value: 980 } },
      rated: true,
      type: 'standard',
      minutes: 15,
      increment: 5,
    });
    expect(one('<pf> 33 w=Carol t=takeback p=2', 'offer').offer.plies).toBe(2);
    const loaded = one(LINE_EXAMPLES[11]![1], 'offer').offer.match;
    expect([loaded?.loadedFrom, loaded?.adjourned, loaded?.challenger.rating.value]).toEqual([
      'wild/fr',
      true,
      undefined,
    ]);
  });

  test('game ends carry a class for every reason FICS sends', () => {
    const reasons: [string, string][] = [
      ['Bob resigns', 'resignation'],
      ['Bob checkmated', 'checkmate'],
      ['Bob forfeits on time', 'time'],
      ['Bob forfeits by disconnection', 'disconnection'],
      ["Bob's partner won", 'partner'],
      ['Bob wins by losing all material', 'losing-all-material'],
      ['Bob wins by having less material (stalemate)', 'less-material'],
      ['Game drawn by mutual agreement', 'agreement'],
      ['Game drawn by repetition', 'repetition'],
      ['Game drawn by the 50 move rule', 'fifty-moves'],
      ['Game drawn by stalemate', 'stalemate'],
      ['Game drawn because both players ran out of time', 'both-flags'],
      ['Bob ran out of time and Alice has no material to mate', 'time-insufficient-material'],
      ['Neither player has mating material', 'insufficient-material'],
      ['Game aborted on move 1', 'aborted'],
      ['Bob lost connection and too few moves; game aborted', 'aborted'],
      ['Game courtesyadjourned by Bob', 'adjourned'],
      ['Bob lost connection; game adjourned', 'adjourned'],
      ['Game adjudicated: Bob wins', 'other'],
    ];
    for (const [reason, reasonClass] of reasons)
      expect(one(`{Game 9 (Alice vs. Bob) ${reason}} *`, 'game-end').end.reasonClass, reason).toBe(reasonClass);
  });

  test('a moves listing is one event: the start board, Black first, times to h:mm:ss.mmm, the status', () => {
    const events = read(MOVES_LISTING);
    expect(events.map((e) => e.kind)).toEqual(['moves']);
    const { table } = events[0] as Extract<FicsEvent, { kind: 'moves' }>;
    expect([table.gameNumber, table.white.name, table.black.rating.text, table.date]).toEqual([
      12,
      'Alice',
      'UNR',
      'Thu Nov 26, 12:00 UTC 2026',
    ]);
    expect([table.rated, table.type, table.minutes, table.increment, table.start?.relation]).toEqual([
      false,
      'wild/fr',
      90,
      30,
      -4,
    ]);
    expect(table.rows.map((r) => [r.moveNumber, r.white.san, r.black?.san])).toEqual([
      [1, '...', 'e5'],
      [2, 'e4', 'Nc6'],
      [3, 'Nf3', undefined],
    ]);
    expect(table.rows[1]?.black?.timeMs).toBe(4_464_313);
    expect([table.status, table.result]).toEqual(['Still in progress', '*']);
  });

  test('a listing cut short is an error, and the line that cut it is read as itself', () => {
    const cut = MOVES_LISTING.replace('  3.  Nf3     (12:00.001)', '<sr> 5');
    const events = read(cut);
    expect(events.map((e) => e.kind)).toEqual(['error', 'seek-remove', 'text']);
    expect(events[0]?.kind === 'error' && events[0].error.code).toBe('moves-table');
    expect(read('Movelist for game 3:\n\r').map((e) => e.kind)).toEqual(['error']);
    const long = read(MOVES_LISTING, { maxMovesRows: 2 });
    expect(long[0]?.kind === 'error' && long[0].error.code).toBe('moves-table');
  });

  test('a listing cut short keeps the lines it took, so writing the events and reading them again cuts it alike', () => {
    // A continuation joined to the last line makes that line no listing's end: the listing is cut there.
    const cut = `${MOVES_LISTING}\\   more\n\r`;
    const events = read(cut);
    expect(events.map((e) => e.kind)).toEqual(['error', 'text']);
    const error = events[0]?.kind === 'error' ? events[0] : undefined;
    expect(error?.line.split('\n')[0]).toBe('Movelist for game 12:');
    expect(error?.line).toContain('  3.  Nf3     (12:00.001)');
    expect(error?.line).not.toContain('Still in progress');
    const again = read(writeFicsEvents(events));
    expect(again).toEqual(events);
  });

  test('continuation lines are joined to the line they continue; held lines wait for the next line', () => {
    const wrapped = 'Alice (2210) seeking 5 3 rated blitz [white] m \n\r\\   ("play 21" to respond)\n\r';
    expect(read(wrapped).map((e) => e.kind)).toEqual(['seek-ad']);
    const reader = createFicsReader();
    expect(reader.push('A line of text\n\r')).toEqual([]);
    expect(reader.push('<sc>\n\r').map((e) => e.kind)).toEqual(['text']);
    expect(reader.end().map((e) => e.kind)).toEqual(['seek-clear']);
    expect(read(wrapped, { joinContinuations: false }).map((e) => e.kind)).toEqual(['text', 'text']);
    // Memory stays bounded: a joined line stops growing at the longest line read.
    const endless = read(`start${'\n\r\\   0123456789'.repeat(50)}\n\r`, { maxLength: 100 });
    expect(Math.max(...endless.map((e) => (e.kind === 'text' ? e.text.length : 0)))).toBeLessThanOrEqual(100);
    // The line past the bound starts a line of its own, prefix and all; nothing is lost.
    const texts = endless.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('').replaceAll('\\   ', '')).toBe(`start${'0123456789'.repeat(50)}`);
  });

  test('machine lines that do not read are errors; other lines of known shapes that do not read are text', () => {
    const bad = read(
      '<s> 21 w=Alice ti=zz rt=2210 t=5 i=3 r=r tp=blitz c=W rr=0-9999 a=t f=f\n\rGame 70: A disconnection will be considered a forfeit.\n\r',
    );
    expect(bad.map((e) => e.kind)).toEqual(['error', 'text']);
    expect(bad[0]?.kind === 'error' && [bad[0].error.code, bad[0].error.field]).toEqual(['value', 3]);
  });

  test('boards, holdings and block frames are the style12 scanner events', () => {
    const events = read('\x155\x1680\x16You are now observing game 12.\n\r<b1> game 12 white [P] black []\n\r\x17');
    expect(events.map((e) => e.kind)).toEqual(['unit-start', 'observe-start', 'holdings', 'unit-end']);
    expect(events[1]).toMatchObject({ block: { id: 5, command: 80 }, gameNumber: 12 });
  });

  test('the seek book and the offer book follow their events', () => {
    const seeks = createSeekBook({ maxEntries: 2 });
    const offers = createOfferBook();
    for (const event of read(SESSION)) {
      seeks.apply(event);
      offers.apply(event);
    }
    // `<sc>` and `<sr>` came after the two seeks.
    expect(seeks.size).toBe(0);
    expect(offers.offers().map((o) => o.index)).toEqual([32, 33, 34, 35, 36]);
    for (const event of read(
      '<s> 1 w=A ti=00 rt=0P t=1 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f\n<s> 2 w=B ti=00 rt=0P t=1 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f\n<s> 3 w=C ti=00 rt=0P t=1 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f\nAds removed: 3\n',
    ))
      seeks.apply(event);
    expect(seeks.seeks().map((s) => s.name)).toEqual(['B']);
    expect(seeks.apply({ kind: 'text', text: 'x' })).toBe(false);
  });
});

describe('properties', () => {
  const pieces = [
    ...LINE_EXAMPLES.map(([, line]) => line),
    MOVES_LISTING,
    '\x155\x1643\x16',
    '\x17',
    'fics% ',
    '\x07',
    '\\   more',
    '<12> broken',
  ];
  const session = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join('\n\r'));
  const noise = fc.oneof(
    session,
    fc.string(),
    fc.string({ unit: 'binary' }),
    session.chain((s) => fc.nat(s.length).map((k) => s.slice(k))),
  );

  test('never throws, on any text or bytes', () => {
    fc.assert(
      fc.property(noise, fc.uint8Array(), (text, bytes) => {
        read(text);
        read(bytes);
      }),
    );
  });

  test('the same events however the stream is split', () => {
    fc.assert(
      fc.property(noise, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const reader = createFicsReader();
        const split: FicsEvent[] = [];
        let from = 0;
        for (const cut of [...at, text.length]) {
          split.push(...reader.push(text.slice(from, cut)));
          from = cut;
        }
        split.push(...reader.end());
        expect(split).toEqual(read(text));
      }),
    );
  });

  test('what the writer writes reads back to the same events, and writes again unchanged', () => {
    fc.assert(
      fc.property(session, (text) => {
        const events = read(text);
        const written = writeFicsEvents(events);
        const again = read(written);
        expect(writeFicsEvents(again)).toBe(written);
        const strip = (e: FicsEvent): unknown => {
          const { line: _line, ...rest } = e as { line?: string };
          return rest;
        };
        expect(again.filter((e) => e.kind !== 'error').map(strip)).toEqual(
          events.filter((e) => e.kind !== 'error').map(strip),
        );
      }),
    );
  });
});
