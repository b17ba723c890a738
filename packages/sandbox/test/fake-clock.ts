/** Waiting on the sandbox's timers with a fake clock, over real HTTP. */
import { vi } from 'vitest'
import type { Reply } from './helpers.ts'

/**
 * How far a fake clock had to move before the sandbox answered `request`. The HTTP is real;
 * the timers are fake and move in 10 ms steps, the event loop turning between steps for the I/O.
 */
export async function clockUntilAnswered(
  request: () => Promise<Reply>,
): Promise<{ reply: Reply; waitedMs: number }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    let reply: Reply | undefined
    const pending = request().then((answer) => {
      reply = answer
    })
    let waitedMs = 0
    for (;;) {
      for (let turn = 0; turn < 20 && !reply; turn++) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      if (reply || waitedMs >= 10_000) break
      await vi.advanceTimersByTimeAsync(10)
      waitedMs += 10
    }
    await pending
    return { reply: reply as Reply, waitedMs }
  } finally {
    vi.useRealTimers()
  }
}
