import { benchColdImport } from './cold-import.ts'
import { benchPerRequest } from './per-request.ts'
import { benchYearOfCandles } from './year-of-candles.ts'

await benchPerRequest()
benchColdImport()
await benchYearOfCandles()
