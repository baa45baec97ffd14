import { createIccDecoder, encodeDatagram, type DatagramName, type IccChunk } from '@chess-formats/icc-dg';
import { consume, loadText, measureIsolated, report, type Contender } from './harness.js';

const SETTINGS: readonly DatagramName[] = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK', 'DG_SEEK', 'DG_MSEC'];
const Y = '\x19';

/** A seeded linear congruential generator: every run measures the same bytes and chunks. */
function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296;
}

const NAMES = ['Corvid', 'Tallis', 'Bramble', 'Lumen', 'Kestrel', 'Osprey', 'Marten', 'Quill'];
const SMITH = ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4p', 'f3d4p', 'g8f6', 'b1c3', 'a7a6', 'e1g1c', 'f7f8Q'];
const SAN = ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6', 'O-O', 'f8=Q+'];

/**
 * About `megabytes` of what an observing client receives: moves wrapped in units with clock
 * datagrams between them (most of the traffic), tells, seeks, game starts and results, text.
 */
export function traffic(megabytes: number): Uint8Array {
  const random = seeded(12);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const parts: string[] = [];
  let size = 0;
  while (size < megabytes * 1_000_000) {
    const game = 100 + Math.floor(random() * 400);
    const roll = random();
    let piece: string;
    if (roll < 0.55) {
      const i = Math.floor(random() * SMITH.length);
      piece =
        `${Y}[2 ${pick(NAMES)}\r\n` +
        encodeDatagram(
          {
            name: 'DG_SEND_MOVES',
            fields: {
              gameNumber: game,
              algebraicMove: SAN[i] as string,
              smithMove: SMITH[i] as string,
              clock: Math.floor(random() * 300),
            },
          },
          { settings: SETTINGS },
        ) +
        `${Y}]` +
        encodeDatagram({
          name: 'DG_MSEC',
          fields: { gameNumber: game, color: 'W', msec: Math.floor(random() * 300000), running: false },
        }) +
        encodeDatagram({
          name: 'DG_MSEC',
          fields: { gameNumber: game, color: 'B', msec: Math.floor(random() * 300000), running: true },
        });
    } else if (roll < 0.75) {
      piece = `${Y}[101 ${pick(NAMES)}\r\n${encodeDatagram({ name: 'DG_PERSONAL_TELL', fields: { playerName: pick(NAMES), titles: random() < 0.2 ? ['GM'] : [], tellString: 'good game, want a rematch with {colours} swapped?', type: 1 } })}${Y}]`;
    } else if (roll < 0.88) {
      piece = encodeDatagram({
        name: 'DG_SEEK',
        fields: {
          index: game,
          name: pick(NAMES),
          titles: [],
          rating: 1500 + game,
          provisionalStatus: 2,
          wild: 0,
          ratingType: 'Blitz',
          time: 3,
          inc: 0,
          rated: true,
          color: -1,
          minRating: 0,
          maxRating: 9999,
          autoAccept: true,
          formula: false,
          fancyTimeControl: '',
        },
      });
    } else if (roll < 0.95) {
      piece =
        encodeDatagram({
          name: 'DG_STARTED_OBSERVING',
          fields: {
            gameNumber: game,
            whiteName: pick(NAMES),
            blackName: pick(NAMES),
            wildNumber: 0,
            ratingType: 'Blitz',
            rated: true,
            whiteInitial: 3,
            whiteIncrement: 0,
            blackInitial: 3,
            blackIncrement: 0,
            playedGame: true,
            exString: '',
            whiteRating: 2650,
            blackRating: 2480,
            gameId: 1771234000 + game,
            whiteTitles: ['GM'],
            blackTitles: ['IM'],
            irregularLegality: false,
            irregularSemantics: false,
            usesPlunkers: false,
            fancyTimeControl: '',
            promoteToKing: false,
          },
        }) +
        encodeDatagram({
          name: 'DG_MY_GAME_RESULT',
          fields: {
            gameNumber: game,
            becomeExamined: false,
            gameResultCode: 'Res',
            scoreString2: '1-0',
            descriptionString: 'Black resigns',
            eco: 'B90',
          },
        });
    } else {
      piece = `${pick(NAMES)} has arrived; ${Math.floor(random() * 3000)} players are logged in.\r\n`;
    }
    parts.push(piece);
    size += piece.length;
  }
  return new TextEncoder().encode(parts.join(''));
}

