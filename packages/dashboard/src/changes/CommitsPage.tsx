import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatInstant, formatText, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import type { BranchHistoryEntry, CommitWithAnalysis } from "./Changes.js"
import { commitVerdict, historyGrade } from "./ChangeWords.js"
import { HistoryChart } from "./HistoryChart.js"
import { VerdictBadge } from "./VerdictBadge.js"

export const commitsPageSize = 25

interface CommitsData {
  readonly history: Awaited<ReturnType<ApiClient["branchHistory"]>>
  /** The original's commit list of the same page: the verdict of each commit, by sha. */
  readonly verdicts: ReadonlyMap<string, CommitWithAnalysis>
  readonly defaultBranch: string | undefined
}

const Row = ({ entry, verdict }: { readonly entry: BranchHistoryEntry; readonly verdict: CommitWithAnalysis | undefined }) => (
  <tr>
    <td><code title={entry.sha}>{shortSha(entry.sha)}</code></td>
    <th scope="row">{entry.message.split("\n")[0]}</th>
    <td>{entry.authorName}</td>
    <td>{formatInstant(entry.commitTimestamp)}</td>
    <td class="num">{formatCount(entry.newIssues)}</td>
    <td class="num">{formatCount(entry.fixedIssues)}</td>
    <td><VerdictBadge verdict={commitVerdict(verdict)} /></td>
    <td class="grade">{historyGrade(entry)}</td>
    <td class="num">{formatCount(entry.issuesCount)}</td>
  </tr>
)

const BranchChooser = ({ name, branch, defaultBranch }: {
  readonly name: string
  readonly branch: string | undefined
  readonly defaultBranch: string | undefined
}) => {
  const [text, setText] = useState(branch ?? "")
  return (
    <form
      class="filters"
      onSubmit={(event) => {
        event.preventDefault()
        const chosen = text.trim()
        window.location.hash = hrefOf({ page: "commits", name, branch: chosen === "" ? undefined : chosen })
      }}
    >
      <div>
        <label for="branch">Branch</label>
        <input id="branch" value={text} placeholder={defaultBranch ?? "the default branch"} onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      <button type="submit">Show</button>
    </form>
  )
}

const Charts = ({ entries }: { readonly entries: ReadonlyArray<BranchHistoryEntry> }) => {
  const oldestFirst = [...entries].reverse()
  return (
    <div class="charts">
      <HistoryChart
        title="Grade"
        max={100}
        points={oldestFirst.map((e) => ({ label: shortSha(e.sha), value: e.grade }))}
        format={(v) => String(Math.round(v))}
      />
      <HistoryChart
        title="Issues"
        points={oldestFirst.map((e) => ({ label: shortSha(e.sha), value: e.issuesCount }))}
        format={(v) => formatCount(Math.round(v))}
      />
    </div>
  )
}

/**
 * A branch's analysed commits, the latest first: what each added and fixed, the commit gate's
 * verdict, and the grade and issue count it had (our `commits-history` extension), also drawn.
 */
export const CommitsPage = ({ api, name, branch, cursor }: {
  readonly api: ApiClient
  readonly name: string
  readonly branch: string | undefined
  readonly cursor: string | undefined
}) => {
  const load = useLoad(async (signal): Promise<CommitsData> => {
    const query = { branch, cursor, limit: commitsPageSize }
    const [history, commits, repository] = await Promise.all([
      api.branchHistory(name, query, signal),
      api.listCommits(name, query, signal),
      api.getRepository(name, signal)
    ])
    return {
      history,
      verdicts: new Map(commits.data.map((c) => [c.commit.sha, c])),
      defaultBranch: repository.repository.defaultBranch?.name
    }
  }, [api, name, branch, cursor])
  return (
    <section aria-labelledby="commits-title">
      <h1 id="commits-title">Commits of {name}</h1>
      <RepositoryNav name={name} current="commits" />
      <Loaded load={load}>
        {({ defaultBranch, history, verdicts }) => (
          <>
            <BranchChooser key={branch ?? ""} name={name} branch={branch} defaultBranch={defaultBranch} />
            <p class="total" role="status">
              {formatCount(history.pagination.total)} analysed {history.pagination.total === 1 ? "commit" : "commits"} on{" "}
              {formatText(branch ?? defaultBranch)}{cursor === undefined ? "" : " (a later page)"}.
            </p>
            {history.data.length === 0 ? null : (
              <>
                <Charts entries={history.data} />
                <table class="commits">
                  <caption class="visually-hidden">Analysed commits, the latest first</caption>
                  <Columns labels={["Commit", "Message", "Author", "Time", "New issues", "Fixed issues", "Verdict", "Grade", "Issues"]} />
                  <tbody>
                    {history.data.map((entry) => <Row key={entry.sha} entry={entry} verdict={verdicts.get(entry.sha)} />)}
                  </tbody>
                </table>
              </>
            )}
            <Pager
              first={cursor === undefined ? undefined : hrefOf({ page: "commits", name, branch })}
              next={history.pagination.cursor === undefined ? undefined : hrefOf({ page: "commits", name, branch, cursor: history.pagination.cursor })}
            />
          </>
        )}
      </Loaded>
    </section>
  )
}
