import { HttpApiBuilder } from "@effect/platform"
import { Organizations } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, organizationAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import type { getOrganizationSettings, updateOrganizationSettings } from "./Api.js"

export const accountLayer = HttpApiBuilder.group(TidemarkApi, "account", (handlers) =>
  Effect.gen(function*() {
    const organizations = yield* Organizations.Organizations
    return handlers
      .handle("listOrganizations", ({ path, urlParams }) =>
        answer((caller) => organizations.list(caller, path.provider, urlParams.cursor, urlParams.limit)))
      .handle("getOrganization", ({ path }) => answerData((caller) => organizations.get(caller, organizationAt(path))))
      .handle("getUser", () => answer((caller) => organizations.user(caller)))
  }))

export const organizationSetupLayer = HttpApiBuilder.group(TidemarkApi, "organizationSetup", (handlers) =>
  Effect.gen(function*() {
    const organizations = yield* Organizations.Organizations
    return handlers
      .handle("addOrganization", ({ payload }) => answer((caller) => organizations.add(caller, payload)))
      .handle("joinOrganization", ({ path }) => answer((caller) => organizations.join(caller, organizationAt(path))))
  }))

/** The admin group's operations on organizations (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(Organizations.Organizations, (organizations) => ({
  getOrganizationSettings: ({ path }: RequestOf<typeof getOrganizationSettings>) =>
    answerData((caller) => organizations.settings(caller, organizationAt(path))),
  updateOrganizationSettings: ({ path, payload }: RequestOf<typeof updateOrganizationSettings>) =>
    answerData((caller) => organizations.updateSettings(caller, organizationAt(path), payload))
}))