function chunks(bytes: Uint8Array, most: number, seed: number): Uint8Array[] {
  const random = seeded(seed);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; ) {
    const size = 1 + Math.floor(random() * most);
    out.push(bytes.subarray(i, i + size));
    i += size;
  }
  return out;
}

function decodeAll(input: readonly IccChunk[]): number {
  const decoder = createIccDecoder({ settings: SETTINGS });
  let count = 0;
  for (const chunk of input) count += decoder.push(chunk).length;
  return count + decoder.end().length;
}

/** The same with the callback form: each event is handed out as it is read, none is kept. */
function decodeEach(input: readonly IccChunk[]): number {
  const decoder = createIccDecoder({ settings: SETTINGS });
  let count = 0;
  const onEvent = (): void => {
    count++;
  };
  for (const chunk of input) decoder.push(chunk, onEvent);
  decoder.end(onEvent);
  return count;
}

/** The floor: find every control-Y and nothing else. */
function scan(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(0x19); i >= 0; i = bytes.indexOf(0x19, i + 1)) count++;
  return count;
}

const utf8 = new TextDecoder();
const DATAGRAM = /\x19\((\d+)([^\x19]*(?:\x19[{}][^\x19]*)*)\x19\)/g;
const ARGUMENT = /\x19\{[^\x19]*\x19\}|\{[^}]*\}|[^\s{}\x19]+/g;

/** What a quick client does: decode the bytes, a regex per datagram, a regex per argument (untyped strings, quotes left on, nothing kept). */
function regexSplitter(bytes: Uint8Array): number {
  const text = utf8.decode(bytes);
  let count = 0;
  for (const match of text.matchAll(DATAGRAM)) {
    const args = (match[2] ?? '').match(ARGUMENT) ?? [];
    count += args.length;
    consume(args);
  }
  return count;
}

/** Every delimiter: a whole datagram (number, body) or one of the others (`^Y[`, `^Y]`, `^Y<`, `^Y>`). */
const DELIMITER = /\x19(?:\((\d+)([^\x19]*(?:\x19[{}][^\x19]*)*)\x19\)|[[\]<>])/g;
/** One argument, unquoted by its group: `^Y{...^Y}`, `{...}` or bare. */
const UNQUOTED = /\x19\{([^\x19]*)\x19\}|\{([^}]*)\}|([^\s{}\x19]+)/g;

/**
 * The regex splitter doing the minimal reader's work: a stream of chunks (a delimiter a chunk
 * cuts off waits for the next one), every delimiter an event, every datagram's number and
 * unquoted arguments. What a user writes in an afternoon with regexes. `kept`: the events are
 * kept until the end (as the minimal reader's and the decoder's whole-array row); otherwise
 * each is handed to a callback that counts it (as the decoder's onEvent rows).
 */
function regexStream(input: readonly Uint8Array[], kept: boolean): number {
  const decoder = new TextDecoder();
  const out: unknown[] = [];
  let handed = 0;
  const onEvent = kept ? (event: unknown): void => void out.push(event) : (): void => void handed++;
  let rest = '';
  const part = (text: string): string => {
    let last = 0;
    for (const match of text.matchAll(DELIMITER)) {
      last = (match.index ?? 0) + match[0].length;
      const body = match[2];
      if (body === undefined) {
        onEvent({ at: match.index });
        continue;
      }
      const args: string[] = [];
      for (const arg of body.matchAll(UNQUOTED)) args.push((arg[1] ?? arg[2] ?? arg[3]) as string);
      onEvent({ id: Number(match[1]), args });
    }
    const open = text.indexOf('\x19(', last);
    return open >= 0 ? text.slice(open) : text.endsWith('\x19') ? '\x19' : '';
  };
  for (const chunk of input) rest = part(rest + decoder.decode(chunk, { stream: true }));
  part(rest + decoder.decode());
  return out.length + handed;
}

/**
 * The floor for any reader that hands out argument strings: every datagram's number and
 * arguments (bare or `{...}`, `^Y{...^Y}`) as strings, every other delimiter as a bare event,
 * pushed to `out` (an array that keeps them, or a counter). No text events, no
 * errors, no types, no limits. Reads `text` up to the first delimiter it does not hold whole
 * and returns where that one starts (the length when none).
 */
