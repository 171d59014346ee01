export { isMobileDevice } from './is-mobile.js'
export { WARM_UP_IDLE_MS, warmUpWhenIdle, whenIdle } from './when-idle.js'
export { browserMiniAppPage, isTelegramMiniApp, type MiniAppPage } from './mini-app-page.js'
