/**
 * Standard error as the progress bar sees it; the command line passes the process's, tests a
 * fake. Nothing is drawn unless `isTTY`: a bar in a log file or a pipe is noise.
 */
export interface ProgressTerminal {
  readonly isTTY: boolean;
  /** Width in columns (the bar fits in it). */
  readonly columns: number;
  readonly write: (text: string) => void;
  /** Milliseconds from any fixed origin. */
  readonly now: () => number;
}

/** The bar appears once reading has taken this long, so small inputs never show it. */
export const PROGRESS_DELAY_MS = 500;
/** Redraws at most this often: a terminal is slow, and the reader should not wait on it. */
export const PROGRESS_INTERVAL_MS = 100;

export interface Progress {
  /** `bytes` more were read, and the lines so far number `lines`. */
  readonly advance: (bytes: number, lines: number) => void;
  /** Erases the bar before other text reaches the terminal; the next advance draws it again. */
  readonly clear: () => void;
}

const SILENT: Progress = { advance: () => {}, clear: () => {} };

function mebibytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

/**
 * The bar's text for `read` of `total` bytes (unknown for a pipe), cut to `columns`; `lines`
 * counts what was read, in `unit` (`games` for PGN).
 */
export function progressText(
  read: number,
  total: number | undefined,
  lines: number,
  columns: number,
  unit = 'lines',
): string {
  const count = `${lines.toLocaleString('en-US')} ${unit}`;
  if (total === undefined || total <= 0) return `${mebibytes(read)} MiB read, ${count}`.slice(0, columns - 1);
  const fraction = Math.min(1, read / total);
  const tail = ` ${String(Math.floor(fraction * 100)).padStart(3)}% ${mebibytes(read)}/${mebibytes(total)} MiB, ${count}`;
  const width = Math.max(0, Math.min(40, columns - 1 - tail.length - 2));
  const done = Math.round(fraction * width);
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}]${tail}`.slice(0, columns - 1);
}

/**
 * A progress bar for reading `total` bytes (`undefined` when the size is unknown) on
 * `terminal`, drawn from PROGRESS_DELAY_MS after it is created, at most every
 * PROGRESS_INTERVAL_MS, on one line rewritten in place; silent without a terminal. Erasing it
 * does not reset that pace: a command that prints a line at a time erases the bar before each
 * line, and drawing it again at once would redraw as often as lines are printed.
 */
export function createProgress(
  terminal: ProgressTerminal | undefined,
  total: number | undefined,
  unit = 'lines',
): Progress {
  if (terminal === undefined || !terminal.isTTY) return SILENT;
  const start = terminal.now();
  let read = 0;
  let drawnAt: number | undefined;
  let shown = false;
  return {
    advance(bytes, lines) {
      read += bytes;
      const now = terminal.now();
      if (now - start < PROGRESS_DELAY_MS) return;
      if (drawnAt !== undefined && now - drawnAt < PROGRESS_INTERVAL_MS) return;
      terminal.write(`\r${progressText(read, total, lines, Math.max(20, terminal.columns), unit)}\u001b[K`);
      drawnAt = now;
      shown = true;
    },
    clear() {
      if (!shown) return;
      terminal.write('\r\u001b[K');
      shown = false;
    },
  };
}
