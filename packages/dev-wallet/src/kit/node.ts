// `@latch/dev-wallet/kit/node`: building and writing a dev wallet's unpacked extension (Node only).
export {
  buildExtension,
  copyConfiguredExtension,
  createExtensionWriter,
} from './extension-files.js'
export type {
  BuildExtensionOptions,
  CopyExtensionOptions,
  ExtensionWriterOptions,
  WriteExtensionOptions,
  WrittenExtension,
} from './extension-files.js'
