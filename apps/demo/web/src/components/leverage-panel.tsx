/**
 * Leverage brackets as a table, and the liquidation calculator: side, size,
 * entry price, leverage or margin give the liquidation price
 * (`liquidationPrice`), the bracket used and the maintenance margin.
 *
 * @module
 */
import type { LeverageBracket } from '@perpkit/schemas'
import {
  type ContractFormatters,
  formatDecimal,
  formatLeverage,
  formatPercent,
} from '../../../src/format.ts'
import { contractFormatters } from '../format.ts'
import type { LiquidationInput } from '../logic/liquidation.ts'
import type { Calculators } from '../market/calculators.ts'
import type { Market } from '../market/store.ts'
import { Figures, Panel } from './panel.tsx'

function BracketTable(props: { brackets: readonly LeverageBracket[]; used: number | null }) {
  return (
    <table class="brackets" data-testid="brackets">
      <thead>
        <tr>
          <th>#</th>
          <th>notional from</th>
          <th>to</th>
          <th>max lev.</th>
          <th>mmr</th>
        </tr>
      </thead>
      <tbody>
        {props.brackets.map((b) => (
          <tr key={b.bracket} class={b.bracket === props.used ? 'used' : undefined}>
            <td>{b.bracket}</td>
            <td>{formatDecimal(b.notionalFloor, { step: '1' })}</td>
            <td>{formatDecimal(b.notionalCap, { step: '1' })}</td>
            <td>{formatLeverage(b.initialLeverage)}</td>
            <td>{formatPercent(b.maintMarginRatio, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function LiquidationForm(props: { calculators: Calculators; quote: string }) {
  const input = props.calculators.position.value
  const set = (patch: Partial<LiquidationInput>) => {
    props.calculators.position.value = { ...props.calculators.position.value, ...patch }
  }
  const text = (field: 'qty' | 'entryPrice' | 'amount', label: string) => (
    <label class="field">
      <span>{label}</span>
      <input
        name={field}
        inputMode="decimal"
        value={input[field]}
        onInput={(event) => set({ [field]: event.currentTarget.value })}
      />
    </label>
  )
  return (
    <form class="form" data-testid="liq-form" onSubmit={(event) => event.preventDefault()}>
      <label class="field">
        <span>side</span>
        <select
          name="side"
          value={input.side}
          onChange={(event) => set({ side: event.currentTarget.value as LiquidationInput['side'] })}
        >
          <option value="long">long</option>
          <option value="short">short</option>
        </select>
      </label>
      {text('qty', 'size (ct)')}
      {text('entryPrice', 'entry price')}
      <label class="field">
        <span>by</span>
        <select
          name="basis"
          value={input.basis}
          onChange={(event) =>
            set({ basis: event.currentTarget.value as LiquidationInput['basis'] })
          }
        >
          <option value="leverage">leverage</option>
          <option value="margin">margin ({props.quote})</option>
        </select>
      </label>
      {text('amount', input.basis === 'leverage' ? 'leverage (x)' : `margin (${props.quote})`)}
    </form>
  )
}

function LiquidationResult(props: {
  calculators: Calculators
  f: ContractFormatters
  quote: string
}) {
  const outcome = props.calculators.liquidation.value
  const { f, quote } = props
  if (outcome === null) return null
  if (outcome.kind === 'invalid') {
    return (
      <p class="panel-error" data-testid="liq-result" data-kind="invalid">
        {outcome.message}
      </p>
    )
  }
  if (outcome.kind === 'none') {
    return (
      <p class="liq-result" data-testid="liq-result" data-kind="none">
        no liquidation: the margin covers the position at any price
      </p>
    )
  }
  const { point } = outcome
  return (
    <div class="liq-result" data-testid="liq-result" data-kind="point" data-exact={point.price}>
      <Figures
        rows={[
          ['liquidation price', <strong data-testid="liq-price">{f.price(point.price)}</strong>],
          [
            'bracket used',
            `#${point.bracket.bracket} (mmr ${formatPercent(point.bracket.maintMarginRatio, 2)}, ≤ ${formatLeverage(point.bracket.initialLeverage)})`,
          ],
          ['maintenance margin', `${f.quote(point.maintenanceMargin)} ${quote}`],
          ['isolated margin', `${f.quote(point.margin)} ${quote}`],
          ['notional at liq.', `${f.quote(point.notional)} ${quote}`],
        ]}
      />
    </div>
  )
}

/** Leverage brackets and the liquidation calculator (`liq-form`, `liq-result`). */
export function LeveragePanel(props: { market: Market; calculators: Calculators }) {
  const { market, calculators } = props
  const contract = market.contract.value
  const brackets = market.brackets.value
  const ready = contract !== null && brackets.length > 0
  if (!ready)
    return (
      <Panel title="Leverage and liquidation" error={market.errors.value.brackets} ready={false} />
    )
  const f = contractFormatters(contract)
  const outcome = calculators.liquidation.value
  const used = outcome?.kind === 'point' ? outcome.point.bracket.bracket : null
  return (
    <Panel
      title="Leverage and liquidation"
      error={market.errors.value.brackets}
      class="panel-leverage"
    >
      <div class="split">
        <div>
          <LiquidationForm calculators={calculators} quote={contract.quoteCurrency} />
          <LiquidationResult calculators={calculators} f={f} quote={contract.quoteCurrency} />
        </div>
        <div class="scroll">
          <BracketTable brackets={brackets} used={used} />
        </div>
      </div>
    </Panel>
  )
}
