import { RegisteredTools } from "@tidemark/core"
import { CachedMessage } from "../LintCache.js"
import { ruleAndLevelOf, ruleAtLevel } from "../LintedFile.js"
import type { SarifIssue, SarifLevel, SarifRule } from "../Sarif.js"
import { levelOfSarif } from "../Sarif.js"

/**
 * A registered tool's log read as Tidemark's: each result a message of its file (its rule id with
 * the result's level, `errcheck:error`), each rule the log names a pattern to discover.
 */

/** A result's message's rule id: its rule at the result's level (`ruleAtLevel`). */
export const ruleIdOfResult = (issue: SarifIssue): string => ruleAtLevel(issue.ruleId ?? "unknown", issue.level)

export const splitRuleId = (ruleId: string): { readonly rule: string; readonly level: SarifLevel } => {
  const { level, rule } = ruleAndLevelOf(ruleId)
  return { rule, level: level === "error" || level === "note" || level === "none" ? level : "warning" }
}

/** Each file's messages, by its path in the tree; a result about no file of the tree (the project, a file outside) is left out. */
export const messagesByFile = (issues: ReadonlyArray<SarifIssue>, inTree: ReadonlySet<string>): ReadonlyMap<string, ReadonlyArray<CachedMessage>> => {
  const byFile = new Map<string, Array<CachedMessage>>()
  for (const issue of issues) {
    if (issue.file === undefined || !inTree.has(issue.file)) continue
    const messages = byFile.get(issue.file) ?? []
    messages.push(new CachedMessage({ ruleId: ruleIdOfResult(issue), line: issue.line ?? 1, message: issue.message }))
    byFile.set(issue.file, messages)
  }
  for (const messages of byFile.values()) messages.sort((a, b) => a.line - b.line)
  return byFile
}

const categoryOf = (tags: ReadonlyArray<string>): RegisteredTools.DiscoveredRule["category"] => {
  const lower = tags.map((tag) => tag.toLowerCase())
  if (lower.some((tag) => tag.includes("security") || tag.startsWith("cwe") || tag.startsWith("external/cwe"))) return "Security"
  if (lower.some((tag) => tag.includes("performance"))) return "Performance"
  if (lower.some((tag) => tag === "style" || tag.includes("code-style") || tag.includes("convention"))) return "CodeStyle"
  return "ErrorProne"
}

/** The rules as patterns: their level from the rule's default (SARIF's `warning` when it gives none), their category from its tags. */
export const discoveredRulesOf = (rules: ReadonlyArray<SarifRule>): ReadonlyArray<RegisteredTools.DiscoveredRule> => {
  const byId = new Map<string, RegisteredTools.DiscoveredRule>()
  for (const rule of rules) {
    if (byId.has(rule.id)) continue
    byId.set(rule.id, new RegisteredTools.DiscoveredRule({
      id: rule.id,
      ...(rule.title === undefined ? {} : { title: rule.title }),
      ...(rule.description === undefined ? {} : { description: rule.description }),
      level: levelOfSarif(rule.level),
      category: categoryOf(rule.tags)
    }))
  }
  return [...byId.values()]
}
