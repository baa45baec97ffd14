import type { ServerKind } from './protocol.js';

/** How much plain text the tail keeps: enough for a prompt and its sentence, never more. */
export const TAIL_LENGTH = 1024;

/**
 * The last characters of a server's output as plain text, for the login conversation: prompts
 * (`login: `, `password: `) come without a line end, so they are read from the end of the
 * output rather than from lines. Bytes are read one a character (the prompts are ASCII), and
 * control bytes other than line ends are dropped, so ICC's level 1 brackets never hide a prompt.
 * Memory is bounded by TAIL_LENGTH whatever the server sends.
 */
export class OutputTail {
  private text = '';

  push(chunk: Uint8Array): string {
    let added = '';
    // Only the end of a large chunk can matter; the rest is skipped without being copied.
    const from = Math.max(0, chunk.length - TAIL_LENGTH);
    for (let i = from; i < chunk.length; i++) {
      const byte = chunk[i] ?? 0;
      if (byte === 0x0a || (byte >= 0x20 && byte !== 0x7f)) added += String.fromCharCode(byte);
    }
    this.text = (this.text + added).slice(-TAIL_LENGTH);
    return this.text;
  }

  get value(): string {
    return this.text;
  }

  clear(): void {
    this.text = '';
  }
}

/**
 * Tells an ICC banner from a FICS one. ICC names itself (Internet Chess Club, chessclub.com,
 * its `aics%` prompt; a stand-in says it is a chess club); everything else is taken for a FICS-style server (freechess.org,
 * FatICS and the other descendants of the FICS code all greet with FICS-like text).
 */
export function detectServer(banner: string): ServerKind {
  return /chess club|chessclub\.com|aics%/i.test(banner) ? 'icc' : 'fics';
}
