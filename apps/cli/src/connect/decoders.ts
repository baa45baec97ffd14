import type { DecoderFactory, ServerDecoder } from './protocol.js';

/** Placeholder until the style12 and icc-dg packages are wired in: plain lines only. */
export const protocolDecoders: DecoderFactory = (): ServerDecoder => {
  let pending = '';
  const lines = (text: string) => {
    pending += text;
    const parts = pending.split('\n');
    pending = (parts.pop() ?? '').slice(-4096);
    return parts.map((line) => ({ kind: 'line' as const, text: line.replace(/\r/g, '').replace(/^(fics% )+/, '') }));
  };
  const decoder = new TextDecoder();
  return {
    push: (chunk) => lines(decoder.decode(chunk, { stream: true })),
    end: () => lines(`${decoder.decode()}\n`),
  };
};
