import type { AccountHistoryResponse, AccountNftsResponse, Balance } from '@latch/core/api'
import { devnetA, devnetB } from '@latch/core/testing'

/*
 * A Latch server's account routes answered in memory, as a `fetch` (SPEC §7 blockchain-data
 * API, in packages/server's shapes): what the Account tabs' stories and tests read, so each of
 * their states (loading, empty, error, filled) is reached with core's real clients and nothing
 * leaves the page. The real server is packages/server; the playground runs it.
 */

/** A route's answer: a body, a failure (503), or no answer at all. */
export type Scripted<T> = T | 'fail' | 'hold'

export interface AccountServerScript {
  /** `/v1/account/{address}/balance`'s balances. Default: none. */
  balances?: Scripted<Balance[]>
  /** `/v1/account/{address}/history` pages, by cursor ('' is the first). Default: no activity. */
  history?: Scripted<Record<string, AccountHistoryResponse>>
  /** `/v1/account/{address}/nfts` pages, by cursor. Default: no NFTs. */
  nfts?: Scripted<Record<string, AccountNftsResponse>>
  /** `/v1/identity/{address}`. Default: no name. */
  identity?: Scripted<{ name: string | null; avatar: string | null }>
  /** `/v1/profile/account/{name}`: the names a send may go to (EVM), by name. Others: 404. */
  names?: Record<string, { address: string; avatar?: string }>
}

/** The root URL the account stories' instances use (never reached: `fetch` answers). */
export const STORY_SERVER_URL = 'http://127.0.0.1:9'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function answer<T>(
  scripted: Scripted<T> | undefined,
  fallback: T,
  pick: (body: T) => unknown = (body) => body,
) {
  if (scripted === 'hold') return new Promise<Response>(() => undefined)
  if (scripted === 'fail') return Promise.resolve(json({ error: 'Unavailable' }, 503))
  return Promise.resolve(json(pick(scripted ?? fallback)))
}

const byCursor =
  <T>(url: URL) =>
  (pages: Record<string, T>) =>
    pages[url.searchParams.get('cursor') ?? '']

/** A `fetch` that answers the account routes as `script` says, and 404 elsewhere. */
export function accountServerFetch(script: AccountServerScript = {}): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const path = url.pathname
    if (path === '/appkit/v1/config') return json({ features: [] })
    if (path === '/getWallets') return json({ data: [], count: 0 })
    if (path === '/v1/supported-chains') {
      return json({ http: [devnetA.caipNetworkId, devnetB.caipNetworkId], ws: [] })
    }
    if (path.endsWith('/balance')) {
      return answer(script.balances, [], (balances) => ({ balances }))
    }
    if (path.endsWith('/history')) {
      return answer(script.history, { '': { data: [], next: null } }, byCursor(url))
    }
    if (path.endsWith('/nfts')) {
      return answer(script.nfts, { '': { data: [], next: null } }, byCursor(url))
    }
    if (path.startsWith('/v1/profile/account/')) {
      const name = decodeURIComponent(path.slice('/v1/profile/account/'.length))
      const entry = script.names?.[name]
      if (!entry) return json({ error: 'Not found' }, 404)
      const attributes = entry.avatar ? [{ avatar: entry.avatar }] : []
      return json({ name, addresses: { '60': { address: entry.address } }, attributes })
    }
    if (path.startsWith('/v1/identity/')) {
      return answer(script.identity, { name: null, avatar: null })
    }
    return json({ error: 'Not found' }, 404)
  }
}

const chain = devnetA.caipNetworkId
const tokenAddress = `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`

/** A portfolio: Ether and a test token, priced. */
export const storyBalances: Balance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: chain,
    value: 4500,
    price: 3000,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: '',
  },
  {
    name: 'Latch Test Token',
    symbol: 'LTT',
    chainId: chain,
    address: tokenAddress,
    value: 25,
    price: 0.25,
    quantity: { decimals: '18', numeric: '100' },
    iconUrl: '',
  },
]

/** A transaction of `owner`: a token transfer (`symbol`) or an NFT (`nft`), mined at `day`. */
export function storyTransaction(
  id: string,
  owner: string,
  direction: 'in' | 'out' | 'self',
  options: { symbol?: string; nft?: string; day?: number; status?: 'confirmed' | 'pending' } = {},
): AccountHistoryResponse['data'][number] {
  const other = '0x' + '22'.repeat(20)
  return {
    id,
    metadata: {
      operationType: direction === 'in' ? 'receive' : 'send',
      hash: '0x' + id.padStart(64, '0'),
      minedAt: `2026-01-${String(options.day ?? 1).padStart(2, '0')}T12:00:00.000Z`,
      sentFrom: direction === 'in' ? other : owner,
      sentTo: direction === 'out' ? other : owner,
      status: options.status ?? 'confirmed',
      nonce: 0,
      chain,
    },
    transfers: [
      options.nft
        ? {
            direction,
            quantity: { numeric: '1' },
            nft_info: { name: options.nft, flags: { is_spam: false } },
          }
        : {
            direction,
            quantity: { numeric: '2.5' },
            fungible_info: { name: 'Latch Test Token', symbol: options.symbol ?? 'LTT' },
          },
    ],
  }
}

/** An inline SVG tile, so a gallery shows images without fetching any. */
const tile = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="hsl(${hue} 60% 50%)"/></svg>`,
  )}`

/** `count` NFTs of one collection, the first page of a gallery. */
export function storyNfts(count: number): AccountNftsResponse {
  return {
    data: Array.from({ length: count }, (_, index) => ({
      chainId: chain,
      contract: `${chain}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`,
      tokenId: String(index + 1),
      standard: 'erc721' as const,
      amount: '1',
      name: `Latch Tile #${index + 1}`,
      collection: 'Latch Tiles',
      image: tile(index * 47),
    })),
    next: null,
  }
}
