import { localClientId, localClientSecret, type AppleDeveloperKey } from './local-clients.js'
import type { ProviderEndpoints, SocialProviderId } from './types.js'
import { SOCIAL_PROVIDER_IDS } from './types.js'

/** One provider's entry in the Latch server's `social.providers` configuration. */
export type LatchServerProvider =
  | { clientId: string; clientSecret: string; endpoints: ProviderEndpoints }
  | {
      clientId: string
      teamId: string
      keyId: string
      privateKey: string
      endpoints: ProviderEndpoints
    }

/**
 * The Latch server's `social.providers` for this identity provider and the development clients
 * of {@link localClients}: every provider's id, secret and endpoints, Apple with the developer
 * key whose public half the identity provider checks (`appleClientSecretKey`). `npm start` and
 * the tests configure the server with it, so both speak to the providers the same way.
 */
export function latchServerProviders(
  providers: Record<SocialProviderId, ProviderEndpoints>,
  appleKey: AppleDeveloperKey,
  only: readonly SocialProviderId[] = SOCIAL_PROVIDER_IDS,
): Partial<Record<SocialProviderId, LatchServerProvider>> {
  const entry = (provider: SocialProviderId): LatchServerProvider =>
    provider === 'apple'
      ? {
          clientId: localClientId('apple'),
          teamId: appleKey.verify.teamId,
          keyId: appleKey.verify.keyId ?? '',
          privateKey: appleKey.privateKeyPem,
          endpoints: providers.apple,
        }
      : {
          clientId: localClientId(provider),
          clientSecret: localClientSecret(provider),
          endpoints: providers[provider],
        }
  return Object.fromEntries(only.map((provider) => [provider, entry(provider)]))
}
