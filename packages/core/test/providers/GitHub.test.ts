import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { Change, Deployment } from "../../src/domain/IngestionEvents.js"
import { mapGitHubPayload } from "../../src/domain/providers/GitHub.js"
import deployment from "./fixtures/github/deployment.json"
import inProgress from "./fixtures/github/deployment_status-in_progress.json"
import success from "./fixtures/github/deployment_status-success.json"
import ping from "./fixtures/github/ping.json"
import tagCreated from "./fixtures/github/push-tag-created.json"
import push from "./fixtures/github/push.json"
import { expectReDecodes, first, reasonOf } from "./ProviderAssertions.js"

const event = (name: string) => ({ "x-github-event": name })

const initialCommit = new Change({
  $type: "change",
  change_id: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
  time_created: "2019-05-15T15:19:25Z",
  source: "git"
})

const productionDeployment = new Deployment({
  $type: "deployment",
  deploy_id: "145988746",
  time_created: "2019-05-15T15:20:55Z",
  changes: ["f95f852bd8fca8fcc58a9a2d6c842781e32a215e"]
})

const withState = (state: string) => ({ ...success, deployment_status: { ...success.deployment_status, state } })

describe("GitHub", () => {
  describe("push", () => {
    it("maps each commit to a change from git, keyed by its sha", () => {
      const mapped = mapGitHubPayload(event("push"), push)
      expect(mapped).toEqual(Either.right([initialCommit]))
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("recognises a push by its shape when the X-GitHub-Event header is missing", () => {
      expect(mapGitHubPayload({}, push)).toEqual(Either.right([initialCommit]))
    })

    it("maps a push without commits (a created tag) to nothing", () => {
      expect(mapGitHubPayload(event("push"), tagCreated)).toEqual(Either.right([]))
    })

    it("maps every commit of a push of more than 40 commits, in order", () => {
      const commit = first(push.commits)
      const ids = Array.from({ length: 41 }, (_, i) => i.toString(16).padStart(40, "a"))
      const commits = ids.map((id) => ({ ...commit, id }))
      const mapped = Either.getOrThrow(mapGitHubPayload(event("push"), { ...push, commits }))
      expect(mapped.map((change) => change.$type === "change" ? change.change_id : change.$type)).toEqual(ids)
    })

    it("keeps a commit timestamp's offset", () => {
      const commit = first(push.commits)
      const commits = [{ ...commit, timestamp: "2019-05-15T11:19:25-04:00" }]
      expect(mapGitHubPayload(event("push"), { ...push, commits })).toEqual(
        Either.right([new Change({ ...initialCommit, time_created: "2019-05-15T11:19:25-04:00" })])
      )
    })
  })

  describe("deployment_status", () => {
    it("maps a successful status to a deployment of the deployed sha, timed by the status", () => {
      const mapped = mapGitHubPayload(event("deployment_status"), success)
      expect(mapped).toEqual(Either.right([productionDeployment]))
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("recognises a deployment status by its shape when the header is missing", () => {
      expect(mapGitHubPayload({}, success)).toEqual(Either.right([productionDeployment]))
    })

    it("names github-actions as the source when an Actions workflow run made the deployment", () => {
      const viaActions = { ...inProgress, deployment_status: { ...inProgress.deployment_status, state: "success" } }
      expect(mapGitHubPayload(event("deployment_status"), viaActions)).toEqual(
        Either.right([
          new Deployment({ ...productionDeployment, time_created: "2022-01-03T01:28:40Z", source: "github-actions" })
        ])
      )
    })

    it("maps a status other than success to nothing", () => {
      expect(mapGitHubPayload(event("deployment_status"), inProgress)).toEqual(Either.right([]))
      for (const state of ["failure", "error", "pending", "queued", "inactive"]) {
        expect(mapGitHubPayload(event("deployment_status"), withState(state))).toEqual(Either.right([]))
      }
    })
  })

  describe("ignored events", () => {
    it("maps a created deployment to nothing: it counts once a status says success", () => {
      expect(mapGitHubPayload(event("deployment"), deployment)).toEqual(Either.right([]))
      expect(mapGitHubPayload({}, deployment)).toEqual(Either.right([]))
    })

    it("maps ping, issues and unknown events to nothing", () => {
      expect(mapGitHubPayload(event("ping"), ping)).toEqual(Either.right([]))
      expect(mapGitHubPayload({}, ping)).toEqual(Either.right([]))
      expect(mapGitHubPayload(event("issues"), { action: "opened" })).toEqual(Either.right([]))
      expect(mapGitHubPayload({}, { anything: true })).toEqual(Either.right([]))
    })
  })

  describe("malformed payloads of relevant events", () => {
    it("refuses a push without a commits array", () => {
      const { commits: _, ...withoutCommits } = push
      expect(reasonOf(mapGitHubPayload(event("push"), withoutCommits))).toBe("push: commits: is missing")
      expect(reasonOf(mapGitHubPayload(event("push"), { ...push, commits: "6113728" }))).toBe(
        "push: commits: Expected ReadonlyArray<GitHubCommit>, actual \"6113728\""
      )
    })

    it("refuses a commit id longer than 40 characters", () => {
      const commit = first(push.commits)
      const id = "6113728f27ae82c7b1a177c8d03f9e96e0adf2466113728f27ae82c7b1a177c8"
      expect(reasonOf(mapGitHubPayload(event("push"), { ...push, commits: [{ ...commit, id }] }))).toBe(
        `push commit '${id}': change_id: expected 1 to 40 characters`
      )
    })

    it("refuses a commit whose timestamp is not a date-time", () => {
      const commit = first(push.commits)
      const commits = [commit, { ...commit, timestamp: "yesterday" }]
      expect(reasonOf(mapGitHubPayload(event("push"), { ...push, commits }))).toBe(
        "push: commits.1.timestamp: expected an RFC 3339 date-time, e.g. 2024-05-01T12:00:00Z"
      )
    })

    it("refuses a successful status without the deployment's sha", () => {
      const { sha: _, ...withoutSha } = success.deployment
      expect(reasonOf(mapGitHubPayload(event("deployment_status"), { ...success, deployment: withoutSha }))).toBe(
        "deployment_status: deployment.sha: is missing"
      )
    })

    it("refuses a deployment_status event without its status", () => {
      const { deployment_status: _, ...withoutStatus } = success
      expect(reasonOf(mapGitHubPayload(event("deployment_status"), withoutStatus))).toBe(
        "deployment_status: deployment_status: is missing"
      )
    })
  })
})
