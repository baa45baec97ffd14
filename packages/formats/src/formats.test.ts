import { standardSetup, type Format, type TextFormat } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FORMATS, STREAM_FORMATS, TEXT_FORMATS, detectFormat, formatByName } from './index.js';

/** Records beside the formats' own examples, each detected as its format. */
const SAMPLES: Readonly<Record<string, string>> = {
  fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  style12:
    '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
  ocpn: 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb PP 0 1',
  fenr: 'r2Dq0000k2r/pb1n2bp/1pp2n2/3p1pp1/DQ0050P1PpDP15002/2P1P1P1/PB1NN1BP/R3K1DR55001 Qkq f3 14200 14200',
  pgn: '[Event "Casual"]\n[White "Newton"]\n[Black "Einstein"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
  icc: '\x19(0 Vasilisk 1\x19)',
};

const textFormats = FORMATS.filter((format): format is Format & TextFormat => format.kind === 'text');

describe('FORMATS', () => {
  // Whether each package's error-code list is frozen is that package's test: this list reuses them.
  test('is frozen, each format and its field names too, and names are unique lower-case ids', () => {
    expect(Object.isFrozen(FORMATS)).toBe(true);
    for (const format of FORMATS) {
      expect(Object.isFrozen(format), format.name).toBe(true);
      if (format.kind === 'text') expect(Object.isFrozen(format.fields), format.name).toBe(true);
      expect(format.name).toMatch(/^[a-z][a-z0-9-]*$/);
    }
    expect(new Set(FORMATS.map((f) => f.name)).size).toBe(FORMATS.length);
  });

  test("each format's example is detected as that format, sure of it: the list's order settles no example", () => {
    for (const format of FORMATS) {
      const found = detectFormat(format.example);
      expect(found.format?.name, format.name).toBe(format.name);
      expect(found.score, format.name).toBeGreaterThanOrEqual(0.9);
    }
  });

  test('formatByName finds each format and nothing else', () => {
    for (const format of FORMATS) expect(formatByName(format.name)).toBe(format);
    expect(formatByName('FEN')).toBeUndefined();
    expect(formatByName('toString')).toBeUndefined();
  });

  test.each(Object.entries(SAMPLES))('a %s sample is detected as its format, sure of it', (name, text) => {
    const found = detectFormat(text);
    expect(found.format?.name).toBe(name);
    expect(found.score).toBeGreaterThanOrEqual(0.9);
    expect(found.scores.map((s) => s.name)).toEqual(FORMATS.map((f) => f.name));
  });

  test('every text format reads its example, writes it back and reads that again alike; fromSetup round-trips', () => {
    for (const format of textFormats) {
      const read = format.parse(format.example);
      if (!read.ok) throw new Error(`${format.name}: ${read.error.message}`);
      const text = format.write(read.value);
      const again = format.parse(text);
      if (!again.ok) throw new Error(`${format.name}: ${again.error.message}`);
      expect(format.write(again.value)).toBe(text);
      const setup = format.setupOf(read.value);
      expect(format.setupOf(format.fromSetup(setup)).board).toEqual(setup.board);
      expect(format.fields.length, format.name).toBeGreaterThan(1);
    }
  });

  test('a broken record still scores for its format, above unrelated text', () => {
    expect(detectFormat('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1').format?.name).toBe('fen');
    expect(detectFormat('<12> rnbqkbnr pppppppp x').format?.name).toBe('style12');
    expect(detectFormat('hello world')).toMatchObject({ format: undefined, score: 0 });
    expect(detectFormat('')).toMatchObject({ format: undefined, score: 0 });
  });

  test('formats that cannot hold a setup say why', () => {
    const omega = formatByName('ocpn') as TextFormat;
    const fen = formatByName('fen') as TextFormat;
    const parsed = omega.parse(SAMPLES['ocpn'] ?? '');
    if (!parsed.ok) throw new Error('ocpn');
    expect(() => fen.write(fen.fromSetup(omega.setupOf(parsed.value)))).toThrow(TypeError);
    expect(() => omega.write(omega.fromSetup(standardSetup()))).toThrow(TypeError);
  });

  test('earlier formats win ties; a throwing or wild detector counts as 0', () => {
    const toy = (name: string, detect: (text: string) => number): Format => ({
      kind: 'stream',
      name,
      title: name,
      example: '',
      detect,
      createReader: () => ({}),
      errorCodes: [],
    });
    const list = [
      toy('a', () => 0.5),
      toy('b', () => 0.5),
      toy('c', () => {
        throw new Error('no');
      }),
      toy('d', () => Number.NaN),
    ];
    expect(detectFormat('x', list)).toMatchObject({
      format: { name: 'a' },
      scores: [{ score: 0.5 }, { score: 0.5 }, { score: 0 }, { score: 0 }],
    });
    expect(detectFormat('x', [toy('e', () => 7)]).score).toBe(1);
  });

  test('detection never throws and scores in 0..1, on any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom(...Object.values(SAMPLES), ...FORMATS.map((f) => f.example))),
        fc.nat(40),
        (text, cut) => {
          const cutText = text.slice(0, cut) + text.slice(cut + 1);
          for (const input of [text, cutText]) {
            for (const { score } of detectFormat(input).scores) expect(score >= 0 && score <= 1).toBe(true);
          }
        },
      ),
    );
    for (const format of FORMATS) expect(format.detect(undefined as unknown as string)).toBe(0);
  });

  test('detection is linear: a megabyte of any shape is read in well under a second by every format', () => {
    const big = [
      '/'.repeat(1 << 20),
      `<12> ${'rnbqkbnr '.repeat(1 << 17)}`,
      `${'a'.repeat(1 << 20)} w`,
      `${' '.repeat(1 << 20)}x`,
      `${'D'.repeat(1 << 20)}/8/8/8/8/8/8/8 - - 0 0`,
      'K'.repeat(1 << 20),
    ];
    for (const text of big) {
      const start = performance.now();
      detectFormat(text);
      expect(performance.now() - start, text.slice(0, 12)).toBeLessThan(1000);
    }
  });
});

