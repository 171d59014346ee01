import { z } from 'zod'
import { LatchError } from '../errors/latch-error.js'
import { generateWalletIcon } from './icon.js'
import { queryLocalDirectory } from './local-directory.js'
import { buildGetWalletsUrl, type SdkInfo, type WalletPage, type WalletQuery } from './query.js'
import { directoryWalletEntrySchema, type DirectoryWallet } from './wallet.js'
import { directoryWallets } from './wallets.data.js'

/** How to reach the wallet directory. */
export interface DirectoryClientOptions {
  /**
   * Root of the provider service (SPEC §7). Without it, queries are answered from the built-in
   * data module with the same contract, so views never know which one answered.
   */
  baseUrl?: string
  projectId: string
  /** Sent as `st` and `sv`. */
  sdk: SdkInfo
  /** The fetch to use; `globalThis.fetch` (read at each call) when absent. */
  fetch?: typeof fetch
  /** The wallets answered when there is no `baseUrl`; the built-in directory by default. */
  wallets?: readonly DirectoryWallet[]
}

/** Options of one directory request. */
export interface DirectoryRequestOptions {
  /** Cancels the request (a newer search keystroke, a closed view). */
  signal?: AbortSignal
}

/** The wallet directory as the views use it. */
export interface DirectoryClient {
  /**
   * One page of wallets (SPEC §7 `GET /getWallets`). Entries of a remote answer that fail
   * validation are dropped; an entry without `imageUrl` gets {@link DirectoryClient.walletImageUrl}.
   * @throws LatchError `HTTP_STATUS` ('HTTP status code: {status}') when the service answers
   * with an error status; `UNKNOWN_ERROR` when it cannot be reached or its body is not a page of
   * wallets; `SOMETHING_WENT_WRONG` when the request is aborted (SPEC §8).
   */
  getWallets(
    query: WalletQuery,
    options?: DirectoryRequestOptions,
  ): Promise<WalletPage<DirectoryWallet>>
  /** Where a wallet's image is (SPEC §7 `GET /getWalletImage/{id}`), or its built-in icon. */
  walletImageUrl(id: string): string
}

// Only the envelope is checked here; each entry is validated on its own so one bad entry does
// not cost the whole page.
const pageSchema = z.object({
  data: z.array(z.unknown()),
  count: z.number().int().nonnegative(),
})

function parseWallets(
  entries: readonly unknown[],
  imageUrlOf: (id: string) => string,
): DirectoryWallet[] {
  const wallets: DirectoryWallet[] = []
  for (const entry of entries) {
    const result = directoryWalletEntrySchema.safeParse(entry)
    if (!result.success) continue
    const wallet = result.data
    // A missing image points at the host's own service (baseUrl), not at anything in the response.
    wallets.push(Object.freeze({ ...wallet, imageUrl: wallet.imageUrl ?? imageUrlOf(wallet.id) }))
  }
  return wallets
}

async function fetchJson(
  doFetch: typeof fetch,
  url: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw new LatchError('SOMETHING_WENT_WRONG', { cause: error })
    throw new LatchError('UNKNOWN_ERROR', { cause: error })
  }
  if (!response.ok) {
    throw new LatchError('HTTP_STATUS', { values: { status: response.status } })
  }
  try {
    return await response.json()
  } catch (error) {
    if (signal?.aborted) throw new LatchError('SOMETHING_WENT_WRONG', { cause: error })
    throw new LatchError('UNKNOWN_ERROR', { cause: error })
  }
}

/**
 * The wallet-directory client. With a `baseUrl` it calls the provider service; without one it
 * answers from the built-in data module through {@link queryLocalDirectory}. Holds no state.
 */
export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  // An empty baseUrl (an unset environment variable, typically) means no service.
  const baseUrl = options.baseUrl?.replace(/\/+$/, '') || undefined
  const localWallets = options.wallets ?? directoryWallets

  function walletImageUrl(id: string): string {
    if (baseUrl !== undefined) return `${baseUrl}/getWalletImage/${encodeURIComponent(id)}`
    return localWallets.find((wallet) => wallet.id === id)?.imageUrl ?? generateWalletIcon('', id)
  }

  async function getWallets(
    query: WalletQuery,
    request: DirectoryRequestOptions = {},
  ): Promise<WalletPage<DirectoryWallet>> {
    if (baseUrl === undefined) return queryLocalDirectory(localWallets, query)
    const url = buildGetWalletsUrl(baseUrl, options.projectId, query, options.sdk)
    const body = await fetchJson(options.fetch ?? globalThis.fetch, url, request.signal)
    const page = pageSchema.safeParse(body)
    if (!page.success) throw new LatchError('UNKNOWN_ERROR', { cause: page.error })
    const data = parseWallets(page.data.data, walletImageUrl)
    return { data, count: Math.max(page.data.count, data.length) }
  }

  return { getWallets, walletImageUrl }
}
