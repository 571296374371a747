import type { ApiClient } from "../ApiClient.js"
import { formatCount, formatCountAndPercent, formatInstant, formatPercent, formatText, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import { goalChecks } from "./GoalStatus.js"
import { gradeText, IssueLoadHelp, issuesText, NotGradedNote } from "./GradeNotes.js"
import { gradingOf, notAnalysedLanguages } from "./Grading.js"
import { issueLoadHelp } from "./IssueLoad.js"
import type { RepositoryWithAnalysis, Tool } from "./RepositoriesApi.js"
import { Badges } from "./Badges.js"
import { RepositoryNav } from "./RepositoryNav.js"
import { noFilters } from "../results/IssueFilters.js"
import type { Count } from "../results/Results.js"
import { hrefOf } from "../Route.js"
import { installedText, type ToolRow, versionOf } from "../tools/ToolsApi.js"

const issueLoadHelpId = "issue-load-help"

const Metrics = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => (
  <dl class="metrics">
    <div><dt>Grade</dt><dd>{gradeText(repository)}</dd></div>
    <div>
      <dt title={issueLoadHelp}>Issues</dt>
      <dd aria-describedby={issueLoadHelpId}>{issuesText(repository)}</dd>
    </div>
    <div><dt>Lines of code</dt><dd>{formatCount(repository.loc)}</dd></div>
    <div><dt>Complex files</dt><dd>{formatCountAndPercent(repository.complexFilesCount, repository.complexFilesPercentage)}</dd></div>
    <div><dt>Duplication</dt><dd>{formatPercent(repository.duplicationPercentage)}</dd></div>
    <div><dt>Coverage</dt><dd>{formatPercent(repository.coverage?.coveragePercentage)}</dd></div>
    <div><dt>Branch</dt><dd>{formatText(repository.selectedBranch?.name ?? repository.repository.defaultBranch?.name)}</dd></div>
    <div><dt>Languages</dt><dd>{formatText(repository.repository.languages.join(", "))}</dd></div>
  </dl>
)

const LastCommit = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const commit = repository.lastAnalysedCommit
  if (commit === undefined) return <p>No commit analysed yet.</p>
  return (
    <p>
      <code title={commit.sha}>{shortSha(commit.sha)}</code> by {commit.authorName}, {formatInstant(commit.commitTimestamp)}:{" "}
      {commit.message.split("\n")[0]}
      {commit.endedAnalysis === undefined ? null : <> (analysed {formatInstant(commit.endedAnalysis)})</>}
    </p>
  )
}

/** A repository's tool with the catalogue's row of it (its version, whether it runs here). */
interface RepositoryTool {
  readonly tool: Tool
  readonly row?: ToolRow | undefined
}

const Tools = ({ tools }: { readonly tools: ReadonlyArray<RepositoryTool> }) => (
  <table class="tools">
    <caption class="visually-hidden">Analysis tools</caption>
    <thead>
      <tr>
        <th scope="col">Tool</th><th scope="col">Enabled</th><th scope="col">Configured by</th>
        <th scope="col">Version</th><th scope="col">On this server</th>
      </tr>
    </thead>
    <tbody>
      {tools.map(({ tool, row }) => (
        <tr key={tool.uuid}>
          <th scope="row"><a href={hrefOf({ page: "tool", uuid: tool.uuid })}>{tool.name}</a></th>
          <td>{tool.settings.isEnabled ? "enabled" : "disabled"}</td>
          <td>{tool.settings.usesConfigurationFile ? "configuration file" : tool.settings.followsStandard ? "coding standard" : "repository"}</td>
          <td>{row === undefined ? formatText(undefined) : formatText(versionOf(row))}</td>
          <td class={row?.installation?.installed === false ? "not-installed" : undefined}>{installedText(row?.installation)}</td>
        </tr>
      ))}
    </tbody>
  </table>
)

/** The latest analysis's issues by language, each a link to the issues of that language. */
const IssuesByLanguage = ({ name, counts }: { readonly name: string; readonly counts: ReadonlyArray<Count> }) =>
  counts.length === 0 ? <p>No issues in any language.</p> : (
    <table class="issues-by-language">
      <caption class="visually-hidden">Issues per language</caption>
      <thead>
        <tr><th scope="col">Language</th><th scope="col">Issues</th></tr>
      </thead>
      <tbody>
        {[...counts].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)).map((count) => (
          <tr key={count.name}>
            <th scope="row">
              <a href={hrefOf({ page: "issues", name, filters: { ...noFilters, languages: [count.name] } })}>{count.name}</a>
            </th>
            <td class="num">{formatCount(count.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )

/**
 * The analysis's problems in its own words; the languages not analysed are left to the note on the
 * grade when it lists them already.
 */
const Problems = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const listed = gradingOf(repository).state === "notGraded"
  const problems = repository.repository.problems.filter((p) =>
    !(listed && p.code === "languages_not_analysed" && notAnalysedLanguages(p.message) !== undefined)
  )
  if (problems.length === 0) return null
  return (
    <>
      <h2>Analysis problems</h2>
      <ul class="analysis-problems">
        {problems.map((p) => <li key={`${p.code}-${p.message}`} data-code={p.code}>{p.message}</li>)}
      </ul>
    </>
  )
}

/** One repository: its measures against its goals, its tools, the last commit analysed. */
export const RepositoryPage = ({ api, name }: { readonly api: ApiClient; readonly name: string }) => {
  const repository = useLoad((signal) => api.getRepository(name, signal), [api, name])
  const tools = useLoad(async (signal): Promise<ReadonlyArray<RepositoryTool>> => {
    const [repositoryTools, rows] = await Promise.all([api.listTools(name, signal), api.listToolRows(signal)])
    return repositoryTools.map((tool) => ({ tool, row: rows.find((row) => row.uuid === tool.uuid) }))
  }, [api, name])
  const languages = useLoad((signal) => api.issuesOverview(name, {}, signal), [api, name])
  const badges = useLoad((signal) => api.repositoryBadges(name, signal), [api, name])
  return (
    <section aria-labelledby="repository-title">
      <h1 id="repository-title">{name}</h1>
      <RepositoryNav name={name} current="summary" />
      <Loaded load={repository}>
        {(value) => (
          <>
            <h2>Metrics</h2>
            <Metrics repository={value} />
            <IssueLoadHelp id={issueLoadHelpId} />
            <NotGradedNote repository={value} />
            <Problems repository={value} />
            <h2>Goals</h2>
            <ul class="goals">
              {goalChecks(value).map((goal) => (
                <li key={goal.label} title={goal.measure === "issues" ? issueLoadHelp : undefined}>
                  {goal.label}: <strong>{goal.state}</strong>
                </li>
              ))}
            </ul>
            <h2>Last analysed commit</h2>
            <LastCommit repository={value} />
            {value.lastAnalysedCommit === undefined ? null : (
              <>
                <h2>Issues per language</h2>
                <Loaded load={languages}>{(overview) => <IssuesByLanguage name={name} counts={overview.counts.languages} />}</Loaded>
              </>
            )}
          </>
        )}
      </Loaded>
      <h2>Tools</h2>
      <Loaded load={tools}>{(value) => <Tools tools={value} />}</Loaded>
      <h2>Badges</h2>
      <Loaded load={badges}>{(value) => <Badges badges={value} origin={window.location.origin} page={window.location.href} />}</Loaded>
    </section>
  )
}
