import { Verifier } from 'bip322-js'
import { ECPairFactory } from 'ecpair'
import { describe, expect, it } from 'vitest'
import { ecc, toHex } from './bitcoin.js'
import { accountKeys } from './keys.js'
import { bip322MessageHash, signBip322 } from './message.js'

// BIP-322's own test vectors (bip-0322.mediawiki): the message hashes, and the P2WPKH key and
// address its signatures are made with.
const VECTOR_WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const VECTOR_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'

describe('BIP-322 against the BIP’s test vectors', () => {
  it('hashes messages as the BIP lists', () => {
    const encode = (text: string) => new TextEncoder().encode(text)
    expect(toHex(bip322MessageHash(encode('')))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(toHex(bip322MessageHash(encode('Hello World')))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
  })

  it('signs "Hello World" with the BIP’s key into a signature that verifies for the BIP’s address', () => {
    const pair = ECPairFactory(ecc).fromWIF(VECTOR_WIF)
    const [account] = accountKeys([
      {
        payment: { privateKey: toHex(pair.privateKey!) },
        ordinals: { privateKey: toHex(pair.privateKey!) },
      },
    ])
    expect(account!.payment.addressOn('Mainnet')).toBe(VECTOR_ADDRESS)
    const signed = signBip322(account!.payment, new TextEncoder().encode('Hello World'))
    expect(Verifier.verifySignature(VECTOR_ADDRESS, 'Hello World', signed.base64)).toBe(true)
    expect(Verifier.verifySignature(VECTOR_ADDRESS, '', signed.base64)).toBe(false)
  })
})
