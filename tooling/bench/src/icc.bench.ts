import { createIccDecoder, encodeDatagram, type DatagramName, type IccChunk } from '@chess-formats/icc-dg';
import { consume, measure, report } from './harness.js';

const SECONDS = 1;
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
        encodeDatagram({ name: 'DG_SEND_MOVES', fields: { gameNumber: game, algebraicMove: SAN[i] as string, smithMove: SMITH[i] as string, clock: Math.floor(random() * 300) } }, { settings: SETTINGS }) +
        `${Y}]` +
        encodeDatagram({ name: 'DG_MSEC', fields: { gameNumber: game, color: 'W', msec: Math.floor(random() * 300000), running: false } }) +
        encodeDatagram({ name: 'DG_MSEC', fields: { gameNumber: game, color: 'B', msec: Math.floor(random() * 300000), running: true } });
    } else if (roll < 0.75) {
      piece = `${Y}[101 ${pick(NAMES)}\r\n${encodeDatagram({ name: 'DG_PERSONAL_TELL', fields: { playerName: pick(NAMES), titles: random() < 0.2 ? ['GM'] : [], tellString: 'good game, want a rematch with {colours} swapped?', type: 1 } })}${Y}]`;
    } else if (roll < 0.88) {
      piece = encodeDatagram({
        name: 'DG_SEEK',
        fields: { index: game, name: pick(NAMES), titles: [], rating: 1500 + game, provisionalStatus: 2, wild: 0, ratingType: 'Blitz', time: 3, inc: 0, rated: true, color: -1, minRating: 0, maxRating: 9999, autoAccept: true, formula: false, fancyTimeControl: '' },
      });
    } else if (roll < 0.95) {
      piece = encodeDatagram({
        name: 'DG_STARTED_OBSERVING',
        fields: {
          gameNumber: game, whiteName: pick(NAMES), blackName: pick(NAMES), wildNumber: 0, ratingType: 'Blitz', rated: true, whiteInitial: 3, whiteIncrement: 0, blackInitial: 3, blackIncrement: 0,
          playedGame: true, exString: '', whiteRating: 2650, blackRating: 2480, gameId: 1771234000 + game, whiteTitles: ['GM'], blackTitles: ['IM'], irregularLegality: false, irregularSemantics: false,
          usesPlunkers: false, fancyTimeControl: '', promoteToKing: false,
        },
      }) + encodeDatagram({ name: 'DG_MY_GAME_RESULT', fields: { gameNumber: game, becomeExamined: false, gameResultCode: 'Res', scoreString2: '1-0', descriptionString: 'Black resigns', eco: 'B90' } });
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

/** The floor: find every control-Y and nothing else. */
function scan(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(0x19); i >= 0; i = bytes.indexOf(0x19, i + 1)) count++;
  return count;
}

const utf8 = new TextDecoder();
const DATAGRAM = /\x19\((\d+)([^\x19]*(?:\x19[{}][^\x19]*)*)\x19\)/g;
const ARGUMENT = /\x19\{[^\x19]*\x19\}|\{[^}]*\}|[^\s{}\x19]+/g;

/** What a quick client does: decode the bytes, a regex per datagram, a regex per argument (untyped strings). */
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

export function runIcc(): void {
  const bytes = traffic(4);
  const megabytes = bytes.length / 1_000_000;
  const whole = [bytes];
  const big = chunks(bytes, 4096, 7);
  const small = chunks(bytes, 64, 8);
  const events = decodeAll(whole);
  if (decodeAll(big) !== events || decodeAll(small) !== events) throw new Error('chunked decoding gave other events');
  console.log(`\nicc corpus: ${megabytes.toFixed(2)} MB of generated traffic, ${String(events)} events, ${String(scan(bytes))} control-Y; rates are MB/s`);
  const rows = [
    measure('Uint8Array indexOf(0x19) scan', () => scan(bytes), SECONDS),
    measure('icc-dg decoder, typed fields, whole', () => decodeAll(whole), SECONDS),
    measure('icc-dg decoder, chunks of 1-4096 bytes', () => decodeAll(big), SECONDS),
    measure('icc-dg decoder, chunks of 1-64 bytes', () => decodeAll(small), SECONDS),
    measure('regex splitter (untyped strings), whole', () => regexSplitter(bytes), SECONDS),
  ].map((row) => ({ name: row.name, opsPerSecond: row.opsPerSecond * megabytes }));
  report('ICC decoding (ratio to the indexOf scan)', 'MB', rows);
  const rate = (name: string): number => rows.find((r) => r.name.startsWith(name))?.opsPerSecond ?? Number.NaN;
  const ours = rate('icc-dg decoder, typed fields, whole');
  console.log(
    `scan / decoder ${(rate('Uint8Array') / ours).toFixed(2)}x (goal <= 3); decoder / regex ${(ours / rate('regex')).toFixed(2)}x (goal >= 2); ` +
      `whole / 1-64-byte chunks ${(ours / rate('icc-dg decoder, chunks of 1-64')).toFixed(2)}x (goal <= 1.5); whole / 1-4096 ${(ours / rate('icc-dg decoder, chunks of 1-4096')).toFixed(2)}x`,
  );
}
