import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latin1, latin1Bytes } from './shared.js';

describe('latin1', () => {
  it('reads every byte as the character of that code, the C1 range too', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = latin1(bytes);
    expect(text.length).toBe(256);
    for (let i = 0; i < 256; i++) expect(text.charCodeAt(i)).toBe(i);
  });

  it('reads ASCII, and a byte of 0x80-0x9F in a long chunk, one character a byte', () => {
    expect(latin1(latin1Bytes('<12> rnbqkbnr\n\rfics% '))).toBe('<12> rnbqkbnr\n\rfics% ');
    // Longer than one call's share, with the byte a windows-1252 decoder reads as an ellipsis.
    const long = new Uint8Array(20_000).fill(0x61);
    long[15_000] = 0x85;
    const text = latin1(long);
    expect(text.length).toBe(20_000);
    expect(text.charCodeAt(15_000)).toBe(0x85);
    expect(text.charCodeAt(19_999)).toBe(0x61);
  });

  it('gives back the bytes it was given (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(latin1Bytes(latin1(bytes))).toEqual(bytes);
      }),
    );
  });
});
