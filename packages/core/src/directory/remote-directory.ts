// The directory service's side of the client (SPEC §7 GET /getWallets): the request, and the
// checks on its untrusted answer. Loaded by the client on its first query to a service, so a host
// on the built-in directory never downloads it.
import * as z from 'zod/mini'
import { LatchError } from '../errors/latch-error.js'
import { buildGetWalletsUrl, type SdkInfo, type WalletPage, type WalletQuery } from './query.js'
import { directoryWalletEntrySchema, type DirectoryWallet } from './wallet-schema.js'

// Only the envelope is checked here; each entry is validated on its own so one bad entry does
// not cost the whole page.
const pageSchema = z.object({
  data: z.array(z.unknown()),
  count: z.number().check(z.int(), z.nonnegative()),
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
 * Asks the service for one page. Entries that fail validation are dropped; `count` is never
 * below the entries kept.
 * @throws LatchError HTTP_STATUS, UNKNOWN_ERROR or SOMETHING_WENT_WRONG (see DirectoryClient).
 */
export async function fetchWalletPage(
  request: RemotePageRequest,
): Promise<WalletPage<DirectoryWallet>> {
  const url = buildGetWalletsUrl(request.baseUrl, request.projectId, request.query, request.sdk)
  const body = await fetchJson(request.fetch, url, request.signal)
  const page = pageSchema.safeParse(body)
  if (!page.success) throw new LatchError('UNKNOWN_ERROR', { cause: page.error })
  const data = parseWallets(page.data.data, request.imageUrlOf)
  return { data, count: Math.max(page.data.count, data.length) }
}
