import { describe, expect, layer } from "@effect/vitest"
import { Common, type OrganizationStore, Records, type RepositoryStore, ToolConfigStore } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

const eslint = "f8b29663-2cb2-498d-b923-a10c6a8c05cd"
const pmd = "9ed24812-b6ee-4a58-9004-0ed183c45b8f"

const setting = (patternId: string, enabled: boolean, parameters: Record<string, string> = {}) =>
  new Records.PatternSetting({
    patternId,
    enabled,
    parameters: Object.entries(parameters).map(([name, value]) => new Common.ParameterValue({ name, value }))
  })

/** Pattern settings as plain tuples, easy to compare. */
const summary = (settings: ReadonlyArray<Records.PatternSetting>) =>
  settings.map((s) => [s.patternId, s.enabled, s.parameters.map((p) => `${p.name}=${p.value}`)])

/** Tool and pattern settings hang off repositories, which the store of repositories creates. */
export const toolConfigStoreContract = (
  name: string,
  storeLayer: Layer.Layer<ToolConfigStore.ToolConfigStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`ToolConfigStore contract (${name})`, (it) => {
    describe("tool settings", () => {
      it.effect("a repository never configured has no settings", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          expect(yield* store.toolSettings(repository.id)).toEqual([])
          expect(yield* store.patternSettings(repository.id, eslint)).toEqual([])
        }))

      it.effect("an absent field keeps the stored value; usesConfigurationFile starts unchosen", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository

          yield* store.applyToolChange(repository.id, eslint, { patterns: [] })
          expect(yield* store.toolSettings(repository.id)).toStrictEqual([new Records.ToolSetting({ toolUuid: eslint })])

          yield* store.applyToolChange(repository.id, eslint, { enabled: false, patterns: [] })
          // Enabling or disabling is not a choice about the configuration file: the default still applies.
          expect(yield* store.toolSettings(repository.id)).toStrictEqual([new Records.ToolSetting({ toolUuid: eslint, enabled: false })])
          yield* store.applyToolChange(repository.id, eslint, { usesConfigurationFile: true, patterns: [] })
          expect(yield* store.toolSettings(repository.id)).toStrictEqual([
            new Records.ToolSetting({ toolUuid: eslint, enabled: false, usesConfigurationFile: true })
          ])

          yield* store.applyToolChange(repository.id, eslint, { enabled: true, usesConfigurationFile: false, patterns: [] })
          expect(yield* store.toolSettings(repository.id)).toStrictEqual([
            new Records.ToolSetting({ toolUuid: eslint, enabled: true, usesConfigurationFile: false })
          ])
        }))

      it.effect("tools are listed in the order they were first configured", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, pmd, { enabled: true, patterns: [] })
          yield* store.applyToolChange(repository.id, eslint, { enabled: true, patterns: [] })
          yield* store.applyToolChange(repository.id, pmd, { enabled: false, patterns: [] })
          expect((yield* store.toolSettings(repository.id)).map((s) => [s.toolUuid, s.enabled])).toEqual([
            [pmd, false],
            [eslint, true]
          ])
        }))

      it.effect("settings belong to their repository", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.applyToolChange(one.repository.id, eslint, { enabled: true, patterns: [setting("semi", true)] })
          expect(yield* store.toolSettings(two.repository.id)).toEqual([])
          expect(yield* store.patternSettings(two.repository.id, eslint)).toEqual([])
        }))
    })

    describe("pattern settings", () => {
      it.effect("applyToolChange writes the tool and its patterns; later changes replace a pattern's setting", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, eslint, {
            enabled: true,
            patterns: [setting("semi", true), setting("max-len", true, { code: "100", tabWidth: "2" }), setting("eqeqeq", false)]
          })
          yield* store.applyToolChange(repository.id, eslint, {
            patterns: [setting("max-len", false, { code: "120" }), setting("curly", true)]
          })

          expect(summary(yield* store.patternSettings(repository.id, eslint))).toEqual([
            ["semi", true, []],
            ["max-len", false, ["code=120"]],
            ["eqeqeq", false, []],
            ["curly", true, []]
          ])
          expect((yield* store.toolSettings(repository.id)).map((s) => s.enabled)).toEqual([true])
        }))

      it.effect("records read back equal the records written", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          const written = [setting("max-len", true, { code: "100", "ignore pattern": "^\\s*// \"é\"" })]
          yield* store.applyToolChange(repository.id, eslint, { patterns: written })
          expect(yield* store.patternSettings(repository.id, eslint)).toStrictEqual(written)
        }))

      it.effect("the same pattern twice in one change: the last setting wins", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, eslint, {
            patterns: [setting("semi", true), setting("curly", true), setting("semi", false, { a: "1" })]
          })
          expect(summary(yield* store.patternSettings(repository.id, eslint))).toEqual([
            ["semi", false, ["a=1"]],
            ["curly", true, []]
          ])
        }))

      it.effect("patterns belong to their tool", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, eslint, { patterns: [setting("shared-id", true)] })
          yield* store.applyToolChange(repository.id, pmd, { patterns: [setting("shared-id", false)] })
          expect(summary(yield* store.patternSettings(repository.id, eslint))).toEqual([["shared-id", true, []]])
          expect(summary(yield* store.patternSettings(repository.id, pmd))).toEqual([["shared-id", false, []]])
        }))
    })

    describe("setPatternsEnabled", () => {
      it.effect("sets enabled on many patterns, keeping parameters; new patterns start without parameters", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, eslint, {
            patterns: [setting("max-len", true, { code: "100" }), setting("semi", true)]
          })

          yield* store.setPatternsEnabled(repository.id, eslint, ["new-b", "max-len", "new-a", "new-b"], false)
          expect(summary(yield* store.patternSettings(repository.id, eslint))).toEqual([
            ["max-len", false, ["code=100"]],
            ["semi", true, []],
            ["new-b", false, []],
            ["new-a", false, []]
          ])

          yield* store.setPatternsEnabled(repository.id, eslint, ["semi", "new-a"], true)
          expect(summary(yield* store.patternSettings(repository.id, eslint)).map(([id, enabled]) => [id, enabled])).toEqual([
            ["max-len", false],
            ["semi", true],
            ["new-b", false],
            ["new-a", true]
          ])
        }))

      it.effect("an empty list changes nothing", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          yield* store.applyToolChange(repository.id, eslint, { patterns: [setting("semi", true)] })
          yield* store.setPatternsEnabled(repository.id, eslint, [], false)
          expect(summary(yield* store.patternSettings(repository.id, eslint))).toEqual([["semi", true, []]])
          expect(yield* store.patternSettings(repository.id, pmd)).toEqual([])
        }))

      it.effect("thousands of patterns at once", () =>
        Effect.gen(function*() {
          const store = yield* ToolConfigStore.ToolConfigStore
          const { repository } = yield* freshRepository
          const ids = Array.from({ length: 2_000 }, (_, i) => `pattern-${String(i).padStart(4, "0")}`)
          yield* store.setPatternsEnabled(repository.id, pmd, ids, true)
          yield* store.setPatternsEnabled(repository.id, pmd, ids.slice(0, 1_000), false)
          const settings = yield* store.patternSettings(repository.id, pmd)
          expect(settings.map((s) => s.patternId)).toEqual(ids)
          expect(settings.filter((s) => s.enabled).length).toBe(1_000)
          expect(settings[0]?.enabled).toBe(false)
          expect(settings[1_999]?.enabled).toBe(true)
        }))
    })
  })
