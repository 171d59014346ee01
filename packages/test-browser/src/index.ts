export {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchBrowser,
  launchChromium,
  type BrowserOptions,
  type LaunchedBrowser,
  type LaunchOptions,
} from './launch.js'
export type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
