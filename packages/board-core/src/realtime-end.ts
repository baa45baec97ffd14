import type { Piece } from './piece.js';
import type { Setup } from './setup.js';
import type { Outcome } from './status.js';

/** FENr's five-minute rule: a realtime game without a capture for this long is drawn. */
export const REALTIME_DRAW_MS = 300_000;

/**
 * The end of a realtime game, or undefined while it goes on: a side whose king was taken
 * loses (`kingCaptured`; both kings taken: a draw), and a game without a capture for
 * `drawAfterMs` is drawn (`variantDraw`). Apart from the rest of the realtime rules, so that
 * `outcome` (and every bundle of the rules engine) carries only this.
 */
export function realtimeEnd(setup: Setup, drawAfterMs: number = REALTIME_DRAW_MS): Outcome | undefined {
  let white = 0;
  let black = 0;
  for (const top of setup.board.pieces) {
    // Pieces a flight is on its way to stand under it (`RealtimeState.under`): kings too.
    for (
      let p: Piece | undefined = top;
      p !== undefined;
      p = p.realtime?.kind === 'flight' ? p.realtime.under : undefined
    ) {
      if (p.role !== 'king') continue;
      if (p.color === 'white') white++;
      else black++;
    }
  }
  if (white === 0 && black === 0) return { reason: 'kingCaptured' };
  if (white === 0) return { reason: 'kingCaptured', winner: 'black' };
  if (black === 0) return { reason: 'kingCaptured', winner: 'white' };
  return (setup.realtime?.sinceCaptureMs ?? 0) >= drawAfterMs ? { reason: 'variantDraw' } : undefined;
}
