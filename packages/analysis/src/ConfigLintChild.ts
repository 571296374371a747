import { ESLint } from "eslint"
import { join } from "node:path"
import type { ConfigLintReply, ConfigLintRequest, LintedMessage } from "./ConfigLintProtocol.js"
import { eslintFixOf } from "./EslintFix.js"
import { blockNetwork } from "./NetworkBlock.js"
import { guardProcess } from "./ProcessGuard.js"

/**
 * The sandboxed linting process (started by ConfigLintSandbox): loads the repository's ESLint flat
 * config, which is the repository's code, and lints the files the parent sends. It runs with an
 * empty environment, under Node's permission model and with a memory limit; it holds no secret.
 */

blockNetwork()
guardProcess()
// Without its parent (the service died or stopped it), nothing waits for the answer.
process.once("disconnect", () => process.exit(1))

/** The permission model's refusals carry what was refused: the reason says it plainly. */
const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error)
  const denied = error as Error & { code?: unknown; permission?: unknown; resource?: unknown }
  if (denied.code === "ERR_ACCESS_DENIED") {
    const what = typeof denied.permission === "string" ? denied.permission : "an operation"
    const on = typeof denied.resource === "string" ? ` (${denied.resource})` : ""
    return `the sandbox refused ${what}${on}: ${error.message}`
  }
  return error.message
}

const messageOf = (message: ESLint.LintResult["messages"][number]): LintedMessage => {
  const fix = eslintFixOf(message.fix)
  return {
    ruleId: message.ruleId,
    line: message.line,
    message: message.message,
    fatal: message.fatal === true,
    ...(fix === undefined ? {} : { fix })
  }
}

const lint = async (request: ConfigLintRequest): Promise<ConfigLintReply> => {
  const configPath = join(request.root, request.configurationFile)
  let eslint: ESLint
  try {
    // `warnIgnored: false`: a file the config ignores, or gives no config, is left out silently,
    // as the ESLint CLI leaves it out of a directory's run.
    eslint = new ESLint({ cwd: request.root, overrideConfigFile: configPath, warnIgnored: false })
    // Asking for the config file's own config loads it, so a config that cannot load is told
    // apart from a file that cannot be linted.
    await eslint.calculateConfigForFile(configPath)
  } catch (error) {
    return { _tag: "Failed", reason: reasonOf(error) }
  }
  const files: Array<{ path: string; messages: Array<LintedMessage> }> = []
  for (const file of request.files) {
    try {
      const results = await eslint.lintText(file.content, { filePath: join(request.root, file.path) })
      files.push({ path: file.path, messages: results.flatMap((result) => result.messages.map(messageOf)) })
    } catch (error) {
      // The repository's rules and plugins run here: a failure is the repository's, and the ESLint
      // CLI would stop on it too.
      return { _tag: "Failed", reason: `${file.path}: ${reasonOf(error)}` }
    }
  }
  return { _tag: "Linted", files }
}

const reply = (answer: ConfigLintReply, code: number) => {
  if (process.send === undefined) process.exit(2)
  process.send(answer, () => process.exit(code))
}

// Code of the config that throws later (a timer, a rejected promise) ends the run with its reason.
process.on("uncaughtException", (error) => reply({ _tag: "Failed", reason: reasonOf(error) }, 1))
process.on("unhandledRejection", (error) => reply({ _tag: "Failed", reason: reasonOf(error) }, 1))
process.once("message", (request: ConfigLintRequest) => {
  void lint(request).then((answer) => reply(answer, 0))
})
