/**
 * The GitReader, SourceCheckout, FileLines and GitChanges ports on the git command line: every
 * repository is fetched into a bare mirror kept in a cache directory (one per URL, see
 * MirrorCache), then branches, head commits, files, their blame and the changes between two
 * commits are read from the mirror.
 */
import type * as CommandExecutor from "@effect/platform/CommandExecutor"
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { FileLines, FileSource, GitChanges, GitReader, SourceCheckout } from "@tidemark/core"
import { Array as Arr, Config, Context, Duration, Effect, Layer, Option, type Scope } from "effect"
import type { ConfigError } from "effect/ConfigError"
import * as BlamePorcelain from "./BlamePorcelain.js"
import * as BranchHeads from "./BranchHeads.js"
import * as GitCliChanges from "./GitCliChanges.js"
import { type GitRunner, makeRunner } from "./GitCommand.js"
import type * as DnsNetworkAddresses from "./DnsNetworkAddresses.js"
import * as MirrorCache from "./MirrorCache.js"
import { fromCommand, fromPlatform, type Mirror, ReadFailure } from "./MirrorCache.js"
import * as RemoteAccess from "./RemoteAccess.js"


/**
 * Checkouts are named after the process that made them (`tree-<pid>-…`): a process killed while it
 * analysed leaves its checkouts behind, and a later start removes those whose process is gone.
 */
export const checkoutPrefix = "tree-"

/** Beside the mirrors, not inside: the cache holds only `<hash>.git` mirrors. */
export const checkoutDirectoryOf = (cacheDirectory: string) =>
  `${cacheDirectory.replace(/[\\/]+$/, "")}-checkouts`

export interface GitCliOptions {
  /** Where the bare mirrors live; created when missing. */
  readonly cacheDirectory: string
  /** The git executable; `git` (found on PATH) by default. */
  readonly gitBinary?: string
  /** The longest any one git invocation may run (a clone included); 5 minutes by default. */
  readonly timeout?: Duration.DurationInput
  /** How many files FileLines blames at once (one git process each); 4 by default. */
  readonly blameConcurrency?: number
  /** The private key ssh offers to `ssh://` and `git@host:` remotes; none by default (no identity). */
  readonly sshKeyFile?: string | undefined
  /**
   * Whether a remote's host may lead to a loopback, link-local or private address; refused by
   * default, checked at every clone and fetch (see RemoteAccess).
   */
  readonly allowPrivateNetwork?: boolean | undefined
  /** How host names are resolved for that check (and the pinning of http(s)); the system's resolver by default. */
  readonly resolveHost?: DnsNetworkAddresses.Resolver | undefined
}

const defaultTimeout = Duration.minutes(5)

/** Branches a repository whose HEAD names no existing branch most likely uses as its default. */
const conventionalDefaults = ["main", "master"]

const chooseDefaultBranch = (
  head: Option.Option<string>,
  branches: Arr.NonEmptyReadonlyArray<GitReader.GitBranch>
): string => {
  const candidates = [...Option.toArray(head), ...conventionalDefaults]
  const found = candidates.find((name) => branches.some((branch) => branch.name === name))
  return found ?? Arr.headNonEmpty(branches).name
}

/**
 * `-L` options for blame: each run of consecutive line numbers one range (git blames the ranges
 * together, in one walk of the file's history); none for a file wholly asked for.
 */
export const lineRanges = (lines: ReadonlyArray<number> | undefined): Array<string> => {
  if (lines === undefined) return []
  const sorted = [...new Set(lines)].filter((line) => Number.isInteger(line) && line >= 1).sort((a, b) => a - b)
  const ranges: Array<[number, number]> = []
  for (const line of sorted) {
    const last = ranges.at(-1)
    if (last !== undefined && line === last[1] + 1) last[1] = line
    else ranges.push([line, line])
  }
  return ranges.flatMap(([from, to]) => ["-L", `${from},${to}`])
}

/** `ls-tree -z` separates paths with NUL, so names with newlines or quotes come through unaltered. */
const parseFileList = (output: string) => output.split("\0").filter((path) => path.length > 0)

/** The ports on one cache of mirrors: a checkout, a blame or a diff fetches into the mirror a read made. */
export interface GitCliPorts {
  readonly reader: Context.Tag.Service<GitReader.GitReader>
  readonly checkout: Context.Tag.Service<SourceCheckout.SourceCheckout>
  readonly lines: Context.Tag.Service<FileLines.FileLines>
  readonly changes: Context.Tag.Service<GitChanges.GitChanges>
}

