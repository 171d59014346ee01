/** A sats-connect wallet's error: its JSON-RPC `code` and `message`, as the wallet sent them. */
export class BitcoinWalletError extends Error {
  override readonly name = 'BitcoinWalletError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
