#!/usr/bin/env node
// `pnpm start`'s build: only the packages the server runs, only those whose build is older than
// their sources, and without type declarations (TIDEMARK_DECLARATIONS=false, see tsup.library.ts).
// `pnpm build` builds everything with declarations for the tests and publishing; either build
// leaves a dist/ the server runs from, so after one the other finds nothing stale.
import { spawn } from "node:child_process"
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs"
import { availableParallelism } from "node:os"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const target = "@tidemark/server"

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))

/** The workspace packages under packages/, by name. */
const workspace = new Map(
  readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "packages", entry.name, "package.json")))
    .map((entry) => {
      const dir = join(root, "packages", entry.name)
      const manifest = manifestOf(dir)
      return [manifest.name, { name: manifest.name, dir, manifest }]
    })
)

const workspaceNames = (dependencies) => Object.keys(dependencies ?? {}).filter((name) => workspace.has(name))

/**
 * What the server needs: the packages it runs (`dependencies`, followed through each package), and
 * the server's own dev dependencies among them, since its build ships their output (the dashboard).
 * A dev dependency of a library is only for its tests, so it is not followed.
 */
const needed = () => {
  const server = workspace.get(target)
  const found = new Set([target, ...workspaceNames(server.manifest.devDependencies)])
  const queue = [...found]
  while (queue.length > 0) {
    for (const name of workspaceNames(workspace.get(queue.shift()).manifest.dependencies)) {
      if (!found.has(name)) {
        found.add(name)
        queue.push(name)
      }
    }
  }
  return [...found].map((name) => workspace.get(name))
}

/** Every workspace package a package's build may wait for: those it depends on, dev dependencies too. */
const prerequisites = (pkg) =>
  [...workspaceNames(pkg.manifest.dependencies), ...workspaceNames(pkg.manifest.devDependencies)]

const files = function*(dir, skip = new Set()) {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

const mtimes = (paths) => [...paths].map((path) => statSync(path).mtimeMs)

/**
 * Stale when the oldest file of its dist/ (a build writes all of them: tsup and vite empty dist/
 * first) is older than the newest of its sources, its build configuration (the package's files
 * outside node_modules, dist and test, and the root's tsup.library.ts) or the output of a dev
 * dependency its build ships; or when it has no dist/ at all.
 */
const isStale = (pkg) => {
  const built = mtimes(files(join(pkg.dir, "dist")))
  if (built.length === 0) return true
  const sources = [
    ...files(pkg.dir, new Set(["node_modules", "dist", "test"])),
    join(root, "tsup.library.ts"),
    ...workspaceNames(pkg.manifest.devDependencies)
      .filter((name) => neededNames.has(name))
      .flatMap((name) => [...files(join(workspace.get(name).dir, "dist"))])
  ]
  return Math.max(...mtimes(sources)) > Math.min(...built)
}

/** The package's own `build` script, run as pnpm runs it, without declarations. */
const build = (pkg) =>
  new Promise((resolve, reject) => {
    const started = Date.now()
    const bins = [join(pkg.dir, "node_modules", ".bin"), join(root, "node_modules", ".bin")]
    const child = spawn("sh", ["-c", pkg.manifest.scripts.build], {
      cwd: pkg.dir,
      env: {
        ...process.env,
        TIDEMARK_DECLARATIONS: "false",
        PATH: [...bins, process.env.PATH].join(delimiter)
      },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      if (code === 0) {
        console.log(`built ${pkg.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
        resolve()
      } else {
        reject(new Error(`building ${pkg.name} failed (exit code ${code}):\n${output}`))
      }
    })
  })

const packages = needed()
const neededNames = new Set(packages.map((pkg) => pkg.name))

/**
 * Builds the stale packages, each once every needed package it depends on is done, several at a
 * time. A package is judged stale only when its turn comes, after what it ships was rebuilt.
 */
const run = async () => {
  const done = new Set()
  const waiting = new Map(packages.map((pkg) => [pkg.name, pkg]))
  const running = new Map()
  const slots = Math.max(2, availableParallelism())
  let built = 0
  while (waiting.size > 0 || running.size > 0) {
    for (const pkg of waiting.values()) {
      if (running.size >= slots) break
      if (!prerequisites(pkg).every((name) => !neededNames.has(name) || done.has(name))) continue
      waiting.delete(pkg.name)
      const stale = isStale(pkg)
      if (stale) built++
      running.set(pkg.name, (stale ? build(pkg) : Promise.resolve()).then(() => pkg.name))
    }
    if (running.size === 0) throw new Error(`the packages ${[...waiting.keys()].join(", ")} depend on each other`)
    const finished = await Promise.race(running.values())
    running.delete(finished)
    done.add(finished)
  }
  if (built === 0) console.log("the server's packages are built")
}

run().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
