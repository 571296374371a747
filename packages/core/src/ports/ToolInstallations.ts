import { Context, type Effect } from "effect"
import type { ToolInstallation } from "../domain/ToolInstallation.js"

/**
 * Which of the catalogue's tools this server can run, read from where they run (the analysis's
 * plug-ins and the programs on the search path), so that the tools pages and an administrator can
 * see what is missing before a repository's analysis says so.
 */
export class ToolInstallations extends Context.Tag("@tidemark/core/ToolInstallations")<
  ToolInstallations,
  { readonly installations: Effect.Effect<ReadonlyArray<ToolInstallation>> }
>() {}
