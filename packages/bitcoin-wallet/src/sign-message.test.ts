import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { ecc, toBase64, toHex } from './bitcoin.js'
import { legacyMessageHash } from './message.js'
import {
  connectedWallet,
  features,
  rejection,
  satsResult,
  useDevnets,
  walletConfig,
} from './test/devnet.js'
import { createBitcoinDevWallet } from './wallet.js'

const startDevnet = useDevnets()
const [first, second] = bitcoinDevnetAccounts()
const text = 'Sign in to Latch: nonce 8f2c'
const bytes = new TextEncoder().encode(text)

interface SatsSignature {
  signature: string
  messageHash: string
  address: string
  protocol: 'ECDSA' | 'BIP322'
}

describe('bitcoin:signMessage (Wallet Standard)', () => {
  it('signs BIP-322 with the payment and the ordinals account, signatures bip322-js verifies', async () => {
    const dev = await connectedWallet(await startDevnet())
    const [payment, ordinals] = dev.wallet.accounts
    const outputs = await features(dev)['bitcoin:signMessage'].signMessage(
      { account: payment!, message: bytes },
      { account: ordinals!, message: bytes },
    )
    expect(outputs).toHaveLength(2)
    const others = [second!.payment.address, second!.ordinals.address]
    for (const [index, account] of [payment!, ordinals!].entries()) {
      const { signedMessage, signature } = outputs[index]!
      expect(signedMessage).toEqual(bytes)
      const base64 = toBase64(signature)
      expect(Verifier.verifySignature(account.address, text, base64)).toBe(true)
      // Really over this message, and this address's key.
      expect(Verifier.verifySignature(account.address, `${text}!`, base64)).toBe(false)
      expect(Verifier.verifySignature(others[index]!, text, base64)).toBe(false)
    }
    // Segwit v0: [DER signature + sighash, public key]; Taproot key path: [64-byte Schnorr].
    expect(outputs[0]!.signature[0]).toBe(2)
    expect([...outputs[1]!.signature.slice(0, 2)]).toEqual([1, 64])
    expect(dev.control.requests().at(-1)).toMatchObject({
      method: 'bitcoin:signMessage',
      outcome: 'approved',
    })
  })

  it('rejected, throws 4001; an account the site is not connected to is refused before asking', async () => {
    const dev = await connectedWallet(await startDevnet(), 'auto-reject')
    const [payment] = dev.wallet.accounts
    const signMessage = features(dev)['bitcoin:signMessage'].signMessage
    expect(await rejection(signMessage({ account: payment!, message: bytes }))).toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    const asked = dev.control.requests().length
    const stranger = { ...payment!, address: second!.payment.address }
    expect((await rejection(signMessage({ account: stranger, message: bytes }))).code).toBe(4100)
    const fresh = createBitcoinDevWallet(walletConfig(await startDevnet()))
    expect(
      (
        await rejection(
          features(fresh)['bitcoin:signMessage'].signMessage({ account: payment!, message: bytes }),
        )
      ).code,
    ).toBe(4100)
    expect(dev.control.requests()).toHaveLength(asked)
  })
})

describe('signMessage (sats-connect)', () => {
  it('signs BIP-322 with either address when asked, signatures bip322-js verifies', async () => {
    const dev = await connectedWallet(await startDevnet())
    for (const key of [first!.payment, first!.ordinals]) {
      const signed = await satsResult<SatsSignature>(dev, 'signMessage', {
        address: key.address,
        message: text,
        protocol: 'BIP322',
      })
      expect(signed).toMatchObject({ address: key.address, protocol: 'BIP322' })
      expect(Verifier.verifySignature(key.address, text, signed.signature)).toBe(true)
      // BIP-322's message hash: the tagged hash of the message (BIP0322-signed-message).
      expect(signed.messageHash).toBe(bip322Hash(text))
    }
  })

  it('signs ECDSA (BIP-137) with the payment address: bip322-js verifies it strictly, and the key recovers', async () => {
    const dev = await connectedWallet(await startDevnet())
    // ECDSA is the default for a P2WPKH address, as with Xverse.
    const signed = await satsResult<SatsSignature>(dev, 'signMessage', {
      address: first!.payment.address,
      message: text,
    })
    expect(signed.protocol).toBe('ECDSA')
    expect(Verifier.verifySignature(first!.payment.address, text, signed.signature, true)).toBe(
      true,
    )
    expect(Verifier.verifySignature(first!.payment.address, 'other', signed.signature, true)).toBe(
      false,
    )

    const raw = Uint8Array.from(atob(signed.signature), (c) => c.charCodeAt(0))
    expect(raw).toHaveLength(65)
    // BIP-137's header for a native segwit address: 39 + the recovery id.
    const recoveryId = raw[0]! - 39
    expect(recoveryId).toBeGreaterThanOrEqual(0)
    expect(recoveryId).toBeLessThan(4)
    const hash = legacyMessageHash(bytes)
    expect(signed.messageHash).toBe(toHex(hash))
    const recovered = ecc.recover(hash, raw.slice(1), recoveryId as 0 | 1 | 2 | 3, true)
    expect(toHex(recovered!)).toBe(first!.payment.publicKey)
  })

  it('defaults to BIP-322 for the ordinals address, and refuses ECDSA there', async () => {
    const dev = await connectedWallet(await startDevnet())
    const signed = await satsResult<SatsSignature>(dev, 'signMessage', {
      address: first!.ordinals.address,
      message: text,
    })
    expect(signed.protocol).toBe('BIP322')
    expect(Verifier.verifySignature(first!.ordinals.address, text, signed.signature)).toBe(true)
    const refused = await rejection(
      satsResult(dev, 'signMessage', {
        address: first!.ordinals.address,
        message: text,
        protocol: 'ECDSA',
      }),
    )
    expect(refused).toMatchObject({
      code: -32602,
      message: expect.stringContaining('ECDSA signs with the payment'),
    })
  })

  it('rejected, answers -32000; another account’s address answers ACCESS_DENIED without asking', async () => {
    const dev = await connectedWallet(await startDevnet(), 'auto-reject')
    const asked = () => dev.control.requests().length
    const before = asked()
    expect(
      (
        await rejection(
          satsResult(dev, 'signMessage', { address: first!.payment.address, message: text }),
        )
      ).code,
    ).toBe(-32000)
    expect(asked()).toBe(before + 1)
    const stranger = await rejection(
      satsResult(dev, 'signMessage', { address: second!.payment.address, message: text }),
    )
    expect(stranger).toMatchObject({ code: -32002 })
    expect(await rejection(satsResult(dev, 'signMessage', { address: 1 }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('address'),
    })
    expect(asked()).toBe(before + 1)
  })
})

/** BIP-322's message hash, written out with Node's own SHA-256 (independent of message.ts). */
function bip322Hash(message: string): string {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest()
  const tag = sha256(Buffer.from('BIP0322-signed-message'))
  return sha256(Buffer.concat([tag, tag, Buffer.from(message)])).toString('hex')
}
