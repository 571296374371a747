/**
 * Issue 16, point 5: every package under `packages/` can be published. What CI checks here, on the
 * build `pnpm test` has just made: each package packed as `pnpm publish` would pack it, its packed
 * manifest and files; then every tarball installed with npm into a fresh project outside the
 * workspace, where the core's README example typechecks (node16 resolution) and runs, and where the
 * installed `tidemark serve`, given nothing but a port and a data directory, serves both APIs and
 * the dashboard from the embedded database and analyses a repository with its own ESLint config.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { existsSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import {
  type CliResult,
  getJson,
  gitRepository,
  loadDashboard,
  patchJson,
  requireBuild,
  runCli,
  type RunningServer,
  servedDashboard,
  startServer
} from "./CliFixture.js"
import { installAll, type Manifest, packAll, type PackedPackage, runNode, typecheck, workspaceRoot } from "./PackedPackages.js"

/** Installing ~280 packages (from npm's cache once warm) and starting a server take a while on a busy machine. */
const slow = 180_000

class Packed extends Context.Tag("Packed")<Packed, {
  /** A scratch folder outside the workspace, removed when the suite ends. */
  readonly directory: string
  readonly packages: ReadonlyArray<PackedPackage>
}>() {
  static readonly layer = Layer.scoped(
    Packed,
    Effect.gen(function*() {
      yield* requireBuild
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const directory = yield* fs.makeTempDirectoryScoped({ directory: tmpdir(), prefix: "tidemark-packaging-" })
      if (!path.relative(workspaceRoot, directory).startsWith("..")) {
        return yield* Effect.dieMessage(`${directory} is inside the workspace: set TMPDIR elsewhere`)
      }
      const tarballs = path.join(directory, "tarballs")
      yield* fs.makeDirectory(tarballs)
      return { directory, packages: yield* packAll(tarballs) }
    })
  ).pipe(Layer.provide(NodeContext.layer))
}

class Installed extends Context.Tag("Installed")<Installed, { readonly project: string }>() {
  static readonly layer = Layer.effect(
    Installed,
    Effect.gen(function*() {
      const { directory, packages } = yield* Packed
      const project = `${directory}/project`
      yield* installAll(project, packages)
      return { project }
    })
  ).pipe(Layer.provide(NodeContext.layer))
}

class Serving extends Context.Tag("Serving")<Serving, {
  readonly server: RunningServer
  /** The admin token the server generated and printed on its first start. */
  readonly adminToken: string
  /** The installed `tidemark` command pointed at the server. */
  readonly cli: (args: ReadonlyArray<string>) => Effect.Effect<CliResult>
}>() {
  static readonly layer = Layer.scoped(
    Serving,
    Effect.gen(function*() {
      const { project } = yield* Installed
      // Nothing configured but a port (PORT=0) and a data directory; HOST keeps it on loopback.
      const program = { file: `${project}/node_modules/.bin/tidemark`, args: [] }
      const server = yield* startServer({ dataDir: `${project}/data`, program, cwd: project, defaults: true })
      const adminToken = /Generated admin token[^\n]*\n(\S+)/.exec(yield* server.stdout)?.[1]
      if (adminToken === undefined) return yield* Effect.dieMessage("the server printed no generated admin token")
      const env = { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: adminToken }
      return { server, adminToken, cli: (args) => runCli(args, env, project, program) }
    })
  )
}

const dependencyRanges = (manifest: Manifest) =>
  [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies]
    .flatMap((ranges) => Object.entries(ranges ?? {}))

/** The workspace's exports as published: the same subpaths and conditions, without `tidemark-source`. */
const publishedExports = (manifest: Manifest) =>
  Object.fromEntries(Object.entries(manifest.exports ?? {}).map(([subpath, conditions]) => [
    subpath,
    Object.fromEntries(Object.entries(conditions).filter(([condition]) => condition !== "tidemark-source"))
  ]))

