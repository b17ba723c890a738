/**
 * The whole market of one sandbox: one model per listed contract, all
 * derived from the seed.
 *
 * @module
 */
import { type BracketWire, buildBrackets } from './brackets.ts'
import { ContractModel } from './contract-model.ts'
import { type ContractSpec, contractSpecs } from './contracts.ts'
import { generatedContractSpecs } from './generated-contracts.ts'
import { hashString } from './hash.ts'
import { thinContractSpecs } from './thin-contracts.ts'

/** How a market is set up. */
export interface MarketSettings {
  /** Whether contracts show live quirks. */
  quirks: boolean
  /** `'named'`, or the total number of contracts (named first, then generated). */
  contracts: 'named' | number
  /** Whether dated futures are listed (live lists none). */
  datedFutures: boolean
}

/** The named contracts, in the order details lists them. */
const namedContractSpecs: readonly ContractSpec[] = [...contractSpecs, ...thinContractSpecs]

/** The specifications of a catalog: the named ones, cut or extended with generated ones. */
function catalogSpecs({ contracts, datedFutures }: MarketSettings): readonly ContractSpec[] {
  const all = datedFutures
    ? namedContractSpecs
    : namedContractSpecs.filter((spec) => spec.productType === 1)
  if (contracts === 'named') return all
  const named = all.slice(0, contracts)
  return [...named, ...generatedContractSpecs(contracts - named.length, datedFutures)]
}

/** Reduces a seed (number or string) to 32 bits; `1` and `'1'` are the same seed. */
export function seedHash(seed: number | string): number {
  return hashString(String(seed))
}

/**
 * Every listed contract of a seed, by symbol. The catalog is built on first
 * use, so a large one costs nothing until a request needs it.
 */
export class Market {
  private readonly seed: number
  private catalog:
    | { models: readonly ContractModel[]; bySymbol: Map<string, ContractModel> }
    | undefined

  constructor(
    seed: number | string,
    private readonly settings: MarketSettings = {
      quirks: true,
      contracts: 'named',
      datedFutures: false,
    },
  ) {
    this.seed = seedHash(seed)
  }

  /** Every contract of the catalog, in details order, listed or not yet. */
  get contracts(): readonly ContractModel[] {
    return this.build().models
  }

  private build(): NonNullable<Market['catalog']> {
    if (this.catalog === undefined) {
      const models = catalogSpecs(this.settings).map(
        (spec) => new ContractModel(spec, this.seed, this.settings.quirks),
      )
      this.catalog = { models, bySymbol: new Map(models.map((m) => [m.spec.symbol, m])) }
    }
    return this.catalog
  }

  /**
   * The contract listed under exactly `symbol` at time `now` (epoch ms), if
   * any: a contract does not exist before its listing time.
   */
  find(symbol: string, now: number): ContractModel | undefined {
    const model = this.build().bySymbol.get(symbol)
    return model !== undefined && model.spec.openTime <= now ? model : undefined
  }

  /** Every contract listed by time `now` (epoch ms), delisted ones included. */
  listed(now: number): ContractModel[] {
    return this.contracts.filter((model) => model.spec.openTime <= now)
  }

  /** The leverage rule of a contract, exact. */
  rule(model: ContractModel): { symbol: string; brackets: BracketWire[] } {
    return { symbol: model.spec.symbol, brackets: buildBrackets(model.spec.tiers) }
  }
}
