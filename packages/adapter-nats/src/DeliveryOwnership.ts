/**
 * Which delivery of a message is in charge of settling it, within one queue instance.
 *
 * NATS 2.9 applies an ack sent for an old delivery of a message even after the message was
 * delivered again: the stale ack would remove a message that a newer delivery still owns (and a
 * stale nak would hand it out a third time). The port says the newest delivery is in charge, so
 * each instance numbers the deliveries it hands out and turns the settlements of any but the
 * newest delivery of a message into no-ops. Deliveries are numbered here rather than by the
 * broker's delivery count, which is not trusted to only grow. Deliveries made to other processes
 * are not seen here; there the broker's rule holds, which loses nothing (a late ack still means
 * "processed").
 */
export interface DeliveryOwnership {
  /** Records that the message at `sequence` was handed out again; answers the delivery's number. */
  readonly claim: (sequence: number) => number
  /** A newer delivery of the message was handed out since `delivery`, or it was settled for good. */
  readonly isStale: (sequence: number, delivery: number) => boolean
  /**
   * `delivery` settled the message for good (acked, dead-lettered): it and every earlier delivery
   * are stale from now on. A later delivery (the broker lost the ack) takes over.
   */
  readonly finish: (sequence: number, delivery: number) => void
}

interface Claim {
  readonly delivery: number
  readonly finished: boolean
  readonly at: number
}

/**
 * `horizonMillis` bounds how long a claim is remembered: a message settled by another process after
 * a redelivery is never finished here, and a finished message leaves a mark. Past the horizon the
 * claim is dropped, and a delivery that old is no longer recognised as stale.
 */
export const make = (horizonMillis: number, now: () => number = Date.now): DeliveryOwnership => {
  // Insertion order is claim order (a claim is deleted before it is set again), so the oldest
  // claims are at the front and pruning stops at the first young one.
  const claims = new Map<number, Claim>()
  let deliveries = 0

  const prune = (at: number) => {
    for (const [sequence, claim] of claims) {
      if (at - claim.at < horizonMillis) return
      claims.delete(sequence)
    }
  }

  const record = (sequence: number, claim: Claim) => {
    claims.delete(sequence)
    claims.set(sequence, claim)
  }

  return {
    claim: (sequence) => {
      const at = now()
      prune(at)
      deliveries += 1
      record(sequence, { delivery: deliveries, finished: false, at })
      return deliveries
    },
    isStale: (sequence, delivery) => {
      const current = claims.get(sequence)
      if (current === undefined) return false
      return current.finished ? delivery <= current.delivery : delivery < current.delivery
    },
    finish: (sequence, delivery) => {
      record(sequence, { delivery, finished: true, at: now() })
    }
  }
}
