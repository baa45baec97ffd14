import { describe, expect, it } from 'vitest';
import { err, mapResult, ok, unwrap } from './result.js';

describe('Result', () => {
  it('carries a value or an error', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('bad')).toEqual({ ok: false, error: 'bad' });
  });
  it('maps values and passes errors through', () => {
    expect(mapResult(ok(3), (n) => n * 2)).toEqual({ ok: true, value: 6 });
    expect(mapResult(err<string>('bad'), (n: number) => n * 2)).toEqual({ ok: false, error: 'bad' });
  });
  it('unwraps a value and throws with the message of an error', () => {
    expect(unwrap(ok('x'))).toBe('x');
    expect(() => unwrap(err({ message: 'no king' }))).toThrow('no king');
  });
});
