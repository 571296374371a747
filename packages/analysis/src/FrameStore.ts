import type { IMapFrame, IStore } from "@jscpd/core"

// The detector asks the store for every token window and treats a rejection as "not seen yet".
// jscpd's MemoryStore rejects with a new Error each time, whose stack capture was the largest
// single cost on the corpus; one shared reason says the same thing for nothing.
const notFound = Object.freeze({ notFound: true })

/** jscpd's in-memory store of token-window hashes, one map per format (namespace). */
export class FrameStore implements IStore<IMapFrame> {
  private readonly namespaces = new Map<string, Map<string, IMapFrame>>()
  private current = new Map<string, IMapFrame>()

  namespace(name: string): void {
    const existing = this.namespaces.get(name)
    if (existing !== undefined) {
      this.current = existing
      return
    }
    this.current = new Map()
    this.namespaces.set(name, this.current)
  }

  get(key: string): Promise<IMapFrame> {
    const frame = this.current.get(key)
    return frame === undefined ? Promise.reject(notFound) : Promise.resolve(frame)
  }

  set(key: string, value: IMapFrame): Promise<IMapFrame> {
    this.current.set(key, value)
    return Promise.resolve(value)
  }

  close(): void {
    this.namespaces.clear()
  }
}
