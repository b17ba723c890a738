/**
 * The market-order calculator: size (contracts) or notional (quote), buy or
 * sell, walked through the live book (`walkBook`), with slippage vs the mid.
 *
 * @module
 */
import { formatBps } from '../../../src/format.ts'
import { contractFormatters } from '../format.ts'
import type { Calculators } from '../market/calculators.ts'
import type { Market } from '../market/store.ts'
import { Figures, Panel } from './panel.tsx'

/** The market-order form and its fill (`data-testid="market-order"`). */
export function MarketOrderPanel(props: { market: Market; calculators: Calculators }) {
  const { market, calculators } = props
  const contract = market.contract.value
  const input = calculators.order.value
  const answer = calculators.fill.value
  const set = (patch: Partial<typeof input>) => {
    calculators.order.value = { ...calculators.order.value, ...patch }
  }
  const f = contract === null ? null : contractFormatters(contract)
  return (
    <Panel
      title="Market order"
      ready={contract !== null}
      error={market.errors.value.book}
      testid="market-order"
    >
      <form class="form" onSubmit={(event) => event.preventDefault()}>
        <fieldset class="segmented" aria-label="side">
          {(['buy', 'sell'] as const).map((side) => (
            <button
              type="button"
              key={side}
              aria-pressed={input.side === side}
              onClick={() => set({ side })}
            >
              {side}
            </button>
          ))}
        </fieldset>
        <label class="field">
          <span>amount</span>
          <input
            inputMode="decimal"
            data-testid="order-amount"
            value={input.amount}
            onInput={(event) => set({ amount: event.currentTarget.value })}
          />
        </label>
        <label class="field">
          <span>in</span>
          <select
            value={input.unit}
            onChange={(event) => set({ unit: event.currentTarget.value as typeof input.unit })}
          >
            <option value="quote">{contract?.quoteCurrency ?? 'quote'} (notional)</option>
            <option value="contracts">contracts (size)</option>
          </select>
        </label>
      </form>
      {answer !== null && !answer.ok && <p class="panel-error">{answer.message}</p>}
      {answer?.ok === true && f !== null && contract !== null && (
        <Figures
          testid="order-result"
          rows={[
            [
              'filled',
              `${f.contracts(answer.fill.filledQty)} ct${answer.fill.complete ? '' : ' (book ran out)'}`,
            ],
            [
              'average price',
              answer.fill.avgPrice === null ? '–' : f.finePrice(answer.fill.avgPrice),
            ],
            [
              'worst price',
              answer.fill.worstPrice === null ? '–' : f.price(answer.fill.worstPrice),
            ],
            [
              'slippage vs mid',
              answer.fill.slippageBps === null ? '–' : formatBps(answer.fill.slippageBps),
            ],
            ['notional', `${f.quote(answer.fill.notional)} ${contract.quoteCurrency}`],
          ]}
        />
      )}
    </Panel>
  )
}