/** Whether the tarball holds `file`, not empty. */
const shipped = (pkg: PackedPackage, file: string) => {
  const path = `${pkg.unpacked}/${file}`
  return existsSync(path) && statSync(path).size > 0
}

const ofPackage = (packages: ReadonlyArray<PackedPackage>, name: string) => {
  const found = packages.find((p) => p.manifest.name === name)
  if (found === undefined) throw new Error(`${name} was not packed`)
  return found
}

const eslint9 = "2a30ab97-477f-4769-8b88-af596ce7a94c"

describe("packaging", () => {
  layer(Packed.layer, { excludeTestServices: true, timeout: "3 minutes" })((it) => {
    it.effect("packs every package under packages/, none private, each with the MIT license, its LICENSE and a README", () =>
      Effect.gen(function*() {
        const { packages } = yield* Packed
        expect(packages.length).toBeGreaterThanOrEqual(10)
        const license = readFileSync(`${workspaceRoot}LICENSE`, "utf8")
        expect(license).toContain("Copyright (c) 2026 Tidemark contributors")
        for (const pkg of packages) {
          expect(pkg.manifest.private, pkg.manifest.name).toBeUndefined()
          expect(pkg.manifest.license, pkg.manifest.name).toBe("MIT")
          expect(readFileSync(`${pkg.unpacked}/LICENSE`, "utf8"), pkg.manifest.name).toBe(license)
          expect(shipped(pkg, "README.md"), `${pkg.manifest.name} README.md`).toBe(true)
          expect(pkg.manifest.files, pkg.manifest.name).toEqual(["dist", "README.md", "LICENSE"])
        }
      }))

    it.effect("no workspace: or catalog: range is left; the workspace's packages are pinned to the versions packed", () =>
      Effect.gen(function*() {
        const { packages } = yield* Packed
        const versions = new Map(packages.map((p) => [p.manifest.name, p.manifest.version]))
        for (const pkg of packages) {
          for (const [dependency, range] of dependencyRanges(pkg.manifest)) {
            expect(range, `${pkg.manifest.name} → ${dependency}`).not.toMatch(/^(workspace|catalog):/)
            if (versions.has(dependency)) expect(range, `${pkg.manifest.name} → ${dependency}`).toBe(versions.get(dependency))
          }
        }
      }))

    it.effect("exports resolve from dist only: the workspace's subpaths and conditions without tidemark-source, every target shipped", () =>
      Effect.gen(function*() {
        const { packages } = yield* Packed
        for (const pkg of packages) {
          expect(pkg.manifest.exports, pkg.manifest.name).toEqual(
            pkg.workspaceManifest.exports === undefined ? undefined : publishedExports(pkg.workspaceManifest)
          )
          const targets = Object.values(pkg.manifest.exports ?? {}).flatMap((conditions) => Object.values(conditions))
          for (const target of [...targets, ...Object.values(pkg.manifest.bin ?? {})]) {
            expect(target, pkg.manifest.name).toMatch(/^\.\/dist\//)
            expect(shipped(pkg, target), `${pkg.manifest.name} ${target}`).toBe(true)
          }
        }
      }))

    it.effect("what the packages load at run time ships: the server's dashboard, the analysis package's sandboxed linter and analysis thread", () =>
      Effect.gen(function*() {
        const { packages } = yield* Packed
        const server = ofPackage(packages, "@tidemark/server")
        expect(readFileSync(`${server.unpacked}/dist/dashboard/index.html`, "utf8")).toContain("<title>Tidemark</title>")
        expect(server.manifest.dependencies ?? {}).not.toHaveProperty("@tidemark/dashboard")
        expect(shipped(ofPackage(packages, "@tidemark/analysis"), "dist/ConfigLintChild.js")).toBe(true)
        expect(shipped(ofPackage(packages, "@tidemark/analysis"), "dist/AnalysisThread.js")).toBe(true)
        expect(shipped(ofPackage(packages, "@tidemark/dashboard"), "dist/index.html")).toBe(true)
      }))

    it.layer(Installed.layer, { timeout: "5 minutes" })("installed with npm outside the workspace", (it) => {
      it.effect("the core's README example typechecks with node16 resolution and runs; every export of every package resolves", () =>
        Effect.gen(function*() {
          const { project } = yield* Installed
          const { packages } = yield* Packed
          const fs = yield* FileSystem.FileSystem
          const example = /```ts\n([\s\S]*?)```/.exec(readFileSync(`${workspaceRoot}packages/core/README.md`, "utf8"))?.[1]
          expect(example).toContain("@tidemark/core")
          const specifiers = packages.flatMap((pkg) =>
            Object.keys(pkg.manifest.exports ?? {}).map((subpath) => `${pkg.manifest.name}${subpath.slice(1)}`)
          )
          yield* fs.makeDirectory(`${project}/src`)
          yield* fs.writeFileString(`${project}/src/readme.ts`, example ?? "")
          yield* fs.writeFileString(`${project}/src/exports.ts`, specifiers.map((s) => `import "${s}"\n`).join(""))
          yield* fs.writeFileString(`${project}/tsconfig.json`, JSON.stringify({
            compilerOptions: {
              module: "node16",
              moduleResolution: "node16",
              target: "ES2022",
              lib: ["ES2023"],
              types: ["node"],
              strict: true,
              // An import without bindings must resolve too: that is how every export is checked.
              noUncheckedSideEffectImports: true,
              skipLibCheck: true,
              rootDir: "src",
              outDir: "out"
            },
            include: ["src"]
          }))
          yield* typecheck(project)
          expect(specifiers).toContain("@tidemark/core/memory")
          // What the README says it prints: the lead time of c1, two hours.
          expect((yield* runNode("out/readme.js", project)).trim()).toBe("7200")
        }).pipe(Effect.provide(NodeContext.layer)), slow)

      it.layer(Serving.layer, { timeout: "3 minutes" })("tidemark serve, installed", (it) => {
        it.effect("runs the embedded default with only a port and a data directory: getVersion, the dashboard at /", () =>
          Effect.gen(function*() {
            const { adminToken, server } = yield* Serving
            const version = yield* getJson(server, "/api/v3/version", adminToken)
            expect(version).toEqual({ status: 200, body: { data: "0.1.0" } })
            expect(yield* loadDashboard(server)).toEqual(servedDashboard)
          }), slow)

        it.effect("analyses with its wasm grammars and lints with the repository's own config in its sandboxed process", () =>
          Effect.gen(function*() {
            const { adminToken, cli, server } = yield* Serving
            const { directory } = yield* Packed
            const repository = yield* gitRepository(directory, "linted", {
              "index.js": "var answer = 42\nexport default answer\n",
              "app.py": "def sign(x):\n    if x < 0:\n        return -1\n    return 1\n",
              // `no-var` is not among the recommended patterns: an issue of it comes from this file.
              "eslint.config.mjs": "export default [{ rules: { \"no-var\": \"error\" } }];\n"
            })
            const succeeds = (result: CliResult) => {
              expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
              return result.stdout
            }
            succeeds(yield* cli(["repo", "add", "gh/acme/linted", "--git", repository]))
            succeeds(yield* cli(["org", "settings", "gh/acme", "--configuration-files", "allow"]))
            const tool = `/api/v3/analysis/organizations/gh/acme/repositories/linted/tools/${eslint9}`
            expect((yield* patchJson(server, tool, { enabled: true, useConfigurationFile: true }, adminToken)).status).toBe(204)
            const analysed = succeeds(yield* cli(["analyze", "gh/acme/linted"]))
            expect(analysed).toMatch(/^issues +1 /m)
            expect(analysed).toMatch(/^languages +(Python, JavaScript|JavaScript, Python)$/m)
            expect(analysed).not.toMatch(/^problem /m)
          }).pipe(Effect.provide(NodeContext.layer)), slow)
      })
    })
  })
})
