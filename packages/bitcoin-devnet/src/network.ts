/**
 * The regtest chain's identity and its description as core's `Network`. Browser-safe: constants
 * and one pure function, no Node API and no bitcoin library.
 */

/** Regtest's genesis block hash (display order), the same in every bitcoind since 0.9. */
export const BITCOIN_REGTEST_GENESIS_HASH =
  '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** The genesis block's timestamp (2011-02-02), as bitcoind's regtest has it. */
export const BITCOIN_REGTEST_GENESIS_TIME = 1_296_688_602

/** CAIP-2's chain reference for bip122: the genesis hash's first 32 hex digits. */
export const BITCOIN_REGTEST_CHAIN_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'

/** The chain id, CAIP-2: `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
export const BITCOIN_REGTEST_CHAIN = `bip122:${BITCOIN_REGTEST_CHAIN_REFERENCE}` as const

/** The CLI's port when neither `--port` nor `LATCH_BITCOIN_PORT` names one. */
export const BITCOIN_DEVNET_DEFAULT_PORT = 3002

/** Satoshis per bitcoin (SPEC §9: BTC has 8 decimals). */
export const SATS_PER_BTC = 100_000_000

/** What {@link bitcoinRegtestNetwork} needs from a running devnet. */
export interface BitcoinDevnetEndpoints {
  /** The Esplora API's base URL, `http://127.0.0.1:PORT/api`. */
  readonly esploraUrl: string
}

/**
 * The regtest chain in the shape of core's `Network` (SPEC §3). Declared here rather than
 * imported, so the devnet stays free of `@latch/core`. Not marked `testnet`: SPEC §9 shows testnet
 * balances as 0.00, and the devnet's point is its real balances.
 */
export interface BitcoinRegtestNetwork {
  id: typeof BITCOIN_REGTEST_CHAIN_REFERENCE
  caipNetworkId: typeof BITCOIN_REGTEST_CHAIN
  chainNamespace: 'bip122'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** `default.http[0]` is the Esplora base URL (mempool.space's `…/api` shape). */
  rpcUrls: { default: { http: string[] } }
}

/**
 * Describes a running devnet as a Network a host can pass to Latch. Without an argument it
 * describes the CLI's default, `http://127.0.0.1:3002/api`.
 */
export function bitcoinRegtestNetwork(
  devnet: BitcoinDevnetEndpoints = {
    esploraUrl: `http://127.0.0.1:${BITCOIN_DEVNET_DEFAULT_PORT}/api`,
  },
): BitcoinRegtestNetwork {
  return {
    id: BITCOIN_REGTEST_CHAIN_REFERENCE,
    caipNetworkId: BITCOIN_REGTEST_CHAIN,
    chainNamespace: 'bip122',
    name: 'Latch Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [devnet.esploraUrl] } },
  }
}
