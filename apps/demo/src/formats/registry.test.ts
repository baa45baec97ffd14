import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatAdapter } from './adapter.js';
import { FORMATS } from '@chess-formats/formats';
import {
  ADAPTERS,
  BESPOKE_ADAPTERS,
  VIEW_ONLY_FAMILIES,
  adapterByName,
  conversions,
  detectFormat,
  type Conversion,
} from './registry.js';
import { SETUP_JSON_ADAPTER } from './setup-json.js';

const require = createRequire(import.meta.url);
const vectorsDir = join(dirname(require.resolve('@chess-formats/conformance/package.json')), 'vectors');

interface VectorCase {
  readonly id: string;
  readonly input: string;
  readonly result: string;
}

function casesOf(format: string): VectorCase[] {
  const dir = join(vectorsDir, format);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cases: VectorCase[] }).cases);
}

/** Vectors of errors that are good records of another format, and where they go. */
const EXPECTED_ELSEWHERE: string[] = [
  // FICS session vectors of plain text (a line of no known kind, a wrapped line, a Game line that
  // is no observe header): the stream view, which reads any FICS text, takes them first.
  'fics.notices.not-a-header: fics',
  'fics.stream.continuation: fics',
  'fics.stream.continuation-off: fics',
  'fics.stream.text: fics',
  // Plain lines of text, without a delimiter: a level 0 ICC session, and just as well a FICS
  // stream, which takes plain text (FICS comes first in the menu).
  'icc.units.plain-text: fics',
  'icc.units.long-line: fics',
  // `4k3/8/8/8/8/8/8/4K3`: a FENr without its times, and a FEN without its other fields.
  'fenr.fields.board-only: fen',
  // `4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1`: FEN's field order, which FENr refuses.
  'fenr.fields.fen-order: fen',
  // `D`: a delay marker with no board around it, which is no placement; a word of plain text
  // (the FENr descriptor leaves a `D` or `M` out of ranks to other formats), so the stream view.
  'fenr.placement.delay-at-end: fics',
];

const families = [...new Set(ADAPTERS.map((adapter) => adapter.family))];

/**
 * The one way a vector may go to another format: the other format reads it without error
 * (`4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1` is a FENr vector of an error, and a FEN; plain text is
 * an ICC session at level 0 and a FICS stream alike), or it is blank (the page opens blank
 * input as the default format). The page then shows what that format reads, not an error.
 * Every such vector is pinned in EXPECTED_ELSEWHERE.
 */
function readsCleanly(adapter: FormatAdapter, text: string): boolean {
  if (text.trim() === '') return adapter === ADAPTERS[0];
  const view = adapter.read(text);
  return view.errors.length === 0 && (view.positions.length > 0 || (view.session?.events.length ?? 0) > 0);
}

describe('the one list', () => {
  it('the page reads exactly the formats of the list, beside its own views', () => {
    const families = new Set(ADAPTERS.map((adapter) => adapter.family));
    for (const family of VIEW_ONLY_FAMILIES) families.delete(family);
    expect([...families].sort()).toEqual(FORMATS.map((format) => format.name).sort());
  });
});

describe('format detection on the conformance vectors', () => {
  it('has vectors for every family of a package', () => {
    expect(casesOf('fen').length).toBeGreaterThan(200);
    for (const family of ['ocpn', 'fenr', 'style12', 'icc']) expect(casesOf(family).length, family).toBeGreaterThan(50);
  });

  it('sends only a few vectors elsewhere, each read there without error', () => {
    const elsewhere = families.flatMap((family) =>
      casesOf(family)
        .filter((c) => c.input.trim() !== '' && detectFormat(c.input).adapter.family !== family)
        .map((c) => `${c.id}: ${detectFormat(c.input).adapter.name}`),
    );
    expect(elsewhere).toEqual(EXPECTED_ELSEWHERE);
  });

  for (const family of families) {
    const cases = casesOf(family);
    if (cases.length === 0) continue;
    it(`detects every ${family} vector (${cases.length}) as ${family}`, () => {
      const wrong = cases
        .map((c) => ({ c, detected: detectFormat(c.input).adapter }))
        .filter(({ c, detected }) => detected.family !== family && !readsCleanly(detected, c.input))
        .map(({ c, detected }) => `${c.id}: ${detected.name}`);
      expect(wrong).toEqual([]);
    });
  }
});

