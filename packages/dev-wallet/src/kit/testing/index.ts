// `@latch/dev-wallet/kit/testing`: the tests every dev wallet shares (Node, under vitest; the
// approval panel's under jsdom). Chromium's are `@latch/dev-wallet/kit/testing/browser`, so
// that unit tests never load Playwright.
export { buildExtensionInto } from './build-extension.js'
export { describeExtensionWriter } from './extension-writer.js'
export type { ExtensionWriterSuite, RefusedConfig } from './extension-writer.js'
export { describeApprovalPanel, mountCapturingRoot } from './approval-panel.js'
export type { ApprovalPanelSuite, MountedPanel } from './approval-panel.js'
export { runContentScripts, useWrittenExtension } from './content-scripts.js'
export type { WrittenExtensionSuite } from './content-scripts.js'
export { expectStaticSvgIcon } from './icon.js'
