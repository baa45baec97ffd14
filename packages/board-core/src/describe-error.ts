/**
 * One readable line for an error value of any reader: its code, where it is (line and column,
 * or field and offset), its message, then its cause's line when it has one (`illegal-move at
 * line 3, column 9: "Ke3" is not a legal move; cause: illegal in field to at offset 1: ...`).
 * A value without a string `code` prints its `message`, else as `String` prints it. Never
 * throws.
 */
export function describeError(error: unknown): string {
  return describe(error, 0);
}

function describe(error: unknown, depth: number): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  if (typeof e['code'] !== 'string') return oneLine(typeof e['message'] === 'string' ? e['message'] : text(error));
  const where =
    e['line'] !== undefined
      ? ` at line ${text(e['line'])}, column ${text(e['column'])}`
      : `${e['field'] === undefined ? '' : ` in field ${text(e['field'])}`} at offset ${text(e['offset'])}`;
  // A cycle of causes ends after a few.
  const message = text(e['message']);
  const inner = e['cause'] as Record<string, unknown> | null | undefined;
  // A cause whose words the message already quotes adds only its code and place.
  const cause =
    inner != null && depth < 4
      ? `; cause: ${typeof inner['message'] === 'string' && message.includes(inner['message']) ? describe({ ...inner, message: '(as above)' }, depth + 1) : describe(inner, depth + 1)}`
      : '';
  return oneLine(`${e['code']}${where}: ${message}`) + cause;
}

const oneLine = (line: string): string => line.replace(/[\r\n]+/g, ' ');

/** `String(value)`, or its tag (`[object Object]`) for a value `String` cannot convert (no prototype). */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** `describeError(this)`, for the error objects `err` makes printable. */
function errorToString(this: unknown): string {
  return describeError(this);
}

/**
 * Gives an error object a `toString` that prints it as `describeError` does, so that
 * `${result.error}` reads as a line rather than `[object Object]`. Not enumerable: equality,
 * spreading and JSON see the same object as before. A frozen object is left as it is.
 */
export function printable<E>(error: E): E {
  if (typeof error === 'object' && error !== null && Object.isExtensible(error))
    Object.defineProperty(error, 'toString', { value: errorToString, configurable: true, writable: true });
  return error;
}
