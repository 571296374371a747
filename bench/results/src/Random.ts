import { PCGRandom } from "effect/Utils"

/**
 * A seeded generator (Effect's PCG): the dataset is the same in every run and in every backend of
 * a run, so that the backends' answers can be compared and runs with each other.
 */
export interface Random {
  /** Uniform in [0, 1). */
  readonly next: () => number
  /** Uniform integer in [min, max]. */
  readonly int: (min: number, max: number) => number
  /** An index drawn with the probability of its weight. */
  readonly weighted: (cumulative: ReadonlyArray<number>) => number
}

export const make = (seed: number): Random => {
  const pcg = new PCGRandom(seed)
  const next = () => pcg.number()
  const int = (min: number, max: number) => min + pcg.integer(max - min + 1)
  const weighted = (cumulative: ReadonlyArray<number>) => {
    const target = next() * (cumulative.at(-1) ?? 0)
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((cumulative[middle] ?? 0) <= target) low = middle + 1
      else high = middle
    }
    return low
  }
  return { next, int, weighted }
}

/**
 * Running sums of Zipf weights (rank r weighs 1 / (r + 1)^s): a few patterns, files and authors
 * hold most issues, as in real repositories, and a long tail holds a few each.
 */
export const zipf = (count: number, exponent: number): ReadonlyArray<number> => {
  const sums: Array<number> = []
  let sum = 0
  for (let rank = 0; rank < count; rank++) {
    sum += 1 / (rank + 1) ** exponent
    sums.push(sum)
  }
  return sums
}

/** `items` in a random order (each drawn a random key, then sorted by it). */
export const shuffled = <A>(items: ReadonlyArray<A>, random: Random): ReadonlyArray<A> =>
  items.map((item) => ({ item, key: random.next() })).sort((a, b) => a.key - b.key).map(({ item }) => item)