export const makePorts = (
  options: GitCliOptions
): Effect.Effect<GitCliPorts, never, CommandExecutor.CommandExecutor | FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const git: GitRunner = yield* makeRunner({
      gitBinary: options.gitBinary ?? "git",
      timeout: options.timeout === undefined ? defaultTimeout : Duration.decode(options.timeout),
      sshKeyFile: options.sshKeyFile
    })
    const blameConcurrency = Math.max(1, options.blameConcurrency ?? 4)
    const cacheDirectory = path.resolve(options.cacheDirectory)
    const checkoutDirectory = checkoutDirectoryOf(cacheDirectory)
    const access = RemoteAccess.make({ allowPrivate: options.allowPrivateNetwork ?? false, resolve: options.resolveHost })
    const cache = yield* MirrorCache.make({ cacheDirectory, git, access })
    const { fetchMissing, mirrorWith } = cache

    // `symbolic-ref --quiet` exits with 1 exactly when HEAD is detached: then there is no HEAD branch.
    const headBranch = (mirror: string) =>
      git.run(["symbolic-ref", "--quiet", "HEAD"], mirror).pipe(
        Effect.map((ref) => Option.some(ref.trim().replace(/^refs\/heads\//, ""))),
        Effect.catchIf((error) => Option.contains(error.exitCode, 1), () => Effect.succeedNone)
      )

    const snapshot = ({ mirror }: Mirror) =>
      Effect.gen(function*() {
        const branches = BranchHeads.parse(
          yield* git.run(["for-each-ref", `--format=${BranchHeads.format}`, "refs/heads/"], mirror)
        )
        if (!Arr.isNonEmptyReadonlyArray(branches)) {
          return yield* Effect.fail(new ReadFailure({ reason: "the repository has no commits (no branch under refs/heads)" }))
        }
        const defaultBranch = chooseDefaultBranch(yield* headBranch(mirror), branches)
        const head = branches.find((branch) => branch.name === defaultBranch) ?? Arr.headNonEmpty(branches)
        const files = parseFileList(yield* git.run(["ls-tree", "-r", "--name-only", "-z", head.head.sha], mirror))
        return new GitReader.GitSnapshot({ defaultBranch, branches, files })
      }).pipe(Effect.catchTag("GitCommandError", (error) => Effect.fail(fromCommand(error))))

    const readSnapshot = (url: string): Effect.Effect<GitReader.GitSnapshot, GitReader.GitReadError> =>
      cache.latest(url, snapshot).pipe(
        Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
        // No URL attribute: a remote URL may carry credentials.
        Effect.withSpan("GitCli.read")
      )

    /**
     * A working tree of `sha` in a temporary directory (removed with the scope): a clone sharing
     * the mirror's objects (`--shared`: nothing is copied), checked out detached. A remote's mirror
     * first gets the commit's files, which a blob-less clone lacks.
     */
    const checkout = (url: string, sha: string): Effect.Effect<string, GitReader.GitReadError, Scope.Scope> =>
      Effect.gen(function*() {
        yield* fs.makeDirectory(checkoutDirectory, { recursive: true, mode: 0o700 }).pipe(
          Effect.mapError(fromPlatform("cannot create the checkout directory"))
        )
        const at = yield* mirrorWith(url, [sha])
        if (at.remote) yield* fetchMissing(at, ["--no-walk", sha]).pipe(Effect.mapError(fromCommand))
        const root = yield* fs.makeTempDirectoryScoped({ directory: checkoutDirectory, prefix: `${checkoutPrefix}${process.pid}-` }).pipe(
          Effect.mapError(fromPlatform("cannot create a checkout"))
        )
        yield* git.run(["clone", "--shared", "--no-checkout", "--quiet", at.mirror, root]).pipe(
          // Files written by as many processes as there are cores (git's parallel checkout): a
          // third less time on two cores for a tree of 600 files.
          Effect.zipRight(git.run(["-c", "checkout.workers=0", "checkout", "--quiet", "--detach", sha], path.join(root, ".git"), root)),
          Effect.mapError(fromCommand)
        )
        // The path the analysis reads files by, so that the one its messages show is this one.
        return yield* fs.realPath(root).pipe(Effect.mapError(fromPlatform("cannot resolve the checkout's path")))
      }).pipe(
        Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
        Effect.withSpan("GitCli.checkout")
      )

    // Best effort: what is still missing then (older names of renamed files) blame fetches itself.
    const fetchHistory = (at: Mirror, sha: string, files: ReadonlyArray<string>) =>
      Effect.forEach(Arr.chunksOf(files, 500), (some) => fetchMissing(at, [sha, "--", ...some]), { discard: true }).pipe(
        Effect.catchAll((error) => Effect.logWarning(`blame fetches the history it misses as it goes: ${error.message}`))
      )

    // The commit's own `.mailmap` maps the emails, as `git blame` in a checkout of it would; a bare
    // mirror would otherwise use its HEAD's, which changes with the default branch.
    const blame = ({ git, mirror }: Mirror, sha: string, file: string, lines?: ReadonlyArray<number>) =>
      git.run(["-c", `mailmap.blob=${sha}:.mailmap`, "blame", "--porcelain", ...lineRanges(lines), sha, "--", file], mirror).pipe(
        Effect.map((output) => FileSource.FileSource.make({ commitSha: sha, path: file, lines: BlamePorcelain.parse(output) }))
      )

    /**
     * Whole files blamed lately, by mirror, commit and path: a file of a commit never changes, and
     * the dashboard's file page asks for the same file again as a user moves around it (blame walks
     * the file's history each time: 0.06–0.2 s on ESLint's). A few hundred files, the oldest
     * forgotten first.
     */
    const blamed = new Map<string, FileSource.FileSource>()
    const blamedLimit = 256
    const wholeFile = (at: Mirror, sha: string, file: string) =>
      Effect.suspend(() => {
        const key = `${at.mirror}\u0000${sha}\u0000${file}`
        const known = blamed.get(key)
        if (known !== undefined) return Effect.succeed(known)
        return Effect.tap(blame(at, sha, file), (source) =>
          Effect.sync(() => {
            blamed.set(key, source)
            if (blamed.size > blamedLimit) blamed.delete(blamed.keys().next().value ?? key)
          }))
      })

    /** Some lines of a file, or all of it when git refuses them (a line past the end, say). */
    const blameLines = (at: Mirror, sha: string, file: string, lines: ReadonlyArray<number> | undefined) =>
      lines === undefined ? wholeFile(at, sha, file) : blame(at, sha, file, lines).pipe(Effect.orElse(() => wholeFile(at, sha, file)))

    const read = (url: string, sha: string, files: ReadonlyArray<string>, only?: ReadonlyMap<string, ReadonlyArray<number>>) =>
      mirrorWith(url, [sha]).pipe(
        Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
        Effect.tap((at) => at.remote ? fetchHistory(at, sha, files) : Effect.void),
        Effect.flatMap((at) =>
          // One git process per file, a few at a time: blame is CPU-bound and the worker shares the machine.
          Effect.forEach(files, (file) =>
            Effect.either(blameLines(at, sha, file, only?.get(file)).pipe(
              Effect.mapError((error) => new FileSource.FileLinesError({ url, commitSha: sha, path: file, reason: error.message }))
            )), { concurrency: blameConcurrency })
        ),
        Effect.withSpan("GitCli.fileLines", { attributes: { files: files.length } })
      )

    /**
     * Files as git holds them at `sha` (`cat-file blob`: no filter, no line-end conversion), a few
     * at a time; a remote's blob-less mirror first gets the commit's files.
     */
    const texts = (url: string, sha: string, files: ReadonlyArray<string>) =>
      mirrorWith(url, [sha]).pipe(
        Effect.tap((at) => at.remote ? fetchMissing(at, ["--no-walk", sha]).pipe(Effect.mapError(fromCommand)) : Effect.void),
        Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
        Effect.flatMap((at) =>
          Effect.forEach(files, (file) =>
            Effect.either(at.git.runExact(["cat-file", "blob", `${sha}:${file}`], at.mirror).pipe(
              Effect.mapError((error) => new FileSource.FileLinesError({ url, commitSha: sha, path: file, reason: error.message }))
            )), { concurrency: blameConcurrency })
        ),
        Effect.withSpan("GitCli.fileTexts", { attributes: { files: files.length } })
      )

    /** The mirror and the files blamed in it: a deleted repository's code must not stay on disk or in memory. */
    const forget = (url: string) =>
      cache.forget(url).pipe(
        Effect.tap((mirror) =>
          Effect.sync(() => {
            for (const key of [...blamed.keys()]) if (key.startsWith(`${mirror}\u0000`)) blamed.delete(key)
          })
        ),
        Effect.asVoid,
        Effect.mapError((failure) => new GitReader.GitReadError({ url, reason: failure.reason })),
        Effect.withSpan("GitCli.forget")
      )

    return {
      reader: GitReader.GitReader.of({ read: readSnapshot, forget }),
      checkout: SourceCheckout.SourceCheckout.of({ checkout }),
      lines: FileLines.FileLines.of({ read, texts }),
      changes: GitCliChanges.make(cache)
    }
  })

export const make = (
  options: GitCliOptions
): Effect.Effect<Context.Tag.Service<GitReader.GitReader>, never, CommandExecutor.CommandExecutor | FileSystem.FileSystem | Path.Path> =>
  Effect.map(makePorts(options), (ports) => ports.reader)

/** Every port the adapter provides, on one cache of mirrors. */
export type GitCliServices = GitReader.GitReader | SourceCheckout.SourceCheckout | FileLines.FileLines | GitChanges.GitChanges

/**
 * The adapter (GitReader, SourceCheckout, FileLines and GitChanges on one cache of mirrors) with
 * its own Node platform services: nothing is left for the caller to provide.
 */
export const layer = (options: GitCliOptions): Layer.Layer<GitCliServices> =>
  Layer.effectContext(
    Effect.map(makePorts(options), (ports) =>
      Context.make(GitReader.GitReader, ports.reader).pipe(
        Context.add(SourceCheckout.SourceCheckout, ports.checkout),
        Context.add(FileLines.FileLines, ports.lines),
        Context.add(GitChanges.GitChanges, ports.changes)
      ))
  ).pipe(Layer.provide(NodeContext.layer))

/**
 * The adapter with its options read from `config`, which the caller chooses (the server reads its
 * own settings once and names the environment variables there).
 */
export const layerConfig = (config: Config.Config.Wrap<GitCliOptions>): Layer.Layer<GitCliServices, ConfigError> =>
  Layer.unwrapEffect(Effect.map(Config.unwrap(config), layer))
