import { defaultFileListQuery } from "../results/FileListQuery.js"
import { noFilters } from "../results/IssueFilters.js"
import { hrefOf } from "../Route.js"

export type RepositorySection = "summary" | "issues" | "ignored" | "files" | "pullRequests" | "commits"

/** The pages of one repository, the one shown marked as current. */
export const RepositoryNav = ({ name, current }: { readonly name: string; readonly current: RepositorySection }) => {
  const links: ReadonlyArray<readonly [RepositorySection, string, string]> = [
    ["summary", "Summary", hrefOf({ page: "repository", name })],
    ["issues", "Issues", hrefOf({ page: "issues", name, filters: noFilters })],
    ["ignored", "Ignored", hrefOf({ page: "ignored", name })],
    ["files", "Files", hrefOf({ page: "files", name, query: defaultFileListQuery })],
    ["pullRequests", "Pull requests", hrefOf({ page: "pullRequests", name })],
    ["commits", "Commits", hrefOf({ page: "commits", name })]
  ]
  return (
    <nav aria-label={`Repository ${name}`} class="tabs">
      {links.map(([section, label, href]) => (
        <a key={section} href={href} aria-current={section === current ? "page" : undefined}>{label}</a>
      ))}
    </nav>
  )
}
