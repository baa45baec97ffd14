import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '@chess-formats/board-core';
import {
  createPgnReader,
  mainline,
  PGN_ENCODINGS,
  writePgn,
  type PgnEncoding,
  type PgnEvent,
  type PgnGame,
} from '@chess-formats/pgn';
import { createPgnWorkerPool, readPgnParallel, type PgnWorkerPool } from '@chess-formats/pgn/node';
import { printable } from './caret.js';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { defineCommand } from './command.js';
import { compressionOf, decompressed } from './compressed.js';
import type { CommandIo } from './fen-command.js';
import { guardOutput, OutputFailure, outputFailureStatus, reasonOf } from './output.js';
import { positionText, SELECT_VALUES, selectionOf, strippedGame, type Selection, type Strip } from './pgn-select.js';
import { createProgress, type Progress } from './progress.js';

export const PGN_HELP = `Usage: chess-formats pgn [options] [file...]

Reads PGN games from the files, or from standard input when no file (or '-') is given, as a
stream: a file of any size is read in bounded memory, a gzip or zstd one too (told by its
first bytes; zstd needs Node 22.15 or later). Every game is checked (its tags, every move of
every line replayed); a broken game is reported on standard error with its line, column and
error code, and reading goes on with the next game. Prints how many games were read, how
many of them are broken and, with a filter, how many were selected; a game read from text
that is not standard PGN (a draw written 1/2, a quote inside a tag value, a Latin-1 name ...)
is counted as a warning (with --json, its warnings are on its line).

Filters (a game is selected when it passes every option given; an option given twice, and
--tag and --tag-match of the same tag name, are alternatives):
  --tag NAME=VALUE        the tag NAME is VALUE exactly (--tag 'White=Marsh, Ada')
  --tag-match NAME~/RE/   the tag NAME matches the JavaScript pattern RE, flags after the
                          last / (--tag-match 'Event~/olympiad/i')
  --player NAME           White or Black starts with NAME (Marsh finds "Marsh, Ada")
  --eco CODE[-CODE]       the ECO tag is the code, or in the range (B90, A00-B99)
  --result RESULT         the game's result: 1-0, 0-1, 1/2-1/2 or *
  --variant KEY           the game's variant (standard, chess960, crazyhouse, ...)
  --min-plies N           the main line has at least N plies (half-moves)
  --max-plies N           the main line has at most N plies
  --fen-placement BOARD   a position of the main line, the first included, has this
                          board (the first field of a FEN)

Output (of the selected games):
  --output pgn   the games in export format, as the library's writer writes them
  --no-comments, --no-variations, --no-clocks
                 with --output pgn: leave out comments, variations, [%clk] and [%emt]
  --tags         the tags of each game as PGN tag pairs, a blank line after each game
                 (also --output tags)
  --fens         the FEN after each move of each game's main line (a blank line after
                 each game; Omega chess as OCPN)
  --json         one JSON object a line: {file?, game, ok: true, tags, plies, result,
                 fen} or {file?, game, ok: false, error} for each game; with --fens also
                 {file?, game, ply, san, fen} for each move before its game's line; with
                 --tags only {file?, game, ok: true, tags, result} (also --output json)
  --encoding E   how the bytes are text: utf-8 (default; bytes that are not UTF-8 are a
                 warning), latin1, or auto (UTF-8, and Latin-1 from the first bytes that
                 are not UTF-8)
  --jobs N       read and print on N threads (default 1; 0 or auto: one a core): the same
                 output, in the same order, as one thread (a file under 1 MiB is read in
                 one thread)
  -h, --help     show this help

With --tags, and without output when every filter reads tags only (not --min-plies,
--max-plies or --fen-placement), the moves are not replayed: several times faster, but an
illegal move is not noticed (a broken tag or movetext still is).

Examples:
  chess-formats pgn games.pgn
  chess-formats pgn --tags games.pgn.gz
  chess-formats pgn --player Marsh --result 1-0 --output pgn --no-comments games.pgn
  chess-formats pgn --eco B20-B99 --min-plies 60 --json games.pgn
  chess-formats pgn --json --fens games.pgn

Exit status: 0 when every game reads, 1 when one does not, 2 on a usage error, an unreadable
file or output that cannot be written.
`;

/** What the command prints of each selected game. */
export type PgnOutput = 'count' | 'pgn' | 'tags' | 'json' | 'fens';

