import { posix } from "node:path"
import { yamllintPresets, yamllintRuleIds } from "@tidemark/catalogue/ToolHeads"
import { Either } from "effect"
import type { SourceFile } from "../SourceTree.js"
import { parseYaml } from "../YamlText.js"
import { defaultYamlFiles } from "./YamlFiles.js"

/**
 * A repository's yamllint configuration, read as YAML data and written again for yamllint, so that
 * yamllint reads no file of the checkout as one: `extends` expanded here (yamllint's `default` and
 * `relaxed` from the catalogue's copy, another file of the checkout read the same way), merged as
 * yamllint merges (a rule's options over its base's, `enable` and `disable` in place of them);
 * `ignore` kept, `ignore-from-file` read from the checkout into it; `yaml-files` choosing the files
 * given. A rule this yamllint does not have (a newer one's) is left out and named: yamllint refuses
 * a whole configuration that names one. `locale` is not followed (a locale this server may lack
 * stops yamllint).
 */

/** The names yamllint looks for at the working folder, in its order. */
export const configNames: ReadonlyArray<string> = [".yamllint", ".yamllint.yaml", ".yamllint.yml"]

/** A rule's setting as yamllint reads it: off, or on with its options (`level` among them). */
export type RuleSetting = false | Readonly<Record<string, unknown>>

export interface YamllintPlan {
  /** The rules as written for yamllint: those absent are off. */
  readonly rules: Readonly<Record<string, RuleSetting>>
  /** Paths yamllint leaves out (gitignore's syntax), when the repository names some. */
  readonly ignore: ReadonlyArray<string> | undefined
  /** The name patterns of the files given to yamllint. */
  readonly yamlFiles: ReadonlyArray<string>
  /** The rules whose `level` the repository's own files chose (not yamllint's presets'): their findings take it. */
  readonly chosenLevels: ReadonlyArray<string>
}

