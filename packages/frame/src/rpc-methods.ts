/**
 * The RPC methods that are safe (SPEC §4): reads that need no key, change nothing a visitor owns
 * and cost nothing. The frame answers them without asking the visitor; an aborted one is not
 * cancelled (its answer is harmless and may still be wanted). Every other method (signatures,
 * transactions, permission grants, chain switches and additions) needs the visitor's approval in
 * the frame and is cancelled when aborted.
 *
 * `eth_sendRawTransaction` is left out on purpose: it needs no key, but it is not a read, since
 * it broadcasts a transaction; an abort must be able to stop it before it leaves.
 */
export const SAFE_RPC_METHODS = [
  // Chain and node state.
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_syncing',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  // Accounts (the frame's own addresses; no prompt, unlike eth_requestAccounts).
  'eth_accounts',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  // Simulation.
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  // Blocks, transactions, receipts.
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  // Logs and filters (a filter is node-side bookkeeping, not the visitor's state).
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  // Wallet reads (EIP-5792 status and capabilities, EIP-7811 assets, EIP-2255 permissions).
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'wallet_getPermissions',
  // Account-abstraction reads (ERC-4337 bundler).
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
] as const

/** A method in {@link SAFE_RPC_METHODS}. */
export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]

const SAFE: ReadonlySet<string> = /* @__PURE__ */ new Set(SAFE_RPC_METHODS)

/** Whether `method` is a safe read (see {@link SAFE_RPC_METHODS}); an unknown method is not. */
export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return SAFE.has(method)
}
