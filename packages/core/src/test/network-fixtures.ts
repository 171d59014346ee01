import type { ChainNamespace } from '../identifiers/types.js'
import type { NetworkMachineInput } from '../machines/network.machine.js'
import type { Network } from '../network/network.js'

/** Networks, accounts and wallet errors shared by the network machine's tests. */
export const net = (chainNamespace: ChainNamespace, id: string, name: string): Network => ({
  id,
  caipNetworkId: `${chainNamespace}:${id}`,
  chainNamespace,
  name,
  nativeCurrency: { name, symbol: name.slice(0, 3).toUpperCase(), decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${chainNamespace}/${id}`] } },
})

export const mainnet = net('eip155', '1', 'Ethereum')
export const polygon = net('eip155', '137', 'Polygon')
export const solana = net('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
export const solanaDevnet = net('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet')
export const bitcoin = net('bip122', '000000000019d6689c085ae165831e93', 'Bitcoin')

export const EVM = {
  address: '0x00000000000000000000000000000000000000aa',
  connectorId: 'io.metamask',
}
export const SOL = {
  address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  connectorId: 'app.phantom',
}

export const baseInput: NetworkMachineInput = {
  networks: [mainnet, polygon, solana, solanaDevnet, bitcoin],
  adapterNamespaces: ['eip155', 'solana', 'bip122'],
  allowUnsupportedChain: false,
  enableNetworkSwitch: true,
}

/** An EIP-1193-style wallet error. */
export const rpcError = (code: number) => Object.assign(new Error(`wallet error ${code}`), { code })
