import { compare } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'
import { depthText, detailsText, klineText } from './payloads.ts'

/**
 * Validation + normalization of a parsed payload, as a ratio to JSON.parse of
 * the same text (target <= 0.2x), and the whole decode (parse + validate)
 * next to it for scale. Drift is read too, as `.withResponse()` would.
 */
async function measure(title: string, path: EndpointPath, text: string): Promise<void> {
  const endpoint = endpoints[path]
  const parsed = JSON.parse(text) as { data: unknown }
  const check = decodeData(endpoint, parsed.data)
  if (!check.success)
    throw new Error(`${title}: payload does not validate: ${JSON.stringify(check.issues)}`)
  await compare({
    title: `${title} (${(text.length / 1024).toFixed(0)} KiB)`,
    baseline: { name: 'JSON.parse(text)', fn: () => JSON.parse(text) },
    cases: [
      {
        name: 'validate + normalize (parsed)',
        fn: () => decodeData(endpoint, parsed.data),
        target: 0.2,
      },
      {
        name: 'validate + normalize + drift (parsed)',
        fn: () => {
          const result = decodeData(endpoint, parsed.data)
          return result.success && result.drift
        },
      },
      {
        name: 'JSON.parse + validate + normalize',
        fn: () => decodeData(endpoint, JSON.parse(text).data),
      },
    ],
  })
}

await measure('depth, 1000 levels a side', '/contract/public/depth', depthText(1000))
await measure('kline, 500 candles', '/contract/public/kline', klineText(500))
await measure('details, 300 contracts', '/contract/public/details', detailsText(300))
await measure(
  'details, 1,200 contracts (a live catalog)',
  '/contract/public/details',
  detailsText(1200),
)
