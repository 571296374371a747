import { describe, expect, it } from "@effect/vitest"
import { Access, Errors, OrganizationSettings, OrganizationStore, Organizations, OrganizationViews } from "@tidemark/core"
import { Effect, Option } from "effect"
import { acme, adminCaller, anonymous, callerWith, globex, withServices } from "./fixtures/TestLayer.js"

const names = (page: { readonly data: ReadonlyArray<{ readonly name: string }> }) => page.data.map((o) => o.name)

describe("Organizations", () => {
  it.effect("the installation admin lists every organization of the provider by name, a page at a time; a token only its own", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const organizationStore = yield* OrganizationStore.OrganizationStore
        yield* Effect.forEach(["zeta", "acme", "globex"], (name) => organizationStore.ensureOrganization("gh", name), { discard: true })
        yield* organizationStore.ensureOrganization("gl", "elsewhere")
        const all = yield* organizations.list(adminCaller, "gh", undefined, undefined)
        expect(names(all)).toStrictEqual(["acme", "globex", "zeta"])
        // The installation admin is no member of them: no joinStatus.
        expect(all.data.map((o) => o.joinStatus)).toStrictEqual([undefined, undefined, undefined])
        const first = yield* organizations.list(adminCaller, "gh", undefined, 2)
        expect(names(first)).toStrictEqual(["acme", "globex"])
        const rest = yield* organizations.list(adminCaller, "gh", first.pagination?.cursor, 2)
        expect(names(rest)).toStrictEqual(["zeta"])
        const own = yield* organizations.list(yield* callerWith("read", "globex"), "gh", undefined, undefined)
        expect(own.data.map((o) => [o.name, o.joinStatus])).toStrictEqual([["globex", "member"]])
      })
    ))

  it.effect("no caller, or an ingestion key, lists nothing (401)", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const access = yield* Access.Access
        const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.ensureOrganization("gh", "acme"))
        const key = yield* access.issue("ingestion", organization, "write")
        const ingestion = Option.some(yield* access.authenticate(key.secret))
        expect(yield* Effect.flip(organizations.list(anonymous, "gh", undefined, undefined))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(organizations.list(ingestion, "gh", undefined, undefined))).toStrictEqual(
          new Errors.Unauthenticated({ kind: "wrongKind", reason: "An ingestion key cannot call this API" })
        )
      })
    ))

  it.effect("an organization's admin token administers it, any other token is a member; a foreign token gets 401", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const asAdmin = yield* organizations.get(yield* callerWith("admin"), acme)
        const asReader = yield* organizations.get(yield* callerWith("read"), acme)
        expect([asAdmin.membership.userRole, asReader.membership.userRole]).toStrictEqual(["admin", "member"])
        expect(asReader.organization.joinStatus).toBe("member")
        expect((yield* organizations.get(adminCaller, acme)).organization.joinStatus).toBeUndefined()
        expect(yield* Effect.flip(organizations.get(yield* callerWith("admin", "globex"), acme))).toBeInstanceOf(Errors.Unauthenticated)
      })
    ))

  it.effect("only the installation admin changes an organization's settings; any of its tokens reads them", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const orgAdmin = yield* callerWith("admin")
        expect(yield* organizations.settings(yield* callerWith("read"), acme)).toStrictEqual(
          new OrganizationSettings.OrganizationSettings({ allowConfigurationFiles: false })
        )
        expect(yield* Effect.flip(organizations.updateSettings(orgAdmin, acme, { allowConfigurationFiles: true }))).toBeInstanceOf(
          Errors.PermissionDenied
        )
        // Another organization's token learns nothing, not even that it may not.
        expect(yield* Effect.flip(organizations.updateSettings(yield* callerWith("admin", "globex"), acme, { allowConfigurationFiles: true })))
          .toBeInstanceOf(Errors.Unauthenticated)
        const changed = yield* organizations.updateSettings(adminCaller, acme, { allowConfigurationFiles: true })
        expect(changed.allowConfigurationFiles).toBe(true)
        // A body without the field keeps what is set.
        expect((yield* organizations.updateSettings(adminCaller, acme, {})).allowConfigurationFiles).toBe(true)
        expect((yield* organizations.settings(orgAdmin, acme)).allowConfigurationFiles).toBe(true)
        expect((yield* organizations.settings(adminCaller, globex)).allowConfigurationFiles).toBe(false)
      })
    ))
})

describe("Organizations: adding and joining (issue 27)", () => {
  const body = (name: string, type: "Account" | "Organization" = "Organization") =>
    OrganizationViews.AddOrganizationBody.make({ provider: "gh", remoteIdentifier: "123", name, type })

  it.effect("the installation admin adds an organization once; adding it again answers it with a warning", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const added = yield* organizations.add(adminCaller, body("initech"))
        expect([added.organization.name, added.organization.remoteIdentifier, added.organization.type, added.warnings])
          .toStrictEqual(["initech", "initech", "Organization", undefined])
        const found = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.findOrganization("gh", "initech"))
        expect(Option.map(found, (o) => o.id)).toStrictEqual(Option.some(added.organization.identifier))
        const again = yield* organizations.add(adminCaller, body("initech", "Account"))
        expect(again.organization.identifier).toBe(added.organization.identifier)
        expect(again.warnings?.length).toBe(2)
        expect(yield* Effect.flip(organizations.add(adminCaller, body("  ")))).toBeInstanceOf(Errors.InvalidInput)
      })
    ))

  it.effect("an organization's admin token adds only its own; a write token is refused; another organization is 401", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const admin = yield* callerWith("admin")
        const own = yield* organizations.add(admin, body("acme"))
        expect([own.organization.name, own.organization.joinStatus, own.warnings?.length]).toStrictEqual(["acme", "member", 1])
        expect(yield* Effect.flip(organizations.add(admin, body("initech")))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(organizations.add(yield* callerWith("write"), body("acme")))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(organizations.add(anonymous, body("acme")))).toBeInstanceOf(Errors.Unauthenticated)
      })
    ))

  it.effect("joining: a token of the organization is a member; another's is 401; an unknown organization is 404 to the admin", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* Organizations.Organizations
        const reader = yield* callerWith("read")
        const joined = yield* organizations.join(reader, acme)
        expect(joined.joinStatus).toBe("member")
        expect(yield* organizations.join(adminCaller, acme)).toStrictEqual(joined)
        expect(yield* Effect.flip(organizations.join(yield* callerWith("read", "globex"), acme))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* Effect.flip(organizations.join(adminCaller, { provider: "gh", organization: "nowhere" }))).toBeInstanceOf(Errors.NotFound)
      })
    ))
})
