import { Schema } from "effect"
import type { CatalogueRule } from "./RuffCatalogue.js"
import { type RuffRule, snapshotCommit, snapshotRedirects, snapshotRules } from "./RuffRules.js"
import { enabledCodes, installedRuffVersion, stableCodesShapedLike, wasmRuleStatus } from "./RuffWorkspace.js"

/**
 * The rules of the installed Ruff: documented by a snapshot of Ruff's source, confirmed by the
 * WASM build. The snapshot may be of another version than the WASM, so its statuses are only a
 * first filter: a rule is kept when the snapshot has it Stable or Preview and the installed
 * Ruff runs it without preview mode; whether it is on by default is Ruff's own answer too.
 */

/** A stable rule of the installed Ruff that the snapshot does not document. */
export class RuffSnapshotGap extends Schema.TaggedError<RuffSnapshotGap>()("RuffSnapshotGap", {
  codes: Schema.Array(Schema.String)
}) {}

export interface RuffRuleSet {
  readonly version: string
  /** The snapshot commit the rules' metadata was read from. */
  readonly commit: string
  readonly rules: ReadonlyArray<CatalogueRule>
  /**
   * Where the snapshot's status and the installed Ruff's differ, with the WASM's verdict; a
   * removed code the snapshot redirects reads as the rule it selects instead (`→ S307`).
   */
  readonly statusChanges: ReadonlyArray<{ readonly code: string; readonly snapshot: string; readonly installed: string }>
}

const isCandidate = (rule: RuffRule): boolean => rule.status === "Stable" || rule.status === "Preview"

export const installedRuffRules = (gitDir: string, rev: string): RuffRuleSet => {
  const snapshot = snapshotRules(gitDir, rev)
  const installed = new Map(snapshot.map((rule) => [rule.code, wasmRuleStatus(rule.code)]))
  const kept = snapshot.filter((rule) => isCandidate(rule) && installed.get(rule.code) === "Stable")
  const keptCodes = new Set(kept.map((rule) => rule.code))
  const redirects = snapshotRedirects(gitDir, rev)
  const undocumented = [...stableCodesShapedLike(snapshot.map((rule) => rule.code))].filter(
    (code) => !keptCodes.has(code) && !redirects.has(code)
  )
  if (undocumented.length > 0) throw new RuffSnapshotGap({ codes: undocumented })
  const byDefault = enabledCodes({}, [...keptCodes])
  return {
    version: installedRuffVersion(),
    commit: snapshotCommit(gitDir, rev),
    rules: kept.map((rule) => ({ rule, recommended: byDefault.has(rule.code) })),
    statusChanges: snapshot.flatMap((rule) => {
      const status = installed.get(rule.code) ?? "Unknown"
      const target = redirects.get(rule.code)
      const verdict = target !== undefined && status === "Stable" ? `→ ${target}` : status
      return status === rule.status ? [] : [{ code: rule.code, snapshot: rule.status, installed: verdict }]
    })
  }
}
