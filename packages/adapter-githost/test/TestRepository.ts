import { Goals, Records } from "@tidemark/core"

/** A repository of the host `provider` (`gh`, `gl`), id 7, whose owner and name need encoding in a URL. */
export const repositoryOf = (provider: string, owner = "tide-org", name = "web app") =>
  new Records.RepositoryRecord({
    id: 7,
    organizationId: 1,
    provider,
    owner,
    name,
    visibility: "Private",
    gitUrl: `https://example.com/${owner}/${name}.git`,
    languages: [],
    rootFiles: [],
    goals: Goals.Goals.defaults,
    addedAt: "2026-01-01T00:00:00Z",
    lastUpdated: "2026-01-01T00:00:00Z",
    following: true
  })
