/** The signing side under Node, Bun or Deno: probes the server URL given as argument. */
import { probe } from './probe.ts'

declare const Deno: { args: string[] } | undefined
const target = typeof Deno !== 'undefined' ? Deno.args[0] : globalThis.process?.argv[2]
if (target === undefined) throw new Error('usage: sign-cli <server url>')
console.log(JSON.stringify(await probe(target)))
