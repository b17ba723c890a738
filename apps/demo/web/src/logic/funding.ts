/**
 * The funding panel's figures: the current and expected rates, each
 * annualized (`annualizeFundingRate`), and the time to the next settlement
 * (`timeToNextFunding`).
 *
 * @module
 */
import { annualizeFundingRate, timeToNextFunding } from '@perpkit/analytics'
import type { Contract, FundingRate } from '@perpkit/schemas'

/** What the funding panel shows. */
export interface FundingView {
  rate: string
  rateAnnualized: string | null
  expectedRate: string
  expectedAnnualized: string | null
  fundingTime: number
  /** Milliseconds to the next settlement at `now`, never negative. */
  msLeft: number
}

/**
 * Computes the funding panel at `now`.
 *
 * @param funding - `getFundingRate`'s model.
 * @param contract - Its funding interval (`null` for contracts that do not fund).
 * @param now - The clock, epoch ms.
 * @returns Rates, annualized rates (`null` without an interval), time left.
 */
export function fundingView(
  funding: FundingRate,
  contract: Pick<Contract, 'fundingIntervalHours'>,
  now: number,
): FundingView {
  const hours = contract.fundingIntervalHours
  const annualize = (rate: string) =>
    hours === null || hours <= 0 ? null : annualizeFundingRate({ rate, intervalHours: hours })
  return {
    rate: funding.rateValue,
    rateAnnualized: annualize(funding.rateValue),
    expectedRate: funding.expectedRate,
    expectedAnnualized: annualize(funding.expectedRate),
    fundingTime: funding.fundingTime,
    msLeft: Math.max(0, timeToNextFunding({ fundingTime: funding.fundingTime, now })),
  }
}
