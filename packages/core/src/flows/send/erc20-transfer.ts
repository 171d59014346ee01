import { LatchError } from '../../errors/latch-error.js'
import { displayValue } from '../../identifiers/display-value.js'

/** The first 4 bytes of keccak256('transfer(address,uint256)'): the ERC-20 transfer selector. */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb'

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/
const MAX_UINT256 = 2n ** 256n - 1n

/** One ABI word: 32 bytes as 64 lowercase hex digits, left-padded with zeros. */
const word = (hex: string) => hex.toLowerCase().padStart(64, '0')

/**
 * The call data of an ERC-20 `transfer(to, amount)`, ABI-encoded: the selector, then the
 * address and the amount as one 32-byte word each. Core has no chain library, and this one call
 * is all a send needs, so it is encoded here rather than through an adapter.
 * @param to an EVM address (40 hex digits, optional 0x; checksum not checked here).
 * @param amount base units, from 0 to 2^256 - 1.
 * @throws LatchError `INVALID_CAIP_ADDRESS` for another address form, `INVALID_AMOUNT` for an
 * amount out of range.
 */
export function encodeErc20Transfer(to: string, amount: bigint): `0x${string}` {
  const address = EVM_ADDRESS.exec(to)?.[1]
  if (!address) throw new LatchError('INVALID_CAIP_ADDRESS', { values: { address: to } })
  if (typeof amount !== 'bigint' || amount < 0n || amount > MAX_UINT256) {
    throw new LatchError('INVALID_AMOUNT', { values: { value: displayValue(amount) } })
  }
  return `${ERC20_TRANSFER_SELECTOR}${word(address)}${word(amount.toString(16))}`
}
