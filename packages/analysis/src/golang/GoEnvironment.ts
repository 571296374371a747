import { Effect } from "effect"
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { type SandboxUser, userReaches } from "../SandboxLauncher.js"
import type { SourceFile } from "../SourceTree.js"
import { gopathImportPathOf } from "./GopathTree.js"

/**
 * The environment the go command and the analysers on top of it run in: module mode, the
 * checkout's own `vendor/` when it has one (`-mod=vendor`), never a download (`GOPROXY=off`, no
 * checksum database, the installed toolchain only), no cgo, and GOPATH and HOME in a folder of
 * this run's, removed after it: nothing of the service's user is read or written.
 *
 * The build cache (GOCACHE) and Staticcheck's (under XDG_CACHE_HOME) are kept between analyses
 * where the plug-in is given a folder for them (GoCaches): a cold cache type-checks the standard
 * library's packages again at every run, 10 to 15 s of a loaded two-core machine for cobra's
 * imports, where a warm one answers in under a second. Sharing them is safe: both are keyed by the
 * hash of every input (a repository's package of the same import path but other content has
 * other entries), and they hold export data and analysis facts, never code the service or an
 * analyser runs (cgo is off, and vet and Staticcheck run no code of the module's).
 */

export interface GoEnvironment {
  readonly folder: string
  readonly variables: Readonly<Record<string, string>>
}

/**
 * The variables for a module (`vendored`: its root has `vendor/modules.txt`), its caches in
 * `folder`. `modfile`: a copy of the module's go.mod in `folder`, which the go command may update
 * (a go.mod without a `go` line, a go.sum to complete) where it could not write the checkout's.
 */
export const goVariables = (folder: string, vendored: boolean, modfile?: string, caches?: string): Readonly<Record<string, string>> => ({
  GO111MODULE: "on",
  GOFLAGS: vendored ? "-mod=vendor" : modfile === undefined ? "-mod=mod" : `-mod=mod -modfile=${modfile}`,
  GOPROXY: "off",
  GOSUMDB: "off",
  GOTOOLCHAIN: "local",
  GOTELEMETRY: "off",
  GOENV: "off",
  CGO_ENABLED: "0",
  GOPATH: join(folder, "gopath"),
  GOMODCACHE: join(folder, "gopath", "pkg", "mod"),
  GOCACHE: caches === undefined ? join(folder, "cache") : join(caches, "build"),
  XDG_CACHE_HOME: caches === undefined ? join(folder, "user-cache") : join(caches, "user-cache"),
  HOME: join(folder, "home")
})

/**
 * The variables for a tree under no go.mod (GopathTree): GOPATH mode, the run's GOPATH holding
 * the link to the checkout at its import path (`cwd`), which the go command is told is the working
 * folder (`PWD`: it would otherwise see the checkout's own path, outside GOPATH); the same caches,
 * never a download.
 */
export const gopathVariables = (folder: string, cwd: string, caches?: string): Readonly<Record<string, string>> => ({
  ...goVariables(folder, false, undefined, caches),
  GO111MODULE: "off",
  GOFLAGS: "",
  PWD: cwd
})

/**
 * The checkout reached at `$GOPATH/src/<import path>` in the run's folder (a link: the checkout is
 * never written), the import path read from its files (GopathTree); `cwd` is the link.
 */
export const gopathLayout = (folder: string, root: string, files: ReadonlyArray<SourceFile>): { readonly cwd: string; readonly importPath: string } => {
  const importPath = gopathImportPathOf(files)
  const cwd = join(folder, "gopath", "src", importPath)
  mkdirSync(dirname(cwd), { recursive: true, mode: 0o755 })
  symlinkSync(root, cwd)
  return { cwd, importPath }
}

const subfolders = ["gopath", "cache", "user-cache", "home"]

/** A folder for one run's caches, owned by the user the run switches to (when it does), removed at the scope's end. */
export const goFolder = (user: SandboxUser | undefined) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const folder = mkdtempSync(join(tmpdir(), "tidemark-go-"))
      for (const name of subfolders) mkdirSync(join(folder, name))
      if (user !== undefined) for (const path of [folder, ...subfolders.map((name) => join(folder, name))]) chownSync(path, user.uid, user.gid)
      return folder
    }),
    (folder) => Effect.sync(() => rmSync(folder, { recursive: true, force: true }))
  )

const cacheSubfolders = ["build", "user-cache"]

/**
 * The folder of the caches kept between analyses for the runs of `user` (the service's own user
 * when the runs do not switch: a checkout the unprivileged user cannot read is checked without the
 * switch), in `directory`: one per user, made if absent and owned by that user. One for both would
 * not do: the go command makes the cache's folders writable by their maker alone (a run as the
 * other user then fails on `permission denied`), and a run of one user should not read what a run
 * of the other wrote. Undefined where the runs' user cannot reach it: each run then keeps its caches in
 * its own folder, cold (GoFolder).
 */
