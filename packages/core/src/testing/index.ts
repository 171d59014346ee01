/**
 * `@latch/core/testing`: in-memory stand-ins for what a Latch instance meets in a browser, for
 * the tests and stories of packages built on core (the secure frame, popups, a directory service). Not for apps.
 */
export { watchSubscriptions, type SubscriptionWatch } from './actor-subscriptions.js'
export { deferred, type Deferred } from './deferred.js'
export {
  directoryWallet,
  directoryWallets,
  fakeDirectoryService,
  type FakeDirectoryService,
} from './directory-service.js'
export {
  fakeOpener,
  fakePopup,
  TEST_SOCIAL_BINDING,
  type FakePopup,
  type PostedMessage,
} from './fake-popup.js'
export { devnetA, devnetB, solanaLocal } from './networks.js'
export {
  frameRefusal,
  scriptedFrame,
  type FrameHandler,
  type ScriptedFrame,
} from './scripted-frame.js'
