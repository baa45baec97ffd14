/**
 * The number of single-character edits (insert, delete, replace, or swap two neighbours) that
 * turn `a` into `b`, or `limit + 1` once it is certain to be more than `limit`: usage errors
 * compare a mistyped word with a few dozen short names, so the table stays small.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? 0, limit + 1);
}

/** What a word is compared by: an option's name without its dashes, in lower case. */
const stem = (word: string): string => word.replace(/^-+/, '').toLowerCase();

/**
 * The candidate nearest to a mistyped `word`, or `undefined` when none is close. Close means
 * within `max(1, floor(length / 4))` edits of the word's stem (dashes and case aside: `--colour`
 * is one edit from `--color`, `--Json` none from `--json`), or, failing that, one of which the
 * word is a prefix of at least two characters (`conv` for `convert`), or that is a prefix of
 * the word (`--json-lines` for `--json`). The fewest edits win, then the earlier candidate.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const typed = stem(word);
  if (typed === '') return undefined;
  const limit = Math.max(1, Math.floor(typed.length / 4));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(typed, stem(candidate), limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  const longer = candidates.find((c) => typed.length >= 2 && stem(c).startsWith(typed));
  if (longer !== undefined) return longer;
  return candidates.find((c) => stem(c).length >= 2 && typed.startsWith(stem(c)));
}

/** `; did you mean X?` for the candidate nearest to `word`, or nothing when none is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const found = nearest(word, candidates);
  return found === undefined ? '' : `; did you mean ${found}?`;
}
