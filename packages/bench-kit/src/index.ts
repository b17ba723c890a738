export type { BenchCase, CompareOptions, CompareResult, Row } from './compare.ts'
export { compare, formatTable, ratioRow } from './compare.ts'
export type { InterleavedOptions } from './interleaved.ts'
export { compareInterleaved } from './interleaved.ts'
