import { benchOverhead } from './overhead.ts'
import { benchUtilisation } from './utilisation.ts'

/** `tsx bench/index.ts [overhead] [utilisation]`: both when none is named. */
const benches: Record<string, () => Promise<void>> = {
  overhead: benchOverhead,
  utilisation: benchUtilisation,
}
const chosen = process.argv.slice(2)
for (const name of chosen.length > 0 ? chosen : Object.keys(benches)) {
  const bench = benches[name]
  if (!bench)
    throw new Error(`unknown benchmark "${name}": one of ${Object.keys(benches).join(', ')}`)
  await bench()
}
