import * as Command from "@effect/platform/Command"
import * as CommandExecutor from "@effect/platform/CommandExecutor"
import { Data, Duration, Effect, Option, Stream } from "effect"

/** One git invocation that did not finish with exit code 0 (or could not start, or ran out of time). */
export class GitCommandError extends Data.TaggedError("GitCommandError")<{
  /** The git subcommand, e.g. `clone`. */
  readonly subcommand: string
  /** The exit code when git ran to completion; none when it could not start or was stopped. */
  readonly exitCode: Option.Option<number>
  readonly detail: string
}> {
  override get message() {
    return `git ${this.subcommand} failed: ${this.detail}`
  }
}

export interface GitRunner {
  /**
   * Runs git with `args` (against the repository at `gitDir` when given, with the working tree at
   * `workTree` when given) and yields its standard output.
   */
  readonly run: (args: ReadonlyArray<string>, gitDir?: string, workTree?: string) => Effect.Effect<string, GitCommandError>
  /** As `run`, the output decoded with a leading byte order mark kept: a file's very text. */
  readonly runExact: (args: ReadonlyArray<string>, gitDir?: string, workTree?: string) => Effect.Effect<string, GitCommandError>
}

/** A word for the shell that runs GIT_SSH_COMMAND, taken literally. */
const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/**
 * The ssh git runs for `ssh://` and `git@host:path` URLs: no configuration file of the server's user
 * (`-F /dev/null`), no key of theirs nor of an agent, only `keyFile` when the installation gives
 * one; never a prompt (BatchMode). Anyone who may add a repository picks the host, so the server's
 * own identity must not be offered to it.
 */
export const sshCommand = (keyFile: string | undefined): string =>
  [
    "ssh",
    "-F /dev/null",
    "-o BatchMode=yes",
    "-o IdentitiesOnly=yes",
    "-o IdentityAgent=none",
    `-o IdentityFile=${keyFile === undefined ? "none" : shellQuoted(keyFile)}`
  ].join(" ")

/**
 * Added to the inherited environment of every invocation:
 * - a remote asking for credentials must fail at once instead of waiting for a prompt nobody answers;
 * - only the transports a repository URL may name are allowed (no `ext::` command execution);
 * - ssh offers no identity but the one the installation configured;
 * - messages stay in English so that the reasons we report read the same on every machine.
 */
const environmentOf = (sshKeyFile: string | undefined) => ({
  GIT_TERMINAL_PROMPT: "0",
  GIT_ALLOW_PROTOCOL: "file:git:http:https:ssh",
  GIT_SSH_COMMAND: sshCommand(sshKeyFile),
  LC_ALL: "C"
})

const collect = <E>(stream: Stream.Stream<Uint8Array, E>) => stream.pipe(Stream.decodeText(), Stream.mkString)

// Stream.decodeText's TextDecoder drops a byte order mark at the start, as the WHATWG decoder does.
const collectExact = <E>(stream: Stream.Stream<Uint8Array, E>) =>
  Effect.map(Stream.runCollect(stream), (chunks) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(Buffer.concat([...chunks])))

/** Keeps the end of git's error output: the `fatal:` line that explains a failure comes last. */
const describeExit = (exitCode: number, stderr: string): string => {
  const output = stderr.trim()
  const tail = output.length > 2_000 ? `…${output.slice(-2_000)}` : output
  return `exit code ${exitCode}${tail.length > 0 ? `: ${tail}` : ""}`
}

/** The subcommand errors name: what follows the global `-c name=value` options. */
const subcommandOf = (args: ReadonlyArray<string>): string => {
  let index = 0
  while (args[index] === "-c") index += 2
  return args[index] ?? ""
}

export const makeRunner = (options: {
  readonly gitBinary: string
  readonly timeout: Duration.Duration
  /** The private key ssh may offer; none by default. */
  readonly sshKeyFile?: string | undefined
}): Effect.Effect<GitRunner, never, CommandExecutor.CommandExecutor> =>
  Effect.map(CommandExecutor.CommandExecutor, (executor) => {
    const environment = environmentOf(options.sshKeyFile)
    const runWith = (exact: boolean) => (args: ReadonlyArray<string>, gitDir?: string, workTree?: string): Effect.Effect<string, GitCommandError> => {
      const subcommand = subcommandOf(args)
      const command = Command.make(
        options.gitBinary,
        // `--git-dir` overrides a GIT_DIR the server may have inherited.
        ...(gitDir === undefined ? [] : ["--git-dir", gitDir]),
        ...(workTree === undefined ? [] : ["--work-tree", workTree]),
        ...args
      ).pipe(Command.env(environment))

      // Standard output and error are drained while waiting for the exit code: a child blocked on
      // a full pipe would never exit. Closing the scope (on timeout) kills the child's process group.
      const execute = Effect.scoped(
        Effect.flatMap(executor.start(command), (process) =>
          Effect.all([process.exitCode, exact ? collectExact(process.stdout) : collect(process.stdout), collect(process.stderr)], {
            concurrency: "unbounded"
          }))
      ).pipe(
        Effect.mapError((error) =>
          new GitCommandError({
            subcommand,
            exitCode: Option.none(),
            detail: `cannot run ${options.gitBinary}: ${error.message}`
          })
        )
      )

      return execute.pipe(
        Effect.timeoutFail({
          duration: options.timeout,
          onTimeout: () =>
            new GitCommandError({
              subcommand,
              exitCode: Option.none(),
              detail: `timed out after ${Duration.format(options.timeout)}`
            })
        }),
        Effect.flatMap(([exitCode, stdout, stderr]) =>
          exitCode === 0
            ? Effect.succeed(stdout)
            : Effect.fail(
              new GitCommandError({ subcommand, exitCode: Option.some(exitCode), detail: describeExit(exitCode, stderr) })
            )
        )
      )
    }
    return { run: runWith(false), runExact: runWith(true) }
  })
