import type { FileLine } from "./FileLines.js"
import { LevelBadge } from "./LevelBadge.js"

/** The id of a line's row, for a link to the line to scroll to. */
export const lineElementId = (line: number): string => `L${line}`

const rowClass = (line: FileLine, target: number | undefined): string =>
  [
    "line",
    line.issues.length > 0 ? "has-issues" : "",
    line.clones.length > 0 ? "in-clone" : "",
    line.hits === undefined ? "" : line.hits > 0 ? "covered" : "uncovered",
    line.number === target ? "target" : ""
  ].filter((name) => name !== "").join(" ")

const Line = ({ line, target }: { readonly line: FileLine; readonly target: number | undefined }) => (
  <tr id={lineElementId(line.number)} class={rowClass(line, target)} tabIndex={line.number === target ? -1 : undefined}>
    <th scope="row" class="ln" title={line.authorEmail}>{line.number}</th>
    <td class="hits">{line.hits === undefined ? "" : `${line.hits}×`}</td>
    <td class="clone-mark">
      {line.clones.length === 0 ? "" : <span title={`clone ${line.clones.join(", ")}`}>≡<span class="visually-hidden"> duplicated</span></span>}
    </td>
    <td class="code">
      <code>{line.text ?? ""}</code>
      {line.issues.length === 0 ? null : (
        <ul class="line-issues">
          {line.issues.map((issue) => (
            <li key={issue.resultDataId}>
              <LevelBadge level={issue.patternInfo.level} /> <span class="message">{issue.message}</span>{" "}
              <span class="pattern">({issue.patternInfo.title ?? issue.patternInfo.id}, {issue.patternInfo.category})</span>
            </li>
          ))}
        </ul>
      )}
    </td>
  </tr>
)

/** The file's lines with their issues under them, their coverage hits and their clones in the gutter. */
export const SourceLines = ({ lines, target }: { readonly lines: ReadonlyArray<FileLine>; readonly target: number | undefined }) => (
  <table class="source">
    <caption class="visually-hidden">Lines with their coverage hits, duplication and issues</caption>
    <thead>
      <tr>
        <th scope="col">Line</th>
        <th scope="col">Hits</th>
        <th scope="col"><span aria-hidden="true">≡</span><span class="visually-hidden">Duplicated</span></th>
        <th scope="col">Code and issues</th>
      </tr>
    </thead>
    <tbody>
      {lines.map((line) => <Line key={line.number} line={line} target={target} />)}
    </tbody>
  </table>
)
