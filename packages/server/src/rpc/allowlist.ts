import type { ServerConfig } from '../config/schema.js'

/**
 * The JSON-RPC methods the proxy forwards unless the configuration's `rpc.allowedMethods` replaces
 * the list: what a dapp reads from, and sends signed transactions through, a public RPC.
 *
 * Left out on purpose, because a public endpoint must never offer them: the node's own accounts
 * and signing (`eth_accounts`, `eth_sendTransaction`, `eth_sign*`, `personal_*`), wallet calls
 * (`wallet_*`: the wallet answers those, not the node), and node control or introspection
 * (`admin_*`, `debug_*`, `trace_*`, `txpool_*`, `miner_*`, and the dev nodes' `anvil_*`,
 * `hardhat_*`, `evm_*`, which rewrite the chain). `eth_subscribe` is WebSocket-only.
 */
export const DEFAULT_RPC_METHODS: readonly string[] = [
  // Chain and node.
  'eth_blockNumber',
  'eth_chainId',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'eth_syncing',
  // Fees.
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  // State.
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  // Blocks, transactions, receipts and logs.
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  // Polling filters: viem's watchEvent/watchContractEvent over HTTP use them.
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  // Transactions the wallet has already signed.
  'eth_sendRawTransaction',
]

/** The methods this server forwards: the configuration's list, or {@link DEFAULT_RPC_METHODS}. */
export function rpcAllowlist(config: ServerConfig): ReadonlySet<string> {
  return new Set(config.rpc.allowedMethods ?? DEFAULT_RPC_METHODS)
}
