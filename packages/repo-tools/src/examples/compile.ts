import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import ts from 'typescript'
import { declaredNames, inheritedDeclarations } from './context.ts'
import type { CodeBlock } from './extract.ts'

/** One compiler diagnostic, placed in the file that holds the example. */
export interface ExampleProblem {
  /** Repository-relative file of the block. */
  file: string
  /** 1-based line and column in that file. */
  line: number
  column: number
  /** `TS2304` and the like, or `nocheck` for a skipped block with no reason. */
  code: string
  message: string
}

/** What the compiler needs of the workspace: options and the public entry of each package. */
interface Workspace {
  root: string
  options: ts.CompilerOptions
  /** `@perpkit/schemas` → absolute path of its source entry, from `paths`. */
  entries: Map<string, string>
}

function loadWorkspace(root: string, tsconfig: string): Workspace {
  const configFile = join(root, tsconfig)
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile)
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile)
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, types: ['node'] }
  const entries = new Map<string, string>()
  for (const [specifier, [target] = []] of Object.entries(options.paths ?? {})) {
    if (target) entries.set(specifier, join(options.pathsBasePath as string, target))
  }
  return { root, options, entries }
}

/** The name of the package that owns `file`: the nearest `package.json` above it. */
function owningPackage(root: string, file: string): string | undefined {
  for (let dir = dirname(join(root, file)); dir.startsWith(root); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      if (dir === root) return undefined
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
    }
    if (dir === root) break
  }
  return undefined
}

interface PublicName {
  name: string
  specifier: string
  /** Usable as a value (function, const, class); else a type only. */
  isValue: boolean
}

/** The exports of one module, to be imported by `specifier`. */
function exportsOf(program: ts.Program, file: string, specifier: string): PublicName[] {
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  const moduleSymbol = source && checker.getSymbolAtLocation(source)
  if (!moduleSymbol) return []
  return checker.getExportsOfModule(moduleSymbol).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    return { name: symbol.name, specifier, isValue: (target.flags & ts.SymbolFlags.Value) !== 0 }
  })
}

/**
 * What a block may use unimported: the public exports of its package (every entry point
 * named after it in `paths`) and, for a TSDoc example, the exports of its own file (an
 * internal module documents its helpers with them).
 */
function autoImports(
  program: ts.Program,
  workspace: Workspace,
  block: CodeBlock,
  packageName: string | undefined,
): PublicName[][] {
  const sources: PublicName[][] = []
  for (const [specifier, file] of workspace.entries) {
    if (specifier === packageName || specifier.startsWith(`${packageName}/`)) {
      sources.push(exportsOf(program, file, specifier))
    }
  }
  if (block.file.endsWith('.ts')) {
    const file = join(workspace.root, block.file)
    sources.push(exportsOf(program, file, `./${basename(file)}`))
  }
  return sources
}

/** The lines put before a block (and what it inherits): auto-imports, then its prelude. */
function preambleFor(
  block: CodeBlock,
  inherited: string[],
  packageName: string | undefined,
  sources: PublicName[][],
  preludes: Record<string, Record<string, string>>,
): string[] {
  if (!packageName) return []
  const declared = declaredNames([...inherited, block.code].join('\n'))
  const seen = new Set(declared)
  const values = new Map<string, string[]>()
  const types = new Map<string, string[]>()
  for (const names of sources) {
    for (const { name, specifier, isValue } of names) {
      if (seen.has(name) || name === 'default') continue
      seen.add(name)
      const group = isValue ? values : types
      group.set(specifier, [...(group.get(specifier) ?? []), name])
    }
  }
  const lines = [
    ...[...values].map(([from, names]) => `import { ${names.join(', ')} } from '${from}'`),
    ...[...types].map(([from, names]) => `import type { ${names.join(', ')} } from '${from}'`),
  ]
  for (const [name, declaration] of Object.entries(preludes[packageName] ?? {})) {
    if (!declared.has(name)) lines.push(...declaration.split('\n'))
  }
  return lines
}

/** Options of {@link compileExamples}. */
export interface CompileOptions {
  /** Absolute path of the repository root. */
  root: string
  /** The workspace tsconfig, relative to `root`, whose `paths` map packages to sources. */
  tsconfig: string
  preludes: Record<string, Record<string, string>>
}

/**
 * Compiles every block as a module of its own, placed beside its file (so the file's package
 * resolves its dependencies), and returns the diagnostics of the blocks, located in their files.
 * Diagnostics inside the workspace sources are `pnpm typecheck`'s business and are left out.
 */
export function compileExamples(blocks: CodeBlock[], options: CompileOptions): ExampleProblem[] {
  const workspace = loadWorkspace(options.root, options.tsconfig)
  const host = ts.createCompilerHost(workspace.options, true)
  const documented = blocks.filter(({ file }) => file.endsWith('.ts'))
  const entriesProgram = ts.createProgram(
    [...workspace.entries.values(), ...documented.map(({ file }) => join(options.root, file))],
    workspace.options,
    host,
  )

  interface Module {
    block: CodeBlock
    /** Lines put before the block's code. */
    offset: number
    /** Lines inherited from the blocks above, checked where they are written: not here. */
    inherited: number
  }
  const modules = new Map<string, Module>()
  const texts = new Map<string, string>()
  const earlier = new Map<string, string[]>()
  for (const block of blocks) {
    const fileName = join(options.root, `${block.file}.example-${block.line}.ts`)
    const packageName = owningPackage(options.root, block.file)
    const sources = autoImports(entriesProgram, workspace, block, packageName)
    const above = block.file.endsWith('.md') ? (earlier.get(block.file) ?? []) : []
    const inherited = inheritedDeclarations(above, block.code)
    earlier.set(block.file, [...above, block.code])
    const preamble = preambleFor(block, inherited, packageName, sources, options.preludes)
    modules.set(fileName, {
      block,
      offset: preamble.length + inherited.length,
      inherited: inherited.length,
    })
    texts.set(fileName, [...preamble, ...inherited, block.code, ''].join('\n'))
  }

  const fileExists = host.fileExists.bind(host)
  const readFile = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.fileExists = (fileName) => texts.has(fileName) || fileExists(fileName)
  host.readFile = (fileName) => texts.get(fileName) ?? readFile(fileName)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = texts.get(fileName)
    if (text === undefined) return getSourceFile(fileName, languageVersion, onError, shouldCreate)
    return ts.createSourceFile(fileName, text, languageVersion, true)
  }
  const program = ts.createProgram({
    rootNames: [...texts.keys()],
    options: workspace.options,
    host,
    oldProgram: entriesProgram,
  })

  const problems: ExampleProblem[] = []
  for (const [fileName, { block, offset, inherited }] of modules) {
    const source = program.getSourceFile(fileName)
    if (!source) continue
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]
    for (const diagnostic of diagnostics) {
      const position = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      const inBlock = position.line >= offset
      if (!inBlock && position.line >= offset - inherited) continue
      problems.push({
        file: block.file,
        line: inBlock ? block.line + position.line - offset : block.line,
        column: inBlock ? position.character + 1 : 1,
        code: `TS${diagnostic.code}`,
        message:
          (inBlock ? '' : 'in the prelude: ') +
          ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      })
    }
  }
  return problems
}
