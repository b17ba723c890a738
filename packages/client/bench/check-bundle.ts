/**
 * `pnpm check:bundle`: fails when what a page loads to create a client, call
 * a method and sign, bundled for the browser (minified, code splitting),
 * grows past its gzip budget: as an app bundles the published packages (run
 * `pnpm build` first) and as the workspace's sources. The lazy chunks (the
 * zod schemas, fetched to explain a refusal) are reported, not budgeted.
 */
import { appBundleSize, BUNDLE_BUDGET_GZIP, type BundleLayout } from './bundle-size.ts'

let failed = false
for (const layout of ['published', 'source'] satisfies BundleLayout[]) {
  const size = await appBundleSize(layout)
  if (!size.ok) {
    const hint = layout === 'published' ? ' (built? run `pnpm build` first)' : ''
    console.error(
      `check:bundle: the client (${layout}) does not bundle for the browser${hint}: ${size.reason}`,
    )
    failed = true
    continue
  }
  const summary = `createClient + a call + sign (${layout}): ${size.initial.gzip} bytes gzip (${size.initial.bytes} raw) loaded at once, budget ${BUNDLE_BUDGET_GZIP}; ${size.lazy.gzip} bytes gzip in ${size.lazy.files} lazy chunk(s)`
  if (size.initial.gzip > BUNDLE_BUDGET_GZIP) {
    console.error(`check:bundle: over budget. ${summary}`)
    console.error(`largest inputs: ${size.largest.map((i) => `${i.file} ${i.bytes}`).join(', ')}`)
    failed = true
  } else {
    console.log(`check:bundle: ok. ${summary}`)
    console.log(`largest inputs: ${size.largest.map((i) => `${i.file} ${i.bytes}`).join(', ')}`)
  }
}
if (failed) process.exit(1)
