import type { QuickFix } from "@tidemark/core"
import type { RuffDiagnostic } from "./RuffWasm.js"

/** Where each line of `text` starts, with Ruff's line breaks (`\n`, `\r\n`, `\r`); one more past a final break. */
const lineStartsOf = (text: string): ReadonlyArray<number> => {
  const starts = [0]
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === "\r" && text[i + 1] === "\n") continue
    if (char === "\n" || char === "\r") starts.push(i + 1)
  }
  return starts
}

/**
 * Ruff's fix of a diagnostic as edits of the text it checked: its locations are rows and columns
 * from 1, columns in UTF-16 units (the Workspace is made with that encoding), as JavaScript indexes
 * a string. None when Ruff gives none, or a location falls outside the text.
 */
export const ruffFixOf = (text: string) => {
  let starts: ReadonlyArray<number> | undefined
  const offset = (location: { readonly row: number; readonly column: number }) => {
    starts ??= lineStartsOf(text)
    const start = starts[location.row - 1]
    const at = start === undefined ? -1 : start + location.column - 1
    return at < 0 || at > text.length ? undefined : at
  }
  return (fix: RuffDiagnostic["fix"]): QuickFix.IssueFix | undefined => {
    if (fix === undefined || fix === null || fix.edits.length === 0) return undefined
    const edits: Array<QuickFix.TextEdit> = []
    for (const edit of fix.edits) {
      const from = offset(edit.location)
      const to = offset(edit.end_location)
      if (from === undefined || to === undefined || to < from) return undefined
      edits.push({ from, to, text: edit.content ?? "" })
    }
    return edits
  }
}
