// The directory service's side of the client (SPEC §7 GET /getWallets): the request, and the
// checks on its untrusted answer. Loaded by the client on its first query to a service, so a host
// on the built-in directory never downloads it.
import { requestJson } from '../clients/http.js'
import { walletPageEnvelopeSchema } from '../api/provider.js'
import { buildGetWalletsUrl, type SdkInfo, type WalletPage, type WalletQuery } from './query.js'
import { directoryWalletEntrySchema, type DirectoryWallet } from './wallet-schema.js'

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

/** One page request to the service. */
export interface RemotePageRequest {
  /** The service root, without a trailing slash. */
  baseUrl: string
  projectId: string
  sdk: SdkInfo
  fetch: typeof fetch
  query: WalletQuery
  signal?: AbortSignal
  /** Where the image of an entry without `imageUrl` is. */
  imageUrlOf(id: string): string
}

/**
 * Asks the service for one page. Only the envelope must be valid: each entry is checked on its
 * own and one that fails is dropped, so one bad entry does not cost the whole page. `count` is
 * never below the entries kept.
 * @throws LatchError as `requestJson` does: INVALID_APP_CONFIGURATION on a 403, HTTP_STATUS,
 * UNKNOWN_ERROR or SOMETHING_WENT_WRONG (see DirectoryClient).
 */
export async function fetchWalletPage(
  request: RemotePageRequest,
): Promise<WalletPage<DirectoryWallet>> {
  const url = buildGetWalletsUrl(request.baseUrl, request.projectId, request.query, request.sdk)
  const page = await requestJson(
    { url, fetch: request.fetch, signal: request.signal },
    walletPageEnvelopeSchema,
  )
  const data = parseWallets(page.data, request.imageUrlOf)
  return { data, count: Math.max(page.count, data.length) }
}
