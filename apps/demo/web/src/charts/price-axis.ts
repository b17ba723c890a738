/**
 * The depth chart's horizontal scale: prices, as `createOptionsChart` has
 * them, but labelled through the contract's price formatter (to the tick,
 * thousands separated) and marked at round prices first. lightweight-charts
 * gives each label the room of `tickMarkMaxCharacterLength` characters, and
 * places the heaviest marks first: the weight of a price is the largest
 * "round" step (1, 2, 2.5 or 5 times a power of ten, from the tick up) it is a
 * multiple of, checked exactly with `roundToStep` of `@perpkit/analytics`.
 *
 * @module
 */
import { compareDecimals, multiplyDecimals, roundToStep } from '@perpkit/analytics'
import type {
  ChartOptionsImpl,
  IHorzScaleBehavior,
  InternalHorzScaleItem,
  InternalHorzScaleItemKey,
  LocalizationOptions,
  Mutable,
  TickMark,
  TickMarkWeightValue,
  TimeMark,
  TimeScalePoint,
} from 'lightweight-charts'

/** The round multiples of each power of ten, smallest first. */
const ROUND = ['1', '2', '2.5', '5'] as const

/**
 * The round steps from `tick` up to `max`: tick × 1, 2, 2.5, 5, 10, 20, ...
 *
 * @param tick - The contract's tick, e.g. `'0.1'`.
 * @param max - The largest price to label.
 * @returns The steps, smallest first.
 */
export function roundSteps(tick: string, max: string): string[] {
  const steps: string[] = []
  for (let power = tick; compareDecimals({ a: power, b: max }) <= 0; ) {
    for (const multiple of ROUND) {
      const step = multiplyDecimals({ values: [power, multiple] })
      // 2.5 × the tick is not on the tick grid: skip it at the first power.
      if (roundToStep({ value: step, step: tick }) === step) steps.push(step)
    }
    power = multiplyDecimals({ values: [power, '10'] })
  }
  return steps
}

/**
 * How round a price is: 1 + the index of the largest step it is a multiple
 * of (0 when none).
 *
 * @param price - A price as the chart has it.
 * @param steps - {@link roundSteps}, smallest first.
 * @returns The weight.
 */
export function roundness(price: number, steps: readonly string[]): number {
  const value = String(price)
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as string
    if (compareDecimals({ a: roundToStep({ value, step }), b: value }) === 0) return i + 1
  }
  return 0
}

/** A price-based horizontal scale whose labels come from `label`. */
export class PriceAxis implements IHorzScaleBehavior<number> {
  #options: ChartOptionsImpl<number> | undefined
  #steps: string[] = []
  readonly #label: (price: number) => string
  readonly #onTickLabel: (label: string) => void

  /**
   * @param label - A price's label (the contract's formatter, through `chartPriceLabel`).
   * @param onTickLabel - Told every axis label drawn (the page's test hook).
   */
  constructor(label: (price: number) => string, onTickLabel: (label: string) => void = () => {}) {
    this.#label = label
    this.#onTickLabel = onTickLabel
  }

  /** Sets the round steps for a tick and the highest price shown. */
  setTick(tick: string, max: string): void {
    this.#steps = roundSteps(tick, max)
  }

  options(): ChartOptionsImpl<number> {
    return this.#options as ChartOptionsImpl<number>
  }

  setOptions(options: ChartOptionsImpl<number>): void {
    this.#options = options
  }

  preprocessData(): void {}

  updateFormatter(options: LocalizationOptions<number>): void {
    if (this.#options !== undefined) this.#options.localization = options
  }

  createConverterToInternalObj(): (price: number) => InternalHorzScaleItem {
    return (price) => price as unknown as InternalHorzScaleItem
  }

  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return item as unknown as InternalHorzScaleItemKey
  }

  cacheKey(item: InternalHorzScaleItem): number {
    return item as unknown as number
  }

  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return item as unknown as InternalHorzScaleItem
  }

  formatHorzItem(item: InternalHorzScaleItem): string {
    return this.#label(item as unknown as number)
  }

  formatTickmark(mark: TickMark): string {
    const label = this.#label(mark.time as unknown as number)
    this.#onTickLabel(label)
    return label
  }

  /** Labels follow the contract (its tick changes with the symbol): never reuse old ones. */
  shouldResetTickmarkLabels(): boolean {
    return true
  }

  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    return marks.reduce((a, b) => (b.weight > a.weight ? b : a), marks[0] as TimeMark).weight
  }

  fillWeightsForPoints(points: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    for (let i = startIndex; i < points.length; i++) {
      const point = points[i] as Mutable<TimeScalePoint>
      point.timeWeight = roundness(
        point.time as unknown as number,
        this.#steps,
      ) as TickMarkWeightValue
    }
  }
}
