// Everything the adapter does with viem, as one module that `loadEvmKit` imports on first use:
// checksummed accounts (first connection), RPC reads (first balance), signing, sending and
// receipts. Discovery and plain EIP-1193 requests need none of it, so a page that only shows the
// ConnectButton downloads no viem at start-up.
export { toAccounts } from './connection/accounts.js'
export { toEvmLatchError } from './errors.js'
export { getWalletAssets, supportsAssetDiscovery } from './reads/assets.js'
export { createClientCache } from './reads/clients.js'
export { readErc20 } from './reads/erc20.js'
export { createNativeBalanceReader } from './reads/native-balance.js'
export { getCallsStatus, sendCalls } from './writes/send-calls.js'
export { sendErc20, sendTransaction } from './writes/send.js'
export { personalSign, signTypedData } from './writes/sign.js'
export { waitForTransaction } from './writes/wait-for-receipt.js'
export { estimateGas } from 'viem/actions'
