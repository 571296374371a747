import { dash, formatCount, formatCountAndPercent } from "../shared/Format.js"
import { type Grading, gradingOf, issuesMeasured, notAnalysedText, notGradedReason } from "./Grading.js"
import { issueLoadHelp } from "./IssueLoad.js"
import type { RepositoryWithAnalysis } from "./RepositoriesApi.js"

/** What stands for the issues' count and load when no tool measured any. */
export const notMeasured = "not measured"

/** Why there is no grade: the languages not analysed with their lines and why, else the analysis's words. */
const NotAnalysed = ({ grading }: { readonly grading: Extract<Grading, { state: "notGraded" }> }) =>
  grading.languages !== undefined && grading.languages.length > 0 ? (
    <ul class="not-analysed">
      {grading.languages.map((language) => <li key={language.language}>{notAnalysedText(language)}</li>)}
    </ul>
  ) : grading.message === undefined ? null : <p class="not-analysed">{grading.message}</p>

/** The overview's grade cell: the letter, or "Not graded" with why and the languages not analysed. */
export const GradeCell = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const grading = gradingOf(repository)
  if (grading.state === "graded") return <>{grading.letter}</>
  if (grading.state === "unknown") return <>{dash}</>
  return (
    <>
      <span class="not-graded">Not graded</span>
      <span class="grade-reason">{notGradedReason}:</span>
      <NotAnalysed grading={grading} />
    </>
  )
}

/** The repository page's note under its measures when the analysis gave no grade. */
export const NotGradedNote = ({ repository }: { readonly repository: RepositoryWithAnalysis }) => {
  const grading = gradingOf(repository)
  if (grading.state !== "notGraded") return null
  return (
    <div class="problem not-graded-note" role="note">
      <p><strong>Not graded</strong>: {notGradedReason}. Languages whose issues were not measured:</p>
      <NotAnalysed grading={grading} />
    </div>
  )
}

/** The grade's text among the measures: `B (72)`, `Not graded`, or a dash before any analysis. */
export const gradeText = (repository: RepositoryWithAnalysis): string => {
  const grading = gradingOf(repository)
  if (grading.state === "graded") return grading.grade === undefined ? grading.letter : `${grading.letter} (${grading.grade})`
  return grading.state === "notGraded" ? "Not graded" : dash
}

/** The issues' count alone (the overview), or "not measured" when no tool read any code. */
export const issuesCountText = (repository: RepositoryWithAnalysis): string =>
  repository.issuesPercentage !== undefined && !issuesMeasured(repository) ? notMeasured : formatCount(repository.issuesCount)

/** The issues' count with their load: `12 (8 %)`, "not measured", or a dash before any analysis. */
export const issuesText = (repository: RepositoryWithAnalysis): string =>
  repository.issuesPercentage !== undefined && !issuesMeasured(repository)
    ? notMeasured
    : formatCountAndPercent(repository.issuesCount, repository.issuesPercentage)

/** "Issues %" explained where it shows: visible under the measures, and as the term's tooltip. */
export const IssueLoadHelp = ({ id }: { readonly id: string }) => <p class="help" id={id}>{issueLoadHelp}</p>
