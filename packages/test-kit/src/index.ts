export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from './chromium.ts'
