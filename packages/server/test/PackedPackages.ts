/**
 * The workspace's packages as a registry would receive them: packed by `pnpm pack` (which applies
 * `publishConfig` and rewrites `workspace:` and `catalog:` ranges), unpacked for reading, and
 * installed with npm into a project of their own, outside the workspace.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Schema } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { type Program, runCli } from "./CliFixture.js"

export const workspaceRoot = fileURLToPath(new URL("../../../", import.meta.url))

const Ranges = Schema.Record({ key: Schema.String, value: Schema.String })

/** What the packaging test reads of a manifest; exports are subpaths to conditions, as every package writes them. */
export const Manifest = Schema.Struct({
  name: Schema.String,
  version: Schema.String,
  private: Schema.optional(Schema.Boolean),
  license: Schema.optional(Schema.String),
  files: Schema.optional(Schema.Array(Schema.String)),
  exports: Schema.optional(Schema.Record({ key: Schema.String, value: Ranges })),
  bin: Schema.optional(Ranges),
  dependencies: Schema.optional(Ranges),
  devDependencies: Schema.optional(Ranges),
  peerDependencies: Schema.optional(Ranges),
  optionalDependencies: Schema.optional(Ranges)
})
export type Manifest = typeof Manifest.Type

const readManifest = (file: string) => Schema.decodeUnknownSync(Schema.parseJson(Manifest))(readFileSync(file, "utf8"))

export interface PackedPackage {
  /** The package's folder in the workspace, and its manifest there. */
  readonly directory: string
  readonly workspaceManifest: Manifest
  readonly tarball: string
  /** Where the tarball was unpacked (its `package/` folder), and the manifest it carries. */
  readonly unpacked: string
  readonly manifest: Manifest
}

/** A program to completion; its stdout, or the test dies with what it wrote on stderr. */
const exec = (file: string, args: ReadonlyArray<string>, cwd: string, env: Record<string, string> = {}) => {
  const program: Program = { file, args: [] }
  return Effect.flatMap(runCli(args, env, cwd, program), (result) =>
    result.exitCode === 0
      ? Effect.succeed(result.stdout)
      : Effect.dieMessage(`${file} ${args.join(" ")} exited with ${result.exitCode}:\n${result.stderr}`))
}

/** The pnpm the workspace names (`packageManager`), as CI runs it. */
const pnpm = Schema.decodeUnknownSync(Schema.parseJson(Schema.Struct({ packageManager: Schema.String })))(
  readFileSync(`${workspaceRoot}package.json`, "utf8")
).packageManager

const PackResults = Schema.parseJson(Schema.Array(Schema.Struct({ name: Schema.String, filename: Schema.String })))

/** Every package under `packages/`, packed into `destination` and unpacked beside its tarball. */
export const packAll = (destination: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const stdout = yield* exec(
      "npx",
      ["-y", pnpm, "--recursive", "--filter", "./packages/*", "pack", "--pack-destination", destination, "--json"],
      workspaceRoot
    )
    const packed = Schema.decodeUnknownSync(PackResults)(stdout)
    const directories = yield* fs.readDirectory(path.join(workspaceRoot, "packages"))
    const workspace = directories.map((name) => path.join(workspaceRoot, "packages", name))
      .filter((directory) => path.basename(directory) !== "node_modules")
      .map((directory) => ({ directory, manifest: readManifest(path.join(directory, "package.json")) }))
    return yield* Effect.forEach(workspace, ({ directory, manifest }) =>
      Effect.gen(function*() {
        const tarball = packed.find((p) => p.name === manifest.name)?.filename
        if (tarball === undefined) return yield* Effect.dieMessage(`${manifest.name} was not packed`)
        const into = path.join(destination, path.basename(directory))
        yield* fs.makeDirectory(into)
        yield* exec("tar", ["-xzf", tarball, "-C", into], destination)
        const unpacked = path.join(into, "package")
        return {
          directory,
          workspaceManifest: manifest,
          tarball,
          unpacked,
          manifest: readManifest(path.join(unpacked, "package.json"))
        } satisfies PackedPackage
      }))
  })

/**
 * npm's own settings (registry, cache, proxies) pass; everything else a script runner exports
 * (`npm_package_*`, `npm_config_local_prefix`, pnpm's settings) stays out, so npm sees a project
 * of its own and not the workspace it was started from.
 */
const npmSettings = ["registry", "cache", "userconfig", "globalconfig", "cafile", "proxy", "https_proxy", "noproxy", "strict_ssl"]
const npmEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    npmSettings.flatMap((name) => {
      const value = process.env[`npm_config_${name}`]
      return value === undefined ? [] : [[`npm_config_${name}`, value]]
    })
  )

/** The `@types/node` the workspace builds with: a TypeScript project for Node installs it too. */
const typesNode = () => {
  const file = createRequire(`${workspaceRoot}package.json`).resolve("@types/node/package.json")
  return `@types/node@${readManifest(file).version}`
}

/** A fresh npm project in `directory` with every tarball installed, as a user outside the workspace would. */
export const installAll = (directory: string, packages: ReadonlyArray<PackedPackage>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    yield* fs.makeDirectory(directory, { recursive: true })
    yield* fs.writeFileString(
      path.join(directory, "package.json"),
      JSON.stringify({ name: "tidemark-packaging-check", private: true, type: "module" }, null, 2)
    )
    yield* exec(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...packages.map((p) => p.tarball), typesNode()],
      directory,
      npmEnvironment()
    )
  })

/** The workspace's TypeScript compiler, run on a project. */
export const typecheck = (project: string) =>
  exec(process.execPath, [createRequire(`${workspaceRoot}package.json`).resolve("typescript/bin/tsc"), "-p", project], project)

export const runNode = (file: string, cwd: string) => exec(process.execPath, [file], cwd)
