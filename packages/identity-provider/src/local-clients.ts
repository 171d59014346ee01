import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from 'jose'
import type { AppleClientSecretKey, IdpClient, SocialProviderId } from './types.js'

/**
 * The client id `localClients` registers for a provider: `latch-local-google`, …
 * Its secret is `latch-local-google-secret`: development values, for this machine only.
 */
export const localClientId = (provider: SocialProviderId): string => `latch-local-${provider}`

/** The development secret of {@link localClientId}'s client. */
export const localClientSecret = (provider: SocialProviderId): string =>
  `${localClientId(provider)}-secret`

/**
 * One client per provider for local development and tests, each with the development id and
 * secret above and the redirect URI `redirectUri(provider)` returns (the Latch server's callback).
 */
export function localClients(
  redirectUri: (provider: SocialProviderId) => string,
): Record<SocialProviderId, IdpClient> {
  const client = (provider: SocialProviderId): IdpClient => ({
    clientId: localClientId(provider),
    clientSecret: localClientSecret(provider),
    redirectUris: [redirectUri(provider)],
  })
  return {
    google: client('google'),
    github: client('github'),
    apple: client('apple'),
    facebook: client('facebook'),
    x: client('x'),
    discord: client('discord'),
  }
}

/** An Apple developer key, both halves: the private one for the Latch server's config. */
export interface AppleDeveloperKey {
  /** What the identity provider's Apple client verifies against (`appleClientSecretKey`). */
  readonly verify: AppleClientSecretKey
  /** The private key, PKCS#8 PEM (Apple's `.p8` file): what signs the client secret. */
  readonly privateKeyPem: string
  /** The public key as a JWK, for a config that wants one. */
  readonly publicJwk: Awaited<ReturnType<typeof exportJWK>>
}

/**
 * Makes an Apple developer key (P-256, as Apple issues them) for local use: nothing about it is
 * Apple's, and a new one is made on every call, so none is ever committed.
 */
export async function generateAppleDeveloperKey(
  teamId = 'LATCHLOCAL',
  keyId = 'LOCALKEY01',
): Promise<AppleDeveloperKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  return {
    verify: { teamId, keyId, publicKey: await exportSPKI(publicKey) },
    privateKeyPem: await exportPKCS8(privateKey),
    publicJwk: await exportJWK(publicKey),
  }
}
