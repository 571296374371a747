import { Clock, Config, Duration, Effect, Schedule, Schema } from "effect"
import { statSync } from "node:fs"
import { isAbsolute } from "node:path"
import { fileSignature, machineProbes, type ProbeCache } from "../ProbeCache.js"
import { findProgram, isExecutableFile } from "../ProgramSearch.js"
import { childFences } from "./ChildFences.js"
import type { ToolAvailability } from "../tools/AnalysisTool.js"
import { type ChildOutput, runConfined } from "./ConfinedRun.js"

/**
 * Whether an external analyser is installed: its program found on a search path (the service's
 * `PATH`, read through Config, unless told otherwise: a test looks where it is not) and its version read from
 * its own answer. A program found is asked once per process and search path (and its answer kept on
 * disk for the next processes while its file is unchanged: ProbeCache); one missing is looked
 * for again on each lookup (a search of the path, no process started), so that a tool installed
 * while the service runs is seen by its next analysis without a restart. A program found but broken
 * (it does not tell its version, or cannot be run) is not asked again for `brokenFor`, unless its
 * file changes (a reinstall): a program that hangs would otherwise cost every analysis its 20 s
 * limit, three times.
 */

export class InstalledProgram extends Schema.TaggedClass<InstalledProgram>()("InstalledProgram", {
  /** The name looked for: `shellcheck`. */
  name: Schema.String,
  /** Where it was found, absolute. */
  path: Schema.String,
  version: Schema.String
}) {}

export class MissingProgram extends Schema.TaggedClass<MissingProgram>()("MissingProgram", {
  name: Schema.String,
  /** Why it cannot be used, in words: not on the search path, or its version could not be read. */
  reason: Schema.String
}) {}

export type ProgramLookup = InstalledProgram | MissingProgram

export interface ProgramQuery {
  readonly name: string
  /** What makes it print its version: `["--version"]`. */
  readonly versionArgs: ReadonlyArray<string>
  /** The version in what it printed, if there. */
  readonly versionOf: (output: string) => string | undefined
  /** Variables the program needs to start at all behind the fences (a JVM's sizes, CheckstyleProgram.ts). */
  readonly environment?: Readonly<Record<string, string>> | undefined
}

// A version answer is immediate; a program that takes longer is not one to run on a tree.
const versionLimits = { timeout: Duration.seconds(20), memoryMegabytes: 1024, outputBytes: 64 * 1024 }

/** What a version answer depends on: the program's file as it is now, and how it was asked. */
const versionKey = (query: ProgramQuery, path: string): ReadonlyArray<string> | undefined => {
  const signature = fileSignature(path)
  return signature === undefined
    ? undefined
    : ["version", query.name, path, signature, ...query.versionArgs, "\0", JSON.stringify(query.environment ?? {})]
}

const lookUp = (query: ProgramQuery, searchPath: string, cache: ProbeCache): Effect.Effect<ProgramLookup> => {
  const path = findProgram(query.name, searchPath)
  if (path === undefined) return Effect.succeed(new MissingProgram({ name: query.name, reason: `${query.name} is not on the search path` }))
  const key = versionKey(query, path)
  const known = key === undefined ? undefined : cache.get(key)
  if (known !== undefined) return Effect.succeed(new InstalledProgram({ name: query.name, path, version: known }))
  return runConfined({ program: path, args: query.versionArgs, cwd: "/", fences: childFences([path]), limits: versionLimits, environment: query.environment }).pipe(
    // A run that ended without a version and with an error is asked again as well: a Go program
    // whose runtime could not start exits 2 (go-staticcheck, once, in CI).
    Effect.flatMap((output) => (output.exitCode !== 0 && query.versionOf(output.stdout) === undefined ? Effect.fail(output) : Effect.succeed(output))),
    // A program that could not be run at all this once (a machine short of processes or memory)
    // is asked again before it is called missing: one failed start would mark it not installed
    // for that analysis (seen in CI under load, for go and Cppcheck).
    Effect.retry({ times: 2, schedule: Schedule.spaced("1 second") }),
    Effect.catchIf((failed): failed is ChildOutput => "exitCode" in failed, Effect.succeed),
    Effect.map((output): ProgramLookup => {
      const version = query.versionOf(output.stdout)
      return version === undefined
        ? new MissingProgram({ name: query.name, reason: `${path} did not tell its version (exit code ${output.exitCode})` })
        : new InstalledProgram({ name: query.name, path, version })
    }),
    Effect.tap((lookup) => Effect.sync(() => {
      if (lookup._tag === "InstalledProgram" && key !== undefined) cache.set(key, lookup.version)
    })),
    Effect.catchAll((failed) => Effect.succeed(new MissingProgram({ name: query.name, reason: `${path} ${failed.detail}` })))
  )
}

const found = new Map<string, InstalledProgram>()

/** How long a broken program's answer stands before it is asked again. */
export const brokenFor = Duration.minutes(5)

/** A broken program's answer, with the file it came from as it was then and when it was given. */
interface BrokenAnswer {
  readonly path: string
  readonly modified: number
  readonly at: number
  readonly lookup: MissingProgram
}
const broken = new Map<string, BrokenAnswer>()

const modifiedOf = (path: string): number => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return -1
  }
}

/** The service's own search path. */
const servicePath = Config.string("PATH").pipe(Effect.orElseSucceed(() => ""))

/**
 * Where a command's program is, without asking its version (a registered tool has no version
 * question): its absolute path when it is given so, else the first of that name on the search path
 * (the service's PATH when none is given).
 */
export const locateProgram = (name: string, searchPath?: string): Effect.Effect<string | undefined> =>
  isAbsolute(name)
    ? Effect.sync(() => (isExecutableFile(name) ? name : undefined))
    : Effect.map(searchPath === undefined ? servicePath : Effect.succeed(searchPath), (path) => findProgram(name, path))

/**
 * The program as installed here: once found, remembered per process and search path, and its
 * version kept for the next processes while its file is unchanged (ProbeCache).
 */
export const programOnPath = (query: ProgramQuery, searchPath?: string, cache: ProbeCache = machineProbes): Effect.Effect<ProgramLookup> =>
  Effect.flatMap(searchPath === undefined ? servicePath : Effect.succeed(searchPath), (path) => {
    const key = `${query.name}\0${path}`
    const known = found.get(key)
    if (known !== undefined) return Effect.succeed(known)
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const program = findProgram(query.name, path)
      const failed = broken.get(key)
      if (
        failed !== undefined && program === failed.path && modifiedOf(program) === failed.modified &&
        now - failed.at < Duration.toMillis(brokenFor)
      ) return Effect.succeed(failed.lookup)
      return Effect.tap(lookUp(query, path, cache), (lookup) =>
        Effect.sync(() => {
          if (lookup._tag === "InstalledProgram") {
            found.set(key, lookup)
            broken.delete(key)
          } else if (program !== undefined) {
            broken.set(key, { path: program, modified: modifiedOf(program), at: now, lookup })
          }
        }))
    })
  })

/** A plug-in's availability from its program's lookup: the program's version, else what is missing and how to install it. */
export const availabilityOf = (
  lookup: Effect.Effect<MissingProgram | { readonly version: string }>,
  install: string
): Effect.Effect<ToolAvailability> =>
  Effect.map(lookup, (program): ToolAvailability =>
    program instanceof MissingProgram
      ? { _tag: "NotInstalled", reason: program.reason, install }
      : { _tag: "Installed", version: program.version })
