import { LatchError } from '../errors/latch-error.js'

/**
 * SPEC §9's coin type flag, 2^31. An EVM chain's coin type (for name registration) is its chain id
 * OR'ed with it, so a chain id must stay below it.
 */
export const COIN_TYPE_FLAG = 2147483648

const DECIMAL = /^[0-9]+$/
const HEX = /^0x[0-9a-fA-F]+$/
// Longer text is rejected without being parsed; leading zeros up to this length are allowed.
const MAX_TEXT_LENGTH = 66

/**
 * Checks an EVM chain id (SPEC §5): a non-negative safe integer below 2147483648. Accepts a number,
 * a bigint, or a string in decimal (`'137'`) or 0x-hex (`'0x89'`), and returns it as a number.
 * @throws LatchError `INVALID_CHAIN_ID`: 'Invalid chainId'.
 */
export function assertEvmChainId(value: number | bigint | string): number {
  const chainId = toBigInt(value)
  if (chainId === undefined || chainId < 0n || chainId >= BigInt(COIN_TYPE_FLAG)) {
    throw new LatchError('INVALID_CHAIN_ID')
  }
  return Number(chainId)
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH) return undefined
  return DECIMAL.test(value) || HEX.test(value) ? BigInt(value) : undefined
}

/**
 * SPEC §5: the coin type of an EVM chain, `chainId | 2147483648`, as an unsigned number
 * (chain 1 → 2147483649). The chain id is checked first.
 * @throws LatchError `INVALID_CHAIN_ID`: 'Invalid chainId'.
 */
export function evmChainIdToCoinType(chainId: number | bigint | string): number {
  // JS `|` works on signed 32-bit integers and would give -2147483647 for chain 1; `>>> 0`
  // reads the same 32 bits back as unsigned.
  return (assertEvmChainId(chainId) | COIN_TYPE_FLAG) >>> 0
}
