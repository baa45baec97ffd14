import { describe, expect, test } from 'vitest';
import { memoryIo } from './test-io.js';
import { PROGRESS_DELAY_MS, createProgress, progressText, type ProgressTerminal } from './progress.js';
import { runLineCommand } from './line-command.js';

/** A terminal whose clock moves by `step` ms at each reading, and which keeps what is written. */
function fakeTerminal(isTTY: boolean, step: number, columns = 80) {
  let time = 0;
  const written: string[] = [];
  const terminal: ProgressTerminal = {
    isTTY,
    columns,
    write: (text) => {
      written.push(text);
    },
    now: () => (time += step),
  };
  return { terminal, written };
}

describe('progressText', () => {
  test('a bar, the percentage, the sizes and the lines when the size is known', () => {
    expect(progressText(524_288, 1_048_576, 12_345, 80)).toBe(
      '[####################....................]  50% 0.5/1.0 MiB, 12,345 lines',
    );
  });

  test('the bytes read and the lines for a pipe, and never wider than the terminal', () => {
    expect(progressText(3_145_728, undefined, 7, 80)).toBe('3.0 MiB read, 7 lines');
    expect(progressText(1, 2, 3, 30).length).toBeLessThan(30);
  });
});

describe('createProgress', () => {
  test('draws nothing before the delay, then at most every interval, and clears its line', () => {
    const { terminal, written } = fakeTerminal(true, 50);
    const progress = createProgress(terminal, 1000);
    for (let i = 0; i < 9; i++) progress.advance(10, i); // clock 100..500 ms: too early
    expect(written).toEqual([]);
    progress.advance(10, 9); // 550 ms
    progress.advance(10, 10); // 600 ms: within the interval
    progress.advance(10, 11); // 650 ms: redrawn
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\r\[#*\.*\] {2}10% 0\.0\/0\.0 MiB, 9 lines\u001b\[K$/);
    progress.clear();
    progress.clear();
    expect(written.slice(2)).toEqual(['\r\u001b[K']);
  });

  test('is silent when standard error is not a terminal, or there is none', () => {
    const { terminal, written } = fakeTerminal(false, PROGRESS_DELAY_MS);
    const progress = createProgress(terminal, undefined);
    for (let i = 0; i < 10; i++) progress.advance(1000, i);
    progress.clear();
    expect(written).toEqual([]);
    expect(() => createProgress(undefined, 1).advance(1, 1)).not.toThrow();
  });
});

describe('the progress bar of a line command', () => {
  const input = 'good\n'.repeat(200) + 'bad\n';

  test('shows on a terminal for a slow input, cleared before each message and at the end', async () => {
    const { io, captured } = memoryIo(input);
    const { terminal, written } = fakeTerminal(true, 100);
    const status = await runLineCommand(
      [],
      { ...io, progress: terminal, sizeOf: () => Promise.resolve(input.length) },
      (text) => (text === 'bad' ? { passed: false, out: '', err: 'bad line\n' } : { passed: true, out: '', err: '' }),
    );
    expect(status).toBe(1);
    expect(captured.err).toBe('bad line\n');
    expect(written.filter((w) => w.includes('%')).length).toBeGreaterThan(10);
    expect(written.at(-1)).toBe('\r\u001b[K');
    expect(written.some((w) => w.includes('100% '))).toBe(true);
  });

  test('stays silent when standard error is piped', async () => {
    const { io } = memoryIo(input);
    const { terminal, written } = fakeTerminal(false, 100);
    await runLineCommand([], { ...io, progress: terminal }, () => ({ passed: true, out: '', err: '' }));
    expect(written).toEqual([]);
  });
});

describe('the pace of the bar', () => {
  /** A clock the test moves, and the times at which the bar was drawn (erasures aside). */
  function pacedTerminal() {
    const clock = { ms: 0 };
    const drawnAt: number[] = [];
    const terminal: ProgressTerminal = {
      isTTY: true,
      columns: 80,
      write: (text) => {
        if (text !== '\r\u001b[K') drawnAt.push(clock.ms);
      },
      now: () => clock.ms,
    };
    return { clock, terminal, drawnAt };
  }

  /** Fails when two draws are closer than a tenth of a second: more than ten a second. */
  function expectAtMostTenASecond(drawnAt: readonly number[]): void {
    const gaps = drawnAt.slice(1).map((at, i) => at - (drawnAt[i] ?? 0));
    expect(gaps.filter((gap) => gap < 100)).toEqual([]);
  }

  test('a command that prints every line erases the bar each time, and still redraws at most ten times a second', async () => {
    const input = 'line\n'.repeat(3000);
    const { io } = memoryIo(input);
    const { clock, terminal, drawnAt } = pacedTerminal();
    await runLineCommand([], { ...io, progress: terminal, sizeOf: () => Promise.resolve(input.length) }, () => {
      clock.ms += 2; // 2 ms a line: 500 lines a second, each one printed
      return { passed: true, out: 'x\n', err: '' };
    });
    expect(drawnAt.length).toBeGreaterThan(40); // 6 s of reading, from 0.5 s on
    expect(drawnAt.length).toBeLessThanOrEqual(56);
    expectAtMostTenASecond(drawnAt);
  });

  test('advance and clear called as fast as they can be: one draw a tenth of a second', () => {
    const { clock, terminal, drawnAt } = pacedTerminal();
    const progress = createProgress(terminal, undefined, 'games');
    for (let i = 0; i < 20_000; i++) {
      clock.ms += 0.25;
      progress.advance(10, i);
      progress.clear();
    }
    expectAtMostTenASecond(drawnAt);
    expect(drawnAt).toHaveLength(46); // 5 s: the first at 0.5 s, then every 0.1 s
  });
});
