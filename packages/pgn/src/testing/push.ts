import type { PgnEvent, PgnReader } from '../read.js';

/**
 * The events of `reader` fed `text` cut at `cuts` (each taken modulo the length, so any numbers
 * a property draws will do), then ended: the property tests' split of one text anywhere.
 */
export function pushSplit(reader: PgnReader, text: string, cuts: readonly number[]): PgnEvent[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const events: PgnEvent[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    events.push(...reader.push(text.slice(from, point)));
    from = point;
  }
  return [...events, ...reader.end()];
}
