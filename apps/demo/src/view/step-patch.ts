import type { SessionGame } from '../formats/adapter.js';
import { clockText, plyHtml, stepDisabled, type GameCursor, type Step } from './session.js';

/**
 * A step within the shown game changes a few marks of the game controls, not the controls:
 * the step buttons' states, the position line and both clocks (the move list beside the board
 * moves its own mark: main.ts's `drawMoveList`). Redrawing the controls and the event table on
 * every step is what made a step cost tens of milliseconds. Returns false when the controls show another
 * game (or none): then they must be drawn whole.
 */
export function patchGameControls(container: ParentNode, game: SessionGame, cursor: GameCursor): boolean {
  const controls = container.querySelector<HTMLElement>('.game-controls');
  if (!controls || controls.dataset.game !== String(cursor.game)) return false;
  for (const button of controls.querySelectorAll<HTMLButtonElement>('button.step'))
    button.disabled = stepDisabled(game, cursor.ply, button.dataset.step as Step);
  const ply = controls.querySelector('.ply');
  if (ply) ply.innerHTML = plyHtml(game, cursor.ply);
  for (const side of ['white', 'black'] as const) {
    const clock = controls.querySelector(`[data-clock="${side}"]`);
    const text = clockText(game, cursor.ply, side);
    if (clock && clock.textContent !== text) clock.textContent = text;
  }
  return true;
}
