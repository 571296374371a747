import type { VerdictBadge as Badge } from "./ChangeWords.js"

/** A change's verdict, its colour from a class (the policy admits no inline style). */
export const VerdictBadge = ({ verdict }: { readonly verdict: Badge }) => (
  <span class={`verdict verdict-${verdict.kind}`}>{verdict.label}</span>
)
