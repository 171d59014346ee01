/**
 * Accounts as the node returns them (`UiAccount`), in each encoding the devnet serves:
 * `binary` (legacy: a bare base58 string), `base58`, `base64` and `jsonParsed` (token accounts;
 * base64 for anything else, as on a node). `base64+zstd` is refused: Node 20 has no zstd.
 */
import { getBase58Decoder, getBase64Decoder, type Address } from '@solana/kit'
import type { SolanaChain } from '../chain.js'
import { RPC_ERROR_CODES, RpcError } from './errors.js'
import { parseTokenAccount, type ParsedTokenData } from './parsed-token.js'
import type { AccountEncoding, DataSlice } from './schemas.js'

/** An account as the RPC writes it. */
export interface UiAccount {
  data: string | [string, string] | ParsedTokenData
  executable: boolean
  lamports: bigint
  owner: Address
  rentEpoch: bigint
  space: bigint
}

/** The account the devnet reads: what {@link SolanaChain.getAccount} returns. */
export type ChainAccount = NonNullable<ReturnType<SolanaChain['getAccount']>>

// Every account is rent-exempt now, and a node reports their rent epoch as u64::MAX.
const RENT_EXEMPT_EPOCH = 2n ** 64n - 1n
// solana's MAX_BASE58_BYTES: past this, base58 is refused (it is slow and large).
const MAX_BASE58_BYTES = 128
const MINT_DECIMALS_OFFSET = 44

/**
 * Checks an encoding before any account is read, so an unsupported one fails the whole request.
 * @throws RpcError -32602 for base64+zstd.
 */
export function assertSupportedEncoding(encoding: AccountEncoding): void {
  if (encoding === 'base64+zstd') {
    throw new RpcError(
      RPC_ERROR_CODES.invalidParams,
      'Invalid params: the Latch devnet does not serve base64+zstd; use base64 or jsonParsed',
    )
  }
}

/** A token account's mint decimals, read from the mint account (byte 44 of its data). */
export function mintDecimalsReader(chain: SolanaChain): (mint: Address) => number | undefined {
  return (mint) => {
    const account = chain.getAccount(mint)
    if (account === null || account.data.length < 82) return undefined
    if (account.data[45] !== 1) return undefined // is_initialized
    return account.data[MINT_DECIMALS_OFFSET]
  }
}

function slice(data: Uint8Array, dataSlice: DataSlice | undefined): Uint8Array {
  if (dataSlice === undefined) return data
  return data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
}

function encodeData(
  account: ChainAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  decimalsOf: (mint: Address) => number | undefined,
): UiAccount['data'] {
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenAccount(account.programAddress, account.data, decimalsOf)
    if (parsed !== null) return parsed
    return [getBase64Decoder().decode(account.data), 'base64']
  }
  const bytes = slice(account.data, dataSlice)
  if (encoding === 'base64') return [getBase64Decoder().decode(bytes), 'base64']
  if (bytes.length > MAX_BASE58_BYTES) {
    throw new RpcError(
      RPC_ERROR_CODES.invalidRequest,
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    )
  }
  const text = getBase58Decoder().decode(bytes)
  return encoding === 'binary' ? text : [text, 'base58']
}

/**
 * Writes an account in the requested encoding.
 * @throws RpcError -32600 when base58 is asked for more than 128 bytes, as the node does.
 */
export function toUiAccount(
  chain: SolanaChain,
  account: ChainAccount,
  encoding: AccountEncoding,
  dataSlice?: DataSlice,
): UiAccount {
  return {
    data: encodeData(account, encoding, dataSlice, mintDecimalsReader(chain)),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}