function minimalPart(text: string, out: { push(event: unknown): unknown }): number {
  const length = text.length;
  for (let p = text.indexOf(Y); p >= 0; ) {
    if (p + 1 >= length) return p;
    if (text.charCodeAt(p + 1) !== 40) {
      out.push({ at: p });
      p = text.indexOf(Y, p + 2);
      continue;
    }
    let end = text.indexOf(Y, p + 2);
    while (end >= 0 && end + 1 < length && text.charCodeAt(end + 1) !== 41) end = text.indexOf(Y, end + 2);
    if (end < 0 || end + 1 >= length) return p;
    const args: string[] = [];
    let id = 0;
    let i = p + 2;
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) id = id * 10 + c - 48;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 32) i++;
      else if (c === 123) {
        const close = text.indexOf('}', i);
        args.push(text.slice(i + 1, close));
        i = close + 1;
      } else if (c === 0x19) {
        const close = text.indexOf(Y, i + 2);
        args.push(text.slice(i + 2, close));
        i = close + 2;
      } else {
        const start = i;
        while (i < end && text.charCodeAt(i) !== 32) i++;
        args.push(text.slice(start, i));
      }
    }
    out.push({ id, args });
    p = text.indexOf(Y, end + 2);
  }
  return length;
}

/**
 * The minimal reader over chunks: what a delimiter cut by a chunk's end leaves waits for the
 * next chunk. Its events are kept until the end, or with `handed` each goes to a callback that
 * counts it (as the decoder's onEvent rows).
 */
function minimalReader(input: readonly Uint8Array[], handed = false): number {
  const decoder = new TextDecoder();
  let count = 0;
  const out: { push(event: unknown): unknown; length: number } = handed
    ? {
        push: () => count++,
        get length() {
          return count;
        },
      }
    : [];
  let rest = '';
  for (const chunk of input) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const stop = minimalPart(text, out);
    rest = stop < text.length ? text.slice(stop) : '';
  }
  minimalPart(rest + decoder.decode(), out);
  return out.length;
}

/** The bytes every contender reads: built again in each process that measures one. */
function corpus(): {
  bytes: Uint8Array;
  whole: readonly Uint8Array[];
  big: readonly Uint8Array[];
  small: readonly Uint8Array[];
} {
  const bytes = traffic(4);
  return { bytes, whole: [bytes], big: chunks(bytes, 4096, 7), small: chunks(bytes, 64, 8) };
}

/** The contenders of `pnpm bench icc`, each measured in processes of its own (see `measureIsolated`). */
export function iccContenders({ bytes, whole, big, small } = corpus()): Contender[] {
  return [
    { name: 'Uint8Array indexOf(0x19) scan', fn: () => scan(bytes) },
    { name: 'icc-dg decoder, whole, array', fn: () => decodeAll(whole) },
    { name: 'icc-dg decoder, whole, onEvent', fn: () => decodeEach(whole) },
    { name: 'icc-dg decoder, chunks of 1-4096 bytes', fn: () => decodeAll(big) },
    { name: 'icc-dg decoder, chunks of 1-64 bytes', fn: () => decodeAll(small) },
    { name: 'icc-dg decoder, 1-4096 bytes, onEvent', fn: () => decodeEach(big) },
    { name: 'icc-dg decoder, 1-64 bytes, onEvent', fn: () => decodeEach(small) },
    { name: 'regex splitter (drops events), whole', fn: () => regexSplitter(bytes) },
    { name: 'regex stream (all kept), whole', fn: () => regexStream(whole, true) },
    { name: 'regex stream, whole, onEvent', fn: () => regexStream(whole, false) },
    { name: 'regex stream, 1-4096 bytes, onEvent', fn: () => regexStream(big, false) },
    { name: 'minimal reader (untyped, kept), whole', fn: () => minimalReader(whole) },
    { name: 'minimal reader (kept), 1-4096 bytes', fn: () => minimalReader(big) },
    { name: 'minimal reader, whole, onEvent', fn: () => minimalReader(whole, true) },
    { name: 'minimal reader, 1-4096 bytes, onEvent', fn: () => minimalReader(big, true) },
    { name: 'minimal reader, 1-64 bytes, onEvent', fn: () => minimalReader(small, true) },
    { name: 'minimal reader (kept), 1-64 bytes', fn: () => minimalReader(small) },
  ];
}

