import { startSandbox } from '@perpkit/sandbox'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string
    sandboxNow: number
  }
}

/** Pinned clock of the shared sandbox: every answer is the same in every run. */
export const SANDBOX_NOW = Date.UTC(2026, 0, 15, 12, 0, 0)

/**
 * One sandbox for the client tests, over real HTTP on 127.0.0.1. Without rate limits: the
 * test files share it from parallel workers, each client with its own budget, so together
 * they would overrun the live budgets (the rate-limit suites start their own sandboxes).
 */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({
    seed: 7,
    now: () => SANDBOX_NOW,
    quiet: true,
    rateLimit: false,
  })
  project.provide('sandboxUrl', sandbox.url)
  project.provide('sandboxNow', SANDBOX_NOW)
  return () => sandbox.close()
}
