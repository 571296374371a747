import { Effect, Layer } from "effect"
import type { ToolInstallation } from "../domain/ToolInstallation.js"
import { ToolInstallations } from "../ports/ToolInstallations.js"

/** Installations fixed at start-up: a test's, or an embedding program's that runs no external analyser. */
export const layer = (installations: ReadonlyArray<ToolInstallation>) =>
  Layer.succeed(ToolInstallations, ToolInstallations.of({ installations: Effect.succeed(installations) }))

