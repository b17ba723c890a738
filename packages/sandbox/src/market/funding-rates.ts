/**
 * funding-rate-v2: the current funding of every contract that funds, in one
 * call. As live, it covers a subset of the catalog (trading perpetuals: no
 * dated futures, no delisted contracts) and its rows are funding-rate's
 * without `timestamp`; with quirks they also carry `funding_interval_hours`,
 * a key the spec's funding-rate row does not have.
 *
 * @module
 */
import type { EndpointWire } from '@perpkit/schemas'
import type { ContractModel } from './contract-model.ts'
import { buildFundingRate, lastSettlement } from './funding.ts'

/** One row of the funding-rate-v2 payload, as sent. */
export type FundingRatesRow = EndpointWire<'/contract/public/funding-rate-v2'>[number] & {
  funding_interval_hours?: number
}

/** Whether funding-rate-v2 lists a contract at `now` (epoch ms). */
function hasFundingRow(model: ContractModel, now: number): boolean {
  return (
    model.spec.productType === 1 &&
    model.lifecycle(now).status === 'Trading' &&
    lastSettlement(model, now) !== undefined
  )
}

/** The rows of `models` that funding-rate-v2 lists at `now` (epoch ms). */
export function buildFundingRates(
  models: readonly ContractModel[],
  now: number,
): FundingRatesRow[] {
  const rows: FundingRatesRow[] = []
  for (const model of models) {
    if (!hasFundingRow(model, now)) continue
    const { timestamp: _, ...rate } = buildFundingRate(model, now)
    const hours = model.spec.fundingIntervalHours
    rows.push(
      model.quirks && hours !== undefined ? { ...rate, funding_interval_hours: hours } : rate,
    )
  }
  return rows
}
