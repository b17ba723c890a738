/**
 * The whole market of one sandbox: one model per listed contract, all
 * derived from the seed.
 *
 * @module
 */
import { buildBrackets } from './brackets.ts'
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

  /** The contract listed under exactly `symbol`, if any. */
  find(symbol: string): ContractModel | undefined {
    return this.bySymbol.get(symbol)
  }

  /** The leverage rule of a contract, exact. */
  rule(model: ContractModel) {
    return { symbol: model.spec.symbol, brackets: buildBrackets(model.spec.tiers) }
  }
}
