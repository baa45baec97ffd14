import type { Result } from './result.js';
import type { Setup } from './setup.js';

// Types only: a descriptor costs a package nothing until a consumer imports it, and this
// module adds no byte to board-core's bundles.

/**
 * The error every text format's parser returns: the format's stable `code`, the index of the
 * `field` at fault (the format's `fields` names it), the `offset` in the input of the
 * offending character (the input's length when the text ended too early) and a short message.
 */
export interface FormatError<Code extends string = string> {
  /** The format's stable error code, one of its `errorCodes`. */
  readonly code: Code;
  /** The index of the field at fault; the format's `fields` names it. */
  readonly field: number;
  /**
   * Index in the input (UTF-16 code units) of the offending character; the input's length when
   * it ended too early.
   */
  readonly offset: number;
  /** Short English for people: what was expected, and what was found. */
  readonly message: string;
}

/**
 * One field of a text as its format reads it: where it stands in the text and what it says.
 * A text format's `spans` gives them, so that a viewer can show any format's fields with no
 * code of its own for the format.
 */
export interface FieldSpan {
  /** The index of the field in the format's `fields` (as an error's `field`). */
  readonly field: number;
  /** Index in the text (UTF-16 code units) of the field's first character. */
  readonly start: number;
  /** Index just past the field's last character: the field is `text.slice(start, end)`. */
  readonly end: number;
  /**
   * What the field says, in short English (`White to move`, `castling: h1 a1 h8 a8`); empty
   * when the text does not parse, as a broken field says nothing for sure.
   */
  readonly meaning: string;
}

/**
 * One text format, described the same way for every consumer (converters, validators, the
 * demo, the conformance runner): how to recognise, read and write it, and what it describes
 * as a board-core `Setup`. Each format package exports one (`fenFormat`, `ocpnFormat`, ...);
 * `@chess-formats/formats` lists them all.
 *
 * `Value` is what the parser returns (a `Setup` for FEN, a record with game facts for style 12).
 */
export interface TextFormat<
  Value = unknown,
  Code extends string = string,
  ParseOptions = unknown,
  WriteOptions = unknown,
> {
  /** Tells a text format from a stream format. */
  readonly kind: 'text';
  /** Stable lower-case id (`fen`, `style12`): the vectors' folder, the CLI's `--to` value. */
  readonly name: string;
  /** The name people read (`FEN`, `Style 12`). */
  readonly title: string;
  /** A short text of the format that parses: what a page loads by its example button, what a test starts from. */
  readonly example: string;
  /** The package's parser: never throws, linear in the input. */
  parse(text: string, options?: ParseOptions): Result<Value, FormatError<Code>>;
  /** The package's writer; throws `TypeError` only for a value the format cannot hold. */
  write(value: Value, options?: WriteOptions): string;
  /**
   * How sure the format is that `text` is written in it: 0 (not at all) to 1. Never throws,
   * linear in the input. A broken record of the format still scores above unrelated text, so
   * that its errors come from the right parser.
   */
  detect(text: string): number;
  /** Every code `parse` can return (frozen). */
  readonly errorCodes: readonly Code[];
  /** The field names, by the index an error's `field` holds (frozen). */
  readonly fields: readonly string[];
  /**
   * The fields of `text`, in the order they stand, each with where it is and what it means.
   * `value`, when given, is what `parse` read from this `text` (it saves a second parse);
   * without it the text is parsed here. A text that does not parse still gives its fields as
   * far as they can be told apart, with empty meanings. Never throws; linear in the text.
   */
  spans(text: string, value?: Value): readonly FieldSpan[];
  /** The position a value describes. */
  setupOf(value: Value): Setup;
  /**
   * A value of this format describing `setup`, with defaults for what a setup does not hold
   * (style 12's game number and names); throws `TypeError` naming what the format cannot hold.
   */
  fromSetup(setup: Setup): Value;
  /** The canonical JSON of a value, when it holds more than its setup. */
  toJson?(value: Value): unknown;
}

/**
 * A format read as a stream rather than one text at a time (ICC's datagrams): chunks go in,
 * events come out, the same however the input is split. Consumers detect it like a
 * `TextFormat` and make a reader for each stream.
 */
export interface StreamFormat<Reader = unknown, Code extends string = string, ReaderOptions = unknown> {
  /** Tells a stream format from a text format. */
  readonly kind: 'stream';
  /** Stable lower-case id (`icc`), as `TextFormat.name`. */
  readonly name: string;
  /** The name people read, as `TextFormat.title`. */
  readonly title: string;
  /**
   * A short stream of the format, as `TextFormat.example`. A stream has no `spans`: its
   * reader's events carry their own offsets.
   */
  readonly example: string;
  /** As `TextFormat.detect`, on a sample of the stream. */
  detect(text: string): number;
  /** A fresh reader (decoder) for one stream. */
  createReader(options?: ReaderOptions): Reader;
  /** Every error code the reader's events can carry (frozen). */
  readonly errorCodes: readonly Code[];
}

/**
 * Any format of a list: a text format or a stream format, told apart by `kind`. The methods
 * are declared as methods, so a `TextFormat<Setup, FenErrorCode, FenParseOptions>` is one.
 */
export type Format = TextFormat | StreamFormat;
