import { benchBundleSize } from './bundle-size.ts'
import { benchColdImport } from './cold-import.ts'
import { benchColdStart } from './cold-start.ts'
import { benchPerRequest } from './per-request.ts'
import { benchYearOfCandles } from './year-of-candles.ts'

/** `tsx bench/index.ts [per-request] [cold-import] [cold-start] [year] [bundle]`: all when none is named. */
const benches: Record<string, () => unknown> = {
  'per-request': benchPerRequest,
  'cold-import': benchColdImport,
  'cold-start': benchColdStart,
  year: benchYearOfCandles,
  bundle: benchBundleSize,
}
const chosen = process.argv.slice(2)
for (const name of chosen.length > 0 ? chosen : Object.keys(benches)) {
  const bench = benches[name]
  if (!bench)
    throw new Error(`unknown benchmark "${name}": one of ${Object.keys(benches).join(', ')}`)
  await bench()
}
