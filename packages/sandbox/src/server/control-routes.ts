/**
 * The sandbox's own routes under `/__sandbox/` (never rate-limited, never
 * signed, never faulted):
 *
 * - `GET /__sandbox/faults`: the queued faults.
 * - `POST /__sandbox/faults` with `{ "path", "kind", "count"?, "latencyMs"?, "retryAfterSeconds"? }`: queue one.
 * - `DELETE /__sandbox/faults`: drop them all.
 *
 * Each answers the success envelope with `data: { pending: [...] }`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes } from '@perpkit/schemas'
import { checkFault } from '../faults/fault.ts'
import type { MemoryFaultQueue } from '../faults/fault-queue.ts'
import { sendMethodNotAllowed, sendNotFound, sendSuccess } from '../wire/respond.ts'
import { WireError } from '../wire/wire-error.ts'

/** Prefix of every control route. */
export const CONTROL_PREFIX = '/__sandbox/'

const MAX_BODY_BYTES = 64 * 1024

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'Body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'Body must be JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'Body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/**
 * Serves a control route.
 *
 * @throws {WireError} 400 / 40007 for a bad fault description.
 */
export async function serveControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  faults: MemoryFaultQueue,
): Promise<void> {
  if (path !== `${CONTROL_PREFIX}faults`) {
    sendNotFound(res)
    return
  }
  switch (req.method) {
    case 'GET':
      break
    case 'DELETE':
      faults.clear()
      break
    case 'POST': {
      const body = parseJsonObject(await readBody(req))
      const count = body.count ?? 1
      if (typeof body.path !== 'string') {
        throw new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'path must be a string')
      }
      if (typeof count !== 'number') {
        throw new WireError(400, apiErrorCodes.PARAMETER_ERROR, 'count must be a positive integer')
      }
      faults.add(body.path, checkFault(body, faults.invented), count)
      break
    }
    default:
      sendMethodNotAllowed(res, 'GET, POST, DELETE')
      return
  }
  sendSuccess(res, { pending: faults.pending() })
}
