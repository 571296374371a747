import { createInbox, type Msg, type NatsConnection } from "@nats-io/transport-node"
import { Effect } from "effect"

/** Where a delivery stands, read from the subject its acknowledgement goes to. */
export interface DeliveryInfo {
  /** 1 on the first delivery. */
  readonly deliveryCount: number
  readonly streamSequence: number
}

/**
 * `$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<time>.<pending>`, or the
 * newer form with the domain and account hash after `$JS.ACK` (and a token at the end).
 */
export const deliveryInfo = (reply: string | undefined): DeliveryInfo | undefined => {
  const tokens = (reply ?? "").split(".")
  if (tokens[0] !== "$JS" || tokens[1] !== "ACK") return undefined
  const offset = tokens.length === 9 ? 4 : tokens.length >= 11 ? 6 : -1
  const deliveryCount = Number(tokens[offset])
  const streamSequence = Number(tokens[offset + 1])
  return offset > 0 && Number.isSafeInteger(deliveryCount) && Number.isSafeInteger(streamSequence)
    ? { deliveryCount, streamSequence }
    : undefined
}

/** A status the server sends to end a pull request early: 404 no messages, 408 expired. */
const isStatus = (message: Msg) => message.data.length === 0 && (message.headers?.code ?? 0) !== 0

const endsNormally = (code: number) => code === 404 || code === 408

export class PullFailed extends Error {}

/**
 * One pull request to a consumer: up to `max` messages, waiting at most `waitMillis` for the first.
 *
 * The request is sent with `no_wait` and `expires`: the server waits for the first message until
 * the expiry, and once it has handed out what it holds it ends the request at once (408) instead
 * of holding it open for a full batch. So the request always ends on the server's side: a client
 * that ended it itself would leave it open there, and NATS 2.9 then delivers messages to it that
 * nobody reads and loses their delivery count. (The consumer API of nats.js offers no `no_wait`,
 * hence the request made here.) `timeoutMillis` bounds the wait for an answer beyond the expiry.
 */
export const pull = (
  nc: NatsConnection,
  nextSubject: string,
  max: number,
  waitMillis: number,
  timeoutMillis: number
): Effect.Effect<ReadonlyArray<Msg>, Error> =>
  Effect.async<ReadonlyArray<Msg>, Error>((resume) => {
    const received: Array<Msg> = []
    const inbox = createInbox()
    let done = false
    let timer: NodeJS.Timeout | undefined

    const end = () => {
      done = true
      clearTimeout(timer)
      subscription.unsubscribe()
    }
    const succeed = () => {
      end()
      resume(Effect.succeed(received))
    }
    // Messages already received are handed out even if the request then failed: the server
    // counts them as delivered, and they would otherwise wait out the ack wait.
    const fail = (error: Error) => {
      end()
      resume(received.length > 0 ? Effect.succeed(received) : Effect.fail(error))
    }

    const subscription = nc.subscribe(inbox, {
      callback: (error, message) => {
        if (done) return
        if (error !== null) return fail(error)
        if (!isStatus(message)) {
          received.push(message)
          if (received.length >= max) succeed()
          return
        }
        const code = message.headers?.code ?? 0
        if (code === 100) return // a heartbeat: not asked for, and harmless
        if (endsNormally(code)) return succeed()
        fail(new PullFailed(`${code} ${message.headers?.description ?? ""}`.trim()))
      }
    })
    const request = waitMillis > 0
      ? { batch: max, no_wait: true, expires: Math.round(waitMillis * 1_000_000) }
      : { batch: max, no_wait: true }
    try {
      nc.publish(nextSubject, JSON.stringify(request), { reply: inbox })
    } catch (error) {
      fail(error instanceof Error ? error : new PullFailed(String(error)))
      return
    }
    timer = setTimeout(
      () => fail(new PullFailed(`no answer within ${waitMillis + timeoutMillis} ms`)),
      waitMillis + timeoutMillis
    )
    return Effect.sync(end)
  })
