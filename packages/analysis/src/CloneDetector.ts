import type { DetectorEvents, IClone, IEventPayload, IOptions, ISubscriber, ITokenizer } from "@jscpd/core"
import { mild } from "@jscpd/core"
import { frameCount, frameEnd, frameId, frameRange, frameStart, type RecordedFrames, recordFrames } from "./RecordedFrames.js"

/** A frame of any source detected so far: its source's index times this, plus its index in the source. */
const framesPerSource = 2 ** 21

/** A run of windows seen before: frames `aStart..aEnd` of the current source, each matching a frame kept earlier. */
interface OpenClone {
  readonly aStart: number
  aEnd: number
  readonly bStart: number
  bEnd: number
}

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
  /** Per format, each window's hash and the first frame it was seen at (see `framesPerSource`). */
  private readonly seen = new Map<string, Map<string, number>>()
  private readonly sources: Array<{ readonly id: string; readonly frames: RecordedFrames }> = []
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

  /** The clones `text` has with the files detected before it, counted in the subscribers. */
  detect(id: string, text: string, format: string): Array<IClone> {
    const maps = this.tokenizer.generateMaps(id, text, format, this.options)
    const clones: Array<IClone> = []
    for (let map = maps.pop(); map !== undefined; map = maps.pop()) {
      this.emit("START_DETECTION", { source: map })
      const frames = recordFrames(map)
      // jscpd's tokenizer places every token and hashes every window alike: this is not expected.
      if (frames === undefined) throw new Error(`jscpd's tokenizer gave ${id} a window without its place`)
      clones.push(...this.run(map.getId(), frames))
    }
    return clones
  }

  private namespace(format: string) {
    const known = this.seen.get(format)
    if (known !== undefined) return known
    const created = new Map<string, number>()
    this.seen.set(format, created)
    return created
  }

  private run(sourceId: string, frames: RecordedFrames): Array<IClone> {
    const seen = this.namespace(frames.format)
    const source = this.sources.push({ id: sourceId, frames }) - 1
    const clones: Array<IClone> = []
    let open: OpenClone | undefined
    const close = () => {
      if (open === undefined) return
      const clone = this.cloneOf(frames.format, source, open)
      open = undefined
      if (this.valid(clone)) clones.push(clone)
    }
    const count = frameCount(frames)
    // Far beyond any file the duplication admits (100 KB at most): a guard, not a limit met.
    if (count >= framesPerSource) throw new Error(`${sourceId} has more windows than a source may have here`)
    for (let frame = 0; frame < count; frame++) {
      const id = frameId(frames, frame)
      const earlier = seen.get(id)
      if (earlier === undefined) {
        close()
        if (id !== "") seen.set(id, source * framesPerSource + frame)
      } else if (open === undefined) {
        open = { aStart: frame, aEnd: frame, bStart: earlier, bEnd: earlier }
      } else {
        open.aEnd = frame
        // As jscpd enlarges it: to the frame this window matched, wherever that one is.
        open.bEnd = earlier
      }
    }
    close()
    return clones
  }

  private frameAt(global: number) {
    const source = this.sources[Math.floor(global / framesPerSource)]
    if (source === undefined) throw new Error("a kept frame of no source")
    return { source, frame: global % framesPerSource }
  }

  private cloneOf(format: string, source: number, open: OpenClone): IClone {
    const a = this.frameAt(source * framesPerSource + open.aStart)
    const b = this.frameAt(open.bStart)
    const bEnd = this.frameAt(open.bEnd)
    return {
      format,
      foundDate: Date.now(),
      duplicationA: {
        sourceId: a.source.id,
        start: frameStart(a.source.frames, open.aStart),
        end: frameEnd(a.source.frames, open.aEnd),
        range: [frameRange(a.source.frames, open.aStart)[0], frameRange(a.source.frames, open.aEnd)[1]]
      },
      duplicationB: {
        sourceId: b.source.id,
        start: frameStart(b.source.frames, b.frame),
        end: frameEnd(bEnd.source.frames, bEnd.frame),
        range: [frameRange(b.source.frames, b.frame)[0], frameRange(bEnd.source.frames, bEnd.frame)[1]]
      }
    }
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
