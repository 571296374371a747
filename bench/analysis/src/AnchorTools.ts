import { Schema } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * Wall time of a command, in milliseconds; ESLint exits 1 when it reports, which is expected
 * (`okExitCodes` undefined: any exit code is, as for linters whose code counts their findings).
 */
export const wallTime = (
  command: string,
  args: ReadonlyArray<string>,
  cwd: string,
  okExitCodes: ReadonlyArray<number> | undefined,
  env?: Readonly<Record<string, string>>
) => {
  const start = performance.now()
  try {
    execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"], maxBuffer: 1024 * 1024 * 1024, ...(env === undefined ? {} : { env: { ...process.env, ...env } }) })
  } catch (error) {
    const status = (error as { readonly status?: number }).status
    if (status === undefined || (okExitCodes !== undefined && !okExitCodes.includes(status))) throw error
  }
  return performance.now() - start
}

export const inTempDirectory = <A>(prefix: string, use: (directory: string) => A): A => {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  try {
    return use(directory)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

export const clocMs = (root: string) => wallTime("cloc", ["--quiet", "--json", "."], root, [0])

export const jscpdMs = (root: string) =>
  inTempDirectory("tidemark-bench-jscpd-", (output) =>
    wallTime(process.execPath, [
      here("../node_modules/jscpd/bin/jscpd"), "--min-tokens", "50", "--reporters", "json", "--output", output, "--silent", "."
    ], root, [0]))

const EslintReport = Schema.Array(Schema.Struct({
  errorCount: Schema.Number,
  messages: Schema.Array(Schema.Struct({ ruleId: Schema.NullOr(Schema.String), fatal: Schema.optional(Schema.Boolean) }))
}))

/** What the ESLint CLI reported, split so that its issues compare with ours. */
export interface EslintCounts {
  readonly files: number
  /** ESLint's own total: every message is an error in the generated config. */
  readonly errors: number
  /** One per function: the complexity measure's share. */
  readonly complexity: number
  /** Parsing errors: the file has no other message. */
  readonly fatal: number
  /** Messages of the enabled patterns' rules: what our analysis counts as issues. */
  readonly patternIssues: number
  /** Messages of rules an inline `/* eslint ... *\/` comment turned on: ours leaves them out. */
  readonly otherRules: number
}

export const countsOf = (reportFile: string, ruleIds: ReadonlySet<string>): EslintCounts => {
  const report = Schema.decodeUnknownSync(Schema.parseJson(EslintReport))(readFileSync(reportFile, "utf8"))
  const messages = report.flatMap((file) => file.messages)
  const count = (keep: (message: (typeof messages)[number]) => boolean) => messages.filter(keep).length
  return {
    files: report.length,
    errors: report.reduce((sum, file) => sum + file.errorCount, 0),
    complexity: count((m) => m.ruleId === "complexity"),
    fatal: count((m) => m.fatal === true),
    patternIssues: count((m) => m.ruleId !== null && ruleIds.has(m.ruleId)),
    otherRules: count((m) => m.ruleId !== null && m.ruleId !== "complexity" && !ruleIds.has(m.ruleId))
  }
}

/**
 * The ESLint 9 CLI over the tree with a generated flat config (written to a temporary directory;
 * with `--config`, ESLint resolves `files` against the working directory, the tree). The JSON
 * report is written, as a CI job would, and read after the clock stops.
 */
/** The ESLint 9 CLI's arguments (after Node's): the generated config, a JSON report written to `report`, the targets. */
export const eslintArguments = (config: string, report: string, targets: ReadonlyArray<string>): ReadonlyArray<string> => [
  here("../node_modules/eslint/bin/eslint.js"), "--config", config, "--format", "json", "--output-file", report, "--no-warn-ignored", "--", ...targets
]

export const eslintRun = (root: string, configSource: string, ruleIds: ReadonlySet<string>) =>
  inTempDirectory("tidemark-bench-eslint-", (directory) => {
    const config = join(directory, "eslint.config.mjs")
    const report = join(directory, "report.json")
    writeFileSync(config, configSource)
    const ms = wallTime(process.execPath, eslintArguments(config, report, ["."]), root, [0, 1])
    return { ms, counts: countsOf(report, ruleIds) }
  })
