/**
 * Exact quantiles by selection rather than sorting: the lead times of a large organization's
 * window are close to a million samples, and a median needs only two of them in place.
 */

/** Swaps two entries. */
const swap = (values: Float64Array, i: number, j: number) => {
  const t = values[i]!
  values[i] = values[j]!
  values[j] = t
}

/**
 * Reorders `values[left..right]` so that `values[k]` holds the value a sort would put there, with
 * nothing larger before it and nothing smaller after it (Hoare's selection with a median-of-three
 * pivot). Past 2·log₂ n rounds, which only adversarial orders reach, the range is sorted instead,
 * so the worst case stays O(n log n).
 */
const select = (values: Float64Array, k: number, left: number, right: number) => {
  let rounds = 2 * Math.ceil(Math.log2(right - left + 2))
  while (right > left) {
    if (rounds-- === 0) {
      values.subarray(left, right + 1).sort()
      return
    }
    const middle = (left + right) >>> 1
    if (values[middle]! < values[left]!) swap(values, middle, left)
    if (values[right]! < values[left]!) swap(values, right, left)
    if (values[right]! < values[middle]!) swap(values, right, middle)
    const pivot = values[middle]!
    let i = left
    let j = right
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        swap(values, i, j)
        i++
        j--
      }
    }
    if (k <= j) right = j
    else if (k >= i) left = i
    else return
  }
}

/**
 * The `p`-quantile (0 ≤ p ≤ 1) of `values` by linear interpolation between the closest ranks, as
 * PostgreSQL's `percentile_cont`: at rank h = p·(n − 1), x[⌊h⌋] + (h − ⌊h⌋)·(x[⌈h⌉] − x[⌊h⌋]).
 * Null when empty. Reorders `values` (any order in, a permutation of it out); NaN is not a value.
 */
export const percentileOf = (values: Float64Array, p: number): number | null => {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`percentile must be between 0 and 1, got ${p}`)
  if (values.length === 0) return null
  const rank = p * (values.length - 1)
  const low = Math.floor(rank)
  select(values, low, 0, values.length - 1)
  const below = values[low]!
  if (rank === low) return below
  // Everything after `low` is at least `below`: the next rank's value is their minimum.
  let above = Infinity
  for (let i = low + 1; i < values.length; i++) if (values[i]! < above) above = values[i]!
  return below + (above - below) * (rank - low)
}

/** `percentileOf` over a copy: `values` stay as they are. */
export const percentile = (values: ReadonlyArray<number>, p: number): number | null =>
  percentileOf(Float64Array.from(values), p)

/** The median: the mean of the two middle values when their number is even. Null when empty. */
export const median = (values: ReadonlyArray<number>): number | null => percentile(values, 0.5)
