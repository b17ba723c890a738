/**
 * A worker takes a job of an endpoint only while its egress has budget for
 * it. Each endpoint queue's BullMQ worker counts the requests its jobs have
 * queued and not yet had answered; while they fill less than one window of
 * the endpoint's budget it may take one more job, and once they fill it, none
 * (its BullMQ concurrency follows: the jobs running, plus one while there is
 * room). The requests still go through the egress's shared limiter, which
 * paces them; the gate only keeps a worker from holding jobs it could not
 * send for a window or more, so that they wait in the queue for any egress
 * that has budget left.
 *
 * @module
 */

/** One job's requests, as the gate counts them. */
export interface GateTicket {
  /** One of the job's requests was answered (or failed). */
  answered(): void
  /** The job is over: its unanswered requests no longer count. */
  end(): void
}

/** The gate of one endpoint queue on one worker. */
export interface BudgetGate {
  /**
   * A job started that will send `requests` requests.
   *
   * @param requests - How many.
   * @returns Its ticket.
   */
  begin(requests: number): GateTicket
  /** Requests queued and not answered. */
  readonly pending: number
  /** Jobs running. */
  readonly active: number
}

/**
 * A gate for an endpoint whose budget is `limit` requests per window.
 *
 * @param limit - Requests per window of the endpoint's budget.
 * @param setConcurrency - Applies the jobs the worker may hold (BullMQ's `worker.concurrency`).
 * @returns The gate.
 * @example
 * ```ts
 * let concurrency = 0
 * const gate = createBudgetGate(12, (n) => { concurrency = n })
 * const ticket = gate.begin(3) // a 1m day: three requests
 * ticket.answered()
 * ticket.end()
 * ```
 */
export function createBudgetGate(
  limit: number,
  setConcurrency: (concurrency: number) => void,
): BudgetGate {
  let pending = 0
  let active = 0
  const update = () => setConcurrency(active + (pending < limit ? 1 : 0))
  update()
  return {
    begin(requests) {
      let left = requests
      active++
      pending += requests
      update()
      let ended = false
      return {
        answered() {
          if (ended || left === 0) return
          left--
          pending--
          update()
        },
        end() {
          if (ended) return
          ended = true
          active--
          pending -= left
          left = 0
          update()
        },
      }
    },
    get pending() {
      return pending
    },
    get active() {
      return active
    },
  }
}
