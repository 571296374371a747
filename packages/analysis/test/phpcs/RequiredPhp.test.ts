import { execFileSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { compare, lowestOf, phpVersionOf, requiredPhpOf, versionParts } from "../../src/phpcs/RequiredPhp.js"

describe("requiredPhpOf", () => {
  it("reads the lowest PHP composer.json's require.php allows", () => {
    expect(requiredPhpOf("{\"require\": {\"php\": \"^8.3\"}}")).toEqual([8, 3])
    expect(requiredPhpOf("{\"require\": {\"php\": \"^7.2.5 || ^8.0\"}}")).toEqual([7, 2])
    expect(requiredPhpOf("{\"require\": {\"php\": \">=8.1 <8.6\"}}")).toEqual([8, 1])
    expect(requiredPhpOf("{\"require\": {\"php\": \"8.*\"}}")).toEqual([8, 0])
    expect(requiredPhpOf("{\"require\": {\"ext-json\": \"*\"}}")).toBeUndefined()
    expect(requiredPhpOf("not json")).toBeUndefined()
    expect(lowestOf("^5.6|^7.0")).toEqual([5, 6])
  })

  it("compares with the PHP on this server, as php -v tells it", () => {
    const version = phpVersionOf(execFileSync("php", ["-v"], { encoding: "utf8" }))
    expect(version).toMatch(/^8\.2\.\d+$/)
    expect(compare([8, 3], versionParts(version ?? ""))).toBeGreaterThan(0)
    expect(compare([8, 2], versionParts(version ?? ""))).toBe(0)
    expect(compare([7, 4], [8, 0])).toBeLessThan(0)
  })
})
