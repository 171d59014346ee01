import type { ChainNamespace } from './types.js'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
// Base58: digits and letters without 0, O, I and l, which read alike.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
// Version byte 0x00 → '1', 0x05 → '3', 0x6f → 'm'/'n': 25 to 34 characters.
const BITCOIN_LEGACY = /^[13mn][1-9A-HJ-NP-Za-km-z]{24,33}$/
// Testnet P2SH (version byte 0xc4) always encodes to 35 characters.
const BITCOIN_TESTNET_P2SH = /^2[1-9A-HJ-NP-Za-km-z]{34}$/
// Human-readable part, separator '1', then the bech32 alphabet (no 1, b, i, o); BIP-173 caps it at 90.
const BITCOIN_SEGWIT = /^(bc|tb|bcrt)1[ac-hj-np-z02-9]{8,87}$/i

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3] as const
/** BIP-173: the checksum constant of witness version 0 addresses. */
const BECH32_CONST = 1
/** BIP-350: the checksum constant of witness version 1 to 16 addresses (bech32m). */
const BECH32M_CONST = 0x2bc830a3
const CHECKSUM_LENGTH = 6

/**
 * An EVM address: 40 hex digits, optionally prefixed with `0x` (SPEC §5). The EIP-55 mixed-case
 * checksum is not verified (it needs keccak-256); the EVM adapter does that. Never throws.
 */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/**
 * A Solana address: 32 to 44 base58 characters (SPEC §5). Whether it decodes to a 32-byte key is
 * left to the Solana adapter. Never throws.
 */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}

/**
 * A Bitcoin address, mainnet, testnet or regtest:
 * - legacy base58 P2PKH / P2SH: `1…`, `3…` (mainnet) and `m…`, `n…` (testnet), 25 to 34
 *   characters, or `2…` (testnet P2SH), 35 characters. Only the shape is checked: the base58check
 *   checksum needs SHA-256 and is left to the Bitcoin adapter.
 * - segwit `bc1…`, `tb1…`, `bcrt1…`: fully decoded, the bech32 (witness v0, BIP-173) or bech32m
 *   (v1 to v16, BIP-350) checksum verified, the witness program length checked; all lower case or
 *   all upper case, never mixed.
 *
 * Never throws.
 */
export function isBitcoinAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false
  return BITCOIN_LEGACY.test(value) || BITCOIN_TESTNET_P2SH.test(value) || isSegwitAddress(value)
}

/**
 * Whether `address` is valid for the namespace's chains: `eip155` → {@link isEvmAddress},
 * `solana` → {@link isSolanaAddress}, `bip122` → {@link isBitcoinAddress}. Any other namespace has
 * no validator here and gives `false`. Never throws.
 */
export function isAddressForNamespace(namespace: ChainNamespace, address: unknown): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address)
    case 'solana':
      return isSolanaAddress(address)
    case 'bip122':
      return isBitcoinAddress(address)
    default:
      return false
  }
}

function isSegwitAddress(value: string): boolean {
  if (!BITCOIN_SEGWIT.test(value)) return false
  const lower = value.toLowerCase()
  if (value !== lower && value !== value.toUpperCase()) return false
  const separator = lower.lastIndexOf('1')
  const hrp = lower.slice(0, separator)
  const data = Array.from(lower.slice(separator + 1), (char) => BECH32_ALPHABET.indexOf(char))
  const version = data[0]
  if (version === undefined || version > 16) return false
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST
  if (polymod([...expandHrp(hrp), ...data]) !== expected) return false
  const program = fiveToEightBits(data.slice(1, -CHECKSUM_LENGTH))
  if (program === undefined || program < 2 || program > 40) return false
  return version !== 0 || program === 20 || program === 32
}

/** BIP-173's checksum over the expanded human-readable part and the data. */
function polymod(values: readonly number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    BECH32_GENERATORS.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator
    })
  }
  return checksum >>> 0
}

function expandHrp(hrp: string): number[] {
  const codes = Array.from(hrp, (char) => char.charCodeAt(0))
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)]
}

/**
 * Regroups 5-bit words into bytes and returns how many bytes they make, or `undefined` when the
 * padding is invalid: BIP-173 allows at most 4 padding bits, and they must be zero.
 */
function fiveToEightBits(words: readonly number[]): number | undefined {
  let accumulator = 0
  let bits = 0
  let bytes = 0
  for (const word of words) {
    accumulator = ((accumulator << 5) | word) & 0xfff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes += 1
    }
  }
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return undefined
  return bytes
}
