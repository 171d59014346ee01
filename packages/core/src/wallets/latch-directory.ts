import { createDirectoryClient, type DirectoryClient } from '../directory/directory-client.js'
import type { SdkInfo } from '../directory/query.js'
import type { DirectoryWallet } from '../directory/wallet.js'

/** Sent as `st`/`sv` to the directory service. */
export const LATCH_SDK: SdkInfo = { type: 'latch', version: '0.0.0' }

/** Where an instance's wallet directory comes from. */
export interface LatchDirectoryOptions {
  /** The directory service (SPEC §7 GET /getWallets). Without it, the built-in data module. */
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

/** The directory of an instance: the service when `baseUrl` is set, else the local module. */
export function createLatchDirectory(
  projectId: string,
  options: LatchDirectoryOptions = {},
): LatchDirectory {
  const client = createDirectoryClient({
    projectId,
    sdk: options.sdk ?? LATCH_SDK,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.wallets ? { wallets: options.wallets } : {}),
  })
  return {
    client,
    // The client's own: it alone knows whether a service answers (an empty baseUrl is none).
    get localWallets() {
      return client.localWallets
    },
  }
}
