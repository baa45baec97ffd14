import type { CommandIo } from './fen-command.js';

/** A CommandIo over strings: stdin text, files by name, and captured output (for tests). */
export function memoryIo(stdin: string, files: Readonly<Record<string, string>> = {}) {
  const captured = { out: '', err: '' };
  async function* chunks(text: string): AsyncGenerator<string> {
    // Small chunks, so that lines cross chunk boundaries as they do on a pipe.
    for (let i = 0; i < text.length; i += 7) yield text.slice(i, i + 7);
  }
  const io: CommandIo = {
    stdin: () => chunks(stdin),
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) {
        return {
          [Symbol.asyncIterator]: () => ({
            next: () => Promise.reject(new Error(`ENOENT: no such file, open '${path}'`)),
          }),
        };
      }
      return chunks(text);
    },
    out: (text) => {
      captured.out += text;
    },
    err: (text) => {
      captured.err += text;
    },
  };
  return { io, captured };
}

/**
 * memoryIo whose standard output fails with `code` (`EPIPE`, `ENOSPC`) from write number
 * `afterWrites` on (0: the first), as a closed pipe or a full disk does.
 */
export function failingOutIo(
  stdin: string,
  code: string,
  afterWrites: number,
  files: Readonly<Record<string, string>> = {},
) {
  const { io, captured } = memoryIo(stdin, files);
  let writes = 0;
  const failing: CommandIo = {
    ...io,
    out: (text) => {
      if (writes++ >= afterWrites) return Promise.reject(Object.assign(new Error(`${code}: write failed`), { code }));
      captured.out += text;
      return Promise.resolve();
    },
  };
  return { io: failing, captured };
}
