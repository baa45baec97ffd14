import type { StreamFormat } from '@chess-formats/board-core';
import { createIccDecoder, type IccDecoder, type IccDecoderOptions } from './decoder.js';
import { ICC_ERROR_CODES, type IccErrorCode } from './errors.js';

/**
 * ICC level 1 units and level 2 datagrams as one stream format: its reader is the streaming
 * decoder, fed chunks as they come, giving the same events however the stream is split.
 */
export const iccFormat: StreamFormat<IccDecoder, IccErrorCode, IccDecoderOptions> = /* @__PURE__ */ Object.freeze({
  kind: 'stream',
  name: 'icc',
  title: 'ICC session',
  // Level 2 datagram 0 (DG_WHO_AM_I): the first thing the server sends after login.
  example: '\x19(0 Vasilisk 1\x19)',
  detect(text: string): number {
    if (typeof text !== 'string') return 0;
    // Control-Y starts every ICC delimiter and no other format has it; a control-Z alone is
    // the server's overflow mark (output lost), weaker evidence.
    if (text.includes('\x19')) return 0.95;
    return text.includes('\x1a') ? 0.5 : 0;
  },
  createReader: (options?: IccDecoderOptions): IccDecoder => createIccDecoder(options),
  errorCodes: ICC_ERROR_CODES,
});
