import { createDirectoryClient, type DirectoryClient } from '../directory/directory-client.js'
import { LATCH_SDK, type SdkInfo } from '../api/sdk-info.js'
import type { DirectoryWallet } from '../directory/wallet.js'
import { isLatchError } from '../errors/latch-error.js'

export { LATCH_SDK }

/** Where an instance's wallet directory comes from. */
export interface LatchDirectoryOptions {
  /**
   * The directory service (SPEC §7 GET /getWallets): the instance's Latch server (`serverUrl`)
   * by default. Without one, the built-in data module.
   */
  baseUrl?: string
  fetch?: typeof fetch
  /** The local wallets to answer from when there is no `baseUrl`; the built-in ones by default. */
  wallets?: readonly DirectoryWallet[]
  sdk?: SdkInfo
}

/** One Latch instance's wallet directory. */
export interface LatchDirectory {
  readonly client: DirectoryClient
  /**
   * The wallets the client answers from when it has no service. Present, views query them
   * synchronously with `queryLocalDirectory` (the client's own contract), so a search keystroke
   * paints its results in the same frame even with 1,000 wallets. Wallets the host passes are
   * present at once; the built-in module once the client's first query has loaded it (the
   * Connect view's first render asks, so its wallets fill in just after its first frame).
   */
  readonly localWallets?: readonly DirectoryWallet[]
}

/**
 * The client, telling `onForbidden` of every 403 it gets (SPEC §8 'Invalid App Configuration'),
 * whichever view asked: the instance turns it into its alert. The failure still reaches the
 * caller, whose list shows it.
 */
function reportingForbidden(client: DirectoryClient, onForbidden: () => void): DirectoryClient {
  const tell = (error: unknown): never => {
    if (isLatchError(error, 'INVALID_APP_CONFIGURATION')) onForbidden()
    throw error
  }
  return {
    getWallets: (query, options) => client.getWallets(query, options).catch(tell),
    findWallet: (id, options) => client.findWallet(id, options).catch(tell),
    walletImageUrl: (id) => client.walletImageUrl(id),
    prefetch: () => client.prefetch(),
    get localWallets() {
      return client.localWallets
    },
  }
}

/**
 * The directory of an instance: the service when `baseUrl` is set, else the local module.
 * @param onForbidden told when the service answers 403 (an unknown project, a forbidden origin).
 */
export function createLatchDirectory(
  projectId: string,
  options: LatchDirectoryOptions = {},
  onForbidden?: () => void,
): LatchDirectory {
  const created = createDirectoryClient({
    projectId,
    sdk: options.sdk ?? LATCH_SDK,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.wallets ? { wallets: options.wallets } : {}),
  })
  const client = onForbidden ? reportingForbidden(created, onForbidden) : created
  return {
    client,
    // The client's own: it alone knows whether a service answers (an empty baseUrl is none).
    get localWallets() {
      return client.localWallets
    },
  }
}
