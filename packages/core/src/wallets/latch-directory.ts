import {
  createDirectoryClient,
  loadBuiltInWallets,
  type DirectoryClient,
  type DirectoryClientOptions,
} from '../directory/directory-client.js'
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
  const clientOptions: DirectoryClientOptions = { projectId, sdk: options.sdk ?? LATCH_SDK }
  if (options.baseUrl !== undefined) clientOptions.baseUrl = options.baseUrl
  if (options.fetch) clientOptions.fetch = options.fetch
  if (options.baseUrl !== undefined) return { client: createDirectoryClient(clientOptions) }
  if (options.wallets) {
    return {
      client: createDirectoryClient({ ...clientOptions, wallets: options.wallets }),
      localWallets: options.wallets,
    }
  }
  let builtIn: readonly DirectoryWallet[] | undefined
  const client = createDirectoryClient({
    ...clientOptions,
    wallets: async () => (builtIn ??= await loadBuiltInWallets()),
  })
  return {
    client,
    get localWallets() {
      return builtIn
    },
  }
}