export function runIcc(): void {
  const { bytes, whole, big, small } = corpus();
  const megabytes = bytes.length / 1_000_000;
  const events = decodeAll(whole);
  if (decodeAll(big) !== events || decodeAll(small) !== events) throw new Error('chunked decoding gave other events');
  // The contenders that keep events must all find the same ones, however the bytes are cut.
  const kept = minimalReader(whole);
  for (const count of [
    minimalReader(big),
    minimalReader(small),
    regexStream(whole, true),
    regexStream(big, false),
    regexStream(small, false),
  ]) {
    if (count !== kept) throw new Error(`a contender found ${String(count)} delimiters, not ${String(kept)}`);
  }
  console.log(
    `\nicc corpus: ${megabytes.toFixed(2)} MB of generated traffic, ${String(events)} events, ${String(scan(bytes))} control-Y; rates are MB per second of CPU time`,
  );
  // Each contender in processes of its own, alternated, medians: the rows that keep every event
  // of 4 MB fill the old generation, and in one process its collection fell on whichever
  // contender ran next (the whole push's ratio to chunked pushes moved from 0.64x to 1.12x).
  const names = iccContenders({ bytes, whole, big, small }).map((c) => c.name);
  const rows = measureIsolated('icc', names).map((row) => ({
    name: row.name,
    opsPerSecond: row.opsPerSecond * megabytes,
  }));
  report('ICC decoding (ratio to the indexOf scan)', 'MB', rows);
  const rate = (name: string): number => rows.find((r) => r.name.startsWith(name))?.opsPerSecond ?? Number.NaN;
  const wholeEach = rate('icc-dg decoder, whole, onEvent');
  const chunked = rate('icc-dg decoder, chunks of 1-4096');
  const minimal = rate('minimal reader (untyped, kept), whole');
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;
  console.log(
    [
      `time vs the minimal reader (kept, whole): decoder whole onEvent ${ratio(minimal, wholeEach)}, 1-4096 ${ratio(minimal, chunked)} (goal <= 1.5); events alike: whole onEvent ${ratio(rate('minimal reader, whole, onEvent'), wholeEach)}, 1-4096 onEvent ${ratio(rate('minimal reader, 1-4096 bytes, onEvent'), rate('icc-dg decoder, 1-4096 bytes, onEvent'))}, whole all kept ${ratio(minimal, rate('icc-dg decoder, whole, array'))}`,
      `speed vs the regex stream, events alike (goal >= 2): whole onEvent ${ratio(wholeEach, rate('regex stream, whole, onEvent'))}, whole all kept ${ratio(rate('icc-dg decoder, whole, array'), rate('regex stream (all kept)'))}, 1-4096 onEvent ${ratio(rate('icc-dg decoder, 1-4096 bytes, onEvent'), rate('regex stream, 1-4096'))}; decoder whole onEvent vs the stream keeping all (the minimal reader's terms) ${ratio(wholeEach, rate('regex stream (all kept)'))}; vs the splitter that builds no events ${ratio(wholeEach, rate('regex splitter'))}`,
      `whole (onEvent) vs 1-4096 chunks: ${ratio(wholeEach, chunked)} the speed (goal >= 1), vs 1-4096 chunks with onEvent ${ratio(wholeEach, rate('icc-dg decoder, 1-4096 bytes, onEvent'))}; whole as one array ${ratio(rate('icc-dg decoder, whole, array'), chunked)}`,
      `1-4096 / 1-64 chunks: decoder ${ratio(chunked, rate('icc-dg decoder, chunks of 1-64'))}, minimal reader (kept) ${ratio(rate('minimal reader (kept), 1-4096'), rate('minimal reader (kept), 1-64'))} (goal: the decoder's no larger); both with onEvent: decoder ${ratio(rate('icc-dg decoder, 1-4096 bytes, onEvent'), rate('icc-dg decoder, 1-64 bytes, onEvent'))}, minimal reader ${ratio(rate('minimal reader, 1-4096 bytes, onEvent'), rate('minimal reader, 1-64 bytes, onEvent'))}`,
      `time vs the scan: minimal reader ${ratio(rate('Uint8Array'), minimal)}, decoder 1-4096 ${ratio(rate('Uint8Array'), chunked)}, regex stream ${ratio(rate('Uint8Array'), rate('regex stream, whole, onEvent'))}`,
      `load ${loadText()}`,
    ].join('\n'),
  );
}
