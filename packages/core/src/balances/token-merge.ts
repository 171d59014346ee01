// SPEC §4 "Balances": the wallet's asset discovery says what the account holds, the Latch
// server's portfolio says what it is worth. A wallet lists quantities (ERC-7811 carries no
// price as a rule), so a Tokens tab from the wallet alone has no USD value and misses the
// tokens the server's indexer saw but the wallet was never told of. Both lists are merged here,
// once, for every adapter.
import type { TokenBalance } from './token-balance.js'

/**
 * One token's identity across sources: its CAIP-2 chain and its CAIP-10 address, or `native`.
 * EVM addresses are hex, written in any case (EIP-55 checksums or not), so they compare
 * lower-cased; other namespaces' addresses (base58, bech32) are compared as written.
 */
export function tokenKey(token: Pick<TokenBalance, 'chainId' | 'address'>): string {
  const { chainId, address } = token
  if (address === undefined) return `${chainId}|native`
  return `${chainId}|${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

/**
 * The wallet's token with the server's price: the wallet's quantity wins (it is the wallet's
 * own, fresher than a portfolio cached 30 s), so the value is that quantity at the price. A
 * price or value the wallet gave itself is kept.
 */
function priced(fromWallet: TokenBalance, fromServer: TokenBalance): TokenBalance {
  const price = fromWallet.price ?? fromServer.price
  const value =
    fromWallet.value ??
    (price !== undefined ? price * Number(fromWallet.quantity.numeric) : undefined)
  const iconUrl = fromWallet.iconUrl || fromServer.iconUrl
  return {
    ...fromWallet,
    ...(price !== undefined ? { price } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(iconUrl ? { iconUrl } : {}),
  }
}

/**
 * The account's tokens from both sources: the wallet's, in its order, each priced by the
 * server's entry for the same token (matched by {@link tokenKey}); then the server's tokens the
 * wallet did not list, as the server gave them. Unfiltered: the caller applies SPEC §4's
 * zero-decimal rule to the whole.
 */
export function mergeTokenSources(
  fromWallet: readonly TokenBalance[],
  fromServer: readonly TokenBalance[],
): TokenBalance[] {
  const unmatched = new Map(fromServer.map((token) => [tokenKey(token), token]))
  const listed = fromWallet.map((token) => {
    const key = tokenKey(token)
    const known = unmatched.get(key)
    if (!known) return token
    unmatched.delete(key)
    return priced(token, known)
  })
  return [...listed, ...unmatched.values()]
}
