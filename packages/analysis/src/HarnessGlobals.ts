import type { Globals } from "./ScriptGlobals.js"
import type { SourceFile } from "./SourceTree.js"
import { isConventionalTestFile } from "./TestFrameworks.js"

/**
 * Names a repository's test setup puts on the global object for its tests: a test file that
 * assigns `window.axios = ...` (axios's Karma helpers) or `global.expect = ...` at the start of a
 * line makes that name a global of every test file. The tests then call it bare, and `no-undef`
 * reporting it would ask the team to break the setup they chose.
 */

// At the start of a line, so that a property set inside a function (`window.x = 1` in a test body) is not taken.
const assignment = /^(?:window|global|globalThis|self)\.([A-Za-z_$][\w$]*)\s*=(?!=)/gm

const assignedGlobals = (content: string): ReadonlyArray<string> =>
  content.includes(".") ? Array.from(content.matchAll(assignment), (match) => match[1] ?? "").filter((name) => name !== "") : []

/** The names the tree's test files assign to the global object, for every test file; none when they assign none. */
export const harnessGlobals = (files: ReadonlyArray<SourceFile>): Globals =>
  Object.fromEntries(
    files.filter((file) => isConventionalTestFile(file.path)).flatMap((file) => assignedGlobals(file.content)).map((name) => [name, "writable" as const])
  )
