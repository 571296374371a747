import type { DetectorEvents, IClone, IEventPayload, IMapFrame, IOptions, ISubscriber, ITokenizer, ITokenLocation, ITokensMap } from "@jscpd/core"
import { mild } from "@jscpd/core"

type Side = IClone["duplicationA"]

// jscpd keeps the tokens' own location objects (its statistic reads their `position`); its
// tokenizer gives every token one, and so does the frame cache's replay.
const sideOf = (frame: IMapFrame): Side => ({
  sourceId: frame.sourceId,
  start: frame.start.loc?.start as ITokenLocation,
  end: frame.end.loc?.end as ITokenLocation,
  range: [frame.start.range[0], frame.end.range[1]]
})

const enlarge = (side: Side, frame: IMapFrame) => {
  side.range[1] = frame.end.range[1]
  side.end = frame.end.loc?.end as ITokenLocation
}

const isFrame = (value: IMapFrame | boolean): value is IMapFrame => typeof value !== "boolean"

/**
 * jscpd's detector (@jscpd/core 4.2's `Detector` with its `RabinKarp` and line-length validator),
 * without its promises. jscpd asks its store for each token window through a promise and goes on in
 * `then`/`finally`: on a repository whose frames come from the cache, those round trips are most of
 * the detection's time. The steps here are jscpd's, in its order (a file's maps from the last, a
 * window first seen is kept, a run of windows seen before is one clone, a clone shorter than
 * `minLines` is dropped), and the test compares every clone and statistic with jscpd's own
 * detector. Only CLONE_FOUND and START_DETECTION are emitted: no subscriber here reads CLONE_SKIPPED.
 */
export class CloneDetector {
  private readonly seen = new Map<string, Map<string, IMapFrame>>()
  private readonly options: IOptions
  private readonly minLines: number
  private readonly handlers: ReadonlyArray<ReturnType<ISubscriber["subscribe"]>>

  constructor(
    private readonly tokenizer: ITokenizer,
    options: IOptions,
    /** Told of each source and each clone found, as jscpd's detector tells them (e.g. its Statistic). */
    subscribers: ReadonlyArray<ISubscriber>
  ) {
    this.handlers = subscribers.map((subscriber) => subscriber.subscribe())
    // jscpd's detector fills in these defaults the same way (`||`: a zero means the default).
    this.minLines = options.minLines || 5
    this.options = {
      ...options,
      minTokens: options.minTokens || 50,
      maxLines: options.maxLines || 500,
      minLines: this.minLines,
      mode: options.mode || mild
    }
  }

  /** The clones `text` has with the files detected before it, counted in the statistic. */
  detect(id: string, text: string, format: string): Array<IClone> {
    const maps = this.tokenizer.generateMaps(id, text, format, this.options)
    const clones: Array<IClone> = []
    for (let map = maps.pop(); map !== undefined; map = maps.pop()) {
      this.emit("START_DETECTION", { source: map })
      clones.push(...this.run(map, this.namespace(map.getFormat())))
    }
    return clones
  }

  private namespace(format: string) {
    const known = this.seen.get(format)
    if (known !== undefined) return known
    const created = new Map<string, IMapFrame>()
    this.seen.set(format, created)
    return created
  }

  private run(map: ITokensMap, seen: Map<string, IMapFrame>): Array<IClone> {
    const clones: Array<IClone> = []
    let clone: IClone | undefined
    const close = () => {
      if (clone !== undefined && this.valid(clone)) clones.push(clone)
      clone = undefined
    }
    for (let step = map.next(); ; step = map.next()) {
      const frame = step.value
      if (!isFrame(frame)) break
      const earlier = seen.get(frame.id)
      if (earlier === undefined) {
        close()
        if (frame.id !== "") seen.set(frame.id, frame)
        continue
      }
      if (clone === undefined) {
        clone = { format: map.getFormat(), foundDate: Date.now(), duplicationA: sideOf(frame), duplicationB: sideOf(earlier) }
      } else {
        enlarge(clone.duplicationA, frame)
        enlarge(clone.duplicationB, earlier)
      }
    }
    close()
    return clones
  }

  private valid(clone: IClone) {
    const valid = clone.duplicationA.end.line - clone.duplicationA.start.line >= this.minLines
    if (valid) this.emit("CLONE_FOUND", { clone })
    return valid
  }

  private emit(event: DetectorEvents, payload: IEventPayload) {
    for (const handlers of this.handlers) handlers[event]?.(payload)
  }
}
