import { HttpApiGroup } from "@effect/platform"
import * as ApiErrors from "../ApiErrors.js"
import { OptionalAuthentication } from "../Authentication.js"
import * as Coverage from "../coverage/Api.js"
import * as Files from "../files/Api.js"
import * as Issues from "../issues/Api.js"

/**
 * The original API's issue and file operations (issue 13), one group as the API always published
 * them (its name is the operations' tag): the stored results of a branch's latest analysis. The
 * endpoints are defined in issues/, files/ and coverage/; the order here is the documents' order.
 */
export class ResultsGroup extends HttpApiGroup.make("results")
  .add(Issues.searchRepositoryIssues)
  .add(Issues.issuesOverview)
  .add(Issues.getIssue)
  .add(Issues.listCategoryOverviews)
  .add(Files.listFiles)
  .add(Files.getFileWithAnalysis)
  .add(Files.getFileIssues)
  .add(Files.getFileClones)
  .add(Files.getFileCoverage)
  .add(Coverage.listCoverageReports)
  .add(Files.getFileSource)
  .pipe(ApiErrors.reads)
  .middleware(OptionalAuthentication)
{}