export interface PgnCommandOptions {
  readonly files: readonly string[];
  readonly tags: boolean;
  readonly fens: boolean;
  readonly json: boolean;
  /** `--output pgn`: the selected games in export format. */
  readonly pgn?: boolean;
  /** What `--output pgn` leaves out. */
  readonly strip?: Strip;
  /** The filters; none selects every game. */
  readonly selection?: Selection;
  /** `--encoding`: how bytes are decoded (default UTF-8). */
  readonly encoding?: PgnEncoding;
  /** `--jobs`: threads reading and printing (default 1). */
  readonly jobs?: number;
  /** The filters' option values as given, from which a worker thread makes `selection` again. */
  readonly selectionValues?: Readonly<Record<string, readonly string[]>>;
}

/** `--jobs N`: a whole number, 0 or `auto` for one a core. */
function jobsCheck(value: string | undefined): string | undefined {
  return value !== undefined && (value === 'auto' || /^[0-9]{1,4}$/.test(value))
    ? undefined
    : `--jobs takes a whole number of threads, or auto (got ${value ?? 'nothing'})`;
}

const STRIP_FLAGS = ['--no-comments', '--no-variations', '--no-clocks'] as const;

export const PGN_SPEC: CommandSpec = {
  name: 'pgn',
  help: PGN_HELP,
  flags: ['--tags', '--fens', '--json', ...STRIP_FLAGS],
  values: {
    '--output': ['pgn', 'tags', 'json'],
    '--encoding': [...PGN_ENCODINGS],
    '--jobs': jobsCheck,
    ...SELECT_VALUES,
  },
};

