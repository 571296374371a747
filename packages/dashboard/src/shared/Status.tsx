import type { ComponentChildren } from "preact"
import type { ApiError } from "./ApiRequest.js"
import type { Load } from "./Load.js"

/** A failed load's message. A 401 never shows here: the App returns to the login page at once. */
export const ErrorMessage = ({ error }: { readonly error: ApiError }) => <p class="error" role="alert">{error.message}</p>

/** Shows the loading text, the API's error message, or the children built from the loaded value. */
export const Loaded = <T,>({ load, children }: { readonly load: Load<T>; readonly children: (value: T) => ComponentChildren }) => {
  if (load.state === "loading") return <p aria-live="polite">Loading…</p>
  if (load.state === "failed") return <ErrorMessage error={load.error} />
  return <>{children(load.value)}</>
}
