/**
 * Wire payloads shaped like the spec's samples and the field notes' live
 * observations. Each function returns a fresh object, so tests may mutate it.
 */

export const klineSample = () => [
  {
    timestamp: 1767225600,
    open_price: '87110.1',
    close_price: '87150.5',
    high_price: '87190',
    low_price: '87100.2',
    volume: '1523',
  },
  {
    timestamp: 1767225660,
    open_price: '87150.5',
    close_price: '87140',
    high_price: '87160',
    low_price: '87130',
    volume: '980',
  },
]

export const tradeSample = () => [
  {
    symbol: 'BTCUSDT',
    price: '87150.5',
    qty: '0.012',
    quote_qty: '1045.806',
    time: 1767225601,
    is_buyer_maker: true,
  },
]

export const fundingRateSample = () => ({
  timestamp: 1767225600123,
  symbol: 'BTCUSDT',
  rate_value: '0.000105',
  expected_rate: '0.000099',
  funding_time: 1767254400000,
  funding_upper_limit: '0.0375',
  funding_lower_limit: '-0.0375',
})

/** funding-rate-v2 as live sends it: no `timestamp`, extra keys, a limit as a number. */
export const fundingRatesSample = () => [
  {
    symbol: 'BTCUSDT',
    rate_value: '0.000105',
    expected_rate: '0.000099',
    funding_time: 1767254400000,
    funding_upper_limit: '0.0375',
    funding_lower_limit: '-0.0375',
    funding_interval_hours: 8,
  },
  {
    symbol: 'ETHUSDT',
    rate_value: '-0.00002',
    expected_rate: '0.0000125',
    funding_time: 1767254400000,
    funding_upper_limit: 0.03,
    funding_lower_limit: '-0.03',
  },
]

export const fundingHistorySample = () => ({
  list: [
    { symbol: 'BTCUSDT', funding_rate: '0.0001', funding_time: '1767225600000' },
    { symbol: 'BTCUSDT', funding_rate: '-0.00002', funding_time: 1767196800000 },
  ],
})

/** A current live details row: `vol_precision`, newer fields, an unlisted extra. */
export const contractSample = (): Record<string, unknown> => ({
  symbol: 'BTCUSDT',
  product_type: 1,
  open_timestamp: 1594080000123,
  expire_timestamp: 0,
  settle_timestamp: 0,
  base_currency: 'BTC',
  quote_currency: 'USDT',
  last_price: '87150.5',
  volume_24h: '18969368',
  turnover_24h: '458933659.7858',
  index_price: '87145.25191635',
  index_name: 'BTCUSDT',
  contract_size: '0.001',
  min_leverage: '1',
  max_leverage: '100',
  price_precision: '0.1',
  vol_precision: '1',
  max_volume: '500000',
  market_max_volume: '100000',
  min_volume: '1',
  funding_rate: '0.0001',
  expected_funding_rate: '0.00011',
  open_interest: '4134180870',
  open_interest_value: '94100888927.043325800000000001',
  high_24h: '88000',
  low_24h: '86000.5',
  change_24h: '0.0123',
  funding_interval_hours: 8,
  status: 'Trading',
  delist_time: 0,
  funding_time: 1767254400000,
  tradfi_info: { market_group: 'US_MARKET' },
})

export const bracketSample = () => ({
  rules: [
    {
      symbol: 'BTCUSDT',
      brackets: [
        {
          bracket: 1,
          initial_leverage: 125,
          notional_cap: '50000',
          notional_floor: '0',
          maint_margin_ratio: '0.004',
          cum: '0',
        },
        {
          bracket: 2,
          initial_leverage: 100,
          notional_cap: '250000',
          notional_floor: '50000',
          maint_margin_ratio: '0.005',
          cum: '50',
        },
      ],
    },
  ],
})

export const depthSample = (): Record<string, unknown> => ({
  timestamp: 1767225600456,
  symbol: 'BTCUSDT',
  bids: [
    ['87150.4', '12', '12'],
    ['87150.3', '3', '15'],
  ],
  asks: [
    ['87150.5', '5', '5'],
    ['87150.6', '7', '12'],
  ],
})

export const openInterestSample = () => ({
  timestamp: 1767225600789,
  symbol: 'BTCUSDT',
  open_interest: '4134180.870000000000000001',
  open_interest_value: '360292344880.0433258',
})