describe('FEN dialects', () => {
  const detected = (text: string): string => detectFormat(text).adapter.name;

  it('tells the dialects apart', () => {
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBe('fen');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1')).toBe('shredder');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1')).toBe('fen');
    expect(detected('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9')).toBe('xfen');
    // One file letter is both X-FEN and Shredder-FEN; Shredder (letters only) is the reading.
    expect(detected('4k3/8/8/8/8/8/8/4K1RR w G - 0 1')).toBe('shredder');
    expect(detected('4k3/8/8/8/8/8/8/4K1RR w KG - 0 1')).toBe('xfen');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1')).toBe('crazyhouse');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1')).toBe('crazyhouse');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1')).toBe('three-check');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2')).toBe('three-check');
  });

  it('guesses the dialect of broken records from their text', () => {
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w KQkq - 0 1')).toBe('crazyhouse');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1')).toBe('three-check');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w HAha - 0 1')).toBe('shredder');
    expect(detected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1')).toBe('fen');
  });

  it('sends blank input to the default format, FEN', () => {
    expect(detected('')).toBe('fen');
    expect(detected('  \n')).toBe('fen');
  });

  it('detects the canonical setup JSON', () => {
    expect(detected('{"geometry":"omega"}')).toBe('setup-json');
    expect(detected('{"geometry":')).toBe('setup-json');
  });

  it('never throws, even for non-strings from untyped callers', () => {
    for (const value of [undefined, null, 42, {}, 'x'.repeat(10_000)]) {
      expect(() => detectFormat(value as unknown as string)).not.toThrow();
    }
  });

  it('lets each adapter read its own example and detects the example as its own format', () => {
    for (const adapter of ADAPTERS) {
      const view = adapter.read(adapter.example);
      expect(view.errors, adapter.name).toEqual([]);
      // A record shows one board; a session, at least one.
      if (view.session) expect(view.positions.length, adapter.name).toBeGreaterThan(0);
      else expect(view.positions.length, adapter.name).toBe(1);
      expect(detectFormat(adapter.example).adapter.name).toBe(adapter.name);
    }
  });

  it('tolerates a detector that throws or returns NaN', () => {
    const broken: FormatAdapter = {
      name: 'broken',
      label: 'Broken',
      family: 'broken',
      example: '',
      detect: () => {
        throw new Error('no');
      },
      read: () => ({ positions: [], fields: [], errors: [], notes: [] }),
    };
    const nan: FormatAdapter = { ...broken, name: 'nan', detect: () => Number.NaN };
    expect(detectFormat('x', [broken, nan]).scores).toEqual([
      { name: 'broken', score: 0 },
      { name: 'nan', score: 0 },
    ]);
  });
});

describe('conversions', () => {
  // The page's own views; each other format of the list has the generic view, which writes
  // what its descriptor can hold (format-recipe.test.ts proves that with a toy format).
  const views = new Set([...BESPOKE_ADAPTERS, SETUP_JSON_ADAPTER].map((adapter) => adapter.name));
  const toViews = (list: readonly Conversion[]): Conversion[] => list.filter((c) => views.has(c.name));

  const read = (name: string, text: string) => {
    const adapter = adapterByName(name);
    if (!adapter) throw new Error(name);
    const position = adapter.read(text).positions[0];
    if (!position) throw new Error('unreadable');
    return { adapter, position };
  };

  it('writes a Chess960 position in X-FEN, Shredder-FEN and JSON but not plain FEN', () => {
    const { adapter, position } = read('xfen', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
    expect(toViews(conversions(position, adapter)).map((c) => [c.name, c.text])).toEqual([
      ['shredder', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'],
      [
        'style12',
        '<12> bqnb-rkr pp---ppp ---ppn-- --p----- -----P-- P--P---- NPP-P-PP BQ-BNRKR W -1 1 1 1 1 2 1 White Black -3 0 0 39 39 0 0 9 none (0:00) none 0',
      ],
      ['setup-json', expect.stringContaining('"castlingRooks":["f1","h1","f8","h8"]')],
    ]);
  });

  it('writes pockets only in crazyhouse FEN (and JSON)', () => {
    const { adapter, position } = read('crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1');
    expect(toViews(conversions(position, adapter)).map((c) => c.name)).toEqual(['style12', 'setup-json']);
    expect(toViews(conversions(position, adapter))[0]?.text).toMatch(/ none 0\n<b1> game 1 white \[Q\] black \[N\]$/);
    const json = adapterByName('setup-json');
    if (!json) throw new Error('setup-json');
    expect(toViews(conversions(position, json)).map((c) => [c.name, c.text])).toEqual([
      ['crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1'],
      ['style12', expect.stringContaining('<b1> game 1 white [Q] black [N]')],
    ]);
  });

  it('offers the canonical spelling in the format read when the input differs from it', () => {
    const { adapter, position } = read('three-check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2');
    expect(
      conversions(position, adapter, undefined, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2')[0],
    ).toEqual({
      name: 'three-check',
      label: 'Three-check FEN, canonical',
      text: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1',
    });
    const canonical = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1\n';
    // Style 12 has no check counters.
    expect(toViews(conversions(position, adapter, undefined, canonical)).map((c) => c.name)).toEqual(['setup-json']);
  });

  it('writes an Omega position as OCPN and JSON only, OCPN without the advanced fields JSON lacks', () => {
    const json = adapterByName('setup-json');
    if (!json) throw new Error('setup-json');
    const position = json.read(json.example).positions[0];
    if (!position) throw new Error('unreadable');
    expect(toViews(conversions(position, json))).toEqual([
      {
        name: 'ocpn',
        label: 'OCPN (Omega chess)',
        text: 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq - - - -- 0 1',
      },
    ]);
    expect(json.write?.(position)).toBe(json.example);
  });
});
