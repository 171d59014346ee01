/**
 * Output scripts as Esplora describes them: the type names of electrs' `scriptpubkey_type`, the
 * address, and rust-bitcoin's `to_asm` text (`OP_0 OP_PUSHBYTES_20 …`).
 */
import { address as bitcoinAddress, opcodes } from 'bitcoinjs-lib'
import { REGTEST, toHex } from './bitcoin.js'

/** electrs' names for output script types (`unknown` for anything else). */
export type ScriptPubKeyType =
  | 'empty'
  | 'op_return'
  | 'p2pk'
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'unknown'

const OP_0 = 0x00
const OP_1 = 0x51
const OP_RETURN = 0x6a
const OP_CHECKSIG = 0xac

function is(
  script: Uint8Array,
  length: number,
  head: readonly number[],
  tail: readonly number[] = [],
) {
  return (
    script.length === length &&
    head.every((byte, index) => script[index] === byte) &&
    tail.every((byte, index) => script[length - tail.length + index] === byte)
  )
}

/** The type of an output script, in electrs' order of tests. */
export function scriptPubKeyType(script: Uint8Array): ScriptPubKeyType {
  if (script.length === 0) return 'empty'
  if (script[0] === OP_RETURN) return 'op_return'
  if (is(script, 35, [0x21], [OP_CHECKSIG]) || is(script, 67, [0x41], [OP_CHECKSIG])) return 'p2pk'
  if (is(script, 25, [0x76, 0xa9, 0x14], [0x88, OP_CHECKSIG])) return 'p2pkh'
  if (is(script, 23, [0xa9, 0x14], [0x87])) return 'p2sh'
  if (is(script, 22, [OP_0, 0x14])) return 'v0_p2wpkh'
  if (is(script, 34, [OP_0, 0x20])) return 'v0_p2wsh'
  if (is(script, 34, [OP_1, 0x20])) return 'v1_p2tr'
  return 'unknown'
}

/** Whether an output script is a witness program (BIP-141: a version opcode, then 2-40 bytes). */
export function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0]
  if (version === undefined || script.length < 4 || script.length > 42) return false
  if (version !== OP_0 && (version < OP_1 || version > 0x60)) return false
  return script[1] === script.length - 2
}

/** The regtest address an output script pays, if it has one (P2PK and OP_RETURN have none). */
export function scriptAddress(script: Uint8Array): string | undefined {
  if (scriptPubKeyType(script) === 'p2pk') return undefined
  try {
    return bitcoinAddress.fromOutputScript(script, REGTEST)
  } catch {
    return undefined
  }
}

// rust-bitcoin's names where they differ from bitcoinjs' (which has no OP_PUSHNUM_*).
const NAMES = new Map<number, string>([
  [0x4f, 'OP_PUSHNUM_NEG1'],
  [0xb1, 'OP_CLTV'],
  [0xb2, 'OP_CSV'],
  ...Array.from({ length: 16 }, (_, n): [number, string] => [OP_1 + n, `OP_PUSHNUM_${n + 1}`]),
])
// A numeric enum: its entries also map each number back to a name, which are skipped. Aliases
// (OP_FALSE, OP_TRUE, OP_NOP2/3) and bitcoinjs' template pseudo-opcodes are not rust-bitcoin's.
const ALIASES = /^OP_(FALSE|TRUE|NOP2|NOP3|PUBKEYHASH|PUBKEY)$/
for (const [name, code] of Object.entries(opcodes)) {
  if (typeof code === 'number' && !NAMES.has(code) && !ALIASES.test(name)) NAMES.set(code, name)
}

function readLength(script: Uint8Array, at: number, size: number): number | undefined {
  if (at + size > script.length) return undefined
  let length = 0
  for (let index = size - 1; index >= 0; index--) length = length * 256 + script[at + index]!
  return length
}

/** A script as rust-bitcoin's `to_asm` writes it (`<push past end>` for a truncated push). */
export function scriptAsm(script: Uint8Array): string {
  const words: string[] = []
  let at = 0
  while (at < script.length) {
    const code = script[at++]!
    let length: number | undefined
    let name: string
    if (code > 0 && code < 0x4c) {
      length = code
      name = `OP_PUSHBYTES_${code}`
    } else if (code >= 0x4c && code <= 0x4e) {
      const size = code === 0x4c ? 1 : code === 0x4d ? 2 : 4
      length = readLength(script, at, size)
      at += size
      name = code === 0x4c ? 'OP_PUSHDATA1' : code === 0x4d ? 'OP_PUSHDATA2' : 'OP_PUSHDATA4'
    } else {
      words.push(NAMES.get(code) ?? `OP_RETURN_${code}`)
      continue
    }
    if (length === undefined || at + length > script.length) {
      words.push('<push past end>')
      break
    }
    words.push(length === 0 ? name : `${name} ${toHex(script.subarray(at, at + length))}`)
    at += length
  }
  return words.join(' ')
}
