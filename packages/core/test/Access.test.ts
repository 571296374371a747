import { describe, expect, it } from "@effect/vitest"
import { Access, Errors, OrganizationStore, Principal } from "@tidemark/core"
import { Effect, Option } from "effect"
import { createHash } from "node:crypto"
import {
  acme,
  addRepository,
  adminCaller,
  anonymous,
  callerWith,
  globex,
  issueToken,
  repo,
  withServices
} from "./fixtures/TestLayer.js"

const invalidCredentials = new Errors.Unauthenticated({ kind: "invalid", reason: "Invalid credentials" })
const missingToken = new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
const foreignToken = new Errors.Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" })

describe("Access", () => {
  describe("admin token", () => {
    it.effect("is generated once, on first start, and stays the same", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          const generated = yield* access.ensureAdmin(Option.none())
          expect(generated).toEqual(Option.some("tma_fixed-32-1"))
          expect(yield* access.ensureAdmin(Option.none())).toEqual(Option.none())
          expect(yield* access.authenticate("tma_fixed-32-1")).toEqual(
            new Principal.Principal({ credentialId: "admin", kind: "admin", permission: "admin" })
          )
        })
      ))

    it.effect("is replaced by a configured one", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* access.ensureAdmin(Option.none())
          expect(yield* access.ensureAdmin(Option.some("s3cret-from-config"))).toEqual(Option.none())
          const principal = yield* access.authenticate("s3cret-from-config")
          expect(principal.isAdmin).toBe(true)
          expect(principal.permission).toBe("admin")
          expect(yield* Effect.flip(access.authenticate("tma_fixed-32-1"))).toEqual(invalidCredentials)
          // A later start without configuration keeps the configured token.
          expect(yield* access.ensureAdmin(Option.none())).toEqual(Option.none())
          expect((yield* access.authenticate("s3cret-from-config")).isAdmin).toBe(true)
        })
      ))

    it.effect("reaches any organization, and learns that an unknown one does not exist", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* access.ensureAdmin(Option.some("root"))
          const admin = Option.some(yield* access.authenticate("root"))
          yield* addRepository("widgets")
          expect((yield* access.organization(admin, acme, "admin")).name).toBe("acme")
          expect(yield* Effect.flip(access.organization(admin, globex, "read"))).toEqual(
            new Errors.NotFound({ what: "organization", id: "gh/globex" })
          )
          expect(yield* Effect.flip(access.repository(admin, repo("gadgets"), "read"))).toEqual(
            new Errors.NotFound({ what: "repository", id: "gadgets" })
          )
        })
      ))

    it.effect("gives the admin principal every repository, with the admin permission", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("closed")
          expect((yield* access.repository(adminCaller, repo("closed"), "admin")).permission).toBe("admin")
        })
      ))
  })

  describe("api tokens", () => {
    it.effect("authenticate as their organization with their permission", () =>
      withServices(
        Effect.gen(function*() {
          const { caller, issued } = yield* issueToken("write")
          expect(issued.secret).toBe("tmt.fixed-9-1.fixed-32-2")
          expect(issued.credential.id).toBe("fixed-9-1")
          // Only the SHA-256 of the secret part is stored.
          expect(issued.credential.secretHash).toBe(createHash("sha256").update("fixed-32-2").digest("hex"))
          expect(issued.credential.createdAt).toBe("1970-01-01T00:00:00.000Z")
          const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.findOrganization("gh", "acme"))
          expect(caller).toEqual(
            Option.some(
              new Principal.Principal({
                credentialId: "fixed-9-1",
                kind: "api",
                permission: "write",
                organizationId: Option.getOrThrow(organization).id
              })
            )
          )
          const access = yield* Access.Access
          expect((yield* access.organization(caller, acme, "write")).name).toBe("acme")
        })
      ))

    it.effect("ingestion keys carry their own prefix", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.ensureOrganization("gh", "acme"))
          const issued = yield* access.issue("ingestion", organization, "write")
          expect(issued.secret).toBe("tmk.fixed-9-1.fixed-32-2")
          const principal = yield* access.authenticate(issued.secret)
          expect(principal.kind).toBe("ingestion")
          // They only push events: the analysis API refuses them even on their own organization.
          expect(yield* Effect.flip(access.organization(Option.some(principal), acme, "read"))).toEqual(
            new Errors.Unauthenticated({ kind: "wrongKind", reason: "An ingestion key cannot call this API" })
          )
        })
      ))

    it.effect("fail with Unauthenticated for a wrong secret or an unknown id", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* issueToken("admin")
          expect(yield* Effect.flip(access.authenticate("tmt.fixed-9-1.wrong"))).toEqual(invalidCredentials)
          expect(yield* Effect.flip(access.authenticate("tmt.unknown.fixed-32-2"))).toEqual(invalidCredentials)
          expect(yield* Effect.flip(access.authenticate("tmt.fixed-9-1.fixed-32-2x"))).toEqual(invalidCredentials)
          expect(yield* Effect.flip(access.authenticate(""))).toEqual(invalidCredentials)
          // No admin token was set up: nothing authenticates as the admin.
          expect(yield* Effect.flip(access.authenticate("anything"))).toEqual(invalidCredentials)
        })
      ))

    it.effect("of organization A are refused on organization B, existing or not", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("widgets")
          yield* addRepository("rockets", { owner: "globex" })
          const acmeAdmin = yield* Effect.map(issueToken("admin"), (t) => t.caller)
          expect(yield* Effect.flip(access.organization(acmeAdmin, globex, "read"))).toEqual(foreignToken)
          expect(yield* Effect.flip(access.repository(acmeAdmin, repo("rockets", "globex"), "read"))).toEqual(foreignToken)
          expect(yield* Effect.flip(access.organization(acmeAdmin, { provider: "gh", organization: "initech" }, "read")))
            .toEqual(foreignToken)
          // The same organization name on another provider is another organization.
          expect(yield* Effect.flip(access.organization(acmeAdmin, { provider: "gl", organization: "acme" }, "read")))
            .toEqual(foreignToken)
          expect((yield* access.repository(acmeAdmin, repo("widgets"), "admin")).repository.name).toBe("widgets")
        })
      ))

    it.effect("with read permission are refused write and admin operations", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("widgets")
          const reader = yield* Effect.map(issueToken("read"), (t) => t.caller)
          const reading = yield* access.repository(reader, repo("widgets"), "read")
          expect(reading.permission).toBe("read")
          expect(yield* Effect.flip(access.repository(reader, repo("widgets"), "write"))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "write", held: "read", reason: "This operation needs the 'write' permission; the token has 'read'" })
          )
          expect(yield* Effect.flip(access.organization(reader, acme, "admin"))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "read", reason: "This operation needs the 'admin' permission; the token has 'read'" })
          )
          const writer = yield* Effect.map(issueToken("write"), (t) => t.caller)
          expect((yield* access.repository(writer, repo("widgets"), "write")).permission).toBe("write")
          expect(yield* Effect.flip(access.organization(writer, acme, "admin"))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "write", reason: "This operation needs the 'admin' permission; the token has 'write'" })
          )
        })
      ))
  })

  describe("issueFor", () => {
    it.effect("lets the admin issue for any organization, created on first use", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          const initech = { provider: "gl", organization: "initech" }
          const issued = yield* access.issueFor(adminCaller, initech, "ingestion", "write")
          expect(issued.secret).toBe("tmk.fixed-9-1.fixed-32-2")
          const organization = Option.getOrThrow(yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.findOrganization("gl", "initech")))
          expect(yield* access.authenticate(issued.secret)).toEqual(
            new Principal.Principal({ credentialId: "fixed-9-1", kind: "ingestion", permission: "write", organizationId: organization.id })
          )
        })
      ))

    it.effect("lets an organization's admin token issue for its own organization only", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("rockets", { owner: "globex" })
          const owner = yield* Effect.map(issueToken("admin"), (t) => t.caller)
          const issued = yield* access.issueFor(owner, acme, "api", "read")
          const principal = yield* access.authenticate(issued.secret)
          expect([principal.kind, principal.permission, principal.organizationId]).toEqual(
            ["api", "read", Option.getOrUndefined(owner)?.organizationId]
          )
          expect(yield* Effect.flip(access.issueFor(owner, globex, "api", "read"))).toEqual(foreignToken)
          const writer = yield* Effect.map(issueToken("write"), (t) => t.caller)
          expect(yield* Effect.flip(access.issueFor(writer, acme, "api", "read"))).toEqual(
            new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "write", reason: "This operation needs the 'admin' permission; the token has 'write'" })
          )
          expect(yield* Effect.flip(access.issueFor(anonymous, acme, "api", "read"))).toEqual(missingToken)
        })
      ))
  })

  describe("anonymous callers", () => {
    it.effect("may read a Public repository where the operation allows it", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("open", { visibility: "Public" })
          const granted = yield* access.repository(anonymous, repo("open"), "read", { allowPublic: true })
          expect(granted.permission).toBe("read")
          expect(granted.repository.name).toBe("open")
          expect(granted.organization.name).toBe("acme")
          // A token of another organization reads it as anyone may, and only where allowed.
          const stranger = yield* callerWith("admin", "globex")
          const asStranger = yield* access.repository(stranger, repo("open"), "read", { allowPublic: true })
          expect(asStranger.permission).toBe("read")
          expect(yield* Effect.flip(access.repository(stranger, repo("open"), "read"))).toEqual(
            new Errors.Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" })
          )
        })
      ))

    it.effect("are refused everywhere else", () =>
      withServices(
        Effect.gen(function*() {
          const access = yield* Access.Access
          yield* addRepository("open", { visibility: "Public" })
          yield* addRepository("closed", { visibility: "Private" })
          yield* addRepository("members", { visibility: "LoginPublic" })
          const refuse = (name: string, allowPublic: boolean) =>
            Effect.flip(access.repository(anonymous, repo(name), "read", { allowPublic }))
          expect(yield* refuse("open", false)).toEqual(missingToken)
          expect(yield* refuse("closed", true)).toEqual(missingToken)
          expect(yield* refuse("members", true)).toEqual(missingToken)
          expect(yield* refuse("nowhere", true)).toEqual(missingToken)
          expect(yield* Effect.flip(access.repository(anonymous, repo("open", "globex"), "read", { allowPublic: true })))
            .toEqual(missingToken)
          expect(yield* Effect.flip(access.organization(anonymous, acme, "read"))).toEqual(missingToken)
        })
      ))
  })
})
