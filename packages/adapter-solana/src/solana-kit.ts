// Everything the adapter does with @solana/kit, as one module that `loadSolanaKit` imports on
// first use: RPC reads (first balance), building, signing and confirming transfers, base58, and
// the WalletConnect session's signing (its bytes travel as base58 and base64).
// Discovery and Wallet Standard's own calls need none of it, so a page that only shows the
// ConnectButton downloads no kit at start-up.
export { isAddress } from '@solana/kit'
export { readSolBalance, readTokenBalances } from './reads/balances.js'
export { createClientCache } from './reads/rpc.js'
export { confirmSignature, encodeSignature, sendSigned } from './writes/send.js'
export { buildTransfer, feeForMessage } from './writes/transfer.js'
export { remoteSendTransfer, remoteSignMessage } from './writes/remote.js'
