/** `parts` one after another, as one plain `Uint8Array` (test inputs pushed whole or in pieces). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}
