/** The signing side in Chromium: exposes the probe to the page, as `globalThis.perpkitProbe`. */
import { probe } from './probe.ts'

;(globalThis as unknown as { perpkitProbe: typeof probe }).perpkitProbe = probe
