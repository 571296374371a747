import { ToolProblem } from "../tools/AnalysisTool.js"
import type { FlatBlocks } from "./LegacyFlatBlocks.js"

/**
 * What of a legacy configuration Tidemark left out, said once each: a plugin it does not ship
 * (with the rules left out with it), the rules ESLint 9 does not have, those that need type
 * information, each rule entry ESLint 9 rejects, and the `extends`, parsers and environments not
 * followed.
 */

const problem = (file: string | undefined, message: string) =>
  new ToolProblem({ tool: "ESLint9", code: "unsupported_configuration", ...(file === undefined ? {} : { file }), message })

const listed = (names: ReadonlyArray<string>) => [...new Set(names)].sort().join(", ")

export const problemsOf = (
  flat: ReadonlyArray<FlatBlocks>,
  rejected: ReadonlyArray<{ readonly ruleId: string; readonly detail: string }>
): ReadonlyArray<ToolProblem> => {
  const leftOut = flat.flatMap((part) => part.leftOut)
  const plugins = new Map<string, { file: string; rules: Array<string> }>()
  for (const { file, plugin } of flat.flatMap((part) => part.declaredPlugins)) {
    if (!plugins.has(plugin)) plugins.set(plugin, { file, rules: [] })
  }
  for (const rule of leftOut) {
    if (rule.reason._tag !== "Plugin") continue
    const known = plugins.get(rule.reason.plugin) ?? { file: rule.file, rules: [] }
    known.rules.push(rule.ruleId)
    plugins.set(rule.reason.plugin, known)
  }
  const ofReason = (tag: string) => leftOut.filter((rule) => rule.reason._tag === tag)
  const grouped = (tag: string, what: string) => {
    const rules = ofReason(tag)
    const [first] = rules
    return first === undefined ? [] : [problem(first.file, `${what}: ${listed(rules.map((rule) => rule.ruleId))}`)]
  }
  const unsupported = new Map(flat.flatMap((part) => part.unsupported).map((entry) => [`${entry.file}\0${entry.message}`, entry]))
  return [
    ...[...plugins].map(([plugin, { file, rules }]) =>
      problem(
        file,
        `the ESLint plugin "${plugin}" is not shipped with Tidemark: ${rules.length === 0 ? "none of its rules run" : `its rules are left out: ${listed(rules)}`}`
      )
    ),
    ...grouped("NotInEslint9", "rules ESLint 9 and typescript-eslint do not have are left out"),
    ...grouped("RequiresTypeInformation", "rules that need TypeScript's type information are left out"),
    ...ofReason("InvalidEntry").map((rule) =>
      problem(rule.file, `the rule ${rule.ruleId} is left out: ${rule.reason._tag === "InvalidEntry" ? rule.reason.detail : ""}`)
    ),
    ...rejected.map(({ detail, ruleId }) => problem(undefined, `the rule ${ruleId} is left out: ESLint 9 rejects its options (${detail})`)),
    ...[...unsupported.values()].map((entry) => problem(entry.file, entry.message))
  ]
}
