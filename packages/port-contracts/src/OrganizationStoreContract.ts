import { expect, layer } from "@effect/vitest"
import { OrganizationSettings, OrganizationStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { uniqueName } from "./Fixtures.js"

export const organizationStoreContract = (name: string, storeLayer: Layer.Layer<OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`OrganizationStore contract (${name})`, (it) => {
    it.effect("ensureOrganization creates an organization once; the name matches whatever its case", () =>
      Effect.gen(function*() {
        const store = yield* OrganizationStore.OrganizationStore
        const name = uniqueName("Acme")
        expect(yield* store.findOrganization("gh", name)).toEqual(Option.none())

        const created = yield* store.ensureOrganization("gh", name)
        expect(created.provider).toBe("gh")
        expect(created.name).toBe(name)

        const again = yield* store.ensureOrganization("gh", name.toUpperCase())
        expect(again).toStrictEqual(created)
        expect(yield* store.findOrganization("gh", name.toLowerCase())).toStrictEqual(Option.some(created))
      }))

    it.effect("organizations of different providers are different", () =>
      Effect.gen(function*() {
        const store = yield* OrganizationStore.OrganizationStore
        const name = uniqueName("acme")
        const github = yield* store.ensureOrganization("gh", name)
        const gitlab = yield* store.ensureOrganization("gl", name)
        expect(gitlab.id).not.toBe(github.id)
        expect(gitlab.provider).toBe("gl")
        expect(yield* store.findOrganization("bb", name)).toEqual(Option.none())
      }))

    it.effect("listOrganizations lists a provider's organizations by name, or only those asked for", () =>
      Effect.gen(function*() {
        const store = yield* OrganizationStore.OrganizationStore
        const suffix = uniqueName("")
        const b = yield* store.ensureOrganization("gh", `b${suffix}`)
        const a = yield* store.ensureOrganization("gh", `A${suffix}`)
        const elsewhere = yield* store.ensureOrganization("gl", `c${suffix}`)
        const all = yield* store.listOrganizations("gh")
        const names = all.map((org) => org.name)
        expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
        expect(all).toContainEqual(a)
        expect(all.map((org) => org.id)).not.toContain(elsewhere.id)
        expect(yield* store.listOrganizations("gh", [b.id, a.id, elsewhere.id])).toStrictEqual([a, b])
        expect(yield* store.listOrganizations("gh", [])).toEqual([])
      }))

    it.effect("settings start with configuration files not allowed; saved ones are read back, per organization", () =>
      Effect.gen(function*() {
        const store = yield* OrganizationStore.OrganizationStore
        const allowed = yield* store.ensureOrganization("gh", uniqueName("allowed"))
        const other = yield* store.ensureOrganization("gh", uniqueName("other"))
        expect(yield* store.organizationSettings(allowed.id)).toStrictEqual(new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: false }))

        yield* store.saveOrganizationSettings(allowed.id, new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: true }))
        expect(yield* store.organizationSettings(allowed.id)).toStrictEqual(new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: true }))
        expect((yield* store.organizationSettings(other.id)).allowConfigurationFiles).toBe(false)
        // A found organization may be kept by the store; its settings must not be.
        yield* store.findOrganization("gh", allowed.name)
        yield* store.saveOrganizationSettings(allowed.id, new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: false }))
        expect((yield* store.organizationSettings(allowed.id)).allowConfigurationFiles).toBe(false)
      }))
  })
