/** One TypeScript code block found in a TSDoc `@example` or in a Markdown file. */
export interface CodeBlock {
  /** The file the block was found in, as given to the extractor. */
  file: string
  /** 1-based line of the block's first line of code in `file`. */
  line: number
  /** The code, with the comment's ` * ` prefix and the fence's indentation removed. */
  code: string
  /**
   * Set when the fence opts out of checking (```` ```ts nocheck: why ````): the reason given,
   * or `''` when the fence names no reason (which the checker reports as a problem).
   */
  nocheck?: string
}

const typescriptLanguages = new Set(['ts', 'typescript', 'mts', 'cts'])

interface Line {
  text: string
  /** 1-based line number in the source file. */
  number: number
}

interface Fence {
  /** Backticks or tildes that open the fence; the closing run must be at least as long. */
  marker: string
  indent: number
  language: string
  /** What follows the language in the info string (` nocheck: why`). */
  rest: string
}

const fenceOpen = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)(.*)$/

function openFence(text: string): Fence | undefined {
  const match = fenceOpen.exec(text)
  if (!match) return undefined
  const [, indent = '', marker = '', language = '', rest = ''] = match
  return { marker, indent: indent.length, language: language.toLowerCase(), rest: rest.trim() }
}

function closesFence(text: string, fence: Fence): boolean {
  const trimmed = text.trim()
  return (
    trimmed.length >= fence.marker.length &&
    trimmed === (fence.marker[0] as string).repeat(trimmed.length) &&
    text.search(/\S/) <= 3
  )
}

/** `nocheck: reason`, `nocheck reason` or `nocheck` (no reason: `''`); else undefined. */
function nocheckReason(rest: string): string | undefined {
  const match = /^nocheck\b[\s:–—-]*(.*)$/.exec(rest)
  return match ? (match[1] ?? '').trim() : undefined
}

/** The TypeScript fences among `lines`, in order; other languages are passed over. */
function fencedBlocks(file: string, lines: Line[]): CodeBlock[] {
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const fence = openFence((lines[i] as Line).text)
    if (!fence) continue
    const body: Line[] = []
    let j = i + 1
    while (j < lines.length && !closesFence((lines[j] as Line).text, fence)) {
      body.push(lines[j] as Line)
      j++
    }
    i = j
    if (!typescriptLanguages.has(fence.language)) continue
    const code = body.map(({ text }) => stripIndent(text, fence.indent)).join('\n')
    const block: CodeBlock = { file, line: (body[0]?.number ?? j) as number, code }
    const nocheck = nocheckReason(fence.rest)
    if (nocheck !== undefined) block.nocheck = nocheck
    blocks.push(block)
  }
  return blocks
}

function stripIndent(text: string, indent: number): string {
  let cut = 0
  while (cut < indent && text[cut] === ' ') cut++
  return text.slice(cut)
}

function toLines(source: string): Line[] {
  return source.split(/\r?\n/).map((text, index) => ({ text, number: index + 1 }))
}

/**
 * Every ```` ```ts ```` / ```` ```typescript ```` block of a Markdown document.
 */
export function markdownBlocks(file: string, source: string): CodeBlock[] {
  return fencedBlocks(file, toLines(source))
}

/** The lines of each `/** ... *\/` comment, with the leading ` * ` taken off. */
function docComments(source: string): Line[][] {
  const comments: Line[][] = []
  let current: Line[] | undefined
  for (const line of toLines(source)) {
    let text = line.text
    if (!current) {
      const start = text.indexOf('/**')
      if (start === -1 || text.slice(start).startsWith('/**/')) continue
      current = []
      text = text.slice(start + 3).replace(/^ /, '')
    } else {
      text = text.replace(/^\s*\*(?!\/) ?/, '')
    }
    const end = text.indexOf('*/')
    if (end !== -1) {
      const rest = text.slice(0, end)
      if (rest.trim()) current.push({ text: rest, number: line.number })
      comments.push(current)
      current = undefined
      continue
    }
    current.push({ text, number: line.number })
  }
  return comments
}

/** The lines of each `@example` tag of one comment (up to the next block tag). */
function exampleTags(comment: Line[]): Line[][] {
  const tags: Line[][] = []
  let current: Line[] | undefined
  let fence: Fence | undefined
  for (const line of comment) {
    if (fence) {
      if (closesFence(line.text, fence)) fence = undefined
      current?.push(line)
      continue
    }
    const tag = /^\s*@(\w+)/.exec(line.text)
    if (tag) {
      current = undefined
      if (tag[1] === 'example') {
        current = []
        tags.push(current)
        // Text after `@example` on the same line is the example's title.
      }
      continue
    }
    fence = openFence(line.text)
    current?.push(line)
  }
  return tags
}

/**
 * Every TypeScript block of the TSDoc `@example` tags in a source file. An example with no
 * fence at all is code as a whole (typedoc renders it so), and is returned as one block.
 */
export function tsdocBlocks(file: string, source: string): CodeBlock[] {
  return docComments(source)
    .flatMap(exampleTags)
    .flatMap((tag): CodeBlock[] => {
      if (tag.some((line) => openFence(line.text))) return fencedBlocks(file, tag)
      const code = tag.filter((line) => line.text.trim())
      if (code.length === 0) return []
      const first = code[0] as Line
      const last = code[code.length - 1] as Line
      const body = tag.filter((line) => line.number >= first.number && line.number <= last.number)
      return [{ file, line: first.number, code: body.map(({ text }) => text).join('\n') }]
    })
}
