import { DIGIT_1, LOWER_A } from './internal/codes.js';

/**
 * A square is the index of a cell in its geometry's grid: `y * width + x`, with x counted
 * from the left (White's a-file side) and y from White's side. On the standard board this
 * is the usual 0..63 with a1 = 0 and h8 = 63.
 */
export type Square = number;

/** The names of the supported geometries (frozen): the standard 8x8 board and Omega chess. */
export const GEOMETRY_NAMES = /* @__PURE__ */ Object.freeze(['standard', 'omega'] as const);
/** The name of a geometry, one of `GEOMETRY_NAMES`. */
export type GeometryName = (typeof GEOMETRY_NAMES)[number];

/**
 * A rectangle of cells, a mask of which cells are squares, and the name of every square.
 * Movement vectors work on the whole grid, so a diagonal step from Omega's a0 reaches w1.
 */
export interface Geometry {
  /** Which geometry this is. */
  readonly name: GeometryName;
  /** Columns of the grid. */
  readonly width: number;
  /** Rows of the grid. */
  readonly height: number;
  /** For each cell, its square name, or '' where the cell is not a square (a hole). */
  readonly squareNames: readonly string[];
  /** Grid columns of the files of the main field, left to right (a, b, ...). */
  readonly fieldFiles: readonly number[];
  /** Grid rows of the ranks of the main field, White's side first. */
  readonly fieldRanks: readonly number[];
}

// Geometries are shared by every setup, so they are frozen, lists and all: a caller that
// changed a square name would change what every later parse writes.

function buildStandard(): Geometry {
  const lines = Object.freeze([0, 1, 2, 3, 4, 5, 6, 7]);
  return Object.freeze({
    name: 'standard',
    width: 8,
    height: 8,
    squareNames: Object.freeze([...'12345678'].flatMap((rank) => [...'abcdefgh'].map((file) => file + rank))),
    fieldFiles: lines,
    fieldRanks: lines,
  });
}

/**
 * Omega chess: a 12x12 grid whose inner 10x10 is the field (files a-j, ranks 0-9 as in the
 * official rules) and whose four corner cells are the wizard squares, named counter-clockwise
 * from White's queen side: w1 behind a0, w2 behind j0, w3 behind j9, w4 behind a9.
 */
function buildOmega(): Geometry {
  const squareNames: string[] = [];
  for (let y = 0; y < 12; y++) {
    for (let x = 0; x < 12; x++) {
      const inField = x >= 1 && x <= 10 && y >= 1 && y <= 10;
      squareNames.push(inField ? String.fromCharCode(LOWER_A + x - 1) + String(y - 1) : '');
    }
  }
  squareNames[0] = 'w1';
  squareNames[11] = 'w2';
  squareNames[143] = 'w3';
  squareNames[132] = 'w4';
  const lines = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  return Object.freeze({
    name: 'omega',
    width: 12,
    height: 12,
    squareNames: Object.freeze(squareNames),
    fieldFiles: lines,
    fieldRanks: lines,
  });
}

/** The standard 8x8 board, squares a1 = 0 to h8 = 63 (frozen, shared by every setup). */
export const STANDARD: Geometry = /* @__PURE__ */ buildStandard();
/**
 * The Omega chess board: a 12x12 grid with a 10x10 field (a0 to j9) and the four wizard squares w1
 * to w4 in its corners (frozen, shared by every setup).
 */
export const OMEGA: Geometry = /* @__PURE__ */ buildOmega();

/** Whether `square` is a square of the geometry: inside the grid and not a hole. */
export function isSquare(geometry: Geometry, square: Square): boolean {
  return geometry.squareNames[square] !== undefined && geometry.squareNames[square] !== '';
}

/** The grid column of a square. */
export function squareX(geometry: Geometry, square: Square): number {
  return square % geometry.width;
}

/** The grid row of a square, counted from White's side. */
export function squareY(geometry: Geometry, square: Square): number {
  return Math.floor(square / geometry.width);
}

/** The square at grid cell (x, y), or undefined when the cell is off the grid or a hole. */
export function squareAt(geometry: Geometry, x: number, y: number): Square | undefined {
  if (x < 0 || y < 0 || x >= geometry.width || y >= geometry.height) return undefined;
  const square = y * geometry.width + x;
  return geometry.squareNames[square] === '' ? undefined : square;
}

/**
 * The name of a square (`e4`, Omega's `w1`).
 *
 * @throws RangeError when `square` is not a square of the geometry.
 */
export function squareName(geometry: Geometry, square: Square): string {
  const name = geometry.squareNames[square];
  if (name === undefined || name === '') {
    throw new RangeError(`${square} is not a square of the ${geometry.name} geometry`);
  }
  return name;
}

const nameIndexes = new WeakMap<Geometry, Map<string, Square>>();

/** The square with this name in the geometry, or undefined. */
export function parseSquare(geometry: Geometry, name: string): Square | undefined {
  if (geometry.name === 'standard') {
    if (name.length !== 2) return undefined;
    const x = name.charCodeAt(0) - LOWER_A;
    const y = name.charCodeAt(1) - DIGIT_1;
    return x >= 0 && x < 8 && y >= 0 && y < 8 ? y * 8 + x : undefined;
  }
  let index = nameIndexes.get(geometry);
  if (!index) {
    index = new Map();
    geometry.squareNames.forEach((n, square) => {
      if (n !== '') index?.set(n, square);
    });
    nameIndexes.set(geometry, index);
  }
  return index.get(name);
}
