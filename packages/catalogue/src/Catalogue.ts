import { ToolDefinition } from "@tidemark/core"
import { Schema } from "effect"
import eslint8 from "./data/eslint8.json" with { type: "json" }
import eslint9 from "./data/eslint9.json" with { type: "json" }
import source from "./data/source.json" with { type: "json" }

/**
 * The analysis tools this installation ships, with their patterns. The data files are generated
 * from the linters' own rule metadata by `scripts/generate.ts`; they are decoded here once, when
 * the module loads, so a malformed file fails at start-up rather than on a request.
 */
export const catalogue: ReadonlyArray<ToolDefinition> = Schema.decodeUnknownSync(Schema.Array(ToolDefinition))([
  eslint9,
  eslint8
])

/** The packages (and versions) a tool's patterns were generated from. */
export class ToolSource extends Schema.Class<ToolSource>("ToolSource")({
  /** The tool's `name` in the catalogue. */
  tool: Schema.String,
  /** Package name → version, e.g. `{"eslint": "9.39.5"}`. */
  packages: Schema.Record({ key: Schema.String, value: Schema.String })
}) {}

export const catalogueSource: ReadonlyArray<ToolSource> = Schema.decodeUnknownSync(Schema.Array(ToolSource))(source)