/** A character that a tag value escapes (most values have none: they are written as they are). */
const ESCAPED = /[\\"]/;

const tagPairs = (game: PgnGame): string => {
  let text = '';
  for (const [name, value] of game.tags)
    text += `[${name} "${ESCAPED.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"]\n`;
  return text;
};

/** Whether the options need every move read: otherwise the reader keeps tags and results only. */
export function needsMoves(options: PgnCommandOptions): boolean {
  if (options.pgn === true || options.fens || options.selection?.needsMoves === true) return true;
  if (options.tags) return false;
  // The JSON line of a game holds its plies and last position; the count checks every move,
  // unless a filter is given and reads tags only.
  return options.json || options.selection?.filtering !== true;
}

/**
 * Whether the options print nothing of a game's moves, though every move is read (the count,
 * with no filter on plies or positions): the reader then checks every move without keeping a
 * tree of them, with the same games, errors and warnings.
 */
export function checksOnly(options: PgnCommandOptions): boolean {
  return (
    needsMoves(options) &&
    options.pgn !== true &&
    !options.fens &&
    !options.json &&
    !options.tags &&
    options.selection?.needsMoves !== true
  );
}

/**
 * Text with holes for the game's number, which a worker of `--jobs` does not know (the pieces
 * before its own may not be read yet): the parts are joined by the number where it is known.
 */
class Holed {
  readonly parts: string[] = [''];
  add(text: string): this {
    this.parts[this.parts.length - 1] += text;
    return this;
  }
  hole(): this {
    this.parts.push('');
    return this;
  }
}

/** A JSON line `{file?, game, ...fields}`, the game's number a hole (the keys in that order, as an object spread gives them). */
function jsonLine(out: Holed, file: string | undefined, fields: Record<string, unknown>): void {
  out.add(file === undefined ? '{"game":' : `{"file":${JSON.stringify(file)},"game":`);
  out.hole().add(`,${JSON.stringify(fields).slice(1)}\n`);
}

/** What one game prints, by the options. */
function gameOutput(game: PgnGame, file: string | undefined, options: PgnCommandOptions, out: Holed): void {
  if (options.pgn === true) {
    const text = writePgn(options.strip === undefined ? game : strippedGame(game, options.strip));
    out.add(`${text}\n`);
    return;
  }
  if (!options.json) {
    if (options.fens) {
      for (const step of mainline(game)) out.add(`${positionText(step.after)}\n`);
      out.add('\n');
      return;
    }
    if (options.tags) out.add(`${tagPairs(game)}\n`);
    return;
  }
  const warnings = game.warnings === undefined ? {} : { warnings: game.warnings };
  if (options.tags && !options.fens) {
    jsonLine(out, file, { ok: true, tags: Object.fromEntries(game.tags), result: game.result, ...warnings });
    return;
  }
  let plies = 0;
  let last = game.setup;
  for (const step of mainline(game)) {
    plies++;
    last = step.after;
    if (options.fens) jsonLine(out, file, { ply: plies, san: step.node.san, fen: positionText(step.after) });
  }
  jsonLine(out, file, {
    ok: true,
    tags: Object.fromEntries(game.tags),
    plies,
    result: game.result,
    fen: positionText(last),
    ...warnings,
  });
}

/**
 * What one event of the reader gives: text for each stream, as parts to be joined by the
 * event's number in its file (`resultText`), and what it counts as.
 */
export interface PgnEventResult {
  readonly out: readonly string[];
  readonly err: readonly string[];
  readonly broken: boolean;
  readonly warned: boolean;
  readonly selected: boolean;
}

const NONE: readonly string[] = [''];
const NOTHING: PgnEventResult = { out: NONE, err: NONE, broken: false, warned: false, selected: false };

/** The flags of a `PgnEventResult` with no text, as a worker of `--jobs` sends it. */
const BROKEN = 1;
const WARNED = 2;
const SELECTED = 4;
/** The results with no text, by their flags (the count prints nothing for most games). */
const WITHOUT_TEXT: readonly PgnEventResult[] = Array.from({ length: 8 }, (_, flags) => ({
  ...NOTHING,
  broken: (flags & BROKEN) !== 0,
  warned: (flags & WARNED) !== 0,
  selected: (flags & SELECTED) !== 0,
}));

/**
 * A result as a worker of `--jobs` sends it: a result with no text as a number, which crosses
 * to the main thread for much less than an object (most events of a count or a filter print
 * nothing).
 */
export function compactResult(result: PgnEventResult): PgnEventResult | number {
  const empty = (parts: readonly string[]): boolean => parts.length === 1 && parts[0] === '';
  if (!empty(result.out) || !empty(result.err)) return result;
  return (result.broken ? BROKEN : 0) | (result.warned ? WARNED : 0) | (result.selected ? SELECTED : 0);
}

/** The result `compactResult` made compact. */
export function fullResult(result: PgnEventResult | number): PgnEventResult {
  return typeof result === 'number' ? WITHOUT_TEXT[result]! : result;
}

/** The text of a part list of `PgnEventResult`, the event being its file's `number`th (from 1). */
export function resultText(parts: readonly string[], number: number): string {
  return parts.length === 1 ? parts[0]! : parts.join(String(number));
}

/**
 * The output of one event of `file`: the same in this thread and in a worker of `--jobs`, so
 * both print the same bytes.
 */
export function eventResult(event: PgnEvent, file: string | undefined, options: PgnCommandOptions): PgnEventResult {
  // The file's name is printed with errors alone: most events never need it made printable.
  const name = (): string => (file === undefined ? '' : printable(file));
  if (event.kind === 'game') {
    const warned = event.game.warnings !== undefined;
    if (options.selection !== undefined && !options.selection.selects(event.game)) return { ...NOTHING, warned };
    const out = new Holed();
    try {
      gameOutput(event.game, file, options, out);
      return { ...NOTHING, out: out.parts, warned, selected: true };
    } catch (error) {
      // The writer refuses what no PGN can hold (a comment with both "}" and a line break).
      if (!(error instanceof TypeError)) throw error;
      const err = new Holed().add(`${file === undefined ? '' : `${name()}: `}game `).hole();
      err.add(`: ${printable(error.message)}\n`);
      return { ...NOTHING, err: err.parts, broken: true, warned, selected: true };
    }
  }
  const { error } = event;
  if (options.json) {
    const out = new Holed();
    jsonLine(out, file, { ok: false, error });
    return { ...NOTHING, out: out.parts, broken: true };
  }
  const place = `${file === undefined ? '' : `${name()}:`}${error.line}:${error.column}`;
  const err = new Holed().add(`${place}: game `).hole();
  err.add(`: error[${error.code}] ${printable(error.message)}\n`);
  return { ...NOTHING, err: err.parts, broken: true };
}

/** The options of `pgn` from its arguments, or the message of a usage error. */
function pgnOptions(args: CommandArgs): Result<PgnCommandOptions, string> {
  const { operands, flags, values } = args;
  const output = values.get('--output');
  const pgn = output === 'pgn';
  const tags = flags.has('--tags') || output === 'tags';
  const json = flags.has('--json') || output === 'json';
  const fens = flags.has('--fens');
  if (pgn && (flags.has('--tags') || flags.has('--json') || fens))
    return err('--output pgn prints whole games: not with --tags, --json or --fens');
  const stripping = STRIP_FLAGS.filter((flag) => flags.has(flag));
  if (stripping.length > 0 && !pgn) return err(`${stripping.join(', ')} only change the games of --output pgn`);
  const selection = selectionOf(args);
  if (!selection.ok) return selection;
  return ok({
    files: operands,
    tags,
    fens,
    json,
    pgn,
    strip: {
      comments: flags.has('--no-comments'),
      variations: flags.has('--no-variations'),
      clocks: flags.has('--no-clocks'),
    },
    selection: selection.value,
    encoding: (values.get('--encoding') as PgnEncoding | undefined) ?? 'utf-8',
    jobs: jobsOf(values.get('--jobs')),
    selectionValues: Object.fromEntries(Object.keys(SELECT_VALUES).map((name) => [name, args.lists.get(name) ?? []])),
  });
}

function jobsOf(value: string | undefined): number {
  if (value === undefined) return 1;
  const jobs = value === 'auto' ? 0 : Number(value);
  return jobs === 0 ? availableParallelism() : jobs;
}

/** `chess-formats pgn`: every game of every source through the PGN reader. */
export const PGN_COMMAND = defineCommand<PgnCommandOptions>({
  ...PGN_SPEC,
  summary: 'check, filter and export PGN games, list tags or FENs',
  options: pgnOptions,
  run: runPgnCommand,
});

/** `chess-formats pgn` with its options: returns the exit status. */
async function runPgnCommand(options: PgnCommandOptions, io: CommandIo): Promise<number> {
  const { out: write } = guardOutput(io);
  const sources = options.files.length === 0 ? ['-'] : options.files;
  const progress = await progressFor(sources, io);
  const out = async (text: string): Promise<void> => {
    progress.clear();
    await write(text);
  };
  const errOut = async (text: string): Promise<void> => {
    progress.clear();
    await io.err(text);
  };
  const selection = options.selection;
  const tagsOnly = !needsMoves(options);
  const checkOnly = checksOnly(options);
  let games = 0;
  let broken = 0;
  let selected = 0;
  let warned = 0;
  let unreadable = false;
  // One pool of workers for the whole run, started by the first file read on them: each worker
  // compiles the reader and this command's code once, not once a file.
  let pool: PgnWorkerPool<'processor'> | undefined;
  try {
    for (const source of sources) {
      const file = source === '-' ? undefined : source;
      const raw = file === undefined ? io.stdin() : io.readFile(file);
      const counted = counting(raw, (bytes) => progress.advance(bytes, games));
      const cannotRead = async (error: unknown): Promise<void> => {
        unreadable = true;
        await errOut(
          `chess-formats: cannot read ${file === undefined ? 'standard input' : printable(file)}: ${reasonOf(error)}\n`,
        );
      };
      const count = (result: PgnEventResult): void => {
        games++;
        if (result.broken) broken++;
        if (result.warned) warned++;
        if (result.selected) selected++;
      };
      const jobs = options.jobs ?? 1;
      if (jobs > 1 && !isSmallFile(file) && existsSync(fileURLToPath(PGN_WORKER))) {
        // The reading and the per-game output run in the workers; this thread cuts the input
        // and writes their results in input order.
        let sourceError: { error: unknown } | undefined;
        // A plain file is read by the library in place (its pieces read straight into the
        // buffers the workers take: flat memory); standard input and compressed files stream.
        const plain = file !== undefined && isPlainFile(file);
        const source = plain ? file : failureKept(decompressed(counted), (error) => (sourceError = { error }));
        let text = '';
        const { selection: _unsent, ...sent } = options;
        const workerOptions: PgnWorkerOptions = { file, options: sent };
        pool ??= createPgnWorkerPool({ jobs, worker: PGN_WORKER });
        const read = await readPgnParallel<PgnEventResult | number>(
          source,
          {
            pool,
            tagsOnly,
            checkOnly,
            encoding: options.encoding ?? 'utf-8',
            workerOptions,
            // A plain file is read by the library: the bar follows its reads (a stream counts itself).
            ...(plain ? { onBytes: (bytes: number) => progress.advance(bytes, games) } : {}),
          },
          (compact, index) => {
            const result = fullResult(compact);
            count(result);
            text += resultText(result.out, index + 1);
            const flush = text.length >= OUTPUT_BATCH ? out(text) : undefined;
            if (flush !== undefined) text = '';
            const message = resultText(result.err, index + 1);
            if (message !== '') return (flush ?? Promise.resolve()).then(() => errOut(message));
            return flush;
          },
        );
        if (text !== '') await out(text);
        progress.advance(0, games);
        if (!read.ok) {
          if (sourceError !== undefined) await cannotRead(sourceError.error);
          else if (plain && read.error.code === 'source-failed') await cannotRead(read.error.message);
          else throw new Error(read.error.message);
        }
        continue;
      }
      const reader = createPgnReader({ tagsOnly, checkOnly, encoding: options.encoding ?? 'utf-8' });
      let number = 0;
      const emit = async (events: readonly PgnEvent[]): Promise<void> => {
        let text = '';
        for (const event of events) {
          const result = eventResult(event, file, options);
          number++;
          count(result);
          text += resultText(result.out, number);
          const message = resultText(result.err, number);
          if (message !== '') await errOut(message);
        }
        if (text !== '') await out(text);
        progress.advance(0, games);
      };
      const chunks = decompressed(counted)[Symbol.asyncIterator]();
      for (;;) {
        let step: IteratorResult<string | Uint8Array>;
        try {
          step = await chunks.next();
        } catch (error) {
          await cannotRead(error);
          break;
        }
        if (step.done === true) break;
        await emit(reader.push(step.value));
      }
      await emit(reader.end());
    }
    if (!options.json && !options.tags && !options.fens && options.pgn !== true)
      await out(
        `${games} ${games === 1 ? 'game' : 'games'}, ${broken} broken${warned > 0 ? `, ${warned} with warnings` : ''}${selection?.filtering === true ? `, ${selected} selected` : ''}\n`,
      );
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    progress.clear();
    return outputFailureStatus(error, unreadable ? 2 : broken > 0 ? 1 : 0, io);
  } finally {
    await pool?.close();
  }
  progress.clear();
  return unreadable ? 2 : broken > 0 ? 1 : 0;
}

/** The progress bar of reading `sources`, in games: their total size when every one is known. */
async function progressFor(sources: readonly string[], io: CommandIo): Promise<Progress> {
  if (io.progress === undefined || !io.progress.isTTY || io.sizeOf === undefined)
    return createProgress(io.progress, undefined, 'games');
  let total: number | undefined = 0;
  for (const source of sources) {
    const size = await io.sizeOf(source === '-' ? undefined : source).catch(() => undefined);
    total = size === undefined || total === undefined ? undefined : total + size;
  }
  return createProgress(io.progress, total, 'games');
}

/** The worker module of `--jobs` (`pgn-worker.ts`), built beside the command's bundle. */
const PGN_WORKER = new URL('./pgn-worker.js', import.meta.url);

/**
 * Files smaller than this are read in this thread whatever `--jobs` says: they make few pieces
 * of `readPgnParallel` (little to share), and even with the run's workers started and warm,
 * handing them small files cost more than reading them here (184 files under 64 KiB: half as
 * much CPU time again). A run of small files alone starts no worker.
 */
const ONE_THREAD_BELOW = 1 << 20;

/** Whether `file` is a file on disk smaller than `ONE_THREAD_BELOW` (standard input and what cannot be measured are not). */
function isSmallFile(file: string | undefined): boolean {
  if (file === undefined) return false;
  try {
    const info = statSync(file);
    return info.isFile() && info.size < ONE_THREAD_BELOW;
  } catch {
    return false;
  }
}

/** Whether `file` is a regular file whose first bytes announce no compression. */
function isPlainFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    const head = new Uint8Array(SNIFF_BYTES);
    const descriptor = openSync(file, 'r');
    try {
      return compressionOf(head.subarray(0, readSync(descriptor, head, 0, SNIFF_BYTES, 0))) === 'none';
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return false;
  }
}

/** The bytes `compressionOf` looks at. */
const SNIFF_BYTES = 4;

/** What a worker of `--jobs` is started with. */
export interface PgnWorkerOptions {
  readonly file: string | undefined;
  /** The command's options, without the selection (functions do not cross threads: `selectionValues` do). */
  readonly options: PgnCommandOptions;
}

/** Text written in batches of about this many characters with `--jobs`. */
const OUTPUT_BATCH = 1 << 16;

/** The chunks of `chunks`; a failure is told to `onFailure` before it is thrown on. */
async function* failureKept<T>(chunks: AsyncIterable<T>, onFailure: (error: unknown) => void): AsyncGenerator<T> {
  try {
    yield* chunks;
  } catch (error) {
    onFailure(error);
    throw error;
  }
}

/** The chunks of a source, each counted in bytes (characters for text) as it passes. */
async function* counting(
  chunks: AsyncIterable<string | Uint8Array>,
  count: (bytes: number) => void,
): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of chunks) {
    count(typeof chunk === 'string' ? chunk.length : chunk.byteLength);
    yield chunk;
  }
}
