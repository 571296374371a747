import { Schema } from "effect"
import { FileMeasures } from "./FileMeasures.js"

/** One analysed file: its own measures (cached), its duplication and the goals' verdicts. */
export class FileAnalysis extends Schema.Class<FileAnalysis>("FileAnalysis")({
  /** Relative to the tree's root, with `/`. */
  path: Schema.String,
  ...FileMeasures.fields,
  /** Sides of clones lying in this file (a clone inside one file gives it two). */
  cloneBlocks: Schema.Int,
  /** Lines of this file inside a clone, as jscpd counts them. */
  duplicatedLines: Schema.Int,
  /** complexity > fileComplexityValueThreshold. */
  complex: Schema.Boolean,
  /** cloneBlocks > fileDuplicationBlockThreshold (api-facts: "more clone blocks than"). */
  duplicated: Schema.Boolean
}) {}
