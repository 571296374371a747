/**
 * The cache of bare mirrors every port of the adapter reads from: one mirror per repository URL,
 * cloned once, fetched into when a read needs what it lacks, one read or fetch of a mirror at a time.
 * Each read of a remote's mirror first asks RemoteAccess whether (and how) its source may be reached.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Array as Arr, Data, Effect, Either } from "effect"
import { createHash } from "node:crypto"
import type { GitCommandError, GitRunner } from "./GitCommand.js"
import type { RemoteAccess } from "./RemoteAccess.js"
import * as RepositoryLocation from "./RepositoryLocation.js"

/** Why a read failed, before it becomes the port's error (which also names the URL). */
export class ReadFailure extends Data.TaggedError("ReadFailure")<{ readonly reason: string }> {}

export const fromCommand = (error: GitCommandError) => new ReadFailure({ reason: error.message })

export const fromPlatform = (action: string) => (error: { readonly message: string }) =>
  new ReadFailure({ reason: `${action}: ${error.message}` })

/** A full commit id: SHA-1, or SHA-256 in repositories that use it. */
const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

/**
 * The mirror of a repository, whether its source is remote (then the mirror is blob-less), and the
 * git to run in it: its commands carry the options of RemoteAccess checked for this read, since
 * in a blob-less mirror a blame or a diff fetches from the source what it lacks.
 */
export interface Mirror {
  readonly mirror: string
  readonly remote: boolean
  readonly git: GitRunner
}

export interface MirrorCache {
  readonly git: GitRunner
  readonly cacheDirectory: string
  /** Brings the mirror of `url` up to date with its source, then runs `read` on it, alone. */
  readonly latest: <A>(url: string, read: (mirror: Mirror) => Effect.Effect<A, ReadFailure>) => Effect.Effect<A, ReadFailure>
  /**
   * The mirror of `url` with the commits of `shas` it holds, fetched first only when it lacks one;
   * `missing` lists those the source has not either. Each sha is checked to be a full commit id,
   * since it is passed to git where an option could stand.
   */
  readonly mirrorOf: (
    url: string,
    shas: ReadonlyArray<string>
  ) => Effect.Effect<Mirror & { readonly missing: ReadonlyArray<string> }, ReadFailure>
  /** The mirror of `url`, holding every commit of `shas` (a commit it cannot have fails). */
  readonly mirrorWith: (url: string, shas: ReadonlyArray<string>) => Effect.Effect<Mirror, ReadFailure>
  /**
   * A remote's mirror is blob-less (cloned with `--filter=blob:none`): what `revisions` list that
   * it lacks (a commit's files, the old versions of files blame reads) is fetched before git needs
   * it, a thousand objects a request. Left to itself, git fetches each missing object alone
   * (blame: a file changed in 130 commits, 130 requests), or, in a checkout of the mirror, not at
   * all: the files are missing from the working tree and git still exits 0.
   */
  readonly fetchMissing: (at: Mirror, revisions: ReadonlyArray<string>) => Effect.Effect<void, GitCommandError>
  /** Removes the mirror of `url` (none is no failure), after any read of it in progress; its directory. */
  readonly forget: (url: string) => Effect.Effect<string, ReadFailure>
}

/** `git` with `options` before every command's own arguments. */
const withOptions = (git: GitRunner, options: ReadonlyArray<string>): GitRunner =>
  options.length === 0 ? git : {
    run: (args, gitDir, workTree) => git.run([...options, ...args], gitDir, workTree),
    runExact: (args, gitDir, workTree) => git.runExact([...options, ...args], gitDir, workTree)
  }

