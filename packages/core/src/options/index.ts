export {
  connectMethods,
  connectorOrderTypes,
  featuresSchema,
  latchOptionsSchema,
  metadataSchema,
  socialLoginOptions,
  type ConnectMethod,
  type ConnectorOrderType,
  type LatchOptions,
  type ResolvedFeatures,
  type ResolvedOptions,
  type SocialLoginOption,
} from './schema.js'
export {
  changeTheme,
  themeModeSchema,
  themeVariablesSchema,
  type LatchTheme,
  type ResolvedThemeVariables,
  type ThemeChange,
  type ThemeMode,
  type ThemeVariables,
} from './theme.js'
export {
  walletConnectOptionSchema,
  walletConnectRelayUrlSchema,
  walletConnectVerifyUrlSchema,
  type WalletConnectLoadContext,
  type WalletConnectOption,
} from './walletconnect-option.js'
export { parseOptions, type ParsedOptions } from './parse-options.js'
export {
  availableFeatures,
  optionalFeatures,
  type FeatureSet,
  type OptionalFeature,
} from './available-features.js'
export { LatchOptionsError } from './options-error.js'
export {
  mergeRemoteFeatures,
  parseRemoteFeatures,
  remoteConfigResponseSchema,
  type RemoteFeatures,
} from './remote-features.js'
export {
  siweConfigSchema,
  isWholeSiwxBackend,
  siwxBackendFunctions,
  siwxOptionsSchema,
  type SIWECreateMessageArgs,
  type SIWEConfig,
  type SIWESession,
  type SIWEVerifyMessageArgs,
  type SIWXConfig,
  type SIWXMessage,
  type SIWXMessageData,
  type SIWXMessageInput,
  type SIWXOptions,
  type SIWXSession,
} from './sign-in.js'
export {
  chainAdapterFunctions,
  chainAdapterSchema,
  storageSchema,
  type OptionsStorage,
} from './runtime-shapes.js'
