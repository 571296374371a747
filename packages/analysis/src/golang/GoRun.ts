import { Duration, Effect, Either } from "effect"
import { existsSync } from "node:fs"
import { dirname, join, posix } from "node:path"
import { type BatchLimits, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { childEnvironment, defaultRunLimits } from "../external/ConfinedRun.js"
import type { SourceFile } from "../SourceTree.js"
import { gopathLayout, gopathVariables, goVariables, modfileCopy } from "./GoEnvironment.js"
import { type GoFinding, lacksDeclarations, type UnitOf, type UnitOutcome } from "./GoFindings.js"
import { importsOf, isStandard } from "./GoFiles.js"
import type { GoListing } from "./GoModuleTurns.js"
import { unnamedImportPath } from "./GopathTree.js"
import { type GoPackage, listPackages } from "./GoPackages.js"
import type { ChildOutput } from "../external/ConfinedRun.js"

/**
 * A Go analyser run over one module of the checkout, offline. The go command lists the module's
 * packages (GoPackages); those that load whole are given to the analyser as packages (`./dir`),
 * some a run; a package that needs a module the checkout does not hold is given file by file —
 * its files whose imports are all at hand together, the others named as not analysed with the
 * import that is missing. Files under no go.mod are checked as the go command checked Go before
 * modules, in GOPATH mode at the import path their code names (GopathTree), the same way. A run
 * that fails is run again unit by unit (BatchedRun).
 */

/** `packagesPerRun`: the most packages one run is given, what a run that fails costs again. */
export type GoLimits = BatchLimits & { readonly packagesPerRun: number }

/**
 * A first run type-checks the standard library's packages the module imports (its caches are the
 * run's own, GoEnvironment): tens of seconds, a minute on a loaded machine; a module of a hundred
 * packages a few minutes. A run gets ten minutes, the whole tree twenty.
 */
export const defaultGoLimits: GoLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(10), memoryMegabytes: 4096 },
  total: Duration.minutes(20),
  packagesPerRun: 64
}

/** One analyser as a run of it is made and read. */
export interface GoAnalyser {
  /** `Staticcheck`, `go vet`: for the reasons. */
  readonly name: string
  readonly program: string
  /** The arguments before the packages or files. */
  readonly options: ReadonlyArray<string>
  readonly report: "stdout" | "stderr"
  /**
   * Checks whose findings mean nothing when part of a package is checked (Staticcheck's U1000:
   * what the files left out use looks unused): left out of the file-by-file runs' findings.
   */
  readonly wholePackageOnly: ReadonlySet<string>
  readonly read: (cwd: string, unitOf: UnitOf) => (units: ReadonlyArray<string>, output: ChildOutput) => Either.Either<ReadonlyMap<string, UnitOutcome>, string>
}

export interface ModuleRequest {
  readonly analyser: GoAnalyser
  /** The go command, which the analyser loads packages with. */
  readonly go: string
  /** The checkout, absolute. */
  readonly root: string
  /** The module's folder in the checkout (`""` the root), or undefined for files under no `go.mod`. */
  readonly module: string | undefined
  /** The module's files the analyser checks, by their path in the checkout. */
  readonly files: ReadonlyArray<SourceFile>
  readonly fences: ChildFences
  readonly limits: GoLimits
  /** The run's own folder for GOPATH and HOME, and for the caches when `caches` is undefined (GoEnvironment). */
  readonly folder: string
  /** The folder of the caches kept between analyses (GoEnvironment's `sharedCaches`). */
  readonly caches?: string | undefined
  /** The module's package list as its turn has it (GoModuleTurns): read by the first run, taken by the next. */
  readonly listing?: ((list: Effect.Effect<GoListing>) => Effect.Effect<GoListing>) | undefined
}

/** Each file's findings (by its path in the checkout), or why it has none; and, if part of the module could not be loaded, why. */
export interface ModuleOutcome {
  readonly files: ReadonlyMap<string, Either.Either<ReadonlyArray<GoFinding>, string>>
  readonly problem: string | undefined
}

const folderOf = (path: string): string => posix.dirname(path)

const unitOfFolder = (folder: string): string => (folder === "." ? "." : `./${folder}`)

const missingImportOf = (file: SourceFile, available: ReadonlySet<string>): string | undefined =>
  importsOf(file.content).find((path) => path !== "C" && !isStandard(path) && !available.has(path))

type Read = ReturnType<GoAnalyser["read"]>

/**
 * A folder's files checked without the rest of their package: a run that fails for declarations
 * missing among them fails each of its files with that reason, rather than being run again file by
 * file (GoFindings' `lacksDeclarations`); any other failure (a crash, a time limit, a name declared
 * twice by programs of one folder) is run again file by file, as BatchedRun does.
 */
const partOfPackage = (name: string, read: Read): Read => (units, output) =>
  Either.orElse(read(units, output), (reason) =>
    units.length > 1 && lacksDeclarations(reason)
      ? Either.right(new Map(units.map((unit) => [unit, Either.left(`${name} could not type-check it without the rest of its package, whose files need what the checkout does not hold (${reason})`)])))
      : Either.left(reason))

/**
 * Why a file importing `missing` could not be checked, to follow "could not check it": `missing` is
 * a package of the module itself that cannot be loaded (it needs a standard package this Go lacks,
 * or a module the checkout does not hold: its own problem says which), or else a module the
 * checkout does not hold.
 */
export const whyMissing = (missing: string, packages: ReadonlyArray<GoPackage>): string => {
  const own = packages.find((p) => p.importPath === missing)
  return own?.problem === undefined
    ? ` offline: it imports ${missing}, a module the checkout does not hold (Tidemark never downloads one)`
    : `: it imports ${missing}, a package of this module that cannot be loaded (${own.problem.split("\n")[0]})`
}

