import { payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { fromHex, REGTEST } from './bitcoin.js'
import { scriptAddress, scriptAsm, scriptPubKeyType } from './script.js'

const bytes = (hex: string) => fromHex(hex)!
const PUBKEY = bytes('03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6')
const HASH20 = 'ab'.repeat(20)
const HASH32 = 'cd'.repeat(32)

describe('output scripts', () => {
  it.each([
    ['', 'empty', ''],
    [`6a05${'68656c6c6f'}`, 'op_return', 'OP_RETURN OP_PUSHBYTES_5 68656c6c6f'],
    [
      `21${'03f3d474c86c9be5b82e251cc3cc438d3cc361527b4b9799516c4bd513caf9e5f6'}ac`,
      'p2pk',
      `OP_PUSHBYTES_33 ${Buffer.from(PUBKEY).toString('hex')} OP_CHECKSIG`,
    ],
    [
      `76a914${HASH20}88ac`,
      'p2pkh',
      `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${HASH20} OP_EQUALVERIFY OP_CHECKSIG`,
    ],
    [`a914${HASH20}87`, 'p2sh', `OP_HASH160 OP_PUSHBYTES_20 ${HASH20} OP_EQUAL`],
    [`0014${HASH20}`, 'v0_p2wpkh', `OP_0 OP_PUSHBYTES_20 ${HASH20}`],
    [`0020${HASH32}`, 'v0_p2wsh', `OP_0 OP_PUSHBYTES_32 ${HASH32}`],
    [`5120${HASH32}`, 'v1_p2tr', `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${HASH32}`],
    [
      '4c0201024f60b1b2ba',
      'unknown',
      'OP_PUSHDATA1 0102 OP_PUSHNUM_NEG1 OP_PUSHNUM_16 OP_CLTV OP_CSV OP_CHECKSIGADD',
    ],
    ['0003ab', 'unknown', 'OP_0 <push past end>'],
    ['bbff', 'unknown', 'OP_RETURN_187 OP_INVALIDOPCODE'],
  ])('%s is %s, written as rust-bitcoin writes it', (hex, type, asm) => {
    expect(scriptPubKeyType(bytes(hex))).toBe(type)
    expect(scriptAsm(bytes(hex))).toBe(asm)
  })

  it('has a regtest address when it pays one', () => {
    const p2wpkh = payments.p2wpkh({ pubkey: PUBKEY, network: REGTEST })
    expect(scriptAddress(p2wpkh.output!)).toBe(p2wpkh.address)
    expect(scriptAddress(bytes(`21${Buffer.from(PUBKEY).toString('hex')}ac`))).toBeUndefined()
    expect(scriptAddress(bytes('6a00'))).toBeUndefined()
  })
})
