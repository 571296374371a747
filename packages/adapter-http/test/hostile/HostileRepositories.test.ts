import { expect, layer } from "@effect/vitest"
import { Duration, Effect, Fiber, Ref, Schedule } from "effect"
import { analysedAfter, nowIso, reanalyze, useConfigurationFile } from "../fixtures/Analyses.js"
import * as Http from "../fixtures/Http.js"
import { addRepository, allowConfigurationFiles, eslint9, issueToken, newOrganization, paths } from "../fixtures/Scenario.js"
import { threadedTestLayer } from "../fixtures/TestLayer.js"

/**
 * Repositories that once killed, froze or stopped the whole service (the security review's high
 * findings), and a file that holds a tool for ever, analysed one after another by one server (in a
 * worker thread, as the bundled server analyses), with the API probed every 50 ms
 * throughout: each analysis ends with a problem or a skipped file, the server answers all along,
 * and an ordinary repository analysed last gets its true numbers.
 */

/**
 * The review's file was nested 1 000 deep, which overflowed the parser's stack on the main thread;
 * an analysis thread has a larger stack (4 MB), and this depth overflows it too.
 */
const nested = 20_000

/**
 * Answers at most this late while a hostile repository is analysed: the freezes seen took 33–46 s;
 * a healthy server on a two-core machine at load 8 (the whole suite beside it) took up to 2.1 s.
 */
const prompt = Duration.seconds(5)

layer(threadedTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("hostile repositories", (it) => {
  it.effect("none of them kills, freezes or stops the server; an ordinary repository is analysed correctly after them", () =>
    Effect.gen(function*() {
      const slowest = yield* Ref.make(0)
      const probe = yield* Effect.fork(
        Effect.timed(Http.get("/api/v3/version")).pipe(
          Effect.tap(([took, reply]) => {
            expect(reply.status).toBe(200)
            return Ref.update(slowest, (max) => Math.max(max, Duration.toMillis(took)))
          }),
          Effect.repeat(Schedule.spaced("50 millis"))
        )
      )
      const org = newOrganization("hostile")
      const token = yield* issueToken(org)
      yield* allowConfigurationFiles(org)
      const since = yield* nowIso

      // 1. A configuration that signals the server, once it may run (the organization allows configuration files).
      const killer = yield* addRepository(org, "killer", {
        files: {
          "index.js": "export const answer = 42\n",
          "eslint.config.mjs": 'process.kill(process.ppid, "SIGKILL")\nexport default []\n'
        }
      })
      yield* analysedAfter(org, "killer", token, killer.git.mainSha, since)
      Http.expectNoContent(yield* useConfigurationFile(org, "killer", token))
      const beforeKill = yield* nowIso
      yield* reanalyze(org, "killer", token)
      const killed = yield* analysedAfter(org, "killer", token, killer.git.mainSha, beforeKill)
      expect(killed.repository.problems.map((p) => p.code)).toEqual(["analysis_failed"])
      expect(killed.repository.problems[0]?.message).toMatch(/eslint\.config\.mjs: the sandbox refused Signal \(process\.kill\)/)

      // 2. A glob that backtracks catastrophically, against a long file name.
      const name = "a".repeat(36)
      const globbing = yield* addRepository(org, "globbing", {
        files: {
          ".codacy.yml": "exclude_paths:\n  - \"**a**a**a**a**a**a**a**a**a**a**a**a**a**a**b\"\n",
          [name]: "x\n",
          "index.js": "export const answer = 42\n"
        }
      })
      const globbed = yield* analysedAfter(org, "globbing", token, globbing.git.mainSha, since)
      expect(globbed.repository.problems).toEqual([])

      // 3. A small file nested deeper than the parser's stack.
      const deep = yield* addRepository(org, "deep", {
        files: { "a.js": `x = ${"[".repeat(nested)}${"]".repeat(nested)}\n`, "b.js": "export const b = 1\n" }
      })
      const overflowed = yield* analysedAfter(org, "deep", token, deep.git.mainSha, since)
      expect(overflowed.repository.problems.map((p) => [p.code, p.message])).toEqual([
        ["file_skipped", "complexity skipped a.js: RangeError: Maximum call stack size exceeded"]
      ])
      expect(overflowed.loc).toBe(2)

      // 4. A name on which a pattern's regular expression backtracks for ever (the pattern's parameter set through the API).
      const slow = yield* addRepository(org, "slow", {
        files: { "slow.js": `export const f = () => {\n  const ${"a".repeat(48)}b = 1\n}\n`, "ok.js": "const unused = 1\n" }
      })
      yield* analysedAfter(org, "slow", token, slow.git.mainSha, since)
      Http.expectNoContent(yield* Http.patch(paths.tool(org, "slow", eslint9), {
        token,
        json: { patterns: [{ id: "ESLint9_no-unused-vars", enabled: true, parameters: [{ name: "varsIgnorePattern", value: "^(a+)+$" }] }] }
      }))
      const beforeSlow = yield* nowIso
      yield* reanalyze(org, "slow", token)
      const slowed = yield* analysedAfter(org, "slow", token, slow.git.mainSha, beforeSlow)
      expect(slowed.repository.problems.map((p) => [p.code, p.message])).toEqual([
        ["file_skipped", "ESLint9 skipped slow.js: it took longer than the time limit of 3s per file"]
      ])
      expect([slowed.loc, slowed.issuesCount]).toEqual([4, 1])

      // Then an ordinary repository: its true numbers, from the same worker.
      const plain = yield* addRepository(org, "plain", { files: { "index.js": "const unused = 1\n" } })
      const analysed = yield* analysedAfter(org, "plain", token, plain.git.mainSha, since)
      expect(analysed.repository.problems).toEqual([])
      expect([analysed.loc, analysed.issuesCount]).toEqual([1, 1])

      yield* Fiber.interrupt(probe)
      expect(yield* Ref.get(slowest)).toBeLessThan(Duration.toMillis(prompt))
      expect((yield* Http.get("/api/v3/health")).status).toBe(200)
    }), 180_000)
})
