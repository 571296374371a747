import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = (version: string) =>
  HttpApiBuilder.group(TidemarkApi, "version", (handlers) => handlers.handle("getVersion", () => Effect.succeed({ data: version })))
