import { HttpApiBuilder } from "@effect/platform"
import { ToolInstallations } from "@tidemark/core"
import { Effect, Order } from "effect"
import { TidemarkApi } from "../TidemarkApi.js"

const byUuid = Order.mapInput(Order.string, (installation: { readonly toolUuid: string }) => installation.toolUuid)

export const layer = HttpApiBuilder.group(TidemarkApi, "installation", (handlers) =>
  Effect.map(ToolInstallations.ToolInstallations, (tools) =>
    handlers.handle("listToolInstallations", () =>
      Effect.map(tools.installations, (installations) => ({ data: [...installations].sort(byUuid) })))))
