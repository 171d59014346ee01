import { serverApiUrl } from '../api/urls.js'
import { generateWalletIcon } from './icon.js'
import type { SdkInfo, WalletPage, WalletQuery } from './query.js'
import type { DirectoryWallet } from './wallet.js'

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
  /**
   * The wallets answered when there is no `baseUrl`, or how to load them; the built-in directory
   * (see {@link loadBuiltInWallets}) by default.
   */
  wallets?: readonly DirectoryWallet[] | (() => Promise<readonly DirectoryWallet[]>)
  /** The clock of the page cache (ms); `Date.now` by default. */
  now?: () => number
}

/**
 * A service page asked again within this long is answered from memory: reopening the modal, or
 * going from Connect to AllWallets, asks for the same first page and should not wait for it.
 */
export const DIRECTORY_CACHE_MS = 5 * 60_000
/** Service pages kept at most (the oldest goes first): a session of searches stays small. */
const DIRECTORY_CACHE_ENTRIES = 64

/**
 * The built-in directory module, loaded with `import()` on first use: its 30-odd wallets and their
 * generated icons are only needed once a wallet list asks, not in every host's start-up code.
 */
export function loadBuiltInWallets(): Promise<readonly DirectoryWallet[]> {
  return import('./wallets.data.js').then((module) => module.directoryWallets)
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
   * @throws LatchError `INVALID_APP_CONFIGURATION` ('Invalid App Configuration') when the
   * service answers 403 (an unknown project, or an origin it does not allow); `HTTP_STATUS`
   * ('HTTP status code: {status}') when it answers with another error status; `UNKNOWN_ERROR` when it cannot be reached or its body is not a page of
   * wallets; `SOMETHING_WENT_WRONG` when the request is aborted (SPEC §8).
   */
  getWallets(
    query: WalletQuery,
    options?: DirectoryRequestOptions,
  ): Promise<WalletPage<DirectoryWallet>>
  /**
   * Where a wallet's image is (SPEC §7 `GET /getWalletImage/{id}`, with `projectId`, `st` and
   * `sv` like every call), or its icon in the local wallets; a generated icon for an unknown id, or while the built-in wallets are not loaded.
   */
  walletImageUrl(id: string): string
  /**
   * One wallet by id, for the views that pair a chosen wallet: from the local wallets, from a
   * service page already loaded, or else asked for (`include` = the id). Undefined when unknown.
   */
  findWallet(id: string, options?: DirectoryRequestOptions): Promise<DirectoryWallet | undefined>
  /**
   * The local wallets queries are answered from: undefined with a service, and for the built-in
   * module until the first query (or {@link DirectoryClient.prefetch}) has loaded it.
   */
  readonly localWallets: readonly DirectoryWallet[] | undefined
  /**
   * Loads the built-in wallets ahead of the first query, so the first open of a wallet list
   * answers them in its first frame (issue 16: the cold open). Does nothing with a service, whose
   * pages are asked for only when a list shows. Never rejects: a failed load is tried again by
   * the first query.
   */
  prefetch(): Promise<void>
}

/**
 * The wallet-directory client. With a `baseUrl` it calls the provider service; without one it
 * answers from local wallets (the built-in data module, loaded on the first query) through
 * `queryLocalDirectory` (loaded with them). Holds no state but those loaded wallets and the
 * service pages it answered recently (see {@link DIRECTORY_CACHE_MS}); failures are never kept.
 */
export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  // An empty baseUrl (an unset environment variable, typically) means no service.
  const baseUrl = options.baseUrl?.replace(/\/+$/, '') || undefined
  const source = options.wallets ?? loadBuiltInWallets
  let localWallets = typeof source === 'function' ? undefined : source
  const getLocalWallets = async () =>
    (localWallets ??= await (source as () => Promise<readonly DirectoryWallet[]>)())
  const now = options.now ?? Date.now
  const pages = new Map<string, { at: number; page: WalletPage<DirectoryWallet> }>()
  const freshPages = () =>
    [...pages.values()].filter((entry) => now() - entry.at < DIRECTORY_CACHE_MS)

  function walletImageUrl(id: string): string {
    if (baseUrl !== undefined) {
      const path = `/getWalletImage/${encodeURIComponent(id)}`
      return serverApiUrl(baseUrl, path, options.projectId, options.sdk)
    }
    return localWallets?.find((wallet) => wallet.id === id)?.imageUrl ?? generateWalletIcon('', id)
  }

  async function getWallets(
    query: WalletQuery,
    request: DirectoryRequestOptions = {},
  ): Promise<WalletPage<DirectoryWallet>> {
    if (baseUrl === undefined) {
      // The query code loads with the first query, beside the wallets: a host's start-up JS has
      // only this client's shell (issue 16).
      const [wallets, { queryLocalDirectory }] = await Promise.all([
        getLocalWallets(),
        import('./query.js'),
      ])
      return queryLocalDirectory(wallets, query)
    }
    // The service's client (request, response checks, entry schemas) loads on the first query.
    const key = JSON.stringify(query)
    const cached = pages.get(key)
    if (cached && now() - cached.at < DIRECTORY_CACHE_MS) return cached.page
    const { fetchWalletPage } = await import('./remote-directory.js')
    const page = await fetchWalletPage({
      baseUrl,
      projectId: options.projectId,
      sdk: options.sdk,
      fetch: options.fetch ?? globalThis.fetch,
      query,
      imageUrlOf: walletImageUrl,
      ...(request.signal ? { signal: request.signal } : {}),
    })
    pages.delete(key)
    pages.set(key, { at: now(), page })
    if (pages.size > DIRECTORY_CACHE_ENTRIES) pages.delete(pages.keys().next().value as string)
    return page
  }

  async function prefetch(): Promise<void> {
    if (baseUrl !== undefined) return
    await getLocalWallets().catch(() => undefined)
  }

  async function findWallet(
    id: string,
    request: DirectoryRequestOptions = {},
  ): Promise<DirectoryWallet | undefined> {
    const byId = (wallet: DirectoryWallet) => wallet.id === id
    if (baseUrl === undefined) return (await getLocalWallets()).find(byId)
    for (const { page } of freshPages()) {
      const found = page.data.find(byId)
      if (found) return found
    }
    return (await getWallets({ page: 1, entries: 1, include: [id] }, request)).data.find(byId)
  }

  return {
    getWallets,
    walletImageUrl,
    findWallet,
    prefetch,
    get localWallets() {
      return baseUrl === undefined ? localWallets : undefined
    },
  }
}
