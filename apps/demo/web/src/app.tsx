/**
 * The dashboard's layout: every panel, reading the store and calculators.
 *
 * @module
 */
import type { Api } from './api.ts'
import { BookPanel } from './components/book-panel.tsx'
import { ChartPanel } from './components/chart-panel.tsx'
import { ContractPanel } from './components/contract-panel.tsx'
import { FaultsPanel } from './components/faults-panel.tsx'
import { FundingPanel, OpenInterestPanel } from './components/funding-panel.tsx'
import { LeveragePanel } from './components/leverage-panel.tsx'
import { MarketOrderPanel } from './components/market-order-panel.tsx'
import { StatusBar } from './components/status-bar.tsx'
import { TradesPanel } from './components/trades-panel.tsx'
import type { Calculators } from './market/calculators.ts'
import type { Faults } from './market/faults.ts'
import type { Market } from './market/store.ts'

/** Props of {@link App}. */
export interface AppProps {
  api: Api
  market: Market
  calculators: Calculators
  faults: Faults
}

/** The whole page. */
export function App({ api, market, calculators, faults }: AppProps) {
  return (
    <>
      <StatusBar api={api} market={market} />
      <main class="grid">
        <div class="col-side">
          <ContractPanel market={market} />
          <OpenInterestPanel market={market} />
          <FundingPanel market={market} />
        </div>
        <div class="col-main">
          <ChartPanel market={market} calculators={calculators} />
          <LeveragePanel market={market} calculators={calculators} />
        </div>
        <div class="col-book">
          <BookPanel market={market} calculators={calculators} />
          <MarketOrderPanel market={market} calculators={calculators} />
        </div>
        <div class="col-extra">
          <TradesPanel market={market} />
          <FaultsPanel faults={faults} market={market} config={api.config} />
        </div>
      </main>
      <footer class="footer">
        perpkit dashboard · charts by{' '}
        <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
      </footer>
    </>
  )
}
