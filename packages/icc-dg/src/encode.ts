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
    args = encodeArgs(id, fields, bits).concat(((datagram as { extra?: readonly string[] }).extra ?? []).map((arg) => quote(arg)));
  } else {
    const raw = datagram as { id: number; args: readonly string[] };
    if (!Number.isSafeInteger(raw.id) || raw.id < 0) throw new TypeError(`a datagram number is a non-negative integer, got ${String(raw.id)}`);
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

/** A level 1 unit header (formats2.txt, section 3), ending `\r\n` as the server sends it. */
export function encodeUnitStart(command: number, player: string, tag?: string): string {
  if (!Number.isSafeInteger(command) || command < 0) throw new TypeError(`a command number is a non-negative integer, got ${String(command)}`);
  for (const part of [player, tag ?? 'x']) {
    if (part === '' || /[\s\x19\x1a]/.test(part)) throw new TypeError(`a unit header word is non-empty without blanks or controls, got ${JSON.stringify(part)}`);
  }
  return `\x19[${String(command)} ${player}${tag === undefined ? '' : ` ${tag}`}\r\n`;
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
        out += encodeUnitStart(Math.max(event.command, 0), event.player || '*', event.tag);
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
        out += encodeWith(dg.name === null ? dg : ({ name: dg.name, fields: dg.fields, extra: dg.extra } as DatagramInput), bits);
        // Later datagrams follow a DG_SET2 acknowledgement, as the decoder does.
        if (dg.name === 'DG_SET2' && dg.fields.dgCode >= 0 && dg.fields.dgCode < 256) bits[dg.fields.dgCode] = dg.fields.offOn ? 1 : 0;
        break;
      }
      case 'error':
        break;
    }
  }
  return out;
}
