import type { ApiClient } from "../ApiClient.js"
import { RepositoryNav } from "../repositories/RepositoryNav.js"
import { MessageCell, PatternCell } from "../results/IssueCells.js"
import { LevelBadge } from "../results/LevelBadge.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatInstant, formatPercent, shortSha } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import type { DeltaIssue, DeltaIssues, FileDiffCoverage, GateReason, NewSecurityFinding, PullRequestWithAnalysis } from "./Changes.js"
import { diffCoverageText, gateRule, pullRequestVerdict, ruleState, unrunLines } from "./ChangeWords.js"
import { branchesOf } from "./PullRequestsPage.js"
import { VerdictBadge } from "./VerdictBadge.js"

interface PullRequestData {
  readonly pr: PullRequestWithAnalysis
  readonly issues: DeltaIssues
  /** Undefined when the server does not serve diff coverage per file. */
  readonly files: ReadonlyArray<FileDiffCoverage> | undefined
  /** Undefined when the server does not give them. */
  readonly security: ReadonlyArray<NewSecurityFinding> | undefined
}

const Summary = ({ pr }: { readonly pr: PullRequestWithAnalysis }) => (
  <dl class="metrics">
    <div><dt>New issues</dt><dd>{formatCount(pr.newIssues)}</dd></div>
    <div><dt>Fixed issues</dt><dd>{formatCount(pr.fixedIssues)}</dd></div>
    <div><dt>Complexity added</dt><dd>{formatCount(pr.deltaComplexity)}</dd></div>
    <div><dt>New duplicated blocks</dt><dd>{formatCount(pr.deltaClonesCount)}</dd></div>
    <div><dt>Coverage variation</dt><dd>{formatPercent(pr.coverage?.deltaCoverage)}</dd></div>
    <div><dt>Diff coverage</dt><dd>{diffCoverageText(pr.coverage?.diffCoverage)}</dd></div>
  </dl>
)