export interface ReadConfiguration {
  readonly plan: YamllintPlan
  /** What was not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** `enable` and `disable` as yamllint reads them; anything else is left for yamllint to judge. */
const settingOf = (value: unknown): RuleSetting | unknown => (value === "enable" ? {} : value === "disable" ? false : value)

interface Layer {
  readonly rules: Record<string, RuleSetting>
  readonly ignore: ReadonlyArray<string> | undefined
  readonly chosen: Set<string>
}

/** A rule's setting over its base's: options merge into a base that is on, else replace it (yamllint's `extend`). */
const merged = (base: RuleSetting | undefined, over: RuleSetting): RuleSetting =>
  isRecord(over) && base !== undefined && base !== false ? { ...base, ...over } : over

const linesOf = (value: unknown): ReadonlyArray<string> | undefined =>
  typeof value === "string" ? value.split("\n") : Array.isArray(value) ? value.map(String) : undefined

const maxDepth = 8

/** The root's configuration file, or why it cannot be followed (not YAML, not a mapping). */
export const readConfiguration = (root: SourceFile, files: ReadonlyMap<string, SourceFile>): Either.Either<ReadConfiguration, string> => {
  const problems: Array<string> = []

  const preset = (name: string): Layer => {
    const found = yamllintPresets[name]
    const base = found?.extends === undefined ? { rules: {}, ignore: undefined, chosen: new Set<string>() } : preset(found.extends)
    return layerOf(found?.rules ?? {}, base, undefined, false)
  }

  const layerOf = (rules: Readonly<Record<string, unknown>>, base: Layer, ignore: ReadonlyArray<string> | undefined, chosen: boolean): Layer => {
    const result: Record<string, RuleSetting> = { ...base.rules }
    const levels = new Set(base.chosen)
    for (const [rule, value] of Object.entries(rules)) {
      const setting = settingOf(value) as RuleSetting
      result[rule] = merged(base.rules[rule], setting)
      if (chosen && isRecord(setting) && "level" in setting) levels.add(rule)
      if (chosen && !isRecord(setting)) levels.delete(rule)
    }
    return { rules: result, ignore: ignore ?? base.ignore, chosen: levels }
  }

  const read = (file: SourceFile, depth: number): Either.Either<Layer, string> => {
    const parsed = parseYaml(file.content)
    if (Either.isLeft(parsed)) return Either.left(`${file.path} is not YAML: ${parsed.left}`)
    const data = parsed.right
    if (!isRecord(data)) return Either.left(`${file.path} is not a mapping of yamllint's settings`)
    let base: Layer = { rules: {}, ignore: undefined, chosen: new Set() }
    const extended = data["extends"]
    if (typeof extended === "string") {
      if (yamllintPresets[extended] !== undefined) base = preset(extended)
      else {
        const path = posix.normalize(extended)
        const inherited = path.startsWith("../") || posix.isAbsolute(path) || depth >= maxDepth ? undefined : files.get(path)
        const found = inherited === undefined ? undefined : read(inherited, depth + 1)
        if (found !== undefined && Either.isRight(found)) base = found.right
        else problems.push(`${file.path}: extends: ${extended} is not followed: ${found !== undefined && Either.isLeft(found) ? found.left : "not yamllint's default or relaxed, nor a file of the checkout"}`)
      }
    }
    let ignore = linesOf(data["ignore"])
    const fromFile = linesOf(data["ignore-from-file"])
    if (ignore === undefined && fromFile !== undefined) {
      ignore = fromFile.flatMap((name) => {
        const listed = files.get(posix.normalize(name))
        if (listed === undefined) problems.push(`${file.path}: ignore-from-file: ${name} is not a file of the checkout`)
        return listed === undefined ? [] : listed.content.split("\n")
      })
    }
    if (data["locale"] !== undefined) problems.push(`${file.path}: locale: ${String(data["locale"])} is not followed (key-ordering sorts by code point)`)
    const rules = isRecord(data["rules"]) ? data["rules"] : {}
    const unknown = Object.keys(rules).filter((rule) => !yamllintRuleIds.has(rule))
    if (unknown.length > 0) problems.push(`${file.path}: ${unknown.join(", ")}: not rules of this yamllint (a newer yamllint's): left out`)
    const known = Object.fromEntries(Object.entries(rules).filter(([rule]) => yamllintRuleIds.has(rule)))
    return Either.right(layerOf(known, base, ignore, true))
  }

  return Either.flatMap(read(root, 0), (layer) => {
    const parsed = parseYaml(root.content)
    const own = Either.isRight(parsed) && isRecord(parsed.right) ? parsed.right["yaml-files"] : undefined
    // yamllint takes `yaml-files` from the file it reads, never from the one it extends.
    const yamlFiles = Array.isArray(own) && own.every((p) => typeof p === "string") ? own : defaultYamlFiles
    const rules = Object.fromEntries(Object.entries(layer.rules).map(([rule, setting]) => [rule, withoutIgnoreFromFile(rule, setting, problems)]))
    return Either.right({ plan: { rules, ignore: layer.ignore, yamlFiles, chosenLevels: [...layer.chosen].sort() }, problems })
  })
}

/** A rule's `ignore-from-file` (newer yamllints') would have yamllint 1.29 check the files it means to leave out: named. */
const withoutIgnoreFromFile = (rule: string, setting: RuleSetting, problems: Array<string>): RuleSetting => {
  if (!isRecord(setting) || !("ignore-from-file" in setting)) return setting
  problems.push(`rules: ${rule}: ignore-from-file is not followed by this yamllint`)
  const { "ignore-from-file": _dropped, ...rest } = setting
  return rest
}

/** The plan of the enabled patterns: those rules on with yamllint's options, the rest off. */
export const patternsPlan = (rules: ReadonlyArray<string>): YamllintPlan => ({
  rules: Object.fromEntries(rules.filter((rule) => yamllintRuleIds.has(rule)).map((rule) => [rule, {}])),
  ignore: undefined,
  yamlFiles: defaultYamlFiles,
  chosenLevels: []
})

/** The configuration as yamllint is given it: JSON, which is YAML. */
export const configurationText = (plan: YamllintPlan): string =>
  `${JSON.stringify({ rules: plan.rules, ...(plan.ignore === undefined ? {} : { ignore: plan.ignore }) }, null, 1)}\n`
