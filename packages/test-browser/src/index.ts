export {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromium,
  type LaunchedBrowser,
  type LaunchOptions,
} from './launch.js'
