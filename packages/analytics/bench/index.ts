import { compare } from '@perpkit/bench-kit'
import Big from 'big.js'
import { aggregateDepth, bookMetrics, liquidationPrice } from '../src/index.ts'
import { createBook } from './book-fixture.ts'
import { createBracketTable } from './bracket-fixture.ts'

// Bench 1: a 1000-levels-per-side book (2000 levels in total), tick 0.1.
const { text, depth } = createBook(1000)
let sink: unknown

await compare({
  time: 2000,
  title: `aggregateDepth x2 + bookMetrics vs JSON.parse of the wire payload (1000 levels per side, ${text.length.toLocaleString('en-US')} bytes)`,
  baseline: { name: 'JSON.parse(bookText)', fn: () => (sink = JSON.parse(text)) },
  cases: [
    {
      name: "aggregateDepth({ levels: bids/asks, step: '1' }) + bookMetrics",
      target: 0.5,
      fn: () => {
        sink = [
          aggregateDepth({ levels: depth.bids, step: '1', side: 'bid' }),
          aggregateDepth({ levels: depth.asks, step: '1', side: 'ask' }),
        ]
        sink = bookMetrics({ book: depth })
      },
    },
    {
      name: "aggregateDepth({ levels: bids/asks, step: '0.1' }) + bookMetrics (no grouping: 2000 output levels)",
      fn: () => {
        sink = [
          aggregateDepth({ levels: depth.bids, step: '0.1', side: 'bid' }),
          aggregateDepth({ levels: depth.asks, step: '0.1', side: 'ask' }),
        ]
        sink = bookMetrics({ book: depth })
      },
    },
    {
      name: "aggregateDepth({ levels: bids/asks, step: '10' }) + bookMetrics",
      fn: () => {
        sink = [
          aggregateDepth({ levels: depth.bids, step: '10', side: 'bid' }),
          aggregateDepth({ levels: depth.asks, step: '10', side: 'ask' }),
        ]
        sink = bookMetrics({ book: depth })
      },
    },
  ],
})

// Bench 2: liquidation price on a 12-bracket table.
const brackets = createBracketTable()
const RawBig = Big()
RawBig.DP = 18
await compare({
  time: 2000,
  title: 'liquidationPrice on a 12-bracket table',
  baseline: {
    name: 'one big.js multiply + divide',
    fn: () => (sink = new RawBig('1.234').times('65000.1').div('0.996')),
  },
  cases: [
    {
      name: 'liquidationPrice long (bracket 3 at liquidation)',
      fn: () =>
        (sink = liquidationPrice({
          side: 'long',
          qty: '6000',
          contractSize: '0.001',
          entryPrice: '65000.1',
          margin: '39000',
          brackets,
        })),
    },
    {
      name: 'liquidationPrice short (last bracket at liquidation)',
      fn: () =>
        (sink = liquidationPrice({
          side: 'short',
          qty: '20000000',
          contractSize: '0.001',
          entryPrice: '65000.1',
          leverage: 2,
          brackets,
        })),
    },
  ],
})

if (sink === undefined) throw new Error('benchmarks produced nothing')
