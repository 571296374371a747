import { describe, expect, it } from "@effect/vitest"
import { Errors, FileSource, RepositoryFiles } from "@tidemark/core"
import { Effect } from "effect"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { FakeBlame } from "./fixtures/FakeFileLines.js"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, anonymous, repo } from "./fixtures/TestLayer.js"

/** widgets analysed at main's head: one file, `src/app.ts`; answers its id. */
const gitUrl = "https://git.example.org/acme/widgets.git"

const analysed = Effect.gen(function*() {
  yield* addRepository("widgets", { gitUrl })
  yield* drain
  const files = yield* RepositoryFiles.RepositoryFiles
  const [file] = (yield* files.list(adminCaller, repo("widgets"), {})).items
  return { fileId: file?.fileId ?? -1 }
})

describe("RepositoryFiles.source", () => {
  it.effect("answers the file's lines at the analysed commit, as FileLines gives them", () =>
    withWorker(Effect.gen(function*() {
      const { fileId } = yield* analysed
      const lines = [
        FileSource.FileLine.make({ number: 1, text: "const a = 1", authorEmail: "ada@example.org" }),
        FileSource.FileLine.make({ number: 2, text: "const b = 2" })
      ]
      yield* Effect.flatMap(FakeBlame, (blame) => blame.serve(mainHead.sha, "src/app.ts", lines))
      const files = yield* RepositoryFiles.RepositoryFiles

      const source = yield* files.source(adminCaller, repo("widgets"), fileId, undefined)

      expect(source).toStrictEqual(FileSource.FileSource.make({ commitSha: mainHead.sha, path: "src/app.ts", lines }))
      // The worker's blame for the issues' authors, then the source's.
      expect(yield* Effect.flatMap(FakeBlame, (blame) => blame.reads)).toEqual([["src/app.ts"], ["src/app.ts"]])
    })))

  it.effect("an unknown file, or a branch without analysis, is NotFound; a private repository needs a caller", () =>
    withWorker(Effect.gen(function*() {
      const { fileId } = yield* analysed
      const files = yield* RepositoryFiles.RepositoryFiles
      expect(yield* Effect.flip(files.source(adminCaller, repo("widgets"), 424242, undefined))).toBeInstanceOf(Errors.NotFound)
      expect(yield* Effect.flip(files.source(adminCaller, repo("widgets"), fileId, "develop"))).toBeInstanceOf(Errors.NotFound)
      expect((yield* Effect.flip(files.source(anonymous, repo("widgets"), fileId, undefined)))._tag).toBe("Unauthenticated")
    })))

  it.effect("git failing on a file it analysed is the service's failure (ServiceUnavailable), for one file or the repository", () =>
    withWorker(Effect.gen(function*() {
      const { fileId } = yield* analysed
      const files = yield* RepositoryFiles.RepositoryFiles
      const unserved = yield* Effect.flip(files.source(adminCaller, repo("widgets"), fileId, undefined))
      expect(unserved).toBeInstanceOf(Errors.ServiceUnavailable)
      expect(unserved.message).toContain("src/app.ts")
      yield* Effect.flatMap(FakeBlame, (blame) => blame.refuse(gitUrl, "remote end hung up"))
      const refused = yield* Effect.flip(files.source(adminCaller, repo("widgets"), fileId, undefined))
      expect(refused).toBeInstanceOf(Errors.ServiceUnavailable)
      expect(refused.message).toContain("remote end hung up")
    })))
})
