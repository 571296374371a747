import type { IClone, IOptions } from "@jscpd/core"
import { getDefaultOptions, Statistic } from "@jscpd/core"
import { getFormatByFile, Tokenizer } from "@jscpd/tokenizer"
import { Effect } from "effect"
import { hash } from "node:crypto"
import { CloneDetector } from "./CloneDetector.js"
import type { FrameCache } from "./FrameCache.js"
import { FileWatch } from "./FileWatch.js"
import { duplicationToolName, reasonOfThrow, SkippedFile } from "./SkippedFile.js"

export interface DuplicationOptions {
  /** The smallest clone, in tokens (jscpd's `--min-tokens`, default 50). */
  readonly minTokens: number
  /** The smallest clone, in lines (jscpd's `--min-lines`, default 5). */
  readonly minLines: number
  /** Files longer than this are skipped, as jscpd skips them (`--max-lines`, default 1000). */
  readonly maxLines: number
  /** Files larger than this many bytes are skipped (`--max-size`, default 100kb). */
  readonly maxBytes: number
}

export const defaultDuplicationOptions: DuplicationOptions = {
  minTokens: 50,
  minLines: 5,
  maxLines: 1000,
  maxBytes: 100 * 1024
}

/** One side of a clone: lines `startLine..endLine` of `path`, duplicated at `other`. */
export interface CloneBlock {
  readonly startLine: number
  readonly endLine: number
  readonly otherPath: string
  readonly otherStartLine: number
}

export interface FileDuplication {
  readonly path: string
  readonly lines: number
  readonly duplicatedLines: number
  readonly blocks: ReadonlyArray<CloneBlock>
}

export interface Duplication {
  /** The files jscpd's rules admit (known format, within the size limits), in input order. */
  readonly files: ReadonlyArray<FileDuplication>
  readonly clones: number
  readonly lines: number
  readonly duplicatedLines: number
  /** Duplicated lines over all lines of the admitted files, in percent, as jscpd reports it. */
  readonly percentage: number
  /** Files jscpd's tokenizer threw on: left out, the others compared as usual. */
  readonly skipped: ReadonlyArray<SkippedFile>
}

/**
 * jscpd's formats of documentation and data: a README that repeats its install steps, or two YAML
 * workflows with the same jobs, are not duplicated code. The analysis's duplication counts
 * programming (and markup) languages only.
 */
const notCodeFormats: ReadonlySet<string> = new Set([
  "markdown", "yaml", "json", "json5", "txt", "csv", "log", "ini", "properties", "toml", "editorconfig",
  "ignore", "asciidoc", "rest", "textile", "wiki", "latex", "gettext", "diff"
])

/** Whether a file is code for the duplication measure: a format jscpd reads, and not documentation or data. */
export const isDuplicationCode = (path: string): boolean => {
  const format = getFormatByFile(path)
  return format !== undefined && !notCodeFormats.has(format)
}

interface Candidate {
  readonly path: string
  readonly content: string
  readonly format: string
}

// The same admission rules as the jscpd CLI's file finder, so that percentages compare.
const admitted = (options: DuplicationOptions) => (file: { readonly path: string; readonly content: string }) => {
  const format = getFormatByFile(file.path)
  if (format === undefined) return []
  const lines = file.content.split("\n").length
  const fits = lines >= options.minLines && lines <= options.maxLines &&
    Buffer.byteLength(file.content) <= options.maxBytes
  return fits ? [{ ...file, format }] : []
}

const blocksOf = (clones: ReadonlyArray<IClone>, path: string): ReadonlyArray<CloneBlock> =>
  clones.flatMap((clone) => {
    const sides: Array<CloneBlock> = []
    const { duplicationA: a, duplicationB: b } = clone
    if (a.sourceId === path) {
      sides.push({ startLine: a.start.line, endLine: a.end.line, otherPath: b.sourceId, otherStartLine: b.start.line })
    }
    if (b.sourceId === path) {
      sides.push({ startLine: b.start.line, endLine: b.end.line, otherPath: a.sourceId, otherStartLine: a.start.line })
    }
    return sides
  })

/**
 * Token-based clone detection across files with jscpd's tokenizer and its detection steps
 * (CloneDetector), fed from memory. Files go through one detector in turn, so each is compared with
 * every file before it, which is how the CLI finds clones across a repository.
 */
export const detectDuplication = (
  files: ReadonlyArray<{ readonly path: string; readonly content: string }>,
  options: DuplicationOptions = defaultDuplicationOptions,
  /** Each file's frames by content, kept from earlier runs: the clones are the same, found sooner. */
  frames?: FrameCache
): Effect.Effect<Duplication> =>
  Effect.gen(function*() {
    const jscpdOptions: IOptions = {
      ...getDefaultOptions(),
      minTokens: options.minTokens,
      minLines: options.minLines,
      maxLines: options.maxLines,
      // jscpd hashes every window of minTokens tokens; Node's native MD5 gives the same kind of
      // digest as its default (spark-md5, in JavaScript) in a fraction of the time, and its one-shot
      // form half the time of a Hash object per window.
      hashFunction: (value: string) => hash("md5", value, "hex")
    }
    const tokenizer = frames === undefined ? new Tokenizer() : frames.tokenizer(new Tokenizer())
    const statistic = new Statistic()
    const detector = new CloneDetector(tokenizer, jscpdOptions, [statistic])
    const candidates: ReadonlyArray<Candidate> = files.flatMap(admitted(options))
    const skipped: Array<SkippedFile> = []
    const watch = yield* FileWatch
    // A file the tokenizer cannot handle is left out of duplication; the others are still compared.
    const clones = yield* Effect.forEach(candidates, (file) =>
      Effect.sync(() => {
        try {
          return watch.during(duplicationToolName, file.path, () => detector.detect(file.path, file.content, file.format))
        } catch (thrown) {
          skipped.push(new SkippedFile({ path: file.path, tool: duplicationToolName, reason: reasonOfThrow(thrown) }))
          return []
        }
      })).pipe(Effect.map((perFile) => perFile.flat()))
    const total = statistic.getStatistic()
    const perSource = new Map(
      Object.values(total.formats).flatMap((format) => Object.entries(format.sources))
    )
    return {
      files: candidates.map((file) => ({
        path: file.path,
        lines: perSource.get(file.path)?.lines ?? 0,
        duplicatedLines: perSource.get(file.path)?.duplicatedLines ?? 0,
        blocks: blocksOf(clones, file.path)
      })),
      clones: clones.length,
      lines: total.total.lines,
      duplicatedLines: total.total.duplicatedLines,
      percentage: total.total.percentage,
      skipped
    }
  })
