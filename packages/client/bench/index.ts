import { runSelected } from '@perpkit/bench-kit'
import { benchBundleSize } from './bundle-size.ts'
import { benchColdImport } from './cold-import.ts'
import { benchColdStart } from './cold-start.ts'
import { benchNetworkFree } from './network-free.ts'
import { benchPerRequest } from './per-request.ts'
import { benchYearOfCandles } from './year-of-candles.ts'

/** `tsx bench/index.ts [per-request] [network-free] [cold-import] [cold-start] [year] [bundle]`: all when none is named. */
const benches: Record<string, () => unknown> = {
  'per-request': benchPerRequest,
  'network-free': benchNetworkFree,
  'cold-import': benchColdImport,
  'cold-start': benchColdStart,
  year: benchYearOfCandles,
  bundle: benchBundleSize,
}
await runSelected(benches)
