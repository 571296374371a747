import type { IMapFrame, IOptions, IToken, ITokenizer, ITokenLocation, ITokensMap } from "@jscpd/core"
import { createHash } from "node:crypto"

/**
 * jscpd's frames of one file in one format, as its tokenizer gives them: for each window of
 * `minTokens` tokens, the window's hash and where it starts and ends. Computing them (tokenizing
 * with Prism, then hashing each token and each window) is most of the detection's time; replaying
 * them gives the detector exactly the frames, in the same order, that a fresh tokenization gives.
 */
interface RecordedMap {
  readonly format: string
  readonly linesCount: number
  readonly tokensCount: number
  /** Each frame's hash, `hashLength` characters each, in order. */
  readonly ids: string
  readonly hashLength: number
  /** Per frame: start line, column, position, range start; end line, column, position, range end (NaN for an absent field). */
  readonly places: Float64Array
}

const fieldsPerFrame = 8

const numberOf = (value: number | undefined) => value ?? Number.NaN

const locationOf = (line: number, column: number, position: number): ITokenLocation => ({
  line,
  ...(Number.isNaN(column) ? {} : { column }),
  ...(Number.isNaN(position) ? {} : { position })
})

// Only what the detector and its statistic read of a frame's tokens: their places.
const tokenOf = (format: string, start: ITokenLocation, end: ITokenLocation, range: [number, number]): IToken => ({
  type: "frame",
  value: "",
  length: 0,
  format,
  range,
  loc: { start, end }
})

const record = (map: ITokensMap): RecordedMap | undefined => {
  const ids: Array<string> = []
  const places: Array<number> = []
  for (let step = map.next(); step.done !== true; step = map.next()) {
    const frame = step.value
    if (typeof frame === "boolean") return undefined
    const first = frame.start.loc?.start
    const last = frame.end.loc?.end
    if (first === undefined || last === undefined) return undefined
    ids.push(frame.id)
    places.push(
      first.line, numberOf(first.column), numberOf(first.position), frame.start.range[0],
      last.line, numberOf(last.column), numberOf(last.position), frame.end.range[1]
    )
  }
  const hashLength = ids[0]?.length ?? 0
  // A frame id of another length could not be cut back out of the joined string.
  if (ids.some((id) => id.length !== hashLength)) return undefined
  return {
    format: map.getFormat(),
    linesCount: map.getLinesCount(),
    tokensCount: map.getTokensCount(),
    ids: ids.join(""),
    hashLength,
    places: Float64Array.from(places)
  }
}

const replay = (recorded: RecordedMap, sourceId: string): ITokensMap => {
  let frame = 0
  const frames = recorded.places.length / fieldsPerFrame
  return {
    getFormat: () => recorded.format,
    getLinesCount: () => recorded.linesCount,
    getTokensCount: () => recorded.tokensCount,
    getId: () => sourceId,
    next: (): IteratorResult<IMapFrame | boolean> => {
      // jscpd's TokensMap ends with `{ done: true, value: false }`, which the detector reads.
      if (frame >= frames) return { done: true, value: false }
      const p = recorded.places
      const at = frame * fieldsPerFrame
      const id = recorded.ids.slice(frame * recorded.hashLength, (frame + 1) * recorded.hashLength)
      frame++
      const start = locationOf(p[at] ?? 0, p[at + 1] ?? Number.NaN, p[at + 2] ?? Number.NaN)
      const end = locationOf(p[at + 4] ?? 0, p[at + 5] ?? Number.NaN, p[at + 6] ?? Number.NaN)
      const startRange = p[at + 3] ?? 0
      const endRange = p[at + 7] ?? 0
      return {
        done: false,
        value: {
          id,
          sourceId,
          // The detector reads the start token's start and the end token's end only.
          start: tokenOf(recorded.format, start, start, [startRange, startRange]),
          end: tokenOf(recorded.format, end, end, [endRange, endRange])
        }
      }
    }
  }
}

/** The frames kept, by content; the oldest go first once `maxFrames` are kept. */
export interface FrameCache {
  readonly tokenizer: (inner: ITokenizer) => ITokenizer
}

/**
 * A cache of this process (frames are too many to be worth a disk): 8 bytes a field, about 70
 * bytes a frame, so the default of 4 million frames is some 300 MB at most, ten times a
 * 100 000-line repository's. The key is the content and format with the options the frames
 * depend on (`minTokens`, `mode`, `ignoreCase`, the hash function);
 * the path is not in it: the replayed frames carry the path they are asked for.
 */
export const makeFrameCache = (maxFrames = 4_000_000): FrameCache => {
  const entries = new Map<string, ReadonlyArray<RecordedMap>>()
  let kept = 0
  const sizeOf = (maps: ReadonlyArray<RecordedMap>) => maps.reduce((sum, map) => sum + map.places.length / fieldsPerFrame, 0)
  const remember = (key: string, maps: ReadonlyArray<RecordedMap>) => {
    entries.set(key, maps)
    kept += sizeOf(maps)
    for (const [oldest, value] of entries) {
      if (kept <= maxFrames) break
      entries.delete(oldest)
      kept -= sizeOf(value)
    }
  }
  const keyOf = (data: string, format: string, options: Partial<IOptions>) =>
    createHash("sha256")
      .update(`${format}\0${options.minTokens}\0${String(options.mode)}\0${options.ignoreCase === true}\0${String(options.hashFunction)}\0`)
      .update(data)
      .digest("hex")
  return {
    tokenizer: (inner) => ({
      generateMaps: (id, data, format, options) => {
        // An ignore pattern changes the tokenizer's state: such runs are not cached.
        if (options.ignorePattern !== undefined && options.ignorePattern.length > 0) return inner.generateMaps(id, data, format, options)
        const key = keyOf(data, format, options)
        const known = entries.get(key)
        if (known !== undefined) {
          // Used again: it goes last, so the least recently used go first.
          entries.delete(key)
          entries.set(key, known)
          return known.map((map) => replay(map, id))
        }
        const recorded = inner.generateMaps(id, data, format, options).map(record)
        const complete = recorded.flatMap((map) => (map === undefined ? [] : [map]))
        // Recording consumed the maps: what the detector gets is always a replay.
        if (complete.length !== recorded.length) return inner.generateMaps(id, data, format, options)
        remember(key, complete)
        return complete.map((map) => replay(map, id))
      }
    })
  }
}
