import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { loadExtended, shareableModuleName } from "../../src/eslintrc/ShareableConfigs.js"

const extendsOf = (name: string) =>
  Either.match(loadExtended(name, undefined), { onLeft: (reason) => `not followed: ${reason}`, onRight: (config) => config.data.extends ?? [] })

describe("loadExtended", () => {
  it("names packages as ESLint 8 does", () => {
    expect(["standard", "eslint-config-standard", "airbnb-base/legacy", "@scope", "@scope/x", "@scope/eslint-config-y"].map(shareableModuleName))
      .toEqual(["eslint-config-standard", "eslint-config-standard", "eslint-config-airbnb-base/legacy", "@scope/eslint-config", "@scope/eslint-config-x", "@scope/eslint-config-y"])
  })

  it("loads the shipped configs, following their own extends inside their package", () => {
    const airbnb = loadExtended("airbnb-base", undefined)
    expect(Either.isRight(airbnb)).toBe(true)
    if (Either.isRight(airbnb)) {
      const [first] = typeof airbnb.right.data.extends === "string" ? [airbnb.right.data.extends] : airbnb.right.data.extends ?? []
      expect(first?.endsWith("best-practices.js")).toBe(true)
      expect(Either.isRight(loadExtended(first ?? "", airbnb.right.from))).toBe(true)
      // A path of the shipped package's own folder is followed; one outside it is not.
      expect(Either.isLeft(loadExtended("../eslint-config-standard/index.js", airbnb.right.from))).toBe(true)
    }
    expect(extendsOf("semistandard")).toEqual("standard")
    expect(extendsOf("plugin:@typescript-eslint/recommended")).toEqual(["./configs/eslintrc/base", "./configs/eslintrc/eslint-recommended"])
    const recommended = loadExtended("eslint:recommended", undefined)
    expect(Either.isRight(recommended) && recommended.right.data.rules?.["no-undef"]).toBe("error")
    const all = loadExtended("eslint:all", undefined)
    expect(Either.isRight(all) && all.right.data.rules?.["no-magic-numbers"]).toBe("error")
  })

  it("refuses what Tidemark does not ship, and any file of the repository", () => {
    for (const name of ["some-company", "plugin:react/recommended", "./base.json", "/etc/passwd", "airbnb-base/whitespace", "plugin:@typescript-eslint/flat/recommended"]) {
      expect(Either.isLeft(loadExtended(name, undefined))).toBe(true)
    }
  })
})
