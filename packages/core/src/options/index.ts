export {
  connectMethods,
  connectorOrderTypes,
  featuresSchema,
  latchOptionsSchema,
  metadataSchema,
  socialLoginOptions,
  themeVariablesSchema,
  type ConnectMethod,
  type ConnectorOrderType,
  type LatchOptions,
  type ResolvedFeatures,
  type ResolvedOptions,
  type ResolvedThemeVariables,
  type SocialLoginOption,
} from './schema.js'
export { parseOptions, type ParsedOptions } from './parse-options.js'
export { LatchOptionsError } from './options-error.js'
export {
  mergeRemoteFeatures,
  parseRemoteFeatures,
  remoteConfigResponseSchema,
  type RemoteFeatures,
} from './remote-features.js'
export {
  siweConfigSchema,
  siwxConfigSchema,
  type SIWECreateMessageArgs,
  type SIWEConfig,
  type SIWESession,
  type SIWEVerifyMessageArgs,
  type SIWXConfig,
  type SIWXMessage,
  type SIWXMessageData,
  type SIWXMessageInput,
  type SIWXSession,
} from './sign-in.js'
export {
  chainAdapterFunctions,
  chainAdapterSchema,
  storageSchema,
  type OptionsStorage,
} from './runtime-shapes.js'
