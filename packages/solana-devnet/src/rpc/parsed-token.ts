/**
 * The `jsonParsed` form of SPL Token and Token-2022 accounts (mints and token accounts), as the
 * node's account-decoder writes it: `{ program, parsed: { info, type }, space }`. Anything else
 * has no parsed form here, and the caller falls back to base64, as the node does.
 *
 * Token-2022 extensions are listed by name when they hold no data (ImmutableOwner, which every
 * Token-2022 ATA has, NonTransferable…); others appear as `unparseableExtension`: the devnet
 * does not decode extension state.
 */
import { getMintDecoder, getTokenDecoder, type Mint, type Token } from '@solana-program/token'
import { isSome, type Address, type Option } from '@solana/kit'
import { JsonF64 } from '../serialize.js'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../tokens.js'

const MINT_SIZE = 82
const ACCOUNT_SIZE = 165
// Token-2022 writes an account-type byte after the 165-byte base, then type-length-value entries.
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2
const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'] as const
// Token-2022 extension types that carry no state, by their ExtensionType number.
const STATELESS_EXTENSIONS = new Map([
  [7, 'immutableOwner'],
  [9, 'nonTransferable'],
  [13, 'nonTransferableAccount'],
  [27, 'pausableAccount'],
])

/** A token amount as the node writes it (`UiTokenAmount`). */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: JsonF64
  uiAmountString: string
}

/** The parsed data of a token program account. */
export interface ParsedTokenData {
  program: 'spl-token' | 'spl-token-2022'
  parsed: { info: Record<string, unknown>; type: 'mint' | 'account' }
  space: bigint
}

/** The whole and fractional digits of `amount / 10^decimals`, trailing zeros dropped. */
function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** `UiTokenAmount`: the exact amount as a string, and as the node's (lossy) f64. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: new JsonF64(Number(amount) / 10 ** decimals),
    uiAmountString: uiAmountString(amount, decimals),
  }
}

function optional(value: Option<Address>): Address | null {
  return isSome(value) ? value.value : null
}

function accountTypeOf(data: Uint8Array): number | undefined {
  if (data.length === MINT_SIZE) return ACCOUNT_TYPE_MINT
  if (data.length === ACCOUNT_SIZE) return ACCOUNT_TYPE_ACCOUNT
  return data.length > ACCOUNT_SIZE ? data[ACCOUNT_TYPE_OFFSET] : undefined
}

/** Token-2022's extensions after the account-type byte, in the node's `{ extension }` form. */
function extensionsOf(data: Uint8Array): { extension: string }[] {
  const extensions: { extension: string }[] = []
  let offset = ACCOUNT_TYPE_OFFSET + 1
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true)
    const length = view.getUint16(offset + 2, true)
    // Type 0 is padding (Uninitialized): the list ends there.
    if (type === 0) break
    extensions.push({ extension: STATELESS_EXTENSIONS.get(type) ?? 'unparseableExtension' })
    offset += 4 + length
  }
  return extensions
}

/**
 * Parses a token program account, or returns null when it is not a mint or token account of
 * SPL Token or Token-2022. `decimalsOf` reads a mint's decimals, which a token account's amounts
 * need; when the mint cannot be read the account has no parsed form (as on a node).
 */
export function parseTokenAccount(
  owner: Address,
  data: Uint8Array,
  decimalsOf: (mint: Address) => number | undefined,
): ParsedTokenData | null {
  const program =
    owner === TOKEN_PROGRAM_ADDRESS
      ? 'spl-token'
      : owner === TOKEN_2022_PROGRAM_ADDRESS
        ? 'spl-token-2022'
        : null
  if (program === null) return null
  // Classic SPL Token accounts are exactly 82 or 165 bytes; only Token-2022 has extensions.
  if (program === 'spl-token' && data.length !== MINT_SIZE && data.length !== ACCOUNT_SIZE)
    return null
  const type = accountTypeOf(data)
  const extensions =
    program === 'spl-token-2022' && data.length > ACCOUNT_SIZE ? extensionsOf(data) : []
  const withExtensions = (info: Record<string, unknown>) =>
    extensions.length > 0 ? { ...info, extensions } : info
  const space = BigInt(data.length)
  try {
    if (type === ACCOUNT_TYPE_MINT) {
      const mint: Mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
      if (!mint.isInitialized) return null
      const info = {
        mintAuthority: optional(mint.mintAuthority),
        supply: mint.supply.toString(),
        decimals: mint.decimals,
        isInitialized: true,
        freezeAuthority: optional(mint.freezeAuthority),
      }
      return { program, parsed: { info: withExtensions(info), type: 'mint' }, space }
    }
    if (type === ACCOUNT_TYPE_ACCOUNT) {
      const token: Token = getTokenDecoder().decode(data.subarray(0, ACCOUNT_SIZE))
      const decimals = decimalsOf(token.mint)
      if (decimals === undefined || token.state === 0) return null
      const delegate = optional(token.delegate)
      const info: Record<string, unknown> = {
        isNative: isSome(token.isNative),
        mint: token.mint,
        owner: token.owner,
        state: ACCOUNT_STATES[token.state],
        tokenAmount: uiTokenAmount(token.amount, decimals),
      }
      if (delegate !== null) {
        info.delegate = delegate
        info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals)
      }
      if (isSome(token.isNative))
        info.rentExemptReserve = uiTokenAmount(token.isNative.value, decimals)
      const closeAuthority = optional(token.closeAuthority)
      if (closeAuthority !== null) info.closeAuthority = closeAuthority
      return { program, parsed: { info: withExtensions(info), type: 'account' }, space }
    }
  } catch {
    // Bytes that do not decode have no parsed form.
  }
  return null
}
