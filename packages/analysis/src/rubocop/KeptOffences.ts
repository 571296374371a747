import { deliberateAssignmentCops, isDeliberateAssignment } from "./DeliberateAssignment.js"
import { fixedUpstreamCops, isFixedUpstream } from "./FixedUpstream.js"
import type { RubocopOffence } from "./RubocopOutput.js"

/** What leaves an offence out, read from the file's lines, and the cops it reads. */
interface LeftOut {
  readonly cops: ReadonlySet<string>
  readonly is: (offence: RubocopOffence, lines: ReadonlyArray<string>) => boolean
}

const leftOut: ReadonlyArray<LeftOut> = [
  { cops: deliberateAssignmentCops, is: isDeliberateAssignment },
  { cops: fixedUpstreamCops, is: isFixedUpstream }
]

/**
 * The offences that are issues here: without Ruby's deliberate double assignments
 * (DeliberateAssignment) and the false positives later RuboCop releases fixed (FixedUpstream). The
 * file's content is split into lines once, and only when an offence of one of their cops is there.
 */
export const keptOffences = (offences: ReadonlyArray<RubocopOffence>, content: string): ReadonlyArray<RubocopOffence> => {
  if (!offences.some((offence) => leftOut.some(({ cops }) => cops.has(offence.cop)))) return offences
  const lines = content.split("\n")
  return offences.filter((offence) => !leftOut.some(({ is }) => is(offence, lines)))
}
