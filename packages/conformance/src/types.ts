/** Any value a JSON parser can produce. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Options as they appear in a vector: a JSON object handed to the implementation unchanged. */
export type VectorOptions = { readonly [key: string]: JsonValue };

/**
 * What a vector expects:
 * - `valid`: the input is accepted and `expected` holds;
 * - `invalid`: the input is rejected with `error`;
 * - `acceptable`: either outcome conforms (the case's flags say why); whichever happens must
 *   still match `expected` or `error` when the case gives them.
 */
export const VECTOR_RESULTS = /* @__PURE__ */ Object.freeze(['valid', 'invalid', 'acceptable'] as const);
/** What a case expects of its input, one of `VECTOR_RESULTS`. */
export type VectorResult = (typeof VECTOR_RESULTS)[number];

/**
 * The move notations the `moves` vectors cover: SAN, coordinates (the UCI move form), the
 * verbose move of style 12 (FICS/ICC) and ICC's Smith notation (DG_MOVE_SMITH).
 */
export const MOVE_NOTATIONS = /* @__PURE__ */ Object.freeze(['san', 'coordinate', 'verbose', 'smith'] as const);
/** A move notation of the corpus, one of `MOVE_NOTATIONS`. */
export type MoveNotation = (typeof MOVE_NOTATIONS)[number];

/**
 * The position a move is read against: a FEN (X-FEN or Shredder-FEN castling, crazyhouse
 * pockets in brackets), or, for a board FEN cannot describe (Omega chess), the canonical JSON
 * of a setup, the same object as `expected.value` of the FEN vectors.
 */
export type VectorPosition = string | { readonly [key: string]: JsonValue };

/** Where and why an input is rejected. */
export interface ExpectedError {
  /** The stable error code of the format package. */
  readonly code: string;
  /**
   * The part of the input holding the fault: for FEN the 0-based index of the space-separated
   * field; for a move the name of the part (`move`, `piece`, `from`, `to`, `promotion`,
   * `capture`, `suffix`).
   */
  readonly field: number | string;
  /** 0-based index, in UTF-16 code units of the input, of the character the error points at. */
  readonly offset: number;
}

/** What an accepted input must give. */
export interface Expected {
  /** The canonical text the writer produces for the parsed value (with the case's write options). */
  readonly text: string;
  /** The canonical JSON of the parsed value (board-core's `setupToJson` for FEN). */
  readonly value?: JsonValue;
  /** The codes a validator reports for the parsed value, in any order; `[]` for a legal position. */
  readonly problems?: readonly string[];
  /**
   * Moves only: the texts of the same move in other notations, written with default options
   * (`{ "san": "Nf3", "smith": "g1f3" }`); each reads back as the same move.
   */
  readonly notations?: { readonly [notation: string]: string };
}

/**
 * One test case: an input, the options to read and write it with, and what a conforming
 * implementation does with it.
 */
export interface VectorCase {
  /** Stable and never reused: `<format>.<topic>.<name>`. */
  readonly id: string;
  /** Short, unique across the corpus, a statement of fact (no modal verbs). */
  readonly description: string;
  /** The text given to the parser. */
  readonly input: string;
  /** Moves only: the position the input is read against (required for moves, absent otherwise). */
  readonly position?: VectorPosition;
  /** Moves only: the notation of `input` (required for moves, absent otherwise). */
  readonly notation?: MoveNotation;
  /** Parse options; absent means the defaults. */
  readonly options?: VectorOptions;
  /** Write options for producing `expected.text`; absent means the defaults. */
  readonly writeOptions?: VectorOptions;
  /** Whether the input is to be accepted, rejected, or either. */
  readonly result: VectorResult;
  /** What an accepted input gives. */
  readonly expected?: Expected;
  /** Where and why a rejected input is rejected. */
  readonly error?: ExpectedError;
  /** Names defined in the file's `notes`, marking a property of the case (a dialect, a leniency). */
  readonly flags?: readonly string[];
  /** Where a fact in the case comes from (a published position, a specification section). */
  readonly source?: string;
}

/** One file of the corpus: the vectors of one topic of one format. */
export interface VectorFile {
  /** The format of the file, one of `VECTOR_FORMATS`. */
  readonly format: string;
  /** What the file's cases are about; the file's name. */
  readonly topic: string;
  /** The dialect the whole file is about, when it is about one. */
  readonly dialect?: string;
  /** Citation of the specification the cases follow. */
  readonly spec: string;
  /** Definition of every flag used by the cases of the file. */
  readonly notes: { readonly [flag: string]: string };
  /** Meaning of every option key (parse or write) used by the cases of the file. */
  readonly optionNotes?: { readonly [option: string]: string };
  /** The cases, in file order. */
  readonly cases: readonly VectorCase[];
}
