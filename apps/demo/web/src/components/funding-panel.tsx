/**
 * Funding (current and expected rates, annualized, countdown, history bars)
 * and open interest.
 *
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals'
import { formatDateTime, formatPercent } from '../../../src/format.ts'
import { FundingChart } from '../charts/funding-chart.tsx'
import { contractFormatters, formatCountdown } from '../format.ts'
import { fundingView } from '../logic/funding.ts'
import type { Market } from '../market/store.ts'
import { Figures, Panel } from './panel.tsx'

/** A clock that ticks every second while the panel is shown. */
function useNow() {
  const now = useSignal(Date.now())
  useSignalEffect(() => {
    const timer = setInterval(() => {
      now.value = Date.now()
    }, 1_000)
    return () => clearInterval(timer)
  })
  return now.value
}

const annualized = (value: string | null) =>
  value === null ? 'n/a' : formatPercent(value, 2, true)

/** Funding figures and the history chart (`data-testid="funding-history"`). */
export function FundingPanel(props: { market: Market }) {
  const { market } = props
  const now = useNow()
  const contract = market.contract.value
  const funding = market.funding.value
  const ready = contract !== null && funding !== null
  const view = ready ? fundingView(funding, contract, now) : null
  return (
    <Panel
      title="Funding"
      error={market.errors.value.funding}
      ready={ready}
      class="panel-funding"
      testid="funding"
    >
      {view !== null && contract !== null && (
        <Figures
          testid="funding-figures"
          rows={
            contract.fundingIntervalHours === null
              ? [['funding', 'this contract does not fund']]
              : [
                  [
                    'current rate',
                    `${formatPercent(view.rate, 4, true)} (${annualized(view.rateAnnualized)} / yr)`,
                  ],
                  [
                    'expected rate',
                    `${formatPercent(view.expectedRate, 4, true)} (${annualized(view.expectedAnnualized)} / yr)`,
                  ],
                  ['next settlement', formatDateTime(view.fundingTime)],
                  [
                    'in',
                    <span data-testid="funding-countdown">{formatCountdown(view.msLeft)}</span>,
                  ],
                ]
          }
        />
      )}
      <FundingChart history={market.fundingHistory.value} />
    </Panel>
  )
}

/** Open interest and its value (`data-testid="open-interest"`). */
export function OpenInterestPanel(props: { market: Market }) {
  const { market } = props
  const contract = market.contract.value
  const oi = market.openInterest.value
  const ready = contract !== null && oi !== null
  if (!ready)
    return <Panel title="Open interest" error={market.errors.value.interest} ready={false} />
  const f = contractFormatters(contract)
  return (
    <Panel title="Open interest" error={market.errors.value.interest} testid="open-interest">
      <Figures
        rows={[
          ['contracts', `${f.contracts(oi.openInterest)} ct`],
          ['value', `${f.quote(oi.openInterestValue)} ${contract.quoteCurrency}`],
        ]}
      />
    </Panel>
  )
}
