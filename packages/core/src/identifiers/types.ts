/**
 * SPEC §9 chain families. Adapters exist for eip155, solana and bip122; the others can still
 * appear in identifiers (a WalletConnect session may carry them).
 */
export const chainNamespaces = [
  'eip155',
  'solana',
  'bip122',
  'cosmos',
  'polkadot',
  'algorand',
  'cip34',
  'elrond',
  'multiversx',
  'near',
  'tezos',
] as const

export type KnownChainNamespace = (typeof chainNamespaces)[number]
/** A CAIP-2 namespace. Known families autocomplete; any valid namespace is accepted. */
export type ChainNamespace = KnownChainNamespace | (string & {})

/** CAIP-2 network id: `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id: `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`
