/** One line of input, without its terminator. */
export interface Line {
  /** 1-based line number in its source. */
  readonly number: number;
  /** The line, or its first `maxLength` characters when it is longer. */
  readonly text: string;
  /** The line was longer than `maxLength` characters; the rest was read and dropped. */
  readonly overflow: boolean;
}

/**
 * Splits a stream into lines with bounded memory: unlike `readline`, which buffers a whole line
 * however long it is, a line longer than `maxLength` keeps only its first `maxLength` characters
 * and is flagged, so a hostile file without newlines cannot exhaust memory. Accepts `\n` and
 * `\r\n` terminators, drops a byte order mark at the start, and decodes bytes as UTF-8 (invalid
 * sequences become U+FFFD, which no notation accepts, so they are reported, not hidden).
 */
export async function* readLines(
  chunks: AsyncIterable<string | Uint8Array>,
  maxLength: number,
): AsyncGenerator<Line, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  let parts: string[] = [];
  let length = 0;
  let overflow = false;
  let number = 0;

  // Room for a byte order mark and a CR beyond the limit, which are dropped before it applies.
  const keep = maxLength + 2;
  const append = (segment: string): void => {
    if (overflow) return;
    const room = keep - length;
    if (segment.length > room) {
      if (room > 0) parts.push(segment.slice(0, room));
      length = keep;
      overflow = true;
      return;
    }
    parts.push(segment);
    length += segment.length;
  };

  const finish = (): Line => {
    let text = parts.join('');
    if (number === 0 && text.startsWith('\uFEFF')) text = text.slice(1);
    // A `\r` kept where the line was cut is not a terminator, so only strip it from a whole line.
    if (!overflow && text.endsWith('\r')) text = text.slice(0, -1);
    const tooLong = overflow || text.length > maxLength;
    number++;
    const line = { number, text: tooLong ? text.slice(0, maxLength) : text, overflow: tooLong };
    parts = [];
    length = 0;
    overflow = false;
    return line;
  };

  const split = function* (chunk: string): Generator<Line> {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      if (newline === -1) {
        if (start < chunk.length) append(chunk.slice(start));
        return;
      }
      append(chunk.slice(start, newline));
      yield finish();
      start = newline + 1;
    }
  };

  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* split(text);
  }
  yield* split(decoder.decode());
  if (length > 0 || overflow) yield finish();
}
