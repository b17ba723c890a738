import type { Contract, Depth, DepthLevel, LeverageBracket } from '@perpkit/schemas'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type AggregateDepthParameters,
  aggregateDepth,
  annualizeFundingRate,
  type BookInput,
  type BookLevel,
  type BracketInput,
  bookMetrics,
  type DepthLevelInput,
  type DepthWithinResult,
  depthWithin,
  type FindBracketParameters,
  findBracket,
  formatToTick,
  type LiquidationPriceParameters,
  liquidationPrice,
  maintenanceMargin,
  type Numeric,
  roundToStep,
  type WalkBookParameters,
  type walkBook,
} from './index.ts'

describe('types', () => {
  it('accept the @perpkit/schemas models as inputs', () => {
    expectTypeOf<LeverageBracket>().toExtend<BracketInput>()
    expectTypeOf<DepthLevel>().toExtend<DepthLevelInput>()
    expectTypeOf<Depth>().toExtend<BookInput>()
    expectTypeOf<Contract['contractSize']>().toExtend<Numeric>()
    expectTypeOf<Contract['volumePrecision']>().toExtend<Numeric>()
  })

  it('output book levels that are DepthLevel models', () => {
    expectTypeOf<BookLevel>().toEqualTypeOf<DepthLevel>()
    expectTypeOf(aggregateDepth).returns.toEqualTypeOf<BookLevel[]>()
  })

  it('return the caller’s own bracket type', () => {
    expectTypeOf(findBracket<LeverageBracket>).returns.toEqualTypeOf<LeverageBracket>()
    const lp = liquidationPrice({
      side: 'long',
      qty: '1',
      entryPrice: '1',
      margin: '1',
      contractSize: '1',
      brackets: [] as LeverageBracket[],
    })
    expectTypeOf(lp).toEqualTypeOf<{
      price: string
      bracket: LeverageBracket
      notional: string
      maintenanceMargin: string
      margin: string
    } | null>()
  })

  it('export Parameters types that match the signatures', () => {
    expectTypeOf<Parameters<typeof findBracket<LeverageBracket>>>().toEqualTypeOf<
      [FindBracketParameters<LeverageBracket>]
    >()
    expectTypeOf<Parameters<typeof aggregateDepth>>().toEqualTypeOf<[AggregateDepthParameters]>()
    expectTypeOf<Parameters<typeof walkBook>>().toEqualTypeOf<[WalkBookParameters]>()
    expectTypeOf<Parameters<typeof liquidationPrice<LeverageBracket>>[0]>().toEqualTypeOf<
      LiquidationPriceParameters<LeverageBracket>
    >()
  })

  it('reject a margin together with a leverage, and qty together with notional', () => {
    expectTypeOf(liquidationPrice).parameter(0).not.toExtend<{ margin: string; leverage: number }>()
    type Sides = { levels: DepthLevelInput[]; contractSize: string }
    expectTypeOf<Sides & { qty: string }>().toExtend<WalkBookParameters>()
    expectTypeOf<Sides & { notional: string }>().toExtend<WalkBookParameters>()
    expectTypeOf<Sides & { qty: string; notional: string }>().not.toExtend<WalkBookParameters>()
  })

  it('return strings or null, never numbers, for decimals', () => {
    expectTypeOf(maintenanceMargin).returns.toEqualTypeOf<string>()
    expectTypeOf(annualizeFundingRate).returns.toEqualTypeOf<string>()
    expectTypeOf(bookMetrics).returns.toHaveProperty('mid').toEqualTypeOf<string | null>()
    expectTypeOf(depthWithin).returns.toEqualTypeOf<DepthWithinResult | null>()
    expectTypeOf(roundToStep).returns.toEqualTypeOf<string>()
    expectTypeOf(formatToTick).returns.toEqualTypeOf<string>()
  })
})
