import { useEffect, useRef, useState } from "preact/hooks"
import { ApiError } from "./ApiRequest.js"

export type Load<T> =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly error: ApiError }
  | { readonly state: "loaded"; readonly value: T }

const asApiError = (cause: unknown): ApiError =>
  cause instanceof ApiError ? cause : new ApiError(0, cause instanceof Error ? cause.message : String(cause))

/** Runs `load` whenever `deps` change, aborting the previous request so a late answer never wins. */
export const useLoad = <T>(load: (signal: AbortSignal) => Promise<T>, deps: ReadonlyArray<unknown>): Load<T> => {
  const [state, setState] = useState<Load<T>>({ state: "loading" })
  useEffect(() => {
    const controller = new AbortController()
    setState({ state: "loading" })
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ state: "loaded", value })
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setState({ state: "failed", error: asApiError(cause) })
      }
    )
    return () => controller.abort()
  }, deps)
  return state
}

/**
 * The last loaded value while the next one loads, marked busy: a page whose filters change keeps
 * its controls (and the keyboard's focus among them) instead of blanking to "Loading…".
 */
export const useLastLoaded = <T>(load: Load<T>): { readonly load: Load<T>; readonly busy: boolean } => {
  const last = useRef<Load<T> | undefined>(undefined)
  if (load.state === "loaded") last.current = load
  const kept = load.state === "loading" ? last.current : undefined
  return kept === undefined ? { load, busy: load.state === "loading" } : { load: kept, busy: true }
}
