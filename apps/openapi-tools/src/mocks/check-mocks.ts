/**
 * Prism's mocks of the document against perpkit's client: the static mock (which serves the
 * document's examples) and the dynamic one (which makes answers up from its schemas), each
 * asked every method of the client for 30 rounds. Every answer must be one the client takes:
 * a model, or (the documented HTTP 200 maintenance answer, code 30016, which the dynamic
 * mock picks about half the time from the 200's `oneOf`) its MaintenanceError; and each
 * method must get models. A ResponseValidationError, a crash of the mock or anything else
 * fails the check.
 *
 * @module
 */
import { createClient, MaintenanceError } from '@perpkit/client'
import { type EndpointPath, endpointPaths, endpointRoutes } from '@perpkit/schemas'
import { OPENAPI_FILE } from '../repo-files.ts'
import { MOCK_NOW, mockParams } from './mock-params.ts'
import { startPrism } from './prism-server.ts'

/** Rounds per method (`MOCK_ROUNDS` to ask more, e.g. to hunt for a rare bad answer). */
const ROUNDS = Number(process.env.MOCK_ROUNDS ?? 30)
/** The document (another file as the first argument, e.g. an older version to compare). */
const DOCUMENT = process.argv[2] ?? OPENAPI_FILE

/** What one method got over the rounds. */
interface Tally {
  models: number
  maintenance: number
  failures: string[]
}

/** Asks every method `ROUNDS` times of the mock at `url`. */
async function askEveryMethod(url: string): Promise<Map<EndpointPath, Tally>> {
  const client = createClient({ baseUrl: url, rateLimit: false, retry: 0, now: () => MOCK_NOW })
  const tallies = new Map<EndpointPath, Tally>()
  for (const path of endpointPaths) tallies.set(path, { models: 0, maintenance: 0, failures: [] })
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of endpointPaths) {
      const tally = tallies.get(path) as Tally
      const method = client[endpointRoutes[path].clientMethod] as (
        params: unknown,
      ) => Promise<unknown>
      try {
        await method(mockParams[path])
        tally.models++
      } catch (error) {
        if (error instanceof MaintenanceError) tally.maintenance++
        else tally.failures.push(error instanceof Error ? error.message : String(error))
      }
    }
  }
  return tallies
}

let failed = false
for (const dynamic of [false, true]) {
  const mode = dynamic ? 'dynamic' : 'static'
  const mock = await startPrism(DOCUMENT, dynamic)
  let tallies: Map<EndpointPath, Tally>
  try {
    tallies = await askEveryMethod(mock.url)
  } finally {
    await mock.stop()
  }
  console.log(`\nPrism ${mode} mock, ${ROUNDS} rounds of every method:`)
  console.log('| method | models | maintenance (30016) | refused |')
  console.log('|---|---|---|---|')
  for (const [path, tally] of tallies) {
    console.log(
      `| ${endpointRoutes[path].clientMethod} | ${tally.models} | ${tally.maintenance} | ${tally.failures.length} |`,
    )
    if (tally.failures.length > 0) {
      failed = true
      console.error(`  ${endpointRoutes[path].clientMethod}: ${tally.failures[0]}`)
    }
    // Maintenance answers must not be all there is: the success bodies are what is checked.
    if (tally.models === 0) {
      failed = true
      console.error(`  ${endpointRoutes[path].clientMethod}: no success body in ${ROUNDS} rounds`)
    }
  }
}
if (failed) {
  console.error('\nPrism served answers that the client refused')
  process.exitCode = 1
} else console.log('\nEvery answer of both mocks was one the client takes')
