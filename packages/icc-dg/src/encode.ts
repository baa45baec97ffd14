import { encodeArgs, quote } from './codec.js';
import type { IccEvent } from './decoder.js';
import { datagramId, type DatagramName, type FieldsOfName } from './schema.js';
import { settingBits, type SettingBits, type SettingNames } from './settings.js';

/** A datagram to write: by name with typed fields, or by number with raw arguments. */
export type DatagramInput =
  | {
      [N in DatagramName]: {
        readonly name: N;
        readonly fields: FieldsOfName<N>;
        /** Arguments written after the fields (a decoded datagram's `extra`). */
        readonly extra?: readonly string[];
      };
    }[DatagramName]
  | { readonly id: number; readonly name?: null; readonly args: readonly string[] };

/** Options of `encodeDatagram` and `encodeEvents`. */
export interface EncodeOptions {
  /** The level 2 variables that are on for the receiving client (see `createIccDecoder`). */
  readonly settings?: SettingNames;
}

function encodeWith(datagram: DatagramInput, bits: SettingBits): string {
  let id: number;
  let args: readonly string[];
  if (typeof datagram.name === 'string') {
    const known = datagramId(datagram.name);
    if (known === undefined) throw new TypeError(`unknown datagram name ${JSON.stringify(datagram.name)}`);
    id = known;
    const fields = (datagram as { fields: Readonly<Record<string, unknown>> }).fields;
    args = encodeArgs(id, fields, bits).concat(
      ((datagram as { extra?: readonly string[] }).extra ?? []).map((arg) => quote(arg)),
    );
  } else {
    const raw = datagram as { id: number; args: readonly string[] };
    if (!Number.isSafeInteger(raw.id) || raw.id < 0 || raw.id > 999_999_999)
      throw new TypeError(`a datagram number is an integer from 0 to 999999999, got ${String(raw.id)}`);
    id = raw.id;
    args = raw.args.map((arg) => quote(arg));
  }
  return args.length === 0 ? `\x19(${String(id)}\x19)` : `\x19(${String(id)} ${args.join(' ')}\x19)`;
}

/**
 * A datagram as the server writes it, `^Y(` number, arguments, `^Y)`; a decoded datagram
 * (typed fields, or raw arguments for a number the document lacks) writes back to text that
 * decodes to it again. Throws a `TypeError` for a value the types rule out.
 */
export function encodeDatagram(datagram: DatagramInput, options: EncodeOptions = {}): string {
  return encodeWith(datagram, settingBits(options.settings));
}

/** The longest header the decoder reads, its `\r` included. */
const MAX_HEADER = 1024;

/**
 * A unit header as the decoder reads it back: the player ends at the first space, the tag is the
 * rest of the line (it may hold spaces). `command` -1 writes a header that does not read, as the
 * decoder's unit-start of an unreadable header says.
 */
function writeUnitStart(command: number, player: string, tag: string | undefined): string {
  const unread = command === -1;
  if (!unread && !(Number.isSafeInteger(command) && command >= 0 && command <= 999_999_999)) {
    throw new TypeError(`a command number is an integer from 0 to 999999999, got ${String(command)}`);
  }
  if (typeof player !== 'string' || (player === '' && !unread) || /[ \n\x19\x1a]/.test(player)) {
    throw new TypeError(
      `a unit's player is one word, without spaces, line feeds or controls, got ${JSON.stringify(player)}`,
    );
  }
  if (tag !== undefined && (typeof tag !== 'string' || tag === '' || /[\n\x19\x1a]/.test(tag))) {
    throw new TypeError(
      `a unit's tag is the rest of the line, not empty, without line feeds or controls, got ${JSON.stringify(tag)}`,
    );
  }
  const header = `${String(command)}${player === '' && tag === undefined ? '' : ` ${player}`}${tag === undefined ? '' : ` ${tag}`}`;
  if (header.length + 1 > MAX_HEADER) throw new TypeError(`a unit header is at most ${String(MAX_HEADER)} characters`);
  return `\x19[${header}\r\n`;
}

/**
 * A level 1 unit header (formats2.txt, section 3), ending `\r\n` as the server sends it. The
 * player is one word; the tag, if any, the rest of the line.
 */
export function encodeUnitStart(command: number, player: string, tag?: string): string {
  if (command === -1) throw new TypeError('a command number is an integer from 0 to 999999999, got -1');
  return writeUnitStart(command, player, tag);
}

/**
 * Events back to the text that decodes to them (a recorder or a proxy replaying a session).
 * Error events write nothing: the text at fault is gone.
 */
export function encodeEvents(events: Iterable<IccEvent>, options: EncodeOptions = {}): string {
  const bits = settingBits(options.settings);
  let out = '';
  for (const event of events) {
    switch (event.kind) {
      case 'unit-start':
        out += writeUnitStart(event.command, event.player, event.tag);
        break;
      case 'unit-end':
        out += '\x19]';
        break;
      case 'command-start':
        out += '\x19<';
        break;
      case 'command-end':
        out += '\x19>';
        break;
      case 'overflow':
        out += '\x1a';
        break;
      case 'text':
        out += event.text;
        break;
      case 'datagram': {
        const dg = event.datagram;
        out += encodeWith(
          dg.name === null ? dg : ({ name: dg.name, fields: dg.fields, extra: dg.extra } as DatagramInput),
          bits,
        );
        // Later datagrams follow a DG_SET2 acknowledgement, as the decoder does.
        if (dg.name === 'DG_SET2' && dg.fields.dgCode >= 0 && dg.fields.dgCode < 256)
          bits[dg.fields.dgCode] = dg.fields.offOn ? 1 : 0;
        break;
      }
      case 'error':
        break;
    }
  }
  return out;
}
