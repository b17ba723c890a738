import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('../src/', import.meta.url))

/** Every source file (tests aside) and the relative modules it imports, types included. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.test-d.ts'),
  )
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const path = join(srcDir, file)
    const text = readFileSync(path, 'utf8')
    const imports = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
      relative(srcDir, resolve(path, '..', m[1] as string)),
    )
    graph.set(file, imports)
  }
  return graph
}

/** The first import cycle found, as a list of files, or `null`. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file]
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    stack.pop()
    state.set(file, 'done')
    return null
  }
  for (const file of graph.keys()) {
    const cycle = visit(file)
    if (cycle) return cycle
  }
  return null
}

describe("the client's modules", () => {
  it('import each other without a cycle (http.ts and read-response.ts included)', () => {
    const graph = importGraph()
    expect(graph.get('http.ts')).toContain('read-response.ts')
    expect(findCycle(graph)).toBeNull()
  })
})
