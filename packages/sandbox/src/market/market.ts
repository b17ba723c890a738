/**
 * The whole market of one sandbox: one model per listed contract, all
 * derived from the seed.
 *
 * @module
 */
import { type BracketWire, buildBrackets } from './brackets.ts'
import { ContractModel } from './contract-model.ts'
import { contractSpecs } from './contracts.ts'
import { hashString } from './hash.ts'

/** Reduces a seed (number or string) to 32 bits; `1` and `'1'` are the same seed. */
export function seedHash(seed: number | string): number {
  return hashString(String(seed))
}

/** Every listed contract of a seed, by symbol. */
export class Market {
  readonly contracts: readonly ContractModel[]
  private readonly bySymbol: Map<string, ContractModel>

  constructor(seed: number | string) {
    const hash = seedHash(seed)
    this.contracts = contractSpecs.map((spec) => new ContractModel(spec, hash))
    this.bySymbol = new Map(this.contracts.map((model) => [model.spec.symbol, model]))
  }

  /**
   * The contract listed under exactly `symbol` at time `now` (epoch ms), if
   * any: a contract does not exist before its listing time.
   */
  find(symbol: string, now: number): ContractModel | undefined {
    const model = this.bySymbol.get(symbol)
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
