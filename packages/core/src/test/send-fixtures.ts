// Networks, accounts and tokens shared by the send module's tests (src/send).
import type { TokenBalance } from '../balances/token-balance.js'
import type { Network } from '../network/network.js'
import type { SendAccount } from '../flows/send/send-rules.js'

/** A network of `caipNetworkId` with `symbol` at `decimals`, on a loopback RPC. */
function network(
  caipNetworkId: `${string}:${string}`,
  name: string,
  symbol: string,
  decimals: number,
): Network {
  const [chainNamespace = '', id = ''] = caipNetworkId.split(':')
  return {
    id: chainNamespace === 'eip155' ? Number(id) : id,
    caipNetworkId,
    chainNamespace,
    name,
    nativeCurrency: { name, symbol, decimals },
    rpcUrls: { default: { http: [`http://127.0.0.1:8545/${caipNetworkId}`] } },
  }
}

export const evmNetwork = network('eip155:31337', 'Devnet', 'ETH', 18)
export const otherEvmNetwork = network('eip155:31338', 'Devnet B', 'ETH', 18)
export const solanaNetwork = network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'SOL', 9)
export const regtestNetwork = network(
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  'Bitcoin Regtest',
  'BTC',
  8,
)
export const cosmosNetwork = network('cosmos:cosmoshub-4', 'Cosmos Hub', 'ATOM', 6)

export const EVM_SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const EVM_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const TOKEN_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const SOLANA_SENDER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
export const SOLANA_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const REGTEST_RECEIVER = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
export const MAINNET_BTC_RECEIVER = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

export const account = (network: Network = evmNetwork): SendAccount => ({
  connectorId: 'io.latch.devwallet',
  address: network.chainNamespace === 'eip155' ? EVM_SENDER : SOLANA_SENDER,
  network,
})

/** The network's native token holding `numeric` whole tokens, priced when `price` is given. */
export function nativeToken(network: Network, numeric: string, price?: number): TokenBalance {
  return {
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric },
    ...(price === undefined ? {} : { price }),
  }
}

/** A 6-decimal ERC-20 on `network` holding `numeric` whole tokens. */
export function erc20Token(numeric: string, network: Network = evmNetwork): TokenBalance {
  return {
    name: 'Latch Test Token',
    symbol: 'LTT',
    chainId: network.caipNetworkId,
    address: `${network.caipNetworkId}:${TOKEN_CONTRACT}`,
    quantity: { decimals: '6', numeric },
  }
}
