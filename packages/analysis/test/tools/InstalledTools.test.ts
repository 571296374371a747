import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import { Effect } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { defaultConfigLintLimits } from "../../src/ConfigLintSandbox.js"
import { analysisTools } from "../../src/tools/AnalysisTools.js"
import { installationsOf, runnableTools } from "../../src/tools/InstalledTools.js"

const installationsWith = (searchPath: string) => Effect.runPromise(installationsOf(runnableTools({ searchPath }), toolHeads))

describe("installationsOf", () => {
  it("answers every catalogue tool: those in process at the catalogue's version, ShellCheck at its program's", async () => {
    const installations = await installationsWith(process.env["PATH"] ?? "")
    expect(installations.map((i) => i.toolUuid)).toEqual(toolHeads.map((t) => t.uuid))
    const eslint9 = installations.find((i) => i.name === "ESLint9")
    expect(eslint9).toMatchObject({ installed: true, version: toolHeads.find((t) => t.name === "ESLint9")?.version })
    expect(eslint9?.reason).toBeUndefined()
    // The test command installs shellcheck (scripts/test-tools.sh): its own version, not the catalogue's.
    expect(installations.find((i) => i.name === "ShellCheck")).toMatchObject({ installed: true, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) })
  })

  it("says why an external analyser cannot run and what to install, and no version", async () => {
    const empty = mkdtempSync(join(tmpdir(), "no-programs-"))
    const shellCheck = (await installationsWith(empty)).find((i) => i.name === "ShellCheck")
    expect(shellCheck).toMatchObject({ installed: false, reason: expect.stringContaining("shellcheck"), install: expect.stringContaining("apt-get install shellcheck") })
    expect(shellCheck?.version).toBeUndefined()
  })

  it("answers of the plug-ins without making those in process what it answers of every plug-in an analysis makes", async () => {
    const searchPath = process.env["PATH"] ?? ""
    const ofAnalysis = await Effect.runPromise(installationsOf(analysisTools({ configurationFileLimits: defaultConfigLintLimits, searchPath }), toolHeads))
    expect(await installationsWith(searchPath)).toStrictEqual(ofAnalysis)
  })

  it("says a catalogue tool no plug-in runs cannot run", async () => {
    const unknown = { uuid: "00000000-0000-4000-8000-000000000000", name: "Nothing", version: "1.0.0" }
    const installations = await Effect.runPromise(installationsOf([], [unknown]))
    expect(installations).toEqual([expect.objectContaining({ toolUuid: unknown.uuid, installed: false, reason: "no plug-in runs Nothing in this version of Tidemark" })])
  })
})
