/**
 * Damage as the bug report made it: 64 zero bytes in a Parquet file's pages,
 * its footer intact, where DuckDB still reads every row without an error.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { DuckDBInstance } from '@duckdb/node-api'

/** Runs one query in a fresh in-memory DuckDB (reading Parquet files). */
export async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:')
  try {
    const conn = await instance.connect()
    const rows = (await conn.runAndReadAll(sql)).getRowObjectsJson()
    conn.closeSync()
    return rows
  } finally {
    instance.closeSync()
  }
}

/** Every row of a Parquet file, sorted, as JSON (throws when DuckDB cannot read it). */
export async function readAll(file: string): Promise<string> {
  return JSON.stringify(await duckdb(`SELECT * FROM read_parquet('${file}') ORDER BY ALL`))
}

/**
 * Zeroes 64 bytes of a file's pages (its footer intact) where DuckDB still reads every
 * row without an error but some values changed.
 *
 * @param file - The file, changed in place.
 * @param probe - A scratch path for the attempts.
 * @returns The damaged bytes.
 */
export async function damageSilently(file: string, probe: string): Promise<Buffer> {
  const original = readFileSync(file)
  const pagesEnd = original.length - 8 - original.readUInt32LE(original.length - 8)
  const good = await readAll(file)
  for (let at = 4; at + 64 <= pagesEnd; at += 61) {
    const damaged = Buffer.from(original)
    damaged.fill(0, at, at + 64)
    writeFileSync(probe, damaged)
    let read: string
    try {
      read = await readAll(probe)
    } catch {
      continue
    }
    if (read === good) continue
    writeFileSync(file, damaged)
    return damaged
  }
  throw new Error(`no offset of ${file} gives silent damage`)
}