describe('spans', () => {
  const inRange = (format: TextFormat, text: string): void => {
    let last = 0;
    for (const span of format.spans(text)) {
      expect(span.start, format.name).toBeGreaterThanOrEqual(last);
      expect(span.end, format.name).toBeGreaterThan(span.start);
      expect(span.end, format.name).toBeLessThanOrEqual(text.length);
      expect(format.fields[span.field], `${format.name} field ${span.field}`).toBeDefined();
      last = span.end;
    }
  };

  test("place every field of each text format's example, in order, each with a meaning; the value given or not alike", () => {
    for (const format of textFormats) {
      const spans = format.spans(format.example);
      expect(spans.length, format.name).toBeGreaterThan(0);
      inRange(format, format.example);
      for (const span of spans) expect(span.meaning, `${format.name} ${format.fields[span.field]}`).not.toBe('');
      const read = format.parse(format.example);
      if (!read.ok) throw new Error(format.name);
      expect(format.spans(format.example, read.value), format.name).toEqual(spans);
    }
  });

  test('never throw, stay in the text and in order on any input; a text that does not parse has no meanings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom(...textFormats.map((f) => f.example))),
        fc.nat(80),
        (text, cut) => {
          for (const input of [text, text.slice(0, cut) + text.slice(cut + 1)]) {
            for (const format of textFormats) {
              inRange(format, input);
              if (!format.parse(input).ok) for (const span of format.spans(input)) expect(span.meaning).toBe('');
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    for (const format of textFormats) expect(format.spans(undefined as unknown as string)).toEqual([]);
  });

  test('are linear: a megabyte of any shape in well under a second by every text format', () => {
    for (const text of [
      '/'.repeat(1 << 20),
      `${'a '.repeat(1 << 19)}`,
      `[${'x\n['.repeat(1 << 18)}`,
      ' '.repeat(1 << 20),
    ]) {
      for (const format of textFormats) {
        const start = performance.now();
        format.spans(text);
        expect(performance.now() - start, `${format.name} ${text.slice(0, 8)}`).toBeLessThan(1000);
      }
    }
  });
});

describe('TEXT_FORMATS and STREAM_FORMATS', () => {
  test('split the list by kind, each in list order, together every format once', () => {
    expect(TEXT_FORMATS.every((format) => format.kind === 'text')).toBe(true);
    expect(STREAM_FORMATS.every((format) => format.kind === 'stream')).toBe(true);
    expect(TEXT_FORMATS.map((format) => format.name)).toEqual(
      FORMATS.filter((format) => format.kind === 'text').map((format) => format.name),
    );
    expect([...TEXT_FORMATS, ...STREAM_FORMATS].map((format) => format.name).sort()).toEqual(
      FORMATS.map((format) => format.name).sort(),
    );
    expect(Object.isFrozen(TEXT_FORMATS) && Object.isFrozen(STREAM_FORMATS)).toBe(true);
  });
});
