import { Either } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

/**
 * The global names a JavaScript file may use without declaring them, for rules such as `no-undef`
 * and `no-global-assign`. A checkout does not say where its code runs, so both a browser's and
 * Node's globals are allowed: a name missed in one is a false negative, a name flagged in the
 * other would be an issue in every file. (ESLint itself adds the ECMAScript built-ins.)
 *
 * The browser's names are read from TypeScript's `lib.dom.d.ts` (`typescript` is a dependency
 * already), where each global is a top-level `declare var` or `declare function` line: the
 * generated file keeps that shape, and the `globals` package ESLint's docs point to is not one of
 * ours.
 */
export type Globals = Readonly<Record<string, GlobalAccess>>

/** As a flat config writes it: `off` takes back a global an earlier config object declared. */
export type GlobalAccess = "readonly" | "writable" | "off"

/** A table of the `globals` package (`true` when code may assign the name) as a flat config's. */
export const globalsOf = (table: Readonly<Record<string, boolean>>): Globals =>
  Object.fromEntries(Object.entries(table).map(([name, writable]) => [name, writable ? "writable" : "readonly"] as const))

/** Node's own globals (the rest of Node's are the web's), and CommonJS's module scope. */
const nodeGlobals: ReadonlyArray<string> = [
  "process",
  "global",
  "Buffer",
  "setImmediate",
  "clearImmediate",
  "require",
  "module",
  "exports",
  "__dirname",
  "__filename"
]

const declaredGlobal = /^declare (?:var|function) ([A-Za-z_$][\w$]*)/gm

const domGlobals = (): ReadonlyArray<string> => {
  const require = createRequire(import.meta.url)
  // An unreadable lib file leaves only Node's names: `no-undef` then reports browser names, which
  // is visible in the issues, rather than failing the whole analysis.
  return Either.try(() => readFileSync(join(dirname(require.resolve("typescript")), "lib.dom.d.ts"), "utf8")).pipe(
    Either.map((text) => Array.from(text.matchAll(declaredGlobal), (match) => match[1] ?? "")),
    Either.getOrElse(() => [])
  )
}

// CommonJS's module scope binds these per module: `exports = module.exports = fn` is the idiom, not a global's overwrite.
const moduleScope: ReadonlySet<string> = new Set(["exports", "module", "require"])

let loaded: Globals | undefined

/** Read once per process (about 10 ms). */
export const scriptGlobals = (): Globals => {
  loaded ??= Object.fromEntries(
    [...domGlobals(), ...nodeGlobals].filter((name) => name !== "").map((name) => [name, moduleScope.has(name) ? "writable" : "readonly"] as const)
  )
  return loaded
}
