import { readFileSync } from 'node:fs'
import { decodeData, endpoints } from '../src/index.ts'
const p = JSON.parse(readFileSync('/tmp/perf/payloads.json', 'utf8'))
const [k, path, n] = process.argv.slice(2)
const text = p[k]; const ep = (endpoints as any)[path]
const objs = Array.from({ length: 50 }, () => JSON.parse(text).data)
let s = 0
for (let i = 0; i < Number(n); i++) s += decodeData(ep, objs[i % 50]).success ? 1 : 0
console.log(s)
