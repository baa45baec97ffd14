/**
 * A trail: a list that grows and shrinks at its end in constant time per item and shares
 * everything before that end with the trails it came from. A game tracker keeps each game's
 * moves as one, so that every snapshot it hands out keeps its own moves without a copy: copying
 * the list at every move made following a long game quadratic in its length.
 */
export interface Trail<T> {
  /** How many items the trail holds. */
  readonly length: number;
  /** Its last item. */
  readonly last: T;
  /** The trail without its last item; `undefined` for a trail of one item. */
  readonly before: Trail<T> | undefined;
}

/** `trail` with `item` added at its end (`trail` itself is left as it was). */
export function trailPush<T>(trail: Trail<T> | undefined, item: T): Trail<T> {
  return { length: (trail?.length ?? 0) + 1, last: item, before: trail };
}

/** The first `length` items of `trail` (all of them when it holds no more): walks back from its end. */
export function trailTake<T>(trail: Trail<T> | undefined, length: number): Trail<T> | undefined {
  let rest = trail;
  while (rest !== undefined && rest.length > length) rest = rest.before;
  return rest;
}

/**
 * How far apart (in items) a game tracker keeps the positions of a trail of moves: a position
 * between two kept ones is played again from the earlier, fewer than this many moves. Kept after
 * every move, the positions were most of a followed game's memory.
 */
const KEPT_POSITION_EVERY = 32;

/**
 * Whether the `length`th move of a trail (counted from 1) keeps the position after it: every
 * 32nd does, so that `trailReplay` plays fewer than 32 moves again to come to any position.
 */
export function keepsPosition(length: number): boolean {
  return length % KEPT_POSITION_EVERY === 0;
}

/**
 * What the first `count` items of `trail` come to from `initial`, when only some items keep the
 * state after them (`keptOf`; undefined for the others): the last state kept at or before the
 * `count`th item, and the items after it applied again in order (`apply`). Undefined when one of
 * them does not apply (`apply` gives undefined), and `initial` for no items.
 */
export function trailReplay<T, S>(
  trail: Trail<T> | undefined,
  count: number,
  initial: S,
  keptOf: (item: T) => S | undefined,
  apply: (state: S, item: T) => S | undefined,
): S | undefined {
  if (count <= 0) return initial;
  const replayed: T[] = [];
  let at = trailTake(trail, count);
  let state: S | undefined;
  while (at !== undefined && (state = keptOf(at.last)) === undefined) {
    replayed.push(at.last);
    at = at.before;
  }
  if (at === undefined) state = initial;
  for (let k = replayed.length - 1; k >= 0 && state !== undefined; k--) state = apply(state, replayed[k] as T);
  return state;
}

/** The items of a trail, oldest first (each passed through `map` when given), as a new array. */
export function trailItems<T, U = T>(trail: Trail<T> | undefined, map?: (item: T) => U): U[] {
  const items = new Array<U>(trail?.length ?? 0);
  for (let at = trail; at !== undefined; at = at.before)
    items[at.length - 1] = map ? map(at.last) : (at.last as unknown as U);
  return items;
}

/** A trail of `items`, oldest first. */
export function trailOf<T>(items: readonly T[]): Trail<T> | undefined {
  let trail: Trail<T> | undefined;
  for (const item of items) trail = trailPush(trail, item);
  return trail;
}

/**
 * `object` with the property `key` made from `trail` when it is first read: the array of its
 * items (each passed through `map` when given), made once and kept. Enumerable, so that
 * spreading, `JSON.stringify` and deep equality see it as a plain property; a snapshot nobody
 * reads the list of costs no copy.
 */
export function withTrailItems<O extends object, K extends string, T, U = T>(
  object: O,
  key: K,
  trail: Trail<T> | undefined,
  map?: (item: T) => U,
): O & { readonly [P in K]: readonly U[] } {
  return Object.defineProperty(object, key, {
    enumerable: true,
    configurable: true,
    get(this: O): readonly U[] {
      const items = trailItems(trail, map);
      Object.defineProperty(this, key, { value: items, enumerable: true, configurable: true });
      return items;
    },
  }) as O & { readonly [P in K]: readonly U[] };
}

/** The own enumerable properties of `object` but `key`, read without reading `key` itself. */
export function withoutKey<O extends object, K extends keyof O>(object: O, key: K): Omit<O, K> {
  const copy: Partial<O> = {};
  for (const name of Object.keys(object) as (keyof O)[]) if (name !== key) copy[name] = object[name];
  return copy as Omit<O, K>;
}
