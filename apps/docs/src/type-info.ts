/**
 * What the types say about each endpoint, read with the TypeScript compiler from the workspace
 * sources: the params a method takes (`EndpointParams<P>`) and the model it returns
 * (`EndpointModel<P>`), each field with its declared type and its TSDoc. The docs never
 * restate a field: a new field, or a new unit in a TSDoc comment, shows up on the next run.
 *
 * @module
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** One field of a params object or a model. */
export interface FieldInfo {
  name: string
  /** The type as declared (`EpochMs`, `DecimalString`, `number | Date`...). */
  type: string
  optional: boolean
  /** The field's TSDoc, or the TSDoc of the schema that defines it. */
  doc: string
}

/** A named model interface and its fields. */
export interface ModelInfo {
  name: string
  /** The interface's own TSDoc summary. */
  doc: string
  fields: FieldInfo[]
}

/** Params and model of one endpoint. */
export interface EndpointTypes {
  params: FieldInfo[]
  /** The returned model: `Kline[]` is `{ model: Kline, isArray: true }`. */
  model: ModelInfo
  isArray: boolean
  /** Other model interfaces the model refers to (`DepthLevel` inside `Depth`). */
  related: ModelInfo[]
}

const root = fileURLToPath(new URL('../../../', import.meta.url))
const virtualFile = `${root}apps/docs/src/__endpoint-types__.ts`

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.source.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  if (parsed === undefined) throw new Error('cannot read tsconfig.source.json')
  return { ...parsed.options, noEmit: true }
}

/** First paragraph of a symbol's TSDoc, on one line. */
function summary(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): string {
  if (symbol === undefined) return ''
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker))
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * A params field's doc: its own TSDoc, else the TSDoc of the schema it is built from
 * (`symbol: symbolParam` documents itself through `symbolParam`).
 */
function paramDoc(property: ts.Symbol, checker: ts.TypeChecker): string {
  const own = summary(property, checker)
  if (own !== '') return own
  const declaration = property.declarations?.[0]
  if (declaration === undefined || !ts.isPropertyAssignment(declaration)) return ''
  return schemaDoc(declaration.initializer, checker)
}

/**
 * The TSDoc of the named schema an expression is built from: `symbolParam`,
 * `limitParam(100)`, `timeParam.optional()`, `z.optional(timeParam)`.
 */
function schemaDoc(expression: ts.Expression, checker: ts.TypeChecker): string {
  if (ts.isCallExpression(expression)) {
    for (const argument of expression.arguments) {
      const doc = schemaDoc(argument, checker)
      if (doc !== '') return doc
    }
    return schemaDoc(expression.expression, checker)
  }
  if (ts.isPropertyAccessExpression(expression)) {
    return ts.isIdentifier(expression.expression) && expression.expression.text === 'z'
      ? ''
      : schemaDoc(expression.expression, checker)
  }
  if (!ts.isIdentifier(expression)) return ''
  let symbol = checker.getSymbolAtLocation(expression)
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) {
    symbol = checker.getAliasedSymbol(symbol)
  }
  return summary(symbol, checker)
}

function declaredType(property: ts.Symbol, checker: ts.TypeChecker): string {
  const declaration = property.valueDeclaration
  if (declaration !== undefined && ts.isPropertySignature(declaration) && declaration.type) {
    return declaration.type.getText()
  }
  const type = checker.getNonNullableType(checker.getTypeOfSymbol(property))
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)
}

function fieldsOf(
  type: ts.Type,
  checker: ts.TypeChecker,
  doc: (property: ts.Symbol) => string,
): FieldInfo[] {
  return checker.getPropertiesOfType(type).map((property) => ({
    name: property.name,
    type: declaredType(property, checker),
    optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
    doc: doc(property),
  }))
}

/** The interface a type names, if it is one declared in the workspace's models. */
function modelSymbol(type: ts.Type): ts.Symbol | undefined {
  const symbol = type.aliasSymbol ?? type.getSymbol()
  const declaration = symbol?.declarations?.[0]
  if (declaration === undefined || !ts.isInterfaceDeclaration(declaration)) return undefined
  return declaration.getSourceFile().fileName.includes('/packages/') ? symbol : undefined
}

function elementType(type: ts.Type, checker: ts.TypeChecker): [ts.Type, boolean] {
  if (checker.isArrayType(type)) {
    return [checker.getTypeArguments(type as ts.TypeReference)[0] ?? type, true]
  }
  return [type, false]
}

function describeModel(type: ts.Type, checker: ts.TypeChecker): ModelInfo {
  const symbol = modelSymbol(type)
  return {
    name: symbol?.name ?? checker.typeToString(type),
    doc: summary(symbol, checker),
    fields: fieldsOf(type, checker, (property) => summary(property, checker)),
  }
}

/** Model interfaces referred to by the fields of `type` (one level: `Depth` → `DepthLevel`). */
function relatedModels(type: ts.Type, checker: ts.TypeChecker): ModelInfo[] {
  const seen = new Map<string, ModelInfo>()
  for (const property of checker.getPropertiesOfType(type)) {
    const fieldType = checker.getNonNullableType(checker.getTypeOfSymbol(property))
    const [inner] = elementType(fieldType, checker)
    if (modelSymbol(inner) === undefined) continue
    const model = describeModel(inner, checker)
    seen.set(model.name, model)
  }
  return [...seen.values()]
}

/**
 * Reads params and models of `paths` from the workspace sources.
 *
 * @throws {Error} when the sources do not type-check as far as these types go.
 */
export function readEndpointTypes(paths: readonly string[]): Map<string, EndpointTypes> {
  const source = [
    "import type { EndpointModel, EndpointParams } from '@perpkit/schemas'",
    ...paths.flatMap((path, i) => [
      `export type Params${i} = EndpointParams<'${path}'>`,
      `export type Model${i} = EndpointModel<'${path}'>`,
    ]),
  ].join('\n')
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  host.readFile = (file) => (file === virtualFile ? source : readFile(file))
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (file) => file === virtualFile || fileExists(file)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (file, language) =>
    file === virtualFile
      ? ts.createSourceFile(file, source, language, true)
      : getSourceFile(file, language)
  const program = ts.createProgram({ rootNames: [virtualFile], options, host })
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(virtualFile)
  if (file === undefined) throw new Error('the endpoint-types module did not load')
  const diagnostics = ts.getPreEmitDiagnostics(program, file)
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics, host))
  }
  const aliasType = (name: string): ts.Type => {
    const statement = file.statements.find(
      (node): node is ts.TypeAliasDeclaration =>
        ts.isTypeAliasDeclaration(node) && node.name.text === name,
    )
    if (statement === undefined) throw new Error(`missing ${name}`)
    return checker.getTypeAtLocation(statement.name)
  }
  return new Map(
    paths.map((path, i): [string, EndpointTypes] => {
      const [model, isArray] = elementType(aliasType(`Model${i}`), checker)
      return [
        path,
        {
          params: fieldsOf(aliasType(`Params${i}`), checker, (p) => paramDoc(p, checker)),
          model: describeModel(model, checker),
          isArray,
          related: relatedModels(model, checker),
        },
      ]
    }),
  )
}
