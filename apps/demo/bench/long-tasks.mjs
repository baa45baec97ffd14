// @ts-check
// Names the long tasks of a page's thread from a Chromium trace (`pnpm bench demo --trace`): the
// longtask observer says how long a task was, not what it did. For each task of the renderer's
// main thread over `over` ms: its length, and the trace events within it that took the most time
// themselves (their own time, without the events nested in them).

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, args?: any }} TraceEvent
 */

/**
 * @param {TraceEvent} event
 * @returns {string}
 */
function label(event) {
  const data = event.args?.data ?? {};
  const parts = [event.name];
  if (data.functionName) parts.push(data.functionName);
  if (data.type) parts.push(`[${data.type}]`);
  return parts.join(' ');
}

/**
 * @param {Buffer} trace what `browser.stopTracing()` gives
 * @param {number} [over] the shortest task named, in ms
 * @returns {{ ms: number, top: string[] }[]}
 */
export function longTasksOfTrace(trace, over = 50) {
  /** @type {{ traceEvents: TraceEvent[] }} */
  const { traceEvents } = JSON.parse(trace.toString('utf8'));
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  /** @type {Map<string, TraceEvent[]>} */
  const threads = new Map();
  for (const event of traceEvents) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mains.has(key)) continue;
    const list = threads.get(key) ?? [];
    list.push(event);
    threads.set(key, list);
  }
  /** @type {{ ms: number, ts: number, top: string[] }[]} */
  const tasks = [];
  for (const events of threads.values()) {
    // Outer events first where two start together, so that a stack walk nests them.
    events.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    for (const task of events) {
      const length = task.dur ?? 0;
      if (task.name !== 'RunTask' || length / 1000 <= over) continue;
      const end = task.ts + length;
      const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      /** @type {Map<TraceEvent, number>} */
      const nested = new Map();
      /** @type {TraceEvent[]} */
      const stack = [];
      for (const event of inside) {
        while (stack.length) {
          const top = /** @type {TraceEvent} */ (stack[stack.length - 1]);
          if (top.ts + (top.dur ?? 0) > event.ts) break;
          stack.pop();
        }
        const parent = stack[stack.length - 1];
        if (parent) nested.set(parent, (nested.get(parent) ?? 0) + (event.dur ?? 0));
        stack.push(event);
      }
      /** @type {Map<string, number>} */
      const own = new Map();
      for (const event of inside) {
        const name = label(event);
        own.set(name, (own.get(name) ?? 0) + (event.dur ?? 0) - (nested.get(event) ?? 0));
      }
      const top = [...own]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)} ms`);
      tasks.push({ ms: length / 1000, ts: task.ts, top });
    }
  }
  return tasks.sort((a, b) => a.ts - b.ts).map(({ ms, top }) => ({ ms, top }));
}
