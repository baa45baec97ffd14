import { FORMATS } from '@chess-formats/formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DETECTED_FORMATS,
  POSITION_FORMATS,
  detectFormat,
  readAnyPosition,
  readPosition,
  writePosition,
  type PositionFormat,
} from './positions.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const OMEGA_START = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb PP 0 1';
/** The worked example of the FENr specification. */
const FENR = 'r2Dq0000k2r/pb1n2bp/1pp2n2/3p1pp1/DQ0050P1PpDP15002/2P1P1P1/PB1NN1BP/R3K1DR55001 Qkq f3 14200 14200';

describe('detectFormat', () => {
  test.each([
    [START, 'fen'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'fen'],
    ['  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1', 'fen'],
    ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 'shredder'],
    ['rk2r3/8/8/8/8/8/8/RK2R3 w KEke - 0 1', 'x-fen'],
    [
      '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 a b 0 2 12 39 39 120 120 1 none (0:00) none 0 0 0',
      'style12',
    ],
    ['<b1> game 1 white [PP] black [n]', 'b1'],
    [OMEGA_START, 'ocpn'],
    [FENR, 'fenr'],
    ['{"geometry":"standard","board":{}}', 'setup-json'],
    ['\u0019(0 Vasilisk 1\u0019)', 'icc-stream'],
    ['\rfics% ', 'fics-stream'],
    ['fics% <12> rnbqkbnr pppppppp', 'fics-stream'],
    ['\u0007Challenge: someone', 'fics-stream'],
    ['hello world', 'unknown'],
    ['a/b/c x y', 'unknown'],
    ['', 'unknown'],
  ])('%j is %s', (line, format) => {
    expect(detectFormat(line)).toBe(format);
  });

  test('never throws, and says one of its formats, on any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom<unknown>(undefined, 7, null)), (line) => {
        expect(DETECTED_FORMATS).toContain(detectFormat(line as string));
      }),
    );
  });
});

describe('readPosition and writePosition', () => {
  test('a standard position goes through every format but OCPN and back to the same FEN', () => {
    const start = readPosition('fen', START);
    if (!start.ok) throw new Error('start');
    for (const format of ['fen', 'style12', 'setup-json'] satisfies PositionFormat[]) {
      const text = writePosition(format, start.value);
      const again = readPosition(format, text);
      if (!again.ok) throw new Error(`${format}: ${again.error.message}`);
      expect(writePosition('fen', again.value)).toBe(START);
    }
    expect(writePosition('fenr', start.value)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 0');
    expect(() => writePosition('ocpn', start.value)).toThrow(TypeError);
  });

  test('style 12 and FENr refuse pockets and check counters rather than drop them', () => {
    for (const fen of [
      'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3',
      'rnbqk1nr/pppp1ppp/4p3/8/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 3+2 1 3',
    ]) {
      const read = readPosition('fen', fen);
      if (!read.ok) throw new Error(fen);
      expect(() => writePosition('style12', read.value)).toThrow(TypeError);
      expect(() => writePosition('fenr', read.value)).toThrow(TypeError);
      expect(writePosition('fen', read.value)).toBe(fen);
    }
  });

  test('FENr keeps its clock through setup JSON and drops it in FEN (its en passant square tells the turn)', () => {
    const fenr = readPosition('fenr', FENR);
    if (!fenr.ok) throw new Error('fenr');
    const json = readPosition('setup-json', writePosition('setup-json', fenr.value));
    if (!json.ok) throw new Error('json');
    expect(writePosition('fenr', json.value)).toBe(FENR);
    expect(writePosition('fen', fenr.value)).toBe(
      'r2qk2r/pb1n2bp/1pp2n2/3p1pp1/QP1PpP2/2P1P1P1/PB1NN1BP/R3K1R1 b Qkq f3 0 1',
    );
  });

  test('OCPN keeps its Omega Chess Advanced state when written back, also through setup JSON; an Omega setup without it gets none', () => {
    const omega = readPosition('ocpn', OMEGA_START);
    if (!omega.ok) throw new Error('ocpn');
    expect(writePosition('ocpn', omega.value)).toBe(OMEGA_START);
    const json = readPosition('setup-json', writePosition('setup-json', omega.value));
    if (!json.ok) throw new Error('json');
    expect(writePosition('ocpn', json.value)).toBe(OMEGA_START);
    const { omegaAdvanced: _state, ...plain } = json.value.setup;
    expect(writePosition('ocpn', { setup: plain })).toBe(
      'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq - - - -- 0 1',
    );
  });

  test('setup JSON errors carry their code; bad JSON its offset', () => {
    expect(readPosition('setup-json', '{"geometry":"standard",}')).toMatchObject({
      ok: false,
      error: { code: 'json-syntax', offset: 23 },
    });
    expect(readPosition('setup-json', '{"x":1}')).toMatchObject({ ok: false, error: { code: 'unknown-key' } });
  });

  test('auto reads the detected format and refuses lines without a position', () => {
    expect(readAnyPosition('auto', FENR).format).toBe('fenr');
    expect(readAnyPosition('auto', '<b1> game 1 white [] black []')).toMatchObject({
      format: undefined,
      read: { ok: false, error: { code: 'unknown-format', message: 'a b1 line holds no single position' } },
    });
    expect(readAnyPosition('fen', FENR).read).toMatchObject({ ok: false, error: { code: 'board-char' } });
  });

  test('every format can be named: the text formats of the one list, then setup JSON', () => {
    expect(POSITION_FORMATS).toEqual([...FORMATS.filter((f) => f.kind === 'text').map((f) => f.name), 'setup-json']);
  });
});
