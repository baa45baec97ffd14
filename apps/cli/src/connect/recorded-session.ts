/**
 * Recorded server sessions, one file a session, for the fake server the tests connect to.
 *
 * Format, one step a line:
 *   `# ...`            a comment; blank lines are ignored
 *   `@line-end \n\r`   the line end the server writes after `<` lines (FICS `\n\r`, ICC `\r\n`)
 *   `< text`           the server writes text and the line end
 *   `<| text`          the server writes text alone (a prompt waits without a line end)
 *   `> text`           the server reads one line from the client and expects it exactly
 *   `> *`              the server reads one line from the client, whatever it is
 *   `drop`             the server closes the connection without a word (the client did not
 *                      quit: a dropped connection, as after a server restart); what was written
 *                      before is delivered
 *   `reset`            the server resets the connection (TCP RST); unread data may be lost
 *   `close`            the server closes the connection after the client's `quit`
 *   `ping`             a timeseal ping (`[G]` and NUL, or LF CR for a version 1 client), written
 *                      only to a client that said the timeseal hello; the report counts the answers
 *   `=== ...`          the steps after it are for the next connection
 * Text escapes: `\n`, `\r`, `\t`, `\\`, and `\xHH` for any byte (control bytes, garbage).
 */
export type SessionStep =
  | { readonly kind: 'send'; readonly bytes: Uint8Array }
  | { readonly kind: 'expect'; readonly line: string | undefined; readonly at: number }
  | { readonly kind: 'drop' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'close' }
  | { readonly kind: 'ping' };

export interface RecordedSession {
  /** Steps of each connection, in the order the client connects. */
  readonly connections: readonly (readonly SessionStep[])[];
}

const encoder = new TextEncoder();

/** Decodes the escapes of a step's text into bytes. Text outside escapes is UTF-8. */
export function unescapeBytes(text: string, where = ''): Uint8Array {
  const bytes: number[] = [];
  let plain = '';
  const flush = () => {
    bytes.push(...encoder.encode(plain));
    plain = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char !== '\\') {
      plain += char;
      continue;
    }
    const next = text[i + 1];
    i++;
    if (next === 'n') plain += '\n';
    else if (next === 'r') plain += '\r';
    else if (next === 't') plain += '\t';
    else if (next === '\\') plain += '\\';
    else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      flush();
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else throw new Error(`${where}bad escape '\\${next ?? ''}'`);
  }
  flush();
  return Uint8Array.from(bytes);
}

function unescapeText(text: string, where: string): string {
  return new TextDecoder().decode(unescapeBytes(text, where));
}

/** Reads a session file; throws on a malformed line (the files are ours, a mistake is a bug). */
export function parseRecordedSession(text: string, name = 'session'): RecordedSession {
  const connections: SessionStep[][] = [[]];
  let lineEnd: Uint8Array = new Uint8Array();
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const where = `${name}:${String(index + 1)}: `;
    const steps = connections[connections.length - 1] ?? [];
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('===')) {
      if (steps.length > 0) connections.push([]);
      return;
    }
    if (line.startsWith('@line-end ')) {
      lineEnd = unescapeBytes(line.slice('@line-end '.length), where);
      return;
    }
    if (line.startsWith('<| ')) {
      steps.push({ kind: 'send', bytes: unescapeBytes(line.slice(3), where) });
    } else if (line.startsWith('< ') || line === '<') {
      const body = unescapeBytes(line.slice(2), where);
      const bytes = new Uint8Array(body.length + lineEnd.length);
      bytes.set(body);
      bytes.set(lineEnd, body.length);
      steps.push({ kind: 'send', bytes });
    } else if (line.startsWith('> ') || line === '>') {
      const expected = line.slice(2);
      steps.push({ kind: 'expect', line: expected === '*' ? undefined : unescapeText(expected, where), at: index + 1 });
    } else if (line === 'drop' || line === 'reset' || line === 'close' || line === 'ping') {
      steps.push({ kind: line });
    } else {
      throw new Error(`${where}unknown step '${line.slice(0, 40)}'`);
    }
  });
  return { connections: connections.filter((steps) => steps.length > 0) };
}
