export { isMobileDevice } from './is-mobile.js'
