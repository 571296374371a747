import { useEffect } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { formatCount, formatPercent, formatText, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import { type CloneRange, cloneRanges, fileLines } from "./FileLines.js"
import type { Clone, FileDetails, FileSource, Issue, LineCoverage } from "./Results.js"
import { lineElementId, SourceLines } from "./SourceLines.js"

interface FileData {
  readonly details: FileDetails
  readonly issues: ReadonlyArray<Issue>
  readonly clones: ReadonlyArray<Clone>
  readonly coverage: ReadonlyArray<LineCoverage> | undefined
  readonly source: FileSource | undefined
}

/** The git host's page of the file; only a web address, so that no other scheme becomes a link. */
const hostLink = (url: string): string | undefined => (/^https?:\/\//.test(url) ? url : undefined)

const Measures = ({ details, issues }: { readonly details: FileDetails; readonly issues: number }) => {
  const { quality, metrics, coverage } = details
  return (
    <dl class="metrics">
      <div><dt>Grade</dt><dd>{formatText(quality?.gradeLetter)}{quality === undefined ? "" : ` (${quality.grade})`}</dd></div>
      <div><dt>Issues</dt><dd>{formatCount(quality?.totalIssues ?? issues)}</dd></div>
      <div><dt>Complexity</dt><dd>{formatCount(quality?.complexity)}</dd></div>
      <div><dt>Lines</dt><dd>{formatCount(metrics?.linesOfCode)}</dd></div>
      <div><dt>Comment lines</dt><dd>{formatCount(metrics?.commentedLinesOfCode)}</dd></div>
      <div><dt>Methods</dt><dd>{formatCount(metrics?.numberOfMethods)}</dd></div>
      <div><dt>Duplicated lines</dt><dd>{formatCount(quality?.duplicatedLinesOfCode)}</dd></div>
      <div><dt>Clones</dt><dd>{formatCount(quality?.duplication)}</dd></div>
      <div>
        <dt>Coverage</dt>
        <dd>
          {formatPercent(coverage?.coverage)}
          {coverage === undefined ? "" : ` (${formatCount(coverage.coveredLines)} of ${formatCount(coverage.coverableLines)} lines)`}
        </dd>
      </div>
    </dl>
  )
}

const range = (from: number, to: number) => (from === to ? `line ${from}` : `lines ${from}–${to}`)

const Clones = ({ name, fileId, ranges }: { readonly name: string; readonly fileId: number; readonly ranges: ReadonlyArray<CloneRange> }) =>
  ranges.length === 0 ? <p>No clone.</p> : (
    <ul class="clones">
      {ranges.map((r) => (
        <li key={`${r.cloneId}-${r.fromLine}-${r.toLine}`}>
          <a href={hrefOf({ page: "file", name, fileId, line: r.fromLine })}>{range(r.fromLine, r.toLine)}</a>
          {r.elsewhere.length === 0 ? null : <> also in </>}
          {r.elsewhere.map((other, index) => (
            <span key={`${other.fileId}-${other.fromLine}`}>
              {index === 0 ? "" : ", "}
              <a href={hrefOf({ page: "file", name, fileId: other.fileId, line: other.fromLine })}>{other.path}</a>{" "}
              {range(other.fromLine, other.toLine)}
            </span>
          ))}
        </li>
      ))}
    </ul>
  )

/** Brings the line the link named into view and gives it the focus, once the lines are shown. */
const useScrollToLine = (line: number | undefined, ready: boolean) =>
  useEffect(() => {
    if (!ready || line === undefined) return
    const row = document.getElementById(lineElementId(line))
    row?.scrollIntoView({ block: "center" })
    row?.focus({ preventScroll: true })
  }, [line, ready])

const FileView = ({ name, value, line }: { readonly name: string; readonly value: FileData; readonly line: number | undefined }) => {
  const { details, issues, clones, coverage, source } = value
  const lines = fileLines({ fileId: details.file.fileId, source, issues, coverage, clones })
  const host = hostLink(details.file.gitProviderUrl)
  return (
    <>
      <p class="file-meta">
        {details.file.language} · commit <code title={details.file.commitSha}>{shortSha(details.file.commitSha)}</code>
        {host === undefined ? null : <> · <a href={host} rel="noreferrer">on the git host</a></>}
      </p>
      <h2>Measures</h2>
      <Measures details={details} issues={issues.length} />
      <h2>Duplication</h2>
      <Clones name={name} fileId={details.file.fileId} ranges={cloneRanges(details.file.fileId, clones)} />
      <h2>Lines</h2>
      <p class="help">
        {formatCount(issues.length)} {issues.length === 1 ? "issue" : "issues"}
        {coverage === undefined ? "; no coverage report counts this file" : `; ${formatCount(coverage.length)} lines counted by the coverage report`}.
        {source === undefined
          ? " The server does not serve this file's source: shown are the lines with issues (with the text the analysis kept) or coverage."
          : ""}
      </p>
      <SourceLines lines={lines} target={line} />
    </>
  )
}

/**
 * One file of a repository's latest analysis: its measures, its clones, and its lines with the
 * issues marked on them and the coverage hits of each.
 */
export const FilePage = ({ api, name, fileId, line }: {
  readonly api: ApiClient
  readonly name: string
  readonly fileId: number
  readonly line: number | undefined
}) => {
  const load = useLoad(async (signal): Promise<FileData> => {
    const [details, issues, clones, coverage, source] = await Promise.all([
      api.getFile(name, fileId, signal),
      api.fileIssues(name, fileId, signal),
      api.fileClones(name, fileId, signal),
      api.fileCoverage(name, fileId, signal),
      api.fileSource(name, fileId, signal)
    ])
    return { details, issues, clones, coverage, source }
  }, [api, name, fileId])
  useScrollToLine(line, load.state === "loaded")
  const title = load.state === "loaded" ? load.value.details.file.path : `File ${fileId}`
  return (
    <section aria-labelledby="file-title">
      <h1 id="file-title">{title}</h1>
      <RepositoryNav name={name} current="files" />
      <Loaded load={load}>{(value) => <FileView name={name} value={value} line={line} />}</Loaded>
    </section>
  )
}
