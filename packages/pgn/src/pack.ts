/**
 * Move trees packed for the trip from a worker thread to the main thread. Structured clone
 * handles any value, but rebuilding a tree of many small objects from it costs the main thread
 * more than reading the PGN did (measured: 4.6 s to rebuild the trees of 12.5 MB of real games
 * that took 3.2 s to read), and the main thread is the one that cannot be multiplied. Packed,
 * a tree is a list of numbers, a list of strings and the key lists of its objects; rebuilding
 * it is a plain loop of object literals.
 *
 * The codec knows nothing of PGN: any tree of plain objects and arrays of them, whose other
 * values are primitives or anything structured clone takes (kept as they are). Keys keep their
 * order; an array is rebuilt as an array of objects when its first item is a plain object.
 */

const NUMBER = 0;
const STRING = 1;
const OTHER = 2;
const UNDEFINED = 3;
const NULL = 4;
const TRUE = 5;
const FALSE = 6;
const OBJECT = 7;
const OBJECTS = 8;

/** Trees packed by `packTrees`: send them with the `nums` buffer transferred. */
export interface PackedTrees {
  /** The key lists of the objects, by their index. */
  readonly shapes: readonly (readonly string[])[];
  readonly nums: Float64Array;
  /** Each string once: a tree names it by its index (moves repeat, so the main thread builds no string). */
  readonly strs: readonly string[];
  /** Values kept as they are (arrays of strings or numbers, say), for structured clone. */
  readonly other: readonly unknown[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Packs `trees` (plain objects), in order. */
export function packTrees(trees: readonly Record<string, unknown>[]): PackedTrees {
  const packer = createPacker();
  for (const tree of trees) packer.add(tree);
  return packer.finish();
}

/** The trees of `packed`, in order. */
export function unpackTrees(packed: PackedTrees): Record<string, unknown>[] {
  const next = createUnpacker(packed);
  const trees: Record<string, unknown>[] = [];
  for (let tree = next(); tree !== undefined; tree = next()) trees.push(tree);
  return trees;
}

/**
 * Packs trees one at a time, as they are read: a tree is garbage once added (a piece's trees
 * all alive at once outlive the young generation, and the collector then costs more than
 * the packing).
 */
export function createPacker(): { add(tree: Record<string, unknown>): void; finish(): PackedTrees } {
  const shapes: string[][] = [];
  const shapeIds = new Map<string, number>();
  const nums: number[] = [];
  const strs: string[] = [];
  const stringIds = new Map<string, number>();
  const other: unknown[] = [];

  const object = (value: Record<string, unknown>): void => {
    const keys = Object.keys(value);
    const signature = keys.join('\u0000');
    let id = shapeIds.get(signature);
    if (id === undefined) {
      id = shapes.length;
      shapes.push(keys);
      shapeIds.set(signature, id);
    }
    nums.push(id);
    for (const key of keys) item(value[key]);
  };

  const item = (value: unknown): void => {
    switch (typeof value) {
      case 'number':
        nums.push(NUMBER, value);
        return;
      case 'string': {
        let id = stringIds.get(value);
        if (id === undefined) {
          id = strs.length;
          strs.push(value);
          stringIds.set(value, id);
        }
        nums.push(STRING, id);
        return;
      }
      case 'undefined':
        nums.push(UNDEFINED);
        return;
      case 'boolean':
        nums.push(value ? TRUE : FALSE);
        return;
    }
    if (value === null) nums.push(NULL);
    else if (isPlainObject(value)) {
      nums.push(OBJECT);
      object(value);
    } else if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) {
      nums.push(OBJECTS, value.length);
      for (const element of value as Record<string, unknown>[]) object(element);
    } else {
      nums.push(OTHER);
      other.push(value);
    }
  };

  return {
    add: object,
    finish: () => ({ shapes, nums: Float64Array.from(nums), strs, other }),
  };
}

type Builder = (item: () => unknown) => Record<string, unknown>;

/**
 * A function building an object of the keys `keys` from the next values: an object literal
 * compiled for the shape where the runtime allows it (several times quicker than adding the
 * keys one by one, and the objects share their hidden class), else the loop.
 */
function builderOf(keys: readonly string[]): Builder {
  try {
    const body = `return { ${keys.map((key) => `${JSON.stringify(key)}: item()`).join(', ')} };`;
    return new Function('item', body) as Builder;
  } catch {
    return (item) => {
      const value: Record<string, unknown> = {};
      for (const key of keys) value[key] = item();
      return value;
    };
  }
}

/** The trees of `packed`, one a call, in order (undefined after the last), built when asked for. */
export function createUnpacker(packed: PackedTrees): () => Record<string, unknown> | undefined {
  const { shapes, nums, strs, other } = packed;
  let n = 0;
  let o = 0;

  const builders = shapes.map(builderOf);
  const object = (): Record<string, unknown> => builders[nums[n++]!]!(item);

  const item = (): unknown => {
    switch (nums[n++]) {
      case NUMBER:
        return nums[n++];
      case STRING:
        return strs[nums[n++]!];
      case UNDEFINED:
        return undefined;
      case NULL:
        return null;
      case TRUE:
        return true;
      case FALSE:
        return false;
      case OBJECT:
        return object();
      case OBJECTS: {
        const length = nums[n++]!;
        const values: Record<string, unknown>[] = [];
        for (let i = 0; i < length; i++) values.push(object());
        return values;
      }
      default:
        return other[o++];
    }
  };

  return () => (n < nums.length ? object() : undefined);
}
