import { Option } from "effect"
import type { IssueResult } from "./AnalysisResults.js"
import { headLine, headPath, type LineMapping } from "./LineMapping.js"

/** What a change did to issues: those only the head has, those only the base had, and the pairs that are the same issue. */
export interface IssueMatching {
  /** Head issues no base issue matches: new, at their head line. */
  readonly added: ReadonlyArray<IssueResult>
  /** Base issues no head issue matches: fixed, at their base line. */
  readonly fixed: ReadonlyArray<IssueResult>
  /** Each base issue with the head issue it became. */
  readonly matched: ReadonlyArray<readonly [base: IssueResult, head: IssueResult]>
}

/** The indexes of `issues` by line, whatever order a store loaded them in. */
const byLine = (issues: ReadonlyArray<IssueResult>) =>
  issues.map((_, index) => index).sort((a, b) => (issues[a]?.line ?? 0) - (issues[b]?.line ?? 0))

/**
 * Pairs, in line order, the base and head issues still unpaired that have the same key (none: not
 * paired by it); marks them paired. In line order, so that of several equal candidates the
 * first pairs with the first, as occurrence numbers did.
 */
const pairBy = (
  base: ReadonlyArray<IssueResult>,
  head: ReadonlyArray<IssueResult>,
  paired: { readonly base: Set<number>; readonly head: Map<number, number> },
  baseKey: (issue: IssueResult) => string | undefined,
  headKey: (issue: IssueResult) => string
) => {
  // Each key's head issues and how many of them are taken (not `shift`: thousands of equal lines).
  const waiting = new Map<string, { readonly indexes: Array<number>; taken: number }>()
  for (const index of byLine(head)) {
    const issue = head[index]
    if (issue === undefined || paired.head.has(index)) continue
    const key = headKey(issue)
    const entry = waiting.get(key)
    if (entry === undefined) waiting.set(key, { indexes: [index], taken: 0 })
    else entry.indexes.push(index)
  }
  for (const index of byLine(base)) {
    const issue = base[index]
    if (issue === undefined || paired.base.has(index)) continue
    const key = baseKey(issue)
    const entry = key === undefined ? undefined : waiting.get(key)
    const headIndex = entry?.indexes[entry.taken]
    if (entry === undefined || headIndex === undefined) continue
    entry.taken++
    paired.base.add(index)
    paired.head.set(headIndex, index)
  }
}

const rule = (issue: IssueResult) => `${issue.toolUuid}\u0000${issue.patternId}`

const text = (issue: IssueResult) => issue.lineText.trim()

const result = (
  base: ReadonlyArray<IssueResult>,
  head: ReadonlyArray<IssueResult>,
  paired: { readonly base: Set<number>; readonly head: Map<number, number> }
): IssueMatching => ({
  added: head.filter((_, index) => !paired.head.has(index)),
  fixed: base.filter((_, index) => !paired.base.has(index)),
  matched: [...paired.head].flatMap(([headIndex, baseIndex]) => {
    const from = base[baseIndex]
    const to = head[headIndex]
    return from === undefined || to === undefined ? [] : [[from, to] as const]
  })
})

/**
 * The base and head issues that are the same, through the diff's line mapping: an issue of the
 * same tool and pattern on the line the base's line became (same file, or its new name) is the
 * same issue, the one with the same message first (two findings of a rule on one line). Issues
 * left are then paired by the trimmed text of their line in the same file, as a moved line (removed
 * here, added there) keeps its issue. What is left is fixed, or new.
 *
 * A mapped line has the base line's text; an issue whose text differs is not taken for the same,
 * so that a diff of other commits than the analyses' cannot pair unrelated issues.
 *
 * Issue ids take no part: an id numbers equal lines in order (see `issueIdentity`), and when the
 * first of two equal lines goes, the second takes its id; ids stay as each analysis stored them.
 */
export const matchIssues = (
  base: ReadonlyArray<IssueResult>,
  head: ReadonlyArray<IssueResult>,
  lines: LineMapping
): IssueMatching => {
  const paired = { base: new Set<number>(), head: new Map<number, number>() }
  const headFile = (issue: IssueResult) => Option.getOrElse(headPath(lines, issue.filePath), () => issue.filePath)
  const at = (issue: IssueResult, path: string, line: number) => `${rule(issue)}\u0000${path}\u0000${line}\u0000${text(issue)}`
  const baseAt = (issue: IssueResult) =>
    Option.getOrUndefined(Option.map(headLine(lines, issue.filePath, issue.line), (line) => at(issue, headFile(issue), line)))
  const headAt = (issue: IssueResult) => at(issue, issue.filePath, issue.line)
  pairBy(base, head, paired, (issue) => {
    const key = baseAt(issue)
    return key === undefined ? undefined : `${key}\u0000${issue.message}`
  }, (issue) => `${headAt(issue)}\u0000${issue.message}`)
  pairBy(base, head, paired, baseAt, headAt)
  pairBy(base, head, paired, (issue) => `${rule(issue)}\u0000${headFile(issue)}\u0000${text(issue)}`, (issue) =>
    `${rule(issue)}\u0000${issue.filePath}\u0000${text(issue)}`)
  return result(base, head, paired)
}

/**
 * Without the diff: issues are the same when their ids are (tool, pattern, file, line text and
 * occurrence among equal lines), as before the diff was read. Of two equal lines, removing the
 * first shows the second as fixed.
 */
export const matchById = (base: ReadonlyArray<IssueResult>, head: ReadonlyArray<IssueResult>): IssueMatching => {
  const paired = { base: new Set<number>(), head: new Map<number, number>() }
  pairBy(base, head, paired, (issue) => issue.issueId, (issue) => issue.issueId)
  return result(base, head, paired)
}