const Rules = ({ reasons }: { readonly reasons: ReadonlyArray<GateReason> }) =>
  reasons.length === 0 ? <p>The pull requests' gate has no rule on: nothing to meet.</p> : (
    <table class="gate">
      <caption class="visually-hidden">The gate's rules and whether the pull request meets each</caption>
      <Columns labels={["Rule", "Met"]} />
      <tbody>
        {reasons.map((reason) => (
          <tr key={reason.gate} class={reason.isUpToStandards ? "rule-met" : "rule-failed"}>
            <th scope="row" title={reason.gate}>{gateRule(reason)}</th>
            <td>{ruleState(reason)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )

const Verdict = ({ pr }: { readonly pr: PullRequestWithAnalysis }) => {
  const reasons = [...(pr.quality?.resultReasons ?? []), ...(pr.coverage?.resultReasons ?? [])]
  return (
    <>
      <p class="verdict-line"><VerdictBadge verdict={pullRequestVerdict(pr)} /></p>
      {pr.meta.analyzable ? null : (
        <p class="problem">The analysis could not run: {pr.meta.reason ?? "the server gave no reason"}.</p>
      )}
      {pr.isAnalysing ? <p class="help">Its latest head is being analysed: shown is the analysis before it, if any.</p> : null}
      {pr.meta.analyzable ? <Rules reasons={reasons} /> : null}
    </>
  )
}

/** A file's page when the dashboard has one (the file is in the default branch's latest analysis). */
const FileLink = ({ name, issue }: { readonly name: string; readonly issue: DeltaIssue["commitIssue"] }) =>
  issue.fileId > 0 ? <a href={hrefOf({ page: "file", name, fileId: issue.fileId })}>{issue.filePath}</a> : <>{issue.filePath}</>

const IssueTable = ({ name, issues, caption }: { readonly name: string; readonly issues: ReadonlyArray<DeltaIssue>; readonly caption: string }) =>
  issues.length === 0 ? <p>None.</p> : (
    <table class="issues delta-issues">
      <caption class="visually-hidden">{caption}</caption>
      <Columns labels={["File", "Line", "Message", "Pattern", "Severity"]} />
      <tbody>
        {issues.map(({ commitIssue: issue, deltaType }) => (
          <tr key={`${deltaType}-${issue.resultDataId}-${issue.filePath}-${issue.lineNumber}`}>
            <td><FileLink name={name} issue={issue} /></td>
            <td class="num">{issue.lineNumber}</td>
            <MessageCell issue={issue} />
            <PatternCell pattern={issue.patternInfo} />
            <td><LevelBadge level={issue.patternInfo.level} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  )

const Issues = ({ name, issues }: { readonly name: string; readonly issues: DeltaIssues }) => {
  if (!issues.analyzed) return <p>Its issues are not known: the pull request has not been compared with its target yet.</p>
  const added = issues.data.filter((d) => d.deltaType === "Added")
  const fixed = issues.data.filter((d) => d.deltaType === "Fixed")
  return (
    <>
      <h3 id="new-issues">New issues ({formatCount(added.length)})</h3>
      <p class="help">As the head has them.</p>
      <IssueTable name={name} issues={added} caption="Issues the pull request adds" />
      <h3 id="fixed-issues">Fixed issues ({formatCount(fixed.length)})</h3>
      <p class="help">As the common ancestor had them.</p>
      <IssueTable name={name} issues={fixed} caption="Issues the pull request fixes" />
    </>
  )
}

const FilesCoverage = ({ files }: { readonly files: ReadonlyArray<FileDiffCoverage> | undefined }) => {
  if (files === undefined) return <p>This server does not give diff coverage per file.</p>
  if (files.length === 0) return <p>No file of the pull request has coverage.</p>
  return (
    <table class="files-coverage">
      <caption class="visually-hidden">Coverage of each file of the pull request</caption>
      <Columns labels={["File", "Coverage", "Variation", "Diff coverage", "Changed lines not run"]} />
      <tbody>
        {files.map((file) => (
          <tr key={file.fileName}>
            <th scope="row">{file.fileName}</th>
            <td class="num">{formatPercent(file.coverage)}</td>
            <td class="num">{formatPercent(file.variation)}</td>
            <td>{diffCoverageText(file.diff)}</td>
            <td>{unrunLines(file)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const placeOf = (finding: NewSecurityFinding): string =>
  finding.filePath === undefined
    ? finding.additionalInfo ?? ""
    : finding.line === undefined ? finding.filePath : `${finding.filePath}:${finding.line}`

/** The security findings apart from the issues: a secret or a vulnerable package is no line's issue. */
const SecurityFindings = ({ findings }: { readonly findings: ReadonlyArray<NewSecurityFinding> }) =>
  findings.length === 0 ? <p>No new security finding.</p> : (
    <table class="issues security-findings">
      <caption class="visually-hidden">New security findings, the most pressing first</caption>
      <Columns labels={["Priority", "Scan", "Finding", "Where"]} />
      <tbody>
        {findings.map((finding, index) => (
          <tr key={index}>
            <td>{finding.priority}</td>
            <td>{finding.scanType}</td>
            <th scope="row">{finding.title}{finding.cve ?? finding.cwe ? <> <code>{finding.cve ?? finding.cwe}</code></> : null}</th>
            <td>{placeOf(finding)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )

const PullRequestView = ({ name, value }: { readonly name: string; readonly value: PullRequestData }) => {
  const { files, issues, pr, security } = value
  const head = pr.pullRequest
  return (
    <>
      <p class="file-meta">
        {head.owner.name} · {branchesOf(head)} · {head.status} · updated {formatInstant(head.updated)} · head{" "}
        <code title={head.headCommitSha}>{shortSha(head.headCommitSha)}</code> against{" "}
        <code title={head.commonAncestorCommitSha}>{shortSha(head.commonAncestorCommitSha)}</code>
      </p>
      <h2>Quality gate</h2>
      <Verdict pr={pr} />
      {pr.meta.analyzable ? (
        <>
          <h2>What it changes</h2>
          <Summary pr={pr} />
          <h2>Issues</h2>
          <Issues name={name} issues={issues} />
          {security === undefined ? null : (
            <>
              <h2>New security findings</h2>
              <SecurityFindings findings={security} />
            </>
          )}
          <h2>Diff coverage per file</h2>
          <FilesCoverage files={files} />
        </>
      ) : null}
    </>
  )
}

/**
 * One pull request: the gate's verdict with each rule, the issues it adds and fixes with their
 * lines, diff coverage per file when the server gives it, or why it could not be analysed.
 */
export const PullRequestPage = ({ api, name, number }: { readonly api: ApiClient; readonly name: string; readonly number: number }) => {
  const load = useLoad(async (signal): Promise<PullRequestData> => {
    const [pr, issues, files, security] = await Promise.all([
      api.getPullRequest(name, number, signal),
      api.pullRequestIssues(name, number, signal),
      api.pullRequestFilesCoverage(name, number, signal),
      api.pullRequestSecurityFindings(name, number, signal)
    ])
    return { pr, issues, files, security }
  }, [api, name, number])
  const title = load.state === "loaded" ? `#${number} ${load.value.pr.pullRequest.title}` : `Pull request #${number}`
  return (
    <section aria-labelledby="pull-request-title">
      <h1 id="pull-request-title">{title}</h1>
      <RepositoryNav name={name} current="pullRequests" />
      <Loaded load={load}>{(value) => <PullRequestView name={name} value={value} />}</Loaded>
    </section>
  )
}
