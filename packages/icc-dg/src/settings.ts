import { datagramId, type DatagramName } from './schema.js';

/** Level 2 variables named by `#define` name or by number. */
export type SettingNames = Iterable<DatagramName | number>;

/** On/off per level 2 variable, indexed by DG number (numbers above 255 are never on). */
export type SettingBits = Uint8Array;

/** The bits of a list of variable names or numbers; unknown names and out-of-range numbers are ignored. */
export function settingBits(names: SettingNames | undefined): SettingBits {
  const bits = new Uint8Array(256);
  if (
    names === undefined ||
    names === null ||
    typeof (names as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function'
  ) {
    return bits;
  }
  for (const name of names) {
    const id = typeof name === 'number' ? name : datagramId(String(name));
    if (id !== undefined && Number.isInteger(id) && id >= 0 && id < 256) bits[id] = 1;
  }
  return bits;
}
