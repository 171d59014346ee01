import { defineNetwork, type Network } from '@latch/core'
import {
  BITCOIN_MAINNET_REFERENCE,
  BITCOIN_REGTEST_REFERENCE,
  BITCOIN_TESTNET_REFERENCE,
} from './references.js'

/**
 * Bitcoin's networks (SPEC §3: 2 bitcoin networks, mainnet and testnet) plus a local regtest.
 * A `bip122` CAIP-2 reference is the first 32 hex digits of the genesis block hash. Each network's
 * `rpcUrls.default.http[0]` is an Esplora API base URL (mempool.space's `…/api` shape): balances
 * and sends read and broadcast there. The constants are marked pure, so a host that imports only
 * `bitcoinAdapter` pays nothing for them.
 */
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

const MEMPOOL_EXPLORER = { name: 'mempool.space', url: 'https://mempool.space' }

export const bitcoinMainnet: Network = /* @__PURE__ */ defineNetwork({
  id: BITCOIN_MAINNET_REFERENCE,
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: MEMPOOL_EXPLORER },
})

export const bitcoinTestnet: Network = /* @__PURE__ */ defineNetwork({
  id: BITCOIN_TESTNET_REFERENCE,
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { ...MEMPOOL_EXPLORER, url: 'https://mempool.space/testnet' } },
  testnet: true,
})

/**
 * A regtest network on the Esplora API at `esploraUrl` (a local one such as
 * `@latch/bitcoin-devnet`'s `http://127.0.0.1:3002/api`). Not marked `testnet`: SPEC §9 shows
 * testnet balances as 0.00, and a local chain's point is its real balances.
 * @throws ZodError when `esploraUrl` is not an http(s) URL.
 */
export function bitcoinRegtest(options: { esploraUrl: string; name?: string }): Network {
  return defineNetwork({
    id: BITCOIN_REGTEST_REFERENCE,
    chainNamespace: 'bip122',
    name: options.name ?? 'Bitcoin Regtest',
    nativeCurrency: BTC,
    rpcUrls: { default: { http: [options.esploraUrl] } },
  })
}
