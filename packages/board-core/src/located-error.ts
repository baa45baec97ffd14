// Types only: the one shape of an error's location, which every reader's error type extends.

/**
 * Where an error is, and what it is, in one shape for every reader of the packages:
 *
 * - `code`: the reader's stable error code (each package lists its codes in a frozen tuple);
 * - `offset`: where in the input the fault starts, in UTF-16 code units from the start of what
 *   the reader was given (a record, a move text, a whole PGN text, a stream since its first
 *   chunk); the input's length when it ended too early;
 * - `message`: short English for people;
 * - `field`: which part of a record is at fault, for readers of records: the index of a
 *   format's field (its descriptor's `fields` names them; a datagram's argument for ICC), or
 *   the part's name for a move notation (`to`, `promotion`);
 * - `line` and `column`: for readers of many lines (PGN), from 1.
 *
 * A reader's error type narrows the optional members it always gives to required ones.
 */
export interface LocatedError<Code extends string = string, Field extends number | string = number | string> {
  /** The stable error code. */
  readonly code: Code;
  /** Index in the input (UTF-16 code units) where the fault starts; the input's length when it ended too early. */
  readonly offset: number;
  /** Short English for people: what was expected, and what was found. */
  readonly message: string;
  /** The part of a record at fault: a field's index, or a move notation's part name. */
  readonly field?: Field;
  /** The line of the fault, from 1, for readers of many lines. */
  readonly line?: number;
  /** The column of the fault on its line, from 1 (UTF-16 code units), with `line`. */
  readonly column?: number;
}