export const runModule = (request: ModuleRequest): Effect.Effect<ModuleOutcome> =>
  Effect.gen(function*() {
    const { analyser, limits } = request
    // Files under no go.mod: the checkout in GOPATH mode, reached through a link in the run's folder (GopathTree).
    const gopath = request.module === undefined ? gopathLayout(request.folder, request.root, request.files) : undefined
    const cwd = gopath?.cwd ?? join(request.root, request.module ?? "")
    const inModule = (path: string): string => (request.module === undefined || request.module === "" ? path : path.slice(request.module.length + 1))
    // The analysers report the files under the folder they were run in: the link, for a GOPATH tree.
    const inCheckout = (absolute: string): string => absolute.slice((gopath?.cwd ?? request.root).length + 1)
    const vendored = gopath === undefined && existsSync(join(cwd, "vendor", "modules.txt"))
    const modfile = vendored || gopath !== undefined ? undefined : modfileCopy(request.folder, cwd, request.fences.user)
    const path = `${dirname(request.go)}:${childEnvironment["PATH"] ?? ""}`
    const environment = gopath === undefined
      ? { ...goVariables(request.folder, vendored, modfile, request.caches), PATH: path }
      : { ...gopathVariables(request.folder, gopath.cwd, request.caches), PATH: path }
    const list = listPackages({ go: request.go, cwd, fences: request.fences, environment })
    // A GOPATH tree's listing names the run's own link: not one to share with the other analyser's run.
    const listed = gopath === undefined ? yield* (request.listing?.(list) ?? list) : yield* list
    const packages = Either.getOrElse(listed, () => [])
    const byFolder = new Map(packages.map((p) => [p.dir === cwd ? "." : p.dir.slice(cwd.length + 1), p]))
    const available = new Set(packages.filter((p) => p.problem === undefined).map((p) => p.importPath))
    // A vendor/ holds what the module's tests import too (go mod vendor); without one, nothing outside the module is at hand.
    const testsLoad = (p: GoPackage): boolean => vendored || p.testImports.every((path) => isStandard(path) || available.has(path))
    const loadsWhole = (p: GoPackage | undefined): boolean => p !== undefined && p.problem === undefined && testsLoad(p)
    const folders = new Map<string, Array<SourceFile>>()
    for (const file of request.files) folders.set(folderOf(inModule(file.path)), [...(folders.get(folderOf(inModule(file.path))) ?? []), file])
    const whole = [...folders.keys()].filter((folder) => loadsWhole(byFolder.get(folder)))
    const outcomes = new Map<string, Either.Either<ReadonlyArray<GoFinding>, string>>()
    const batch = (files: ReadonlyArray<string>, unitOf: UnitOf, maxFiles: number, read = analyser.read(cwd, unitOf)) =>
      runBatched({
        name: analyser.name,
        program: analyser.program,
        root: cwd,
        fences: request.fences,
        limits,
        options: analyser.options,
        files,
        maxFiles,
        report: analyser.report,
        environment,
        read
      })
    // Whole packages: a finding belongs to the package of its folder.
    const ran = yield* batch(whole.map(unitOfFolder), (file) => unitOfFolder(posix.relative(cwd, posix.dirname(file)) || "."), limits.packagesPerRun)
    for (const folder of whole) {
      const outcome = ran.get(unitOfFolder(folder)) ?? Either.left(`${analyser.name} gave no result for it`)
      for (const file of folders.get(folder) ?? []) {
        outcomes.set(file.path, Either.map(outcome, (findings) => findings.filter((f) => inCheckout(f.file) === file.path)))
      }
    }
    // The rest file by file, a folder at a time (the go command takes the files of one folder together).
    let unloaded = 0
    for (const [folder, files] of folders) {
      if (whole.includes(folder)) continue
      const usable: Array<SourceFile> = []
      for (const file of files) {
        const missing = missingImportOf(file, available)
        if (missing === undefined) usable.push(file)
        else {
          unloaded++
          outcomes.set(file.path, Either.left(`${analyser.name} could not check it${whyMissing(missing, packages)}`))
        }
      }
      const unitOf: UnitOf = (file) => posix.relative(cwd, file)
      const alone = yield* batch(usable.map((file) => inModule(file.path)), unitOf, usable.length, partOfPackage(analyser.name, analyser.read(cwd, unitOf)))
      for (const file of usable) {
        const outcome = alone.get(inModule(file.path)) ?? Either.left(`${analyser.name} gave no result for it`)
        outcomes.set(file.path, Either.map(outcome, (findings) => findings.filter((f) => !analyser.wholePackageOnly.has(f.code))))
      }
    }
    const broken = packages.filter((p) => !loadsWhole(p))
    const brokenProblem = Either.isLeft(listed)
      ? `${listed.left}: its files were checked one by one, against the standard library only`
      : broken.length === 0
      ? undefined
      : `${broken.length} of its ${packages.length} packages need what the checkout does not hold (${broken[0]?.problem ?? `its tests import ${broken[0]?.testImports.find((path) => !isStandard(path) && !available.has(path)) ?? ""}`}; Tidemark never downloads a module): their files were checked one by one${unloaded === 0 ? "" : `, ${unloaded} of them could not be`}`
    // Where part of a GOPATH tree could not be checked, the import path it was read at is part of why.
    const problem = gopath === undefined || brokenProblem === undefined
      ? brokenProblem
      : `checked in GOPATH mode as ${gopath.importPath === unnamedImportPath ? "a package nothing in the tree imports" : gopath.importPath}: ${brokenProblem}`
    return { files: outcomes, problem }
  })
