import { useState } from "preact/hooks"
import { ApiError } from "../shared/ApiRequest.js"
import { type IgnoreReason, ignoreReasons, reasonLabels } from "./Triage.js"

const messageOf = (cause: unknown) => (cause instanceof ApiError ? cause.message : String(cause))

/**
 * An issue row's action: "Ignore…" opens a small form (a reason and an optional comment) in the
 * cell; ignoring calls the server and, once it answered, tells the page to read its list again.
 */
export const IgnoreForm = ({ issueId, label, ignore, onDone }: {
  readonly issueId: string
  /** What the issue is, for the form's accessible name. */
  readonly label: string
  readonly ignore: (issueId: string, reason: IgnoreReason, comment: string) => Promise<void>
  readonly onDone: () => void
}) => {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<IgnoreReason>("FalsePositive")
  const [comment, setComment] = useState("")
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  if (!open) {
    return <button type="button" class="secondary" aria-label={`Ignore ${label}`} onClick={() => setOpen(true)}>Ignore…</button>
  }
  const submit = (event: Event) => {
    event.preventDefault()
    setSending(true)
    setError(undefined)
    ignore(issueId, reason, comment).then(onDone, (cause: unknown) => {
      setSending(false)
      setError(messageOf(cause))
    })
  }
  return (
    <form class="ignore" aria-label={`Ignore ${label}`} onSubmit={submit}>
      <label>
        Reason
        <select value={reason} onChange={(e) => setReason((e.currentTarget as HTMLSelectElement).value as IgnoreReason)}>
          {ignoreReasons.map((r) => <option key={r} value={r}>{reasonLabels[r]}</option>)}
        </select>
      </label>
      <label>
        Comment
        <input type="text" value={comment} maxLength={500} onInput={(e) => setComment((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <span class="actions">
        <button type="submit" disabled={sending}>Ignore</button>
        <button type="button" class="secondary" disabled={sending} onClick={() => setOpen(false)}>Cancel</button>
      </span>
      {error === undefined ? null : <p class="error" role="alert">{error}</p>}
    </form>
  )
}

/** An ignored issue's action: un-ignore it; the page reads its list again once the server answered. */
export const UnignoreButton = ({ issueId, label, unignore, onDone }: {
  readonly issueId: string
  readonly label: string
  readonly unignore: (issueId: string) => Promise<void>
  readonly onDone: () => void
}) => {
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const click = () => {
    setSending(true)
    setError(undefined)
    unignore(issueId).then(onDone, (cause: unknown) => {
      setSending(false)
      setError(messageOf(cause))
    })
  }
  return (
    <>
      <button type="button" class="secondary" disabled={sending} aria-label={`Un-ignore ${label}`} onClick={click}>Un-ignore</button>
      {error === undefined ? null : <p class="error" role="alert">{error}</p>}
    </>
  )
}
