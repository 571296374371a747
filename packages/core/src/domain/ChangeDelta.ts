import { Option } from "effect"
import type { AnalysisResults, CloneResult, FileResult, IssueResult } from "./AnalysisResults.js"
import { CloneDelta, DeltaIssue, type DeltaType, FileDelta, IssueKindCount } from "./ChangeAnalysis.js"
import { matchById, matchIssues } from "./IssueMatching.js"
import type { LineMapping } from "./LineMapping.js"

/** A file a change touched, as git tells it (the GitChanges port's ChangedFile). */
export interface TouchedFile {
  readonly path: string
  readonly addedLines: ReadonlyArray<number>
}

/** What a change did, before it is stored: the numbers, the files, the clones and the issues behind them. */
export interface ChangeDelta {
  readonly newIssues: number
  readonly fixedIssues: number
  readonly deltaComplexity: number
  readonly deltaClonesCount: number
  readonly newIssueKinds: ReadonlyArray<IssueKindCount>
  readonly files: ReadonlyArray<FileDelta>
  readonly clones: ReadonlyArray<CloneDelta>
  readonly issues: ReadonlyArray<DeltaIssue>
}

/**
 * A clone is the same across commits when it occurs in the same files with blocks of the same
 * length: moving the block within its file (lines added above it) does not make it new.
 */
const cloneIdentity = (clone: CloneResult) =>
  clone.occurrences.map((o) => `${o.path}\u0000${o.toLine - o.fromLine}`).sort().join("\u0001")

/** The items of `from` whose key `other` does not have as many times: a difference of multisets. */
const missingFrom = <A>(from: ReadonlyArray<A>, other: ReadonlyArray<A>, key: (a: A) => string): Array<A> => {
  const counts = new Map<string, number>()
  for (const item of other) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return from.filter((item) => {
    const left = counts.get(key(item)) ?? 0
    if (left === 0) return true
    counts.set(key(item), left - 1)
    return false
  })
}

const countBy = <A>(items: ReadonlyArray<A>, key: (a: A) => ReadonlyArray<string>) => {
  const counts = new Map<string, number>()
  for (const item of items) for (const k of new Set(key(item))) counts.set(k, (counts.get(k) ?? 0) + 1)
  return counts
}

const sumComplexity = (files: ReadonlyArray<FileResult>) => files.reduce((sum, file) => sum + (file.complexity ?? 0), 0)

const fileComplexityDelta = (head: FileResult | undefined, base: FileResult | undefined) =>
  head?.complexity === undefined && base?.complexity === undefined
    ? undefined
    : (head?.complexity ?? 0) - (base?.complexity ?? 0)

const byPath = (a: { readonly path: string }, b: { readonly path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

/**
 * The change from `base` to `head`. Issues are matched through the diff's line mapping (`lines`,
 * see `matchIssues`): an issue on a line the change kept is the same issue, one on a line it moved
 * keeps its issue by the line's text; a fixed issue is shown at its base line, a new one at its
 * head line. Without the diff (git could not tell it), issues are the same when their ids are
 * (`matchById`), which, of two equal lines, takes the second for the one removed. The files listed
 * are those git says the change touched, and any other file where an issue or a clone appeared or
 * went (a changed configuration can do that); each with the lines the change added.
 */
export const changeBetween = (
  base: AnalysisResults,
  head: AnalysisResults,
  touched: ReadonlyArray<TouchedFile>,
  lines: Option.Option<LineMapping> = Option.none()
): ChangeDelta => {
  const { added, fixed } = Option.match(lines, {
    onNone: () => matchById(base.issues, head.issues),
    onSome: (mapping) => matchIssues(base.issues, head.issues, mapping)
  })
  const newClones = missingFrom(head.clones, base.clones, cloneIdentity)
  const goneClones = missingFrom(base.clones, head.clones, cloneIdentity)

  const headFiles = new Map(head.files.map((file) => [file.path, file]))
  const baseFiles = new Map(base.files.map((file) => [file.path, file]))
  const addedLines = new Map(touched.map((file) => [file.path, file.addedLines]))
  const newByFile = countBy(added, (issue) => [issue.filePath])
  const fixedByFile = countBy(fixed, (issue) => [issue.filePath])
  const paths = (clone: CloneResult) => clone.occurrences.map((o) => o.path)
  const newClonesByFile = countBy(newClones, paths)
  const goneClonesByFile = countBy(goneClones, paths)

  const listed = new Set([...addedLines.keys(), ...newByFile.keys(), ...fixedByFile.keys(), ...newClonesByFile.keys(), ...goneClonesByFile.keys()])
  const files = [...listed].flatMap((path): Array<FileDelta> => {
    const headFile = headFiles.get(path)
    const baseFile = baseFiles.get(path)
    // A touched file the analysis does not measure (an image, an ignored path) has nothing to show.
    if (headFile === undefined && baseFile === undefined) return []
    const deltaComplexity = fileComplexityDelta(headFile, baseFile)
    return [FileDelta.make({
      path,
      language: (headFile ?? baseFile)?.language ?? "",
      inHead: headFile !== undefined,
      newIssues: newByFile.get(path) ?? 0,
      fixedIssues: fixedByFile.get(path) ?? 0,
      ...(deltaComplexity === undefined ? {} : { deltaComplexity }),
      deltaClonesCount: (newClonesByFile.get(path) ?? 0) - (goneClonesByFile.get(path) ?? 0),
      addedLines: headFile === undefined ? [] : [...(addedLines.get(path) ?? [])]
    })]
  }).sort(byPath)

  const cloneDeltas = (clones: ReadonlyArray<CloneResult>, deltaType: DeltaType, from: number) =>
    clones.map((clone, i) => CloneDelta.make({ id: from + i, deltaType, occurrences: clone.occurrences }))
  const issues = (list: ReadonlyArray<IssueResult>, deltaType: DeltaType) => list.map((issue) => DeltaIssue.make({ deltaType, issue }))

  return {
    newIssues: added.length,
    fixedIssues: fixed.length,
    deltaComplexity: sumComplexity(head.files) - sumComplexity(base.files),
    deltaClonesCount: newClones.length - goneClones.length,
    newIssueKinds: [...countBy(added, (issue) => [`${issue.level}\u0000${issue.category}`])].map(([kind, count]) => {
      const [level, category] = kind.split("\u0000")
      return IssueKindCount.make({ level: level as IssueResult["level"], category: category ?? "", count })
    }),
    files,
    clones: [...cloneDeltas(newClones, "Added", 1), ...cloneDeltas(goneClones, "Fixed", newClones.length + 1)],
    issues: [...issues(added, "Added"), ...issues(fixed, "Fixed")]
  }
}

/** The first analysis of a branch: nothing to compare with, so nothing is new or fixed. */
export const noChange: ChangeDelta = {
  newIssues: 0,
  fixedIssues: 0,
  deltaComplexity: 0,
  deltaClonesCount: 0,
  newIssueKinds: [],
  files: [],
  clones: [],
  issues: []
}
