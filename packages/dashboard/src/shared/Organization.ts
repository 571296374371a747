/** An organization as the APIs address it: a git provider and the organization's name there. */
export const providers = ["gh", "gl", "bb"] as const
export type Provider = (typeof providers)[number]

export interface Organization {
  readonly provider: Provider
  readonly name: string
}

const isProvider = (value: string): value is Provider => providers.some((provider) => provider === value)

/**
 * Reads `gh/acme` (GitLab subgroups keep their slashes: `gl/group/sub`). Answers the reason when the
 * text is not an organization, for the login form to show.
 */
export const parseOrganization = (text: string): Organization | { readonly error: string } => {
  const trimmed = text.trim()
  const slash = trimmed.indexOf("/")
  const provider = slash < 0 ? trimmed : trimmed.slice(0, slash)
  const name = slash < 0 ? "" : trimmed.slice(slash + 1).replace(/\/+$/, "")
  if (!isProvider(provider)) return { error: "The organization starts with its provider: gh, gl or bb (e.g. gh/acme)." }
  if (name === "") return { error: "Name the organization after the provider (e.g. gh/acme)." }
  return { provider, name }
}

export const formatOrganization = (organization: Organization): string =>
  `${organization.provider}/${organization.name}`
