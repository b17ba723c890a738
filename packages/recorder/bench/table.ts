/** Prints a Markdown table. */
export function printTable(title: string, head: string[], rows: (string | number)[][]): void {
  const lines = [
    `\n### ${title}\n`,
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
  ]
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`)
  console.log(lines.join('\n'))
}

/** A number with thousands separators. */
export const int = (n: number): string => Math.round(n).toLocaleString('en-US')
