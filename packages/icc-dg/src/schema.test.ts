import { describe, expect, expectTypeOf, test } from 'vitest';
import { decodeDatagram, parseDatagram } from './datagram.js';
import { encodeDatagram } from './encode.js';
import { planOf } from './plan.js';
import { DG_SCHEMA, datagramId, datagramName, type Datagram, type DatagramOf } from './schema.js';
import { SCHEMA_IDS } from './testing/arbitrary.js';

const Y = '\x19';

/**
 * The numbers of the `#define DG_*` list of formats2.txt, without the DG_COR_* reason codes
 * (1-6 again, for DG 161) and the DG_TABLE_SIZE sentinel (189); 157 is commented out there
 * but described in the prose ("DG_CHECKERS 157"). 54, 92 and 118 are not defined.
 */
const DEFINED = Array.from({ length: 189 }, (_, i) => i).filter((i) => ![54, 92, 118].includes(i));

describe('the schema table', () => {
  test('has every DG of the document, and nothing else', () => {
    expect(SCHEMA_IDS).toEqual(DEFINED);
  });

  test('uses the #define names, unique, with the prose names where the #define list lacks one', () => {
    const names = SCHEMA_IDS.map((id) => datagramName(id));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^DG_[A-Z0-9_]+$/);
    expect([
      datagramName(99),
      datagramName(123),
      datagramName(129),
      datagramName(133),
      datagramName(135),
      datagramName(157),
    ]).toEqual([
      'DG_QRETRACT',
      'DG_SPEAK',
      'DG_TRANSLATIONSOKAY',
      'DG_FREE_WAS_CHECKERS',
      'DG_ICCLOGBOT',
      'DG_CHECKERS',
    ]);
    expect(datagramId('DG_SEND_MOVES')).toBe(24);
    expect(datagramId('DG_COR_LOGIN')).toBeUndefined();
    expect(datagramName(189)).toBeUndefined();
  });

  test('field names are camelCase and unique within a datagram; gates name level 2 variables', () => {
    for (const id of SCHEMA_IDS) {
      const fields = planOf(id)?.fields ?? [];
      const names = fields.map((f) => f.name);
      expect(new Set(names).size, String(id)).toBe(names.length);
      for (const field of fields) {
        expect(field.name, String(id)).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect('sqbifctRMwp'.includes(field.kind) && field.kind.length === 1, `${String(id)} ${field.name}`).toBe(true);
        if (field.gate >= 0) expect(datagramName(field.gate), `${String(id)} ${field.name}`).toBeDefined();
      }
      // A rest field takes everything, so it is the last one.
      expect(
        fields.slice(0, -1).some((f) => f.rest),
        String(id),
      ).toBe(false);
      // The decoder marks the fields present in the bits of one 32-bit integer.
      expect(fields.length, String(id)).toBeLessThanOrEqual(31);
    }
  });

  test('the spec names become camelCase: gamenumber, white-initial, whitename', () => {
    const fields = planOf(12)?.fields.map((f) => f.name);
    expect(fields?.slice(0, 8)).toEqual([
      'gameNumber',
      'whiteName',
      'blackName',
      'wildNumber',
      'ratingType',
      'rated',
      'whiteInitial',
      'whiteIncrement',
    ]);
  });

  test('the fields type narrows by name', () => {
    const dg = {} as Datagram;
    if (dg.name === 'DG_SEND_MOVES') {
      expectTypeOf(dg.fields.gameNumber).toEqualTypeOf<number>();
      expectTypeOf(dg.fields.smithMove).toEqualTypeOf<string | undefined>();
      expectTypeOf(dg.id).toEqualTypeOf<24>();
    }
    if (dg.name === 'DG_GAME_STARTED') {
      expectTypeOf(dg.fields.whiteTitles).toEqualTypeOf<readonly string[]>();
      expectTypeOf(dg.fields.rated).toEqualTypeOf<boolean>();
    }
    if (dg.name === null) expectTypeOf(dg.fields).toEqualTypeOf<null>();
    expectTypeOf<DatagramOf<'DG_MSEC'>['fields']['color']>().toEqualTypeOf<'W' | 'B'>();
    expectTypeOf<DatagramOf<'DG_PLAYER_ARRIVED'>['fields']['bullet']>().toEqualTypeOf<
      { readonly rating: number; readonly annotation: number } | undefined
    >();
  });

  test('is plain data: numbers map to a name and a field notation', () => {
    for (const [id, entry] of Object.entries(DG_SCHEMA)) {
      expect(Number.isInteger(Number(id))).toBe(true);
      expect(entry).toHaveLength(2);
    }
  });
});

