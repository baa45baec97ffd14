import { imageKindOfBytes, imageMessage } from './formats/not-a-record.js';

/** What opening a file gives the page: its text, or why it has none. */
export type FileText =
  | { readonly ok: true; readonly text: string; readonly note?: string }
  | { readonly ok: false; readonly message: string };

/** gzip's magic number (RFC 1952): the first two bytes of every gzip file. */
const GZIP_ID1 = 0x1f;
const GZIP_ID2 = 0x8b;

/** Whether the bytes start as a gzip file does. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_ID1 && head[1] === GZIP_ID2;
}

/** The text of a gzip file, decompressed as a stream and cut after `limit` characters. */
async function gunzip(file: Blob, limit: number): Promise<string> {
  const stream = file
    .stream()
    .pipeThrough(new DecompressionStream('gzip'))
    .pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, BufferSource>);
  const reader = stream.getReader();
  const parts: string[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
    // More than the page reads: stop decompressing (the page cuts the text and says so).
    if (length > limit) {
      await reader.cancel();
      break;
    }
  }
  return parts.join('').slice(0, limit + 1);
}

/**
 * Reads a file as the page reads a paste: its text (UTF-8), at most `limit` characters and one
 * more (so that the page can say it cut the rest). A gzip file is decompressed where the browser
 * has `DecompressionStream`; an image is named as one, the page reads text. Never throws.
 */
export async function readFileText(file: Blob, name: string, limit: number): Promise<FileText> {
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const image = imageKindOfBytes(head);
    if (image) return { ok: false, message: imageMessage(image, name) };
    if (isGzip(head)) {
      if (typeof DecompressionStream !== 'function') {
        return {
          ok: false,
          message: `${name} is compressed (gzip), and this browser cannot decompress it here: decompress it first (gunzip ${name}), then open the text.`,
        };
      }
      try {
        const text = await gunzip(file, limit);
        return { ok: true, text: text.trimEnd(), note: `Decompressed ${name} (gzip).` };
      } catch {
        return {
          ok: false,
          message: `${name} starts as a gzip file does, but does not decompress: it is broken or cut short.`,
        };
      }
    }
    return { ok: true, text: (await file.slice(0, limit + 1).text()).trimEnd() };
  } catch {
    return { ok: false, message: `${name} could not be read.` };
  }
}
