import { generateWalletIcon } from '../directory/icon.js'
import type { DirectoryWallet } from '../directory/wallet.js'

/** A directory wallet, `Wallet <id>` unless named; `rdns` links it to an announced connector. */
export function directoryWallet(
  id: string,
  overrides: Partial<DirectoryWallet> = {},
): DirectoryWallet {
  const name = overrides.name ?? `Wallet ${id}`
  return {
    id,
    name,
    homepage: `https://${id}.example`,
    imageUrl: generateWalletIcon(name, id),
    chains: ['eip155:1'],
    ...overrides,
  }
}

/**
 * A directory of `count` wallets named `Wallet 0000`, `Wallet 0001`, … with ids `w0000`, …,
 * generated icons (no image is ever fetched) and https homepages; the `overrides` of an index
 * replace its fields (e.g. an rdns to match an announced wallet).
 */
export function directoryWallets(
  count: number,
  overrides: Record<number, Partial<DirectoryWallet>> = {},
): DirectoryWallet[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `w${String(index).padStart(4, '0')}`
    return directoryWallet(id, { name: `Wallet ${id.slice(1)}`, ...overrides[index] })
  })
}

/** A stand-in for a directory service (SPEC §7 GET /getWallets), and what it was asked. */
export interface FakeDirectoryService {
  /** The instance's `directory` option (or `createLatchDirectory`'s) that reaches this service. */
  directory: { baseUrl: string; fetch: typeof fetch }
  /** Every request, in order, and the signal each came with. */
  requests: URL[]
  signals: AbortSignal[]
  /** While set, each request fails with a 503. */
  fail: boolean
  /** While set, each request stays unanswered (until its signal aborts, as fetch does). */
  hold: boolean
}

/**
 * A directory service over `wallets`, answering like GET /getWallets: `page` of `entries`,
 * filtered by `search` (in the name) and `include` (by id), with the matches' `count`.
 */
export function fakeDirectoryService(wallets: readonly DirectoryWallet[]): FakeDirectoryService {
  const service: FakeDirectoryService = {
    directory: { baseUrl: 'https://dir.test', fetch: answer as typeof fetch },
    requests: [],
    signals: [],
    fail: false,
    hold: false,
  }
  async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input))
    service.requests.push(url)
    const signal = init?.signal
    if (signal) service.signals.push(signal)
    if (service.hold) {
      return new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
      )
    }
    if (service.fail) return new Response('down', { status: 503 })
    const page = Number(url.searchParams.get('page'))
    const entries = Number(url.searchParams.get('entries'))
    const search = url.searchParams.get('search')?.toLowerCase()
    const include = url.searchParams.get('include')?.split(',')
    const matches = wallets.filter(
      (w) =>
        (!search || w.name.toLowerCase().includes(search)) && (!include || include.includes(w.id)),
    )
    const data = matches.slice((page - 1) * entries, page * entries)
    return Response.json({ data, count: matches.length })
  }
  return service
}
