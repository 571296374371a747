import type { ChangeSubject } from "./ChangeAnalysis.js"
import type { RepositoryRecord } from "./Records.js"

/**
 * The dashboard's page of a change under its public address `base`: a pull request's own page, a
 * commit's place in its repository's history. The dashboard addresses its pages by the URL's hash
 * (its `Route` module reads these back, which its test checks), under the repository's name in the
 * organization the reader is signed in to.
 */
export const dashboardAddressOf = (base: string) => (repository: Pick<RepositoryRecord, "name">, subject: ChangeSubject): string => {
  const repositoryPage = `${base.replace(/\/+$/, "")}/#/repositories/${encodeURIComponent(repository.name)}`
  return subject.kind === "pullRequest" ? `${repositoryPage}/pull-requests/${subject.number}` : `${repositoryPage}/commits`
}
