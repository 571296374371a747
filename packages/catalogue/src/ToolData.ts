import { Schema } from "effect"
import checkstyle from "./data/checkstyle.json" with { type: "json" }
import cppcheck from "./data/cppcheck.json" with { type: "json" }
import eslint8 from "./data/eslint8.json" with { type: "json" }
import eslint9 from "./data/eslint9.json" with { type: "json" }
import govet from "./data/govet.json" with { type: "json" }
import markdownlint from "./data/markdownlint.json" with { type: "json" }
import pylint from "./data/pylint.json" with { type: "json" }
import phpcs from "./data/phpcs.json" with { type: "json" }
import rubocop from "./data/rubocop.json" with { type: "json" }
import ruff from "./data/ruff.json" with { type: "json" }
import shellcheck from "./data/shellcheck.json" with { type: "json" }
import source from "./data/source.json" with { type: "json" }
import spectral from "./data/spectral.json" with { type: "json" }
import staticcheck from "./data/staticcheck.json" with { type: "json" }
import stylelint from "./data/stylelint.json" with { type: "json" }
import yamllint from "./data/yamllint.json" with { type: "json" }

/**
 * Every catalogue tool's generated data file, in the catalogue's order, and the packages each was
 * generated from: one list for the whole catalogue (Catalogue.ts) and for the tools without their
 * patterns (ToolHeads.ts), so that a tool added to one is in the other.
 */
export const toolData = [eslint9, eslint8, ruff, markdownlint, stylelint, spectral, shellcheck, cppcheck, rubocop, staticcheck, govet, yamllint, checkstyle, pylint, phpcs] as const

/** The packages (and versions) a tool's patterns were generated from. */
export class ToolSource extends Schema.Class<ToolSource>("ToolSource")({
  /** The tool's `name` in the catalogue. */
  tool: Schema.String,
  /** Package name → version, the linter's own first, e.g. `{"eslint": "9.39.5", …}`. */
  packages: Schema.Record({ key: Schema.String, value: Schema.String })
}) {}

export const catalogueSource: ReadonlyArray<ToolSource> = Schema.decodeUnknownSync(Schema.Array(ToolSource))(source)

/** A tool's version is its linter's, the first package its patterns were generated from. */
export const versionOf = (tool: string): string | undefined =>
  Object.values(catalogueSource.find((entry) => entry.tool === tool)?.packages ?? {})[0]
