/**
 * One readable line for an error value of any reader: its code, where it is and its message,
 * then its cause's line when it has one (`illegal-move at line 3, column 9: "Ke3" is not a
 * legal move; cause: illegal in field to at offset 1: ...`). Anything that is not an error
 * object prints as `String` prints it. Never throws.
 */
export function describeError(error: unknown): string {
  return describe(error, 0);
}

/** How deep causes are followed: a cycle of causes ends here. */
const MAX_CAUSES = 4;

function describe(error: unknown, depth: number): string {
  if (typeof error !== 'object' || error === null) return oneLine(String(error));
  const { code, message, offset, field, line, column, cause } = error as Record<string, unknown>;
  const where =
    typeof line === 'number'
      ? ` at line ${String(line)}${typeof column === 'number' ? `, column ${String(column)}` : ''}`
      : `${field === undefined ? '' : ` in field ${String(field)}`}${typeof offset === 'number' ? ` at offset ${String(offset)}` : ''}`;
  const head = typeof code === 'string' ? `${code}${where}` : where.trimStart();
  const text = typeof message === 'string' ? message : head === '' ? Object.prototype.toString.call(error) : '';
  const own = head !== '' && text !== '' ? `${head}: ${text}` : head + text;
  const causeLine =
    cause !== undefined && cause !== null && depth < MAX_CAUSES ? `; cause: ${describe(cause, depth + 1)}` : '';
  return oneLine(own) + causeLine;
}

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** `describeError(this)`, for the error objects `err` makes printable. */
function errorToString(this: unknown): string {
  return describeError(this);
}

/**
 * Gives an error object a `toString` that prints it as `describeError` does, so that
 * `${result.error}` reads as a line rather than `[object Object]`. Not enumerable: equality,
 * spreading and JSON see the same object as before. Frozen objects and objects with a
 * `toString` of their own are left as they are.
 */
export function printable<E>(error: E): E {
  if (
    typeof error === 'object' &&
    error !== null &&
    Object.isExtensible(error) &&
    !Object.prototype.hasOwnProperty.call(error, 'toString') &&
    (error as { toString?: unknown }).toString === Object.prototype.toString
  )
    Object.defineProperty(error, 'toString', { value: errorToString, configurable: true, writable: true });
  return error;
}
