// @latch/identity-provider: oidc-provider on 127.0.0.1 standing in for Google, GitHub, Apple,
// Facebook, X and Discord, with scripted users, for the dev command and the tests.
// `latch-identity-provider` runs one and prints its endpoints.
export {
  generateAppleDeveloperKey,
  localClientId,
  localClients,
  type AppleDeveloperKey,
} from './local-clients.js'
export { latchServerProviders, type LatchServerProvider } from './latch-server.js'
export { DEFAULT_USERS } from './options.js'
export { startIdentityProvider, providerEndpoints } from './identity-provider.js'
export {
  SOCIAL_PROVIDER_IDS,
  type AppleClientSecretKey,
  type IdpClient,
  type IdpUser,
  type ProviderEndpoints,
  type RunningIdentityProvider,
  type SocialProviderId,
  type StartIdentityProviderOptions,
} from './types.js'
