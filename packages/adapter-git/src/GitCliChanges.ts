/**
 * The GitChanges port on the git command line, reading the mirrors of GitCli's cache: a commit
 * the mirror lacks is fetched first (a pull request's head, say), then git compares in the mirror.
 */
import { GitChanges, GitReader } from "@tidemark/core"
import { Array as Arr, type Context, Effect, Either, Option } from "effect"
import * as CommitLog from "./CommitLog.js"
import * as DiffOutput from "./DiffOutput.js"
import type { GitCommandError } from "./GitCommand.js"
import { fromCommand, type Mirror, type MirrorCache, ReadFailure } from "./MirrorCache.js"

/**
 * Every diff is read the same way whatever the server's git configuration says: renames found
 * (`diff.renames` could ask for copies), no external diff or text conversion, no colours, and
 * paths other than ASCII printed as they are rather than octal-escaped. In a remote's blob-less
 * mirror, `git diff` fetches the blobs it compares itself, in one request before comparing.
 */
const diffOptions = ["-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--find-renames"]

export const make = (cache: MirrorCache): Context.Tag.Service<GitChanges.GitChanges> => {
  /** Runs `read` in the mirror of `url` holding `shas`, its failures told as the port's error. */
  const inMirror = <A>(
    url: string,
    shas: ReadonlyArray<string>,
    span: string,
    read: (at: Mirror) => Effect.Effect<A, GitCommandError | ReadFailure>
  ): Effect.Effect<A, GitReader.GitReadError> =>
    cache.mirrorWith(url, shas).pipe(
      Effect.flatMap(read),
      Effect.mapError((failure) =>
        new GitReader.GitReadError({ url, reason: failure._tag === "ReadFailure" ? failure.reason : failure.message })
      ),
      // No URL attribute: a remote URL may carry credentials.
      Effect.withSpan(span)
    )

  /** The commits a comparison needs fetched: git has the empty tree without fetching it. */
  const commitsOf = (base: string, head: string) => (base === GitChanges.emptyTree ? [head] : [base, head])

  // `merge-base` exits with 1, printing nothing, exactly when the commits share no ancestor.
  const mergeBase = (url: string, a: string, b: string) =>
    inMirror(url, [a, b], "GitCli.mergeBase", ({ git, mirror }) =>
      git.run(["merge-base", a, b], mirror).pipe(
        Effect.map((output) => Option.some(output.trim())),
        Effect.catchIf((error) => Option.contains(error.exitCode, 1), () => Effect.succeedNone)
      ))

  const changedFiles = (url: string, base: string, head: string) =>
    inMirror(url, commitsOf(base, head), "GitCli.changedFiles", ({ git, mirror }) =>
      git.run([...diffOptions, ...DiffOutput.flags, base, head], mirror).pipe(
        Effect.flatMap((output) =>
          Either.match(DiffOutput.parse(output), {
            onLeft: (reason) => Effect.fail(new ReadFailure({ reason })),
            onRight: Effect.succeed
          })
        )
      ))

  // The prefixes git prints by default, whatever `diff.noprefix` says: the core reads paths by them (LineMapping).
  const diff = (url: string, base: string, head: string) =>
    inMirror(url, commitsOf(base, head), "GitCli.diff", ({ git, mirror }) =>
      git.run([...diffOptions, "--src-prefix=a/", "--dst-prefix=b/", base, head], mirror))

  const commitsBetween = (url: string, base: string, head: string) =>
    inMirror(url, [base, head], "GitCli.commitsBetween", ({ git, mirror }) =>
      Effect.map(git.run(["log", `--format=${CommitLog.format}`, `${base}..${head}`], mirror), CommitLog.parse))

  // A commit the source does not have either is none, not a failure: the caller asked whether it exists.
  const commit = (url: string, sha: string): Effect.Effect<Option.Option<GitReader.GitCommit>, GitReader.GitReadError> =>
    cache.mirrorOf(url, [sha]).pipe(
      Effect.flatMap(({ git, mirror, missing }) =>
        Arr.isNonEmptyReadonlyArray(missing)
          ? Effect.succeedNone
          : git.run(["log", "--no-walk", `--format=${CommitLog.format}`, sha], mirror).pipe(
            Effect.map((output) => Arr.head(CommitLog.parse(output))),
            Effect.mapError(fromCommand)
          )
      ),
      Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
      Effect.withSpan("GitCli.commit")
    )

  return GitChanges.GitChanges.of({ mergeBase, changedFiles, diff, commitsBetween, commit })
}
