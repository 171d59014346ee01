// Everything the adapter does with bitcoinjs-lib (and its elliptic-curve library), as one module
// that `loadBitcoin` imports on first use: address decoding, coin selection, building PSBTs and
// finalizing them. Discovery, connections, balances and message signing need none of it, so a
// page that only shows the ConnectButton downloads no bitcoinjs-lib at start-up.
export { buildTransfer, finalizeTransfer, paymentScript } from './psbt/build.js'
