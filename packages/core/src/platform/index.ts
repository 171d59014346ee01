export { isMobileDevice } from './is-mobile.js'
export { WARM_UP_IDLE_MS, warmUpWhenIdle, whenIdle } from './when-idle.js'
