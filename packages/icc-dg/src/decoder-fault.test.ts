import { expect, test, vi } from 'vitest';
import { createIccDecoder } from './decoder.js';

// A fault inside the decoder (a defect: no input should reach one) stands in for here by the
// codec throwing on one datagram number.
vi.mock('./codec.js', async (importOriginal) => {
  const codec = await importOriginal<typeof import('./codec.js')>();
  return {
    ...codec,
    decodeArgs: (id: number, ...rest: Parameters<typeof codec.decodeArgs> extends [number, ...infer R] ? R : never) => {
      if (id === 999) throw new Error('a defect');
      return codec.decodeArgs(id, ...rest);
    },
  };
});

test('an internal fault is an internal-fault error at the chunk it hit; the decoder goes on with the next chunk', () => {
  const decoder = createIccDecoder();
  expect(decoder.push('ab\n')).toEqual([{ kind: 'text', text: 'ab\n' }]);
  const events = decoder.push('\x19(999 1\x19)lost\n');
  expect(events).toEqual([
    {
      kind: 'error',
      error: { code: 'internal-fault', field: 0, offset: 3, message: 'internal decoder fault: Error: a defect' },
    },
  ]);
  expect(decoder.buffered()).toBe(0);
  expect(decoder.push('\x19(41 7\x19)')).toEqual([
    { kind: 'datagram', datagram: expect.objectContaining({ fields: { gameNumber: 7 } }) as unknown, offset: 17 },
  ]);
  expect(decoder.end()).toEqual([]);
});
