import ts from 'typescript'

function parse(code: string): ts.SourceFile {
  return ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true)
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text]
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  )
}

/** The names a top-level statement declares (none for an expression or a loop). */
function statementNames(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause
    const bindings = clause?.namedBindings
    return [
      ...(clause?.name ? [clause.name.text] : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
      ...(bindings && ts.isNamedImports(bindings)
        ? bindings.elements.map((element) => element.name.text)
        : []),
    ]
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) =>
      bindingNames(declaration.name),
    )
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text]
  }
  return []
}

/** Names a block declares at its top level (imports, consts, functions, types...). */
export function declaredNames(code: string): Set<string> {
  return new Set(parse(code).statements.flatMap(statementNames))
}

/** An import kept with only the bindings not `taken`, or undefined when none is left. */
function keptImport(
  statement: ts.ImportDeclaration,
  source: ts.SourceFile,
  taken: Set<string>,
): string | undefined {
  const clause = statement.importClause
  const from = statement.moduleSpecifier.getText(source)
  if (!clause) return undefined // a side-effect import: the block's own business
  const bindings = clause.namedBindings
  const parts: string[] = []
  if (clause.name && !taken.has(clause.name.text)) parts.push(clause.name.text)
  if (bindings && ts.isNamespaceImport(bindings) && !taken.has(bindings.name.text)) {
    parts.push(`* as ${bindings.name.text}`)
  }
  if (bindings && ts.isNamedImports(bindings)) {
    const named = bindings.elements.filter((element) => !taken.has(element.name.text))
    if (named.length > 0) parts.push(`{ ${named.map((e) => e.getText(source)).join(', ')} }`)
  }
  if (parts.length === 0) return undefined
  return `import ${clause.isTypeOnly ? 'type ' : ''}${parts.join(', ')} from ${from}`
}

/** Every identifier a statement mentions (a superset of the names it uses). */
function mentioned(node: ts.Node, into = new Set<string>()): Set<string> {
  if (ts.isIdentifier(node)) into.add(node.text)
  ts.forEachChild(node, (child) => {
    mentioned(child, into)
  })
  return into
}

function isExported(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some(
      (modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword,
    )
  )
}

/**
 * What a Markdown block inherits from the blocks above it in the same file, as a reader who
 * reads top to bottom does: their imports and declarations (not their other statements, not
 * their exports). A declaration is left out when a later block declares its name again, and
 * so is one that uses a name left out. Returned as lines of code, earliest first.
 */
export function inheritedDeclarations(earlier: string[], current: string): string[] {
  const sources = earlier.map(parse)
  // declaredLater[i]: the names declared by the blocks after block i, the current one included.
  const declaredLater: Set<string>[] = []
  let later = declaredNames(current)
  for (let i = sources.length - 1; i >= 0; i--) {
    declaredLater[i] = later
    later = new Set([...later, ...(sources[i] as ts.SourceFile).statements.flatMap(statementNames)])
  }
  const declaredAnywhere = later
  const available = new Set<string>()
  const lines: string[] = []
  sources.forEach((source, i) => {
    const shadowed = declaredLater[i] as Set<string>
    for (const statement of source.statements) {
      const names = statementNames(statement)
      if (names.length === 0 || isExported(statement)) continue
      if (ts.isImportDeclaration(statement)) {
        const text = keptImport(statement, source, shadowed)
        if (text) lines.push(text)
        for (const name of names) if (!shadowed.has(name)) available.add(name)
        continue
      }
      if (names.some((name) => shadowed.has(name))) continue
      const own = new Set(names)
      const uses = [...mentioned(statement)].filter((name) => !own.has(name))
      if (uses.some((name) => declaredAnywhere.has(name) && !available.has(name))) continue
      // `let sandbox: Sandbox`, assigned in a hook above: only its type carries over.
      const typeOnly =
        ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.every((declaration) => !declaration.initializer)
      const text = statement.getText(source)
      lines.push(...(typeOnly ? `declare ${text}` : text).split('\n'))
      for (const name of names) available.add(name)
    }
  })
  return lines
}
