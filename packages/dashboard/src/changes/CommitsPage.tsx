import { useState } from "preact/hooks"
import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatInstant, formatText, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import type { BranchHistoryEntry, BranchSummary, CommitWithAnalysis } from "./Changes.js"
import { commitVerdict, historyGrade } from "./ChangeWords.js"
import { HistoryChart } from "./HistoryChart.js"
import { VerdictBadge } from "./VerdictBadge.js"

export const commitsPageSize = 25

interface CommitsData {
  readonly history: Awaited<ReturnType<ApiClient["branchHistory"]>>
  /** The original's commit list of the same page: the verdict of each commit, by sha. */
  readonly verdicts: ReadonlyMap<string, CommitWithAnalysis>
  readonly defaultBranch: string | undefined
  /** The analysed branches the selector offers. */
  readonly branches: ReadonlyArray<BranchSummary>
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

/**
 * The analysed branches (listRepositoryBranches) to choose from; the branch shown is one of them
 * even when the address names another (the API then says it has no such branch).
 */
const BranchChooser = ({ name, branch, defaultBranch, branches }: {
  readonly name: string
  readonly branch: string | undefined
  readonly defaultBranch: string | undefined
  readonly branches: ReadonlyArray<BranchSummary>
}) => {
  const shown = branch ?? defaultBranch ?? ""
  const [chosen, setChosen] = useState(shown)
  const names = branches.map((b) => b.name)
  const options = shown === "" || names.includes(shown) ? names : [shown, ...names]
  return (
    <form
      class="filters"
      onSubmit={(event) => {
        event.preventDefault()
        window.location.hash = hrefOf({ page: "commits", name, branch: chosen === "" || chosen === defaultBranch ? undefined : chosen })
      }}
    >
      <div>
        <label for="branch">Branch</label>
        <select id="branch" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
          {options.map((option) => <option key={option} value={option}>{option === defaultBranch ? `${option} (default)` : option}</option>)}
        </select>
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
    const [history, commits, repository, branches] = await Promise.all([
      api.branchHistory(name, query, signal),
      api.listCommits(name, query, signal),
      api.getRepository(name, signal),
      api.listBranches(name, signal)
    ])
    return {
      history,
      verdicts: new Map(commits.data.map((c) => [c.commit.sha, c])),
      defaultBranch: repository.repository.defaultBranch?.name,
      branches
    }
  }, [api, name, branch, cursor])
  return (
    <section aria-labelledby="commits-title">
      <h1 id="commits-title">Commits of {name}</h1>
      <RepositoryNav name={name} current="commits" />
      <Loaded load={load}>
        {({ branches, defaultBranch, history, verdicts }) => (
          <>
            <BranchChooser key={branch ?? ""} name={name} branch={branch} defaultBranch={defaultBranch} branches={branches} />
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
