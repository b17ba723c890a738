import { startSandbox } from '@perpkit/sandbox'
import { startRedis } from '@perpkit/test-kit'
import { runCli } from './src/index.ts'
import { spawnWorker } from './test/queue-helpers.ts'

const t0 = Date.now()
const T = () => ((Date.now() - t0) / 1000).toFixed(1)
const redis = await startRedis()
const sandbox = await startSandbox({
  seed: 7,
  quiet: true,
  rateLimit: true,
  log: (l) => {
    if (!l.includes(' 200 ')) console.log(T(), l)
  },
})
const out = '/tmp/q/out2'
await runCli([
  'plan',
  '--redis',
  redis.url,
  '--symbols',
  'BTCUSDT,ETHUSDT,SOLUSDT,XRPUSDT,DOGEUSDT',
  '--steps',
  '1m,1h',
  '--from',
  '2026-01-05',
  '--to',
  '2026-01-08',
  '--backoff-ms',
  '200',
])
console.log(T(), 'planned')
const ws = ['127.0.0.2', '127.0.0.2', '127.0.0.3'].map((a, i) =>
  spawnWorker([
    '--redis',
    redis.url,
    '--egress',
    a,
    '--local-address',
    a,
    '--out',
    out,
    '--base-url',
    sandbox.url,
    '--concurrency',
    '3',
    '--lock-ms',
    '2000',
  ]),
)
const n = 0
for (const [i, w] of ws.entries())
  w.child.stdout?.on('data', (c: Buffer) => {
    for (const l of c.toString().split('\n'))
      if (
        l.includes('"completed"') ||
        l.includes('ready') ||
        l.includes('failed') ||
        l.includes('error')
      )
        console.log(T(), i, l.slice(0, 160))
  })
await new Promise((r) => setTimeout(r, 40000))
for (const w of ws) w.child.kill('SIGTERM')
await sandbox.close()
await redis.close()