describe('the generic codec', () => {
  test('extra trailing fields are kept, in args and in extra', () => {
    const result = decodeDatagram(41, ['117', 'new', 'fields']);
    expect(result).toEqual({
      ok: true,
      value: {
        id: 41,
        name: 'DG_REFRESH',
        args: ['117', 'new', 'fields'],
        fields: { gameNumber: 117 },
        extra: ['new', 'fields'],
      },
    });
  });

  test('an unknown number comes through raw', () => {
    expect(decodeDatagram(500, ['a', 'b c'])).toEqual({
      ok: true,
      value: { id: 500, name: null, args: ['a', 'b c'], fields: null, extra: ['a', 'b c'] },
    });
    expect(encodeDatagram({ id: 500, args: ['a', 'b c'] })).toBe(`${Y}(500 a {b c}${Y})`);
  });

  test('DG_PLAYER_ARRIVED reads the ratings and companions that are on, in the README order', () => {
    const settings = ['DG_BLITZ', 'DG_STANDARD', 'DG_OPEN', 'DG_STATE', 'DG_TITLES'] as const;
    const result = parseDatagram(`${Y}(1 Corvid 2650 2 2500 1 {GM} 1 P 117${Y})`, { settings });
    expect(result.ok && result.value.fields).toEqual({
      playerName: 'Corvid',
      blitz: { rating: 2650, annotation: 2 },
      standard: { rating: 2500, annotation: 1 },
      titles: ['GM'],
      open: true,
      state: 'P',
      gameNumber: 117,
    });
    if (result.ok && result.value.name === 'DG_PLAYER_ARRIVED') {
      expect(encodeDatagram(result.value, { settings })).toBe(`${Y}(1 Corvid 2650 2 2500 1 {GM} 1 P 117${Y})`);
    }
  });

  test('DG_SEND_MOVES by the move variables, and DG_MOVE_LIST by the same ones', () => {
    const settings = [
      'DG_MOVE_ALGEBRAIC',
      'DG_MOVE_SMITH',
      'DG_MOVE_TIME',
      'DG_MOVE_CLOCK',
      'DG_IS_VARIATION',
    ] as const;
    expect(parseDatagram(`${Y}(24 5 Nf3 g1f3 3 177 1${Y})`, { settings })).toMatchObject({
      ok: true,
      value: {
        fields: { gameNumber: 5, algebraicMove: 'Nf3', smithMove: 'g1f3', time: 3, clock: 177, isVariation: 1 },
      },
    });
    expect(parseDatagram(`${Y}(24 5 g1f3${Y})`, { settings: ['DG_MOVE_SMITH'] })).toMatchObject({
      ok: true,
      value: { fields: { gameNumber: 5, smithMove: 'g1f3' } },
    });
    expect(
      parseDatagram(`${Y}(25 5 * {e4 e2e4}{c5 c7c5}${Y})`, { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH'] }),
    ).toMatchObject({
      ok: true,
      value: {
        fields: {
          gameNumber: 5,
          initialPosition: '*',
          moves: [
            { algebraicMove: 'e4', smithMove: 'e2e4' },
            { algebraicMove: 'c5', smithMove: 'c7c5' },
          ],
        },
      },
    });
  });

  test('DG_MATCH: ratings and time controls are two numbers each; the assessment comes with DG_MATCH_ASSESSMENT', () => {
    const text = `${Y}(29 Bramble 1650 2 {} Lumen 1612 1 {C} 0 Blitz 1 0 3 0 3 0 -1 {}${Y})`;
    const plain = parseDatagram(text);
    expect(plain.ok && plain.value.fields).toMatchObject({
      challengerRating: { rating: 1650, annotation: 2 },
      receiverTitles: ['C'],
      challengerColorRequest: -1,
      fancyTimeControl: '',
    });
    const assessed = parseDatagram(text.replace('-1 {}', '-1 -8 0 8 {}'), { settings: ['DG_MATCH_ASSESSMENT'] });
    expect(assessed.ok && assessed.value.fields).toMatchObject({
      assessLoss: -8,
      assessDraw: 0,
      assessWin: 8,
      fancyTimeControl: '',
    });
  });

  test('DG_PSTAT: records separated by a bare | (the example of the spec)', () => {
    const result = parseDatagram(`${Y}(142 1 wohl fishbait 0 0 0 1 0 0 1 | 0 1 0 0 0 0 1 | 5 4 6 2 1 3 1${Y})`);
    expect(result.ok && result.value.fields).toEqual({
      initiated: 1,
      player1: 'wohl',
      player2: 'fishbait',
      records: [
        [0, 0, 0, 1, 0, 0, 1],
        [0, 1, 0, 0, 0, 0, 1],
        [5, 4, 6, 2, 1, 3, 1],
      ],
    });
  });

  test('DG_FEATURES takes words, braced together or not', () => {
    expect(parseDatagram(`${Y}(153 {Universal Play_Universal} examine${Y})`)).toMatchObject({
      ok: true,
      value: { fields: { features: ['Universal', 'Play_Universal', 'examine'] } },
    });
  });

  test('the server quoting comes back: ^Y{...^Y} for tells, {...} for titles and FENs', () => {
    expect(
      encodeDatagram({
        name: 'DG_PERSONAL_TELL',
        fields: { playerName: 'Corvid', titles: ['GM'], tellString: 'hi', type: 1 },
      }),
    ).toBe(`${Y}(31 Corvid {GM} ${Y}{hi${Y}} 1${Y})`);
    expect(
      encodeDatagram({ name: 'DG_FEN', fields: { gameNumber: 3, fenString: '8/8/8/8/8/8/8/K6k w - - 0 1' } }),
    ).toBe(`${Y}(70 3 {8/8/8/8/8/8/8/K6k w - - 0 1}${Y})`);
    expect(encodeDatagram({ name: 'DG_PLAYER_LEFT', fields: { playerName: 'a{b' } })).toBe(`${Y}(2 ${Y}{a{b${Y}}${Y})`);
    expect(encodeDatagram({ name: 'DG_PLAYER_LEFT', fields: { playerName: '' } })).toBe(`${Y}(2 {}${Y})`);
  });

  test('the encoder refuses what no datagram can carry', () => {
    expect(() => encodeDatagram({ name: 'DG_PLAYER_LEFT', fields: { playerName: 'a\x19b' } })).toThrow(TypeError);
    expect(() => encodeDatagram({ name: 'DG_REFRESH', fields: { gameNumber: 1.5 } })).toThrow(TypeError);
    expect(() => encodeDatagram({ name: 'DG_REFRESH', fields: {} as { gameNumber: number } })).toThrow(TypeError);
  });

  test('decodeDatagram never throws on values untyped callers pass', () => {
    expect(decodeDatagram(-1, [])).toMatchObject({ ok: false, error: { code: 'datagram-number' } });
    expect(decodeDatagram(1, [3 as unknown as string])).toMatchObject({ ok: false });
    expect(parseDatagram(undefined as unknown as string)).toMatchObject({ ok: false });
    expect(parseDatagram(`${Y}(41 1${Y})x`)).toMatchObject({ ok: false, error: { code: 'unterminated-datagram' } });
  });
});
