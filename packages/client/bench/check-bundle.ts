/**
 * `pnpm check:bundle`: fails when `createClient` + `sign`, bundled for the
 * browser and minified, grows past its gzip budget.
 */
import { BUNDLE_BUDGET_GZIP, clientBundleSize } from './bundle-size.ts'

const size = await clientBundleSize()
if (!size.ok) {
  console.error(`check:bundle: the client does not bundle for the browser: ${size.reason}`)
  process.exit(1)
}
const summary = `createClient + sign: ${size.gzip} bytes gzip (${size.bytes} raw), budget ${BUNDLE_BUDGET_GZIP}`
if (size.gzip > BUNDLE_BUDGET_GZIP) {
  console.error(`check:bundle: over budget. ${summary}`)
  console.error(`largest inputs: ${size.largest.map((i) => `${i.file} ${i.bytes}`).join(', ')}`)
  process.exit(1)
}
console.log(`check:bundle: ok. ${summary}`)
