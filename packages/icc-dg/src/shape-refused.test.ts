import { expect, test, vi } from 'vitest';
import { createIccDecoder, type IccEvent } from './decoder.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';

// Its own file: once refused, the decoder stops asking for the rest of the module's life.
test('where new Function is refused (a strict Content-Security-Policy), the decoder falls back and asks only once', () => {
  const decode = (compile: boolean): IccEvent[] => {
    const decoder = createIccDecoder({ settings: SAMPLE_SETTINGS, compile });
    return [...decoder.push(SAMPLE_SESSION), ...decoder.end()];
  };
  const expected = decode(false);
  const refusals = vi.fn(() => {
    throw new EvalError('Refused to evaluate a string as JavaScript');
  });
  vi.stubGlobal('Function', refusals);
  try {
    expect(decode(true)).toStrictEqual(expected);
    expect(decode(true)).toStrictEqual(expected);
    expect(refusals).toHaveBeenCalledTimes(1);
  } finally {
    vi.unstubAllGlobals();
  }
  expect(expected.filter((e) => e.kind === 'datagram').length).toBeGreaterThan(20);
});
