/**
 * A package's bench entry: `tsx bench/index.ts [name ...]` runs the named
 * benchmarks in order, or all of them when none is named.
 *
 * @module
 */

/**
 * Runs the benchmarks named on the command line (all when none is), one at a time.
 *
 * @param benches - Each benchmark by name.
 * @param names - The names asked for; defaults to the process arguments.
 * @throws {Error} naming the known benchmarks when a name is unknown.
 */
export async function runSelected(
  benches: Record<string, () => unknown>,
  names: readonly string[] = process.argv.slice(2),
): Promise<void> {
  for (const name of names.length > 0 ? names : Object.keys(benches)) {
    const bench = benches[name]
    if (!bench) {
      throw new Error(`unknown benchmark "${name}": one of ${Object.keys(benches).join(', ')}`)
    }
    await bench()
  }
}