export const make = (options: {
  readonly cacheDirectory: string
  readonly git: GitRunner
  readonly access: RemoteAccess
}): Effect.Effect<MirrorCache, never, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const { access, cacheDirectory } = options

    // One lock per mirror: two reads of one URL must not clone or fetch into it at once. The map
    // keeps one semaphore per repository ever read, which is bounded by the mirrors on disk.
    const locks = new Map<string, Effect.Semaphore>()
    const withLock = (key: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        const lock = locks.get(key) ?? Effect.unsafeMakeSemaphore(1)
        locks.set(key, lock)
        return lock.withPermits(1)(effect)
      })

    const moveIntoPlace = (temporary: string, mirror: string) =>
      fs.rename(temporary, mirror).pipe(
        // Another process sharing the cache may have completed the same clone first: its mirror
        // is as fresh as ours, and ours is removed with the temporary directory.
        Effect.catchAll((error) =>
          Effect.flatMap(fs.exists(mirror), (exists) => exists ? Effect.void : Effect.fail(error))
        ),
        Effect.mapError(fromPlatform("cannot move the new mirror into place"))
      )

    // A clone goes to a fresh directory renamed into place once complete, so that an interrupted
    // clone (timeout, crash) never leaves a half-filled mirror behind to be fetched into later.
    const clone = (git: GitRunner, location: RepositoryLocation.RepositoryLocation, mirror: string) =>
      Effect.acquireUseRelease(
        fs.makeTempDirectory({ directory: cacheDirectory, prefix: `${path.basename(mirror)}.clone-` }).pipe(
          Effect.mapError(fromPlatform("cannot create a directory in the git cache"))
        ),
        (temporary) =>
          git.run([
            "clone",
            "--mirror",
            "--quiet",
            // Reading needs commits and trees only; local sources are hard-linked and need no filter.
            ...(location.remote ? ["--filter=blob:none"] : []),
            "--",
            location.source,
            temporary
          ]).pipe(
            Effect.mapError(fromCommand),
            Effect.zipRight(moveIntoPlace(temporary, mirror))
          ),
        (temporary) =>
          fs.remove(temporary, { recursive: true, force: true }).pipe(
            Effect.catchAll((error) => Effect.logWarning(`cannot remove ${temporary}: ${error.message}`))
          )
      )

    // A fetch does not move a mirror's HEAD: ask the source for its HEAD so that a changed default
    // branch is seen. Sources that do not advertise a symbolic HEAD keep the one set at clone time.
    const followSourceHead = (git: GitRunner, mirror: string) =>
      Effect.gen(function*() {
        const advertised = yield* git.run(["ls-remote", "--symref", "origin", "HEAD"], mirror)
        const ref = /^ref: (refs\/heads\/\S+)\tHEAD$/m.exec(advertised)?.[1]
        if (ref !== undefined) {
          yield* git.run(["symbolic-ref", "HEAD", ref], mirror)
        }
      })

    const refresh = (git: GitRunner, mirror: string) =>
      git.run(["fetch", "--prune", "--quiet", "origin"], mirror).pipe(
        Effect.zipRight(followSourceHead(git, mirror)),
        Effect.mapError(fromCommand)
      )

    const update = ({ git, mirror }: Mirror, location: RepositoryLocation.RepositoryLocation) =>
      fs.exists(mirror).pipe(
        Effect.mapError(fromPlatform("cannot inspect the git cache")),
        Effect.flatMap((exists) => exists ? refresh(git, mirror) : clone(git, location, mirror))
      )

    /**
     * The mirror with the git that may reach its source as the rule stands now: asked under the
     * mirror's lock, right before the commands that fetch (a read may have waited long for it).
     */
    const reach = (location: RepositoryLocation.RepositoryLocation, mirror: string) =>
      access.optionsFor(location).pipe(
        Effect.mapError((refused) => new ReadFailure({ reason: refused.message })),
        Effect.map((fetchOptions): Mirror => ({ mirror, remote: location.remote, git: withOptions(options.git, fetchOptions) }))
      )

    const mirrorDirectory = (location: RepositoryLocation.RepositoryLocation) =>
      path.join(cacheDirectory, `${createHash("sha256").update(location.source).digest("hex").slice(0, 32)}.git`)

    /** The location of `url` and its mirror's directory, the cache directory made. */
    const locate = (url: string) =>
      Either.match(RepositoryLocation.parse(url, (local) => path.resolve(local)), {
        onLeft: (reason) => Effect.fail(new ReadFailure({ reason })),
        onRight: (location) =>
          // Owner-only: the mirrors hold private repositories.
          fs.makeDirectory(cacheDirectory, { recursive: true, mode: 0o700 }).pipe(
            Effect.mapError(fromPlatform("cannot create the git cache directory")),
            Effect.as({ location, mirror: mirrorDirectory(location) })
          )
      })

    const latest = <A>(url: string, read: (at: Mirror) => Effect.Effect<A, ReadFailure>) =>
      Effect.flatMap(locate(url), ({ location, mirror }) =>
        Effect.flatMap(reach(location, mirror), (at) => update(at, location).pipe(Effect.zipRight(read(at)))).pipe(
          withLock(mirror)
        ))

    const hasCommit = ({ git, mirror }: Mirror, sha: string) =>
      git.run(["cat-file", "-e", `${sha}^{commit}`], mirror).pipe(Effect.as(true), Effect.orElseSucceed(() => false))

    const lacking = (at: Mirror, shas: ReadonlyArray<string>) =>
      Effect.filter(shas, (sha) => Effect.map(hasCommit(at, sha), (found) => !found))

    const mirrorOf = (url: string, shas: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const malformed = shas.find((sha) => !fullSha.test(sha))
        if (malformed !== undefined) return yield* Effect.fail(new ReadFailure({ reason: `not a full commit id: ${malformed}` }))
        const { location, mirror } = yield* locate(url)
        return yield* Effect.gen(function*() {
          const at = yield* reach(location, mirror)
          const exists = yield* fs.exists(mirror).pipe(Effect.mapError(fromPlatform("cannot read the git cache")))
          const absent = exists ? yield* lacking(at, shas) : shas
          if (absent.length === 0) return { ...at, missing: absent }
          yield* update(at, location)
          return { ...at, missing: yield* lacking(at, absent) }
        }).pipe(withLock(mirror))
      })

    const mirrorWith = (url: string, shas: ReadonlyArray<string>) =>
      Effect.flatMap(mirrorOf(url, shas), ({ missing, ...at }) =>
        Arr.isNonEmptyReadonlyArray(missing)
          ? Effect.fail(new ReadFailure({ reason: `the repository has no commit ${missing.join(", ")}` }))
          : Effect.succeed(at))

    const fetchMissing = ({ git, mirror }: Mirror, revisions: ReadonlyArray<string>) =>
      git.run(["rev-list", "--objects", "--missing=print", ...revisions], mirror).pipe(
        Effect.map((listed) => listed.split("\n").filter((row) => row.startsWith("?")).map((row) => row.slice(1))),
        Effect.flatMap((missing) =>
          Effect.forEach(Arr.chunksOf(missing, 1000), (oids) =>
            git.run([
              // What git itself runs to fill a partial clone: no negotiation, nothing but the objects.
              "-c",
              "fetch.negotiationAlgorithm=noop",
              "fetch",
              "--quiet",
              "--no-tags",
              "--no-write-fetch-head",
              "--recurse-submodules=no",
              "--filter=blob:none",
              "origin",
              ...oids
            ], mirror), { discard: true })
        )
      )

    const forget = (url: string) =>
      Effect.flatMap(locate(url), ({ mirror }) =>
        fs.remove(mirror, { recursive: true, force: true }).pipe(
          Effect.mapError(fromPlatform("cannot remove the mirror")),
          Effect.as(mirror),
          withLock(mirror)
        ))

    return { git: options.git, cacheDirectory, latest, mirrorOf, mirrorWith, fetchMissing, forget }
  })
