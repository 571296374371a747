import type { IOptions, ITokenizer } from "@jscpd/core"
import { createHash } from "node:crypto"
import { frameCount, type RecordedFrames, recordFrames, ReplayedMap } from "./RecordedFrames.js"

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
  const entries = new Map<string, ReadonlyArray<RecordedFrames>>()
  let kept = 0
  const sizeOf = (maps: ReadonlyArray<RecordedFrames>) => maps.reduce((sum, map) => sum + frameCount(map), 0)
  const remember = (key: string, maps: ReadonlyArray<RecordedFrames>) => {
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
          return known.map((frames) => new ReplayedMap(frames, id))
        }
        const recorded = inner.generateMaps(id, data, format, options).map(recordFrames)
        const complete = recorded.flatMap((map) => (map === undefined ? [] : [map]))
        // Recording consumed the maps: what the detector gets is always a replay.
        if (complete.length !== recorded.length) return inner.generateMaps(id, data, format, options)
        remember(key, complete)
        return complete.map((frames) => new ReplayedMap(frames, id))
      }
    })
  }
}
