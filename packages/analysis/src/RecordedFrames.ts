import type { IMapFrame, IToken, ITokenLocation, ITokensMap } from "@jscpd/core"

/**
 * jscpd's frames of one file in one format, as its tokenizer gives them: for each window of
 * `minTokens` tokens, the window's hash and where it starts and ends, in numbers rather than the
 * tokenizer's objects (a repository has hundreds of thousands of windows, and the frame cache
 * keeps them between analyses).
 */
export interface RecordedFrames {
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

export const frameCount = (frames: RecordedFrames): number => frames.places.length / fieldsPerFrame

export const frameId = (frames: RecordedFrames, frame: number): string =>
  frames.ids.slice(frame * frames.hashLength, (frame + 1) * frames.hashLength)

const numberOf = (value: number | undefined) => value ?? Number.NaN

const locationAt = (places: Float64Array, at: number): ITokenLocation => {
  const column = places[at + 1] ?? Number.NaN
  const position = places[at + 2] ?? Number.NaN
  return {
    line: places[at] ?? 0,
    ...(Number.isNaN(column) ? {} : { column }),
    ...(Number.isNaN(position) ? {} : { position })
  }
}

/** Where a frame's first token starts, as jscpd's tokenizer places it. */
export const frameStart = (frames: RecordedFrames, frame: number): ITokenLocation => locationAt(frames.places, frame * fieldsPerFrame)

/** Where a frame's last token ends. */
export const frameEnd = (frames: RecordedFrames, frame: number): ITokenLocation => locationAt(frames.places, frame * fieldsPerFrame + 4)

/** The source offsets a frame spans: its first token's start, its last token's end. */
export const frameRange = (frames: RecordedFrames, frame: number): [number, number] => [
  frames.places[frame * fieldsPerFrame + 3] ?? 0,
  frames.places[frame * fieldsPerFrame + 7] ?? 0
]

/** A tokenizer's map, read to its end; undefined if a frame lacks what the detector reads of it. */
export const recordFrames = (map: ITokensMap): RecordedFrames | undefined => {
  if (map instanceof ReplayedMap) return map.frames
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

// Only what jscpd's detector and its statistic read of a frame's tokens: their places.
const tokenOf = (format: string, location: ITokenLocation, range: [number, number]): IToken => ({
  type: "frame",
  value: "",
  length: 0,
  format,
  range,
  loc: { start: location, end: location }
})

/**
 * Recorded frames as jscpd's tokens map again, for `sourceId`: a detector reading them gets the
 * frames, in the same order, that a fresh tokenization gives. CloneDetector reads `frames` itself.
 */
export class ReplayedMap implements ITokensMap {
  private frame = 0

  constructor(readonly frames: RecordedFrames, private readonly sourceId: string) {}

  getFormat() {
    return this.frames.format
  }
  getLinesCount() {
    return this.frames.linesCount
  }
  getTokensCount() {
    return this.frames.tokensCount
  }
  getId() {
    return this.sourceId
  }

  next(): IteratorResult<IMapFrame | boolean> {
    // jscpd's TokensMap ends with `{ done: true, value: false }`, which its detector reads.
    if (this.frame >= frameCount(this.frames)) return { done: true, value: false }
    const frame = this.frame++
    const [startRange, endRange] = frameRange(this.frames, frame)
    return {
      done: false,
      value: {
        id: frameId(this.frames, frame),
        sourceId: this.sourceId,
        // The detector reads the start token's start and the end token's end only.
        start: tokenOf(this.frames.format, frameStart(this.frames, frame), [startRange, startRange]),
        end: tokenOf(this.frames.format, frameEnd(this.frames, frame), [endRange, endRange])
      }
    }
  }
}
