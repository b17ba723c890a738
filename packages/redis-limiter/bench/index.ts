import { runSelected } from '@perpkit/bench-kit'
import { benchOverhead } from './overhead.ts'
import { benchUtilisation } from './utilisation.ts'

/** `tsx bench/index.ts [overhead] [utilisation]`: both when none is named. */
const benches: Record<string, () => Promise<void>> = {
  overhead: benchOverhead,
  utilisation: benchUtilisation,
}
await runSelected(benches)
