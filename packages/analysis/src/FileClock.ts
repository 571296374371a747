import { Option } from "effect"

/**
 * Which file a thread's tool is working on, and since when, kept in shared memory: the thread that
 * started the analysis reads it while the analysing thread is stuck in a tool's synchronous loop
 * (a rule's regular expression backtracking, say), when that thread can send no message.
 *
 * Layout: a busy flag and the label's length (two Int32), the start time in epoch milliseconds
 * (one Float64), then the label "tool\0path" in UTF-8.
 */
const stateIndex = 0
const lengthIndex = 1
const startOffset = 8
const labelOffset = 16
const labelBytes = 4096

const idle = 0
const busy = 1

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A file a tool has been working on since `since` (epoch milliseconds). */
export interface FileAtWork {
  readonly tool: string
  readonly path: string
  readonly since: number
}

/** The memory of one clock: made by the watching thread, written by the working one. */
export const makeFileClockBuffer = (): SharedArrayBuffer => new SharedArrayBuffer(labelOffset + labelBytes)

export interface FileClock {
  /** The memory to hand to the thread that writes (as `workerData`). */
  readonly buffer: SharedArrayBuffer
  /** `tool` starts on `path`: written by the working thread before it gives the file to the tool. */
  readonly begin: (tool: string, path: string) => void
  /** The tool is done with the file (or threw). */
  readonly end: () => void
  /** What is at work now, if anything. */
  readonly read: () => Option.Option<FileAtWork>
}

/** A clock on `buffer` (one of `makeFileClockBuffer`), or on new memory. */
export const makeFileClock = (buffer: SharedArrayBuffer = makeFileClockBuffer()): FileClock => {
  const words = new Int32Array(buffer, 0, 2)
  const start = new Float64Array(buffer, startOffset, 1)
  const label = new Uint8Array(buffer, labelOffset, labelBytes)
  return {
    buffer,
    begin: (tool, path) => {
      // A path longer than the label is cut: the label names the file to a person, it is never parsed back into a path used to read.
      const { written } = encoder.encodeInto(`${tool}\0${path}`, label)
      start[0] = Date.now()
      Atomics.store(words, lengthIndex, written)
      Atomics.store(words, stateIndex, busy)
    },
    end: () => {
      Atomics.store(words, stateIndex, idle)
    },
    read: () => {
      if (Atomics.load(words, stateIndex) !== busy) return Option.none()
      const text = decoder.decode(label.slice(0, Atomics.load(words, lengthIndex)))
      const separator = text.indexOf("\0")
      return Option.some({ tool: text.slice(0, separator), path: text.slice(separator + 1), since: start[0] ?? Date.now() })
    }
  }
}
