import { describe, expect, it } from 'vitest'
import { inheritedDeclarations } from './context.ts'

describe('inheritedDeclarations', () => {
  it('gives a block the imports and declarations of the blocks above, not their statements', () => {
    const above = [
      "import { createClient } from '@perpkit/client'\nconst client = createClient()\nclient.close()",
    ]
    expect(inheritedDeclarations(above, 'await client.getDepth()')).toEqual([
      "import { createClient } from '@perpkit/client'",
      'const client = createClient()',
    ])
  })

  it('leaves out what the block declares again, and what used the left-out declaration', () => {
    const above = [
      "import { createClient, ApiError } from '@perpkit/client'\nconst client = createClient()\nconst book = await client.getDepth()\nconst other = 1",
    ]
    const current =
      "import { createClient } from '@perpkit/client'\nconst client = createClient({ baseUrl })"
    expect(inheritedDeclarations(above, current)).toEqual([
      "import { ApiError } from '@perpkit/client'",
      'const other = 1',
    ])
  })

  it('takes the latest of two declarations above, and no exports', () => {
    const above = ['const n = 1\nexport default function setup() {}', 'const n = 2']
    expect(inheritedDeclarations(above, 'n')).toEqual(['const n = 2'])
  })

  it('carries over only the type of a variable assigned later (in a test hook)', () => {
    const above = ["import type { Sandbox } from '@perpkit/sandbox'\nlet sandbox: Sandbox"]
    expect(inheritedDeclarations(above, 'sandbox.url')).toEqual([
      "import type { Sandbox } from '@perpkit/sandbox'",
      'declare let sandbox: Sandbox',
    ])
  })
})
