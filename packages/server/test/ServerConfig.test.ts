import { ConfigProvider, Effect, Either, Option } from "effect"
import { availableParallelism } from "node:os"
import { describe, expect, it } from "vitest"
import { wasmBaselineOnly } from "../src/WasmTier.js"
import { serverConfig } from "../src/ServerConfig.js"

const read = (environment: Record<string, string>) =>
  Effect.runSync(Effect.either(Effect.withConfigProvider(serverConfig, ConfigProvider.fromMap(new Map(Object.entries(environment))))))

describe("serverConfig", () => {
  it("reads TIDEMARK_PUBLIC_URL as the dashboard's public address, absent by default", () => {
    expect(Either.map(read({}), (config) => config.publicUrl)).toEqual(Either.right(Option.none()))
    const set = read({ TIDEMARK_PUBLIC_URL: "https://tidemark.example.com/base" })
    expect(Either.map(set, (config) => config.publicUrl)).toEqual(Either.right(Option.some("https://tidemark.example.com/base")))
  })

  it("refuses a TIDEMARK_PUBLIC_URL that is not an http(s) URL, naming it", () => {
    for (const wrong of ["tidemark.example.com", "ftp://tidemark.example.com", "javascript:alert(1)"]) {
      const result = read({ TIDEMARK_PUBLIC_URL: wrong })
      expect(Either.isLeft(result)).toBe(true)
      if (Either.isLeft(result)) expect(String(result.left)).toMatch(/TIDEMARK_PUBLIC_URL.*must be an http:\/\/ or https:\/\/ URL/s)
    }
  })

  it("reads TIDEMARK_MAX_DELIVERIES, 3 by default, at least 1", () => {
    const value = (environment: Record<string, string>) => Either.map(read(environment), (config) => config.maxDeliveries)
    expect(value({})).toEqual(Either.right(3))
    expect(value({ TIDEMARK_MAX_DELIVERIES: "5" })).toEqual(Either.right(5))
    expect(Either.isLeft(value({ TIDEMARK_MAX_DELIVERIES: "0" }))).toBe(true)
  })

  it("refuses private network URLs and offers no ssh key unless the installation says so", () => {
    const of = (environment: Record<string, string>) =>
      Either.map(read(environment), ({ allowPrivateNetworkUrls, gitSshKeyFile }) => ({ allowPrivateNetworkUrls, gitSshKeyFile }))
    expect(of({})).toEqual(Either.right({ allowPrivateNetworkUrls: false, gitSshKeyFile: Option.none() }))
    expect(of({ TIDEMARK_ALLOW_PRIVATE_NETWORK_URLS: "true", TIDEMARK_GIT_SSH_KEY: "/etc/tidemark/deploy_key" }))
      .toEqual(Either.right({ allowPrivateNetworkUrls: true, gitSshKeyFile: Option.some("/etc/tidemark/deploy_key") }))
  })
})

describe("TIDEMARK_ANALYSIS_CONCURRENCY", () => {
  it("is the number of CPUs by default, at least 1; a set value is used; less than 1 is refused", () => {
    expect(Either.map(read({}), (config) => config.analysisConcurrency)).toEqual(Either.right(Math.max(1, availableParallelism())))
    expect(Either.map(read({ TIDEMARK_ANALYSIS_CONCURRENCY: "3" }), (config) => config.analysisConcurrency)).toEqual(Either.right(3))
    const zero = read({ TIDEMARK_ANALYSIS_CONCURRENCY: "0" })
    expect(Either.isLeft(zero)).toBe(true)
    if (Either.isLeft(zero)) expect(String(zero.left)).toMatch(/TIDEMARK_ANALYSIS_CONCURRENCY.*must be at least 1/s)
  })
})

describe("TIDEMARK_WASM_OPTIMIZE", () => {
  const booleans = ["true", "yes", "on", "1", "false", "no", "off", "0", "FALSE", " off "]

  it("is on by default; a value that is not a boolean is refused, naming it", () => {
    expect(Either.map(read({}), (config) => config.optimizeWasm)).toEqual(Either.right(true))
    const wrong = read({ TIDEMARK_WASM_OPTIMIZE: "sometimes" })
    expect(Either.isLeft(wrong)).toBe(true)
    if (Either.isLeft(wrong)) expect(String(wrong.left)).toMatch(/TIDEMARK_WASM_OPTIMIZE/)
  })

  it("keeps WebAssembly at the baseline tier exactly when the configuration reads it as off", () => {
    for (const value of booleans) {
      const optimize = Either.map(read({ TIDEMARK_WASM_OPTIMIZE: value }), (config) => config.optimizeWasm)
      if (Either.isRight(optimize)) expect(wasmBaselineOnly(value), value).toBe(!optimize.right)
    }
    expect(wasmBaselineOnly(undefined)).toBe(false)
  })
})