export const sharedCaches = (directory: string, user: SandboxUser | undefined): string | undefined => {
  const folder = join(directory, user === undefined ? "service" : `user-${user.uid}`)
  try {
    mkdirSync(directory, { recursive: true, mode: 0o755 })
    for (const path of [folder, ...cacheSubfolders.map((name) => join(folder, name))]) {
      mkdirSync(path, { recursive: true, mode: 0o700 })
      if (user !== undefined) chownSync(path, user.uid, user.gid)
    }
  } catch {
    return undefined
  }
  return user === undefined || userReaches(user, join(folder, "build")) ? folder : undefined
}

/**
 * Where an analyzer whose per-file cache is `cacheDirectory` keeps the Go caches: beside it, not in
 * it (as the checkouts are beside the mirrors' cache), because the per-file cache is the service
 * user's alone (0700) and the Go caches are written by the user the runs switch to.
 */
export const goCachesBeside = (cacheDirectory: string): string => `${cacheDirectory.replace(/[\\/]+$/, "")}-go`

const localPath = /^\.{0,2}\//

/**
 * A go.mod without the requirements a run can never satisfy: the module cache is the run's own and
 * empty, and nothing is downloaded, so a required module is at hand only where a `replace` points it
 * at a folder of the checkout. Left in, a go.mod of before Go 1.17 (no `go` line: google/uuid,
 * go-yaml; `go 1.15`: cobra) makes the go command load every requirement's go.mod and list nothing
 * at all; without them, a package importing such a module is named as not loading, the others load.
 */
export const withoutRequirements = (goMod: string): string => {
  const local = new Set([...goMod.matchAll(/^\s*(?:replace\s+)?(\S+)(?:\s+v\S+)?\s+=>\s+(\S+)\s*$/gm)]
    .filter(([, , target = ""]) => localPath.test(target)).map(([, path = ""]) => path))
  const kept = (line: string) => local.has(line.trim().replace(/^require\s+/, "").split(/\s+/)[0] ?? "")
  return goMod
    .replace(/^require\s*\(([\s\S]*?)^\)/gm, (_, block: string) => `require (\n${block.split("\n").filter(kept).join("\n")}\n)`)
    .split("\n").filter((line) => !/^require\s+[^(\s]/.test(line) || kept(line)).join("\n")
}

/**
 * A go.mod an older go command reads: Go 1.21 began writing the `go` line with a patch release
 * (`go 1.23.0`, beevik/etree's) and added the `toolchain` and `godebug` directives, which Go 1.19
 * (Debian 12's) refuses as a whole ("invalid go version '1.23.0': must match format 1.23", "unknown
 * directive"), so that not a package of the module could be listed. The `go` line keeps its
 * language version (`go 1.23`): the go command then checks what it can and says what needs a newer
 * Go; the other two only choose a toolchain (runs are `GOTOOLCHAIN=local`) and runtime settings,
 * which no analysis reads. Go 1.21 and later read the rewritten file the same.
 */
export const withPlainGoLine = (goMod: string): string =>
  goMod
    .replace(/^([ \t]*go[ \t]+)(\d+\.\d+)(?:\.\d+|rc\d+|beta\d+)[ \t]*$/m, "$1$2")
    .replace(/^[ \t]*toolchain[ \t]+\S+[ \t]*\n?/gm, "")
    .replace(/^[ \t]*godebug[ \t]*\([\s\S]*?^[ \t]*\)[ \t]*\n?/gm, "")
    .replace(/^[ \t]*godebug[ \t]+[^(\s].*\n?/gm, "")

/**
 * A copy of the module's go.mod (without what a run cannot satisfy) and go.sum in the run's folder,
 * owned by the run's user: the `-modfile` the go command is given.
 */
export const modfileCopy = (folder: string, moduleRoot: string, user: SandboxUser | undefined): string => {
  const target = join(folder, "modfile")
  mkdirSync(target, { recursive: true })
  if (existsSync(join(moduleRoot, "go.mod"))) writeFileSync(join(target, "go.mod"), withPlainGoLine(withoutRequirements(readFileSync(join(moduleRoot, "go.mod"), "utf8"))))
  if (existsSync(join(moduleRoot, "go.sum"))) copyFileSync(join(moduleRoot, "go.sum"), join(target, "go.sum"))
  if (user !== undefined) for (const name of ["", "go.mod", "go.sum"]) if (existsSync(join(target, name))) chownSync(join(target, name), user.uid, user.gid)
  return join(target, "go.mod")
}
