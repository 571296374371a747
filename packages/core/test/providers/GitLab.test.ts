import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { Change, Deployment } from "../../src/domain/IngestionEvents.js"
import { mapGitLabPayload } from "../../src/domain/providers/GitLab.js"
import deployment from "./fixtures/gitlab/deployment-success.json"
import pipeline from "./fixtures/gitlab/pipeline.json"
import push from "./fixtures/gitlab/push.json"
import tagPush from "./fixtures/gitlab/tag_push.json"
import { expectReDecodes, first, reasonOf } from "./ProviderAssertions.js"

const hook = (name: string) => ({ "x-gitlab-event": name })

const pushedChanges = [
  new Change({
    $type: "change",
    change_id: "b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327",
    time_created: "2011-12-12T14:27:31+02:00",
    source: "git"
  }),
  new Change({
    $type: "change",
    change_id: "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
    time_created: "2012-01-03T23:36:29+02:00",
    source: "git"
  })
]

const stagingDeployment = new Deployment({
  $type: "deployment",
  deploy_id: "15",
  time_created: "2021-04-28T21:50:00+02:00",
  changes: ["279484c09fbe69ededfced8c1bb6e6d24616b468"],
  source: "gitlab-ci"
})

describe("GitLab", () => {
  describe("push", () => {
    it("maps each listed commit to a change from git", () => {
      const mapped = mapGitLabPayload(hook("Push Hook"), push)
      expect(mapped).toEqual(Either.right(pushedChanges))
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("reads the kind from object_kind without the header (system hooks send pushes as System Hook)", () => {
      expect(mapGitLabPayload({}, push)).toEqual(Either.right(pushedChanges))
      expect(mapGitLabPayload(hook("System Hook"), push)).toEqual(Either.right(pushedChanges))
    })

    it("reads the kind from the header when the payload has no object_kind", () => {
      const { object_kind: _, ...withoutKind } = push
      expect(mapGitLabPayload(hook("Push Hook"), withoutKind)).toEqual(Either.right(pushedChanges))
    })
  })

  describe("deployment", () => {
    it("maps a successful deployment to a deployment of the sha in commit_url, timed by status_changed_at", () => {
      const mapped = mapGitLabPayload(hook("Deployment Hook"), deployment)
      expect(mapped).toEqual(Either.right([stagingDeployment]))
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("names no source when no CI job deployed (a deployment created through the API)", () => {
      const { source: _, ...withoutSource } = stagingDeployment
      expect(mapGitLabPayload(hook("Deployment Hook"), { ...deployment, deployable_id: null, deployable_url: null }))
        .toEqual(Either.right([new Deployment(withoutSource)]))
    })

    it("maps running, failed and canceled deployments to nothing", () => {
      for (const status of ["running", "failed", "canceled"]) {
        expect(mapGitLabPayload(hook("Deployment Hook"), { ...deployment, status })).toEqual(Either.right([]))
      }
    })
  })

  describe("ignored events", () => {
    it("maps tag pushes, pipelines and other hooks to nothing", () => {
      expect(mapGitLabPayload(hook("Tag Push Hook"), tagPush)).toEqual(Either.right([]))
      expect(mapGitLabPayload(hook("Pipeline Hook"), pipeline)).toEqual(Either.right([]))
      expect(mapGitLabPayload(hook("Member Hook"), { event_name: "user_add_to_group" })).toEqual(Either.right([]))
      expect(mapGitLabPayload({}, { anything: true })).toEqual(Either.right([]))
    })
  })

  describe("malformed payloads of relevant events", () => {
    it("refuses a push without a commits array", () => {
      const { commits: _, ...withoutCommits } = push
      expect(reasonOf(mapGitLabPayload(hook("Push Hook"), withoutCommits))).toBe("push: commits: is missing")
    })

    it("refuses a commit id longer than 40 characters", () => {
      const commit = first(push.commits)
      const id = "b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327b6568db1bc1dcd7f8b4d5a94"
      expect(reasonOf(mapGitLabPayload(hook("Push Hook"), { ...push, commits: [{ ...commit, id }] }))).toBe(
        `push commit '${id}': change_id: expected 1 to 40 characters`
      )
    })

    it("refuses a successful deployment whose commit_url names no commit", () => {
      const commit_url = "http://10.126.0.2:3000/root/test-deployment-webhooks"
      expect(reasonOf(mapGitLabPayload(hook("Deployment Hook"), { ...deployment, commit_url }))).toBe(
        "deployment: commit_url: expected a URL ending in /commit/<sha>"
      )
    })

    it("refuses a successful deployment without status_changed_at", () => {
      const { status_changed_at: _, ...withoutTime } = deployment
      expect(reasonOf(mapGitLabPayload(hook("Deployment Hook"), withoutTime))).toBe(
        "deployment: status_changed_at: is missing"
      )
    })
  })
})
