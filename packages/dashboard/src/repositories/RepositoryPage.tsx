import type { ApiClient } from "../ApiClient.js"
import { formatCount, formatInstant, formatPercent, formatText, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import { goalChecks } from "./GoalStatus.js"
import type { RepositoryWithAnalysis, Tool } from "./RepositoriesApi.js"
import { RepositoryNav } from "./RepositoryNav.js"

/** A count with its percentage, or one dash while the analysis has given neither. */
const countAndPercent = (count: number | undefined, percent: number | undefined): string =>
  count === undefined && percent === undefined ? formatCount(count) : `${formatCount(count)} (${formatPercent(percent)})`

const Metrics = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => (
  <dl class="metrics">
    <div><dt>Grade</dt><dd>{formatText(repository.gradeLetter)}{repository.grade === undefined ? "" : ` (${repository.grade})`}</dd></div>
    <div><dt>Issues</dt><dd>{countAndPercent(repository.issuesCount, repository.issuesPercentage)}</dd></div>
    <div><dt>Lines of code</dt><dd>{formatCount(repository.loc)}</dd></div>
    <div><dt>Complex files</dt><dd>{countAndPercent(repository.complexFilesCount, repository.complexFilesPercentage)}</dd></div>
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

const Tools = ({ tools }: { readonly tools: ReadonlyArray<Tool> }) => (
  <table class="tools">
    <caption class="visually-hidden">Analysis tools</caption>
    <thead>
      <tr><th scope="col">Tool</th><th scope="col">Enabled</th><th scope="col">Configured by</th></tr>
    </thead>
    <tbody>
      {tools.map((tool) => (
        <tr key={tool.uuid}>
          <th scope="row">{tool.name}</th>
          <td>{tool.settings.isEnabled ? "enabled" : "disabled"}</td>
          <td>{tool.settings.usesConfigurationFile ? "configuration file" : tool.settings.followsStandard ? "coding standard" : "repository"}</td>
        </tr>
      ))}
    </tbody>
  </table>
)

/** One repository: its measures against its goals, its tools, the last commit analysed. */
export const RepositoryPage = ({ api, name }: { readonly api: ApiClient; readonly name: string }) => {
  const repository = useLoad((signal) => api.getRepository(name, signal), [api, name])
  const tools = useLoad((signal) => api.listTools(name, signal), [api, name])
  return (
    <section aria-labelledby="repository-title">
      <h1 id="repository-title">{name}</h1>
      <RepositoryNav name={name} current="summary" />
      <Loaded load={repository}>
        {(value) => (
          <>
            <h2>Metrics</h2>
            <Metrics repository={value} />
            <h2>Goals</h2>
            <ul class="goals">
              {goalChecks(value).map((goal) => <li key={goal.label}>{goal.label}: <strong>{goal.state}</strong></li>)}
            </ul>
            <h2>Last analysed commit</h2>
            <LastCommit repository={value} />
          </>
        )}
      </Loaded>
      <h2>Tools</h2>
      <Loaded load={tools}>{(value) => <Tools tools={value} />}</Loaded>
    </section>
  )
}
