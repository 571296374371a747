import { makeApiClient } from "../src/ApiClient.js"
import type { Fetch } from "../src/shared/ApiRequest.js"

export const acme = { provider: "gh", name: "acme" } as const

export interface Sent {
  readonly url: string
  readonly method: string
  readonly body: unknown
}

/** A server answering by path: a status and a body each, 404 for any other path. */
export const fakeServer = (answers: Readonly<Record<string, readonly [number, unknown]>>) => {
  const sent: Array<Sent> = []
  const doFetch: Fetch = (url, init) => {
    sent.push({ url, method: init.method ?? "GET", body: typeof init.body === "string" ? JSON.parse(init.body) as unknown : undefined })
    const [status, body] = answers[url.replace(/\?.*$/, "")] ?? [404, { message: `No operation at ${url}` }]
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }))
  }
  return { sent, api: makeApiClient({ token: "t", organization: acme, fetch: doFetch }) }
}
