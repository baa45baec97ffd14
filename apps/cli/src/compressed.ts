import { pipeline, type Transform } from 'node:stream';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';

/** How a stream is compressed, told by its first bytes (its magic number), not by its name. */
export type Compression = 'gzip' | 'zstd' | 'none';

/** gzip's magic number (RFC 1952, section 2.3.1: ID1 and ID2). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;
/** A zstd frame's magic number, 0xFD2FB528 little-endian (RFC 8878, section 3.1.1). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;
/** The most bytes a magic number needs. */
const SNIFF_LENGTH = ZSTD_MAGIC.length;

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** The compression the first bytes of a stream announce (`none` for text and anything else). */
export function compressionOf(head: Uint8Array): Compression {
  if (startsWith(head, GZIP_MAGIC)) return 'gzip';
  if (startsWith(head, ZSTD_MAGIC)) return 'zstd';
  return 'none';
}

/** A compressed input this Node cannot read; its message says what to do instead. */
export class UnsupportedCompression extends Error {
  override readonly name = 'UnsupportedCompression';
}

/** zlib's zstd decompressor, where this Node has one (22.15 and 23.8 on; not 20). */
function zstdDecompressor(): (() => Transform) | undefined {
  const create = (zlib as { createZstdDecompress?: () => Transform }).createZstdDecompress;
  return typeof create === 'function' ? () => create() : undefined;
}

/**
 * The chunks of a source, decompressed when its first bytes say gzip (every member of a
 * multi-member file) or zstd, as they are: text chunks and other bytes pass untouched. The
 * decompression streams, so memory stays bounded. Iteration rejects as reading the source
 * does, with zlib's error for a damaged stream, and with `UnsupportedCompression` for zstd on
 * a Node without it.
 */
export async function* decompressed(
  chunks: AsyncIterable<string | Uint8Array>,
): AsyncGenerator<string | Uint8Array, void, undefined> {
  const iterator = chunks[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let heldLength = 0;
  let ended = false;
  let first: string | undefined;
  // A magic number may come split over the first chunks of a pipe: hold bytes until there are enough.
  while (heldLength < SNIFF_LENGTH) {
    const step = await iterator.next();
    if (step.done === true) {
      ended = true;
      break;
    }
    if (typeof step.value === 'string') {
      first = step.value;
      break;
    }
    held.push(step.value);
    heldLength += step.value.byteLength;
  }
  const head = Buffer.concat(held);
  const compression = first === undefined && heldLength > 0 ? compressionOf(head) : 'none';
  async function* rest(): AsyncGenerator<string | Uint8Array, void, undefined> {
    if (heldLength > 0) yield head;
    if (first !== undefined) yield first;
    if (ended) return;
    for (;;) {
      const step = await iterator.next();
      if (step.done === true) return;
      yield step.value;
    }
  }
  if (compression === 'none') {
    yield* rest();
    return;
  }
  let decompressor: Transform;
  if (compression === 'gzip') decompressor = zlib.createGunzip();
  else {
    const zstd = zstdDecompressor();
    if (zstd === undefined) {
      await iterator.return?.();
      throw new UnsupportedCompression(
        `it is compressed with zstd, which Node ${process.version} cannot read (zlib reads zstd from Node 22.15); decompress it first (zstd -dc FILE | chess-formats ...) or use a newer Node`,
      );
    }
    decompressor = zstd();
  }
  // pipeline passes an error of either side to the output, and ends both when the reader stops early.
  const output = pipeline(Readable.from(rest(), { objectMode: false }), decompressor, () => {});
  for await (const chunk of output as AsyncIterable<Uint8Array>) yield chunk;
}
