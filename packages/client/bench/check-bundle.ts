/**
 * `pnpm check:bundle`: fails when `createClient` + `sign`, bundled for the
 * browser and minified, grows past its gzip budget: as an app bundles the
 * published packages (run `pnpm build` first) and as the workspace's sources.
 */
import { BUNDLE_BUDGET_GZIP, type BundleLayout, clientBundleSize } from './bundle-size.ts'

let failed = false
for (const layout of ['published', 'source'] satisfies BundleLayout[]) {
  const size = await clientBundleSize(layout)
  if (!size.ok) {
    const hint = layout === 'published' ? ' (built? run `pnpm build` first)' : ''
    console.error(
      `check:bundle: the client (${layout}) does not bundle for the browser${hint}: ${size.reason}`,
    )
    failed = true
    continue
  }
  const summary = `createClient + sign (${layout}): ${size.gzip} bytes gzip (${size.bytes} raw), budget ${BUNDLE_BUDGET_GZIP}`
  if (size.gzip > BUNDLE_BUDGET_GZIP) {
    console.error(`check:bundle: over budget. ${summary}`)
    console.error(`largest inputs: ${size.largest.map((i) => `${i.file} ${i.bytes}`).join(', ')}`)
    failed = true
  } else {
    console.log(`check:bundle: ok. ${summary}`)
  }
}
if (failed) process.exit(1)
