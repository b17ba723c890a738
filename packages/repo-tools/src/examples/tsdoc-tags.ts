import type { ExampleProblem } from './compile.ts'

/** Tags with a house spelling: the one TSDoc tag the team writes instead. */
const preferredTags: Record<string, string> = { defaultValue: 'default' }

/**
 * TSDoc tags written another way than the house spelling (`@defaultValue` for `@default`),
 * so one convention holds without anyone having to remember it.
 */
export function misspeltTags(file: string, source: string): ExampleProblem[] {
  const problems: ExampleProblem[] = []
  source.split(/\r?\n/).forEach((text, index) => {
    for (const match of text.matchAll(/(?<![`\w])@(\w+)\b/g)) {
      const preferred = preferredTags[match[1] as string]
      if (!preferred) continue
      problems.push({
        file,
        line: index + 1,
        column: (match.index ?? 0) + 1,
        code: 'tsdoc',
        message: `Write @${preferred}, not @${match[1]}.`,
      })
    }
  })
  return problems
}
