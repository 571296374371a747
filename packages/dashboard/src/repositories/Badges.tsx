/**
 * A repository's badges on its page: the images, and the Markdown a README takes, with the badge
 * token in the addresses when the repository is not Public.
 */
import type { RepositoryBadges } from "./RepositoriesApi.js"

/** The README's Markdown of both badges, each linking to the repository's page here. */
export const badgeMarkdown = (origin: string, page: string, badges: RepositoryBadges): string | undefined =>
  badges.gradePath === undefined || badges.coveragePath === undefined
    ? undefined
    : `[![grade](${origin}${badges.gradePath})](${page})\n[![coverage](${origin}${badges.coveragePath})](${page})`

export const Badges = ({ badges, origin, page }: { readonly badges: RepositoryBadges; readonly origin: string; readonly page: string }) => {
  const markdown = badgeMarkdown(origin, page, badges)
  if (markdown === undefined || badges.gradePath === undefined || badges.coveragePath === undefined) {
    return (
      <p class="badges-none">
        This repository is not Public: its badges need a badge token, which its admin issues (<code>POST …/badges/token</code> on the admin API).
      </p>
    )
  }
  return (
    <div class="badges">
      <p>
        <img src={badges.gradePath} alt="grade badge" /> <img src={badges.coveragePath} alt="coverage badge" />
      </p>
      <label>
        Markdown for a README{badges.public ? "" : " (it holds the badge token: anyone with it sees the grade and coverage)"}
        <textarea readOnly rows={2} value={markdown} />
      </label>
    </div>
  )
}
