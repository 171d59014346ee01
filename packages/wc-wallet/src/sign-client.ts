import { SignClient } from '@walletconnect/sign-client'
import type { WalletMetadata } from './options.js'
import type { WcKeyValueStorage } from './storage.js'

export type WcSignClient = InstanceType<typeof SignClient>

/** What {@link initSignClient} needs. */
export interface SignClientSetup {
  relayUrl: string
  projectId: string
  metadata: WalletMetadata
  storage: WcKeyValueStorage
  logLevel: string
}

/** sign-client keeps each core on `globalThis` under this key and counts instances beside it. */
const globalCoreKey = (prefix: string) => `_walletConnectCore_${prefix}`

function uniquePrefix(): string {
  return `latch-wc-wallet-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

/**
 * Starts a sign-client that stays on the machine:
 * - its own storage prefix, because sign-client otherwise hands every client of a process (or
 *   page) the same global core, so a dapp and a wallet in one test would share one identity;
 * - telemetry off (no pulse.walletconnect.org);
 * - the Verify API stubbed: on each proposal and request the wallet would otherwise fetch
 *   attestations from verify.walletconnect.org (its URL cannot be overridden). Dapps are shown
 *   as unverified ("UNKNOWN"), which is what a wallet without Verify shows.
 * The relay is only contacted once there is a topic to subscribe to (the first pair()).
 */
export async function initSignClient(
  setup: SignClientSetup,
): Promise<{ client: WcSignClient; release(): void }> {
  const prefix = uniquePrefix()
  const client = await SignClient.init({
    relayUrl: setup.relayUrl,
    projectId: setup.projectId,
    metadata: setup.metadata,
    storage: setup.storage as NonNullable<Parameters<typeof SignClient.init>[0]>['storage'],
    customStoragePrefix: prefix,
    telemetryEnabled: false,
    logger: setup.logLevel,
    // The queue emits one session_request per second at most, after the previous one was
    // answered; a wallet that shows every pending request needs them all (it dedupes by id).
    signConfig: { disableRequestQueue: true },
  })
  const verify = client.core.verify
  verify.resolve = (async () => undefined) as unknown as typeof verify.resolve
  verify.register = async () => ''

  return {
    client,
    /** Lets go of the global core so closed wallets can be garbage collected. */
    release() {
      const globals = globalThis as Record<string, unknown>
      delete globals[globalCoreKey(prefix)]
      delete globals[`${globalCoreKey(prefix)}_count`]
    },
  }
}
