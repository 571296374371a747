import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Errors, GitHostWebhooks } from "@tidemark/core"
import { Effect } from "effect"
import { analysisErrors } from "../ErrorMapping.js"
import { answerWith, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { type createWebhookSecret, IssuedWebhookSecret, WebhookReceipt, webhookPaths } from "./Api.js"

/**
 * The body exactly as sent: the endpoints declare no payload, so nothing has parsed it yet. Its
 * size is bounded by the body guard; a connection lost while reading is the service's failure.
 */
const rawBody = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => request.arrayBuffer).pipe(
  Effect.map((buffer) => new Uint8Array(buffer)),
  Effect.mapError((error) => new Errors.ServiceUnavailable({ reason: `the webhook body could not be read: ${error.message}`, cause: error }))
)

const receipt = (outcome: WebhookReceipt) => ({ data: new WebhookReceipt(outcome) })

/** No caller: a delivery is authenticated by the repository's webhook secret, which the core checks. */
export const layer = HttpApiBuilder.group(TidemarkApi, "gitHostWebhooks", (handlers) =>
  Effect.gen(function*() {
    const webhooks = yield* GitHostWebhooks.GitHostWebhooks
    return handlers
      .handle("receiveGitHubWebhook", ({ headers, path }) =>
        Effect.flatMap(rawBody, (body) =>
          webhooks.github(
            repositoryAt(path),
            { event: headers["x-github-event"], signature: headers["x-hub-signature-256"], delivery: headers["x-github-delivery"] },
            body
          )).pipe(Effect.map(receipt), analysisErrors))
      .handle("receiveGitLabWebhook", ({ headers, path }) =>
        Effect.flatMap(rawBody, (body) =>
          webhooks.gitlab(
            repositoryAt(path),
            {
              event: headers["x-gitlab-event"],
              token: headers["x-gitlab-token"],
              delivery: headers["idempotency-key"] ?? headers["x-gitlab-event-uuid"]
            },
            body
          )).pipe(Effect.map(receipt), analysisErrors))
  }))

/** The admin group's operation that issues a webhook secret (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(GitHostWebhooks.GitHostWebhooks, (webhooks) => ({
  createWebhookSecret: ({ path }: RequestOf<typeof createWebhookSecret>) =>
    answerWith(
      (caller) => webhooks.issueSecret(caller, repositoryAt(path)),
      (secret) => ({ data: new IssuedWebhookSecret({ secret, ...webhookPaths(path) }) })
    )
}))
