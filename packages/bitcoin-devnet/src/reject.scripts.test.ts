import { payments, script as bitcoinScript, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { describe, expect, it } from 'vitest'
import { ecc, fromHex, hashOf, REGTEST } from './bitcoin.js'
import { broadcast, snapshot, useDevnets, utxos } from './test/api.js'
import { handSignedWitness, scriptOf, signerFor, signSpend, type DevnetKey } from './test/wallet.js'

const start = useDevnets()
const ECPair = ECPairFactory(ecc)

const rejected = (message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message })}`
const mandatory = (error: string) => `mandatory-script-verify-flag-failed (${error})`
const EVAL_FALSE = mandatory(
  'Script evaluated without error but finished with a false/empty top stack element',
)

// secp256k1's group order, to turn a low-S signature into its high-S twin.
const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** A devnet, a key's first coin, and a signed spend of it back to the same key. */
async function signedSpend(purpose: 'payment' | 'ordinals', sighashType?: number) {
  const devnet = await start()
  const key: DevnetKey = devnet.accounts[0]![purpose]
  const [utxo] = await utxos(devnet, key.address)
  const coin = { txid: utxo!.txid, vout: utxo!.vout, value: utxo!.value }
  const hex = signSpend(
    [{ key, coin, sighashType }],
    [{ address: key.address, value: coin.value - 1_000 }],
  )
  const state = await snapshot(devnet, [key.address])
  const prevouts = [{ script: scriptOf(key.address), value: BigInt(coin.value) }]
  return { devnet, key, coin, prevouts, tx: Transaction.fromHex(hex), state }
}

/** Posts `tx` and expects bitcoind's refusal, with the chain unchanged. */
async function expectRefused(
  { devnet, key, state }: Awaited<ReturnType<typeof signedSpend>>,
  tx: Transaction,
  message: string,
) {
  expect(await broadcast(devnet, tx.toHex())).toEqual({
    status: 400,
    text: rejected(message),
    contentType: 'text/plain',
  })
  expect(await snapshot(devnet, [key.address])).toEqual(state)
}

/** Replaces input 0's witness (and scriptSig, if given), posts it and expects the refusal. */
async function expectWitnessRefused(
  spend: Awaited<ReturnType<typeof signedSpend>>,
  witness: Uint8Array[],
  message: string,
  scriptSig?: Uint8Array,
) {
  const tx = spend.tx.clone()
  tx.setWitness(0, witness)
  if (scriptSig !== undefined) tx.setInputScript(0, scriptSig)
  await expectRefused(spend, tx, message)
}

describe('POST /api/tx verifies P2WPKH signatures', () => {
  it('refuses a signature over other contents (the locktime changed after signing)', async () => {
    const spend = await signedSpend('payment')
    spend.tx.locktime = 1
    await expectRefused(spend, spend.tx, EVAL_FALSE)
  })

  it('refuses a signature by another key, and another key’s public key', async () => {
    const spend = await signedSpend('payment')
    const stranger = signerFor(spend.devnet.accounts[1]!.payment)
    const [foreignSignature, foreignKey] = handSignedWitness(spend.tx, 0, spend.prevouts, stranger)
    const ownKey = spend.tx.ins[0]!.witness[1]!
    await expectWitnessRefused(spend, [foreignSignature!, ownKey], EVAL_FALSE)
    // The stranger's own key in the witness: its hash is not the output's program.
    await expectWitnessRefused(
      spend,
      [foreignSignature!, foreignKey!],
      mandatory('Script failed an OP_EQUALVERIFY operation'),
    )
  })

  it('refuses a non-DER signature, a missing or empty witness item and a scriptSig', async () => {
    const spend = await signedSpend('payment')
    const [signature, publicKey] = spend.tx.ins[0]!.witness as [Uint8Array, Uint8Array]
    const nonDer = Uint8Array.of(0x30, 0x01, 0x01, 0x01)
    await expectWitnessRefused(spend, [nonDer, publicKey], mandatory('Non-canonical DER signature'))
    await expectWitnessRefused(spend, [signature], mandatory('Witness program hash mismatch'))
    await expectWitnessRefused(spend, [new Uint8Array(0), publicKey], EVAL_FALSE)
    await expectWitnessRefused(
      spend,
      [signature, publicKey],
      mandatory('Witness requires empty scriptSig'),
      Uint8Array.of(0x51),
    )
  })

  it('refuses a valid high-S signature as policy, not consensus', async () => {
    const spend = await signedSpend('payment')
    const [signature, publicKey] = spend.tx.ins[0]!.witness as [Uint8Array, Uint8Array]
    const decoded = bitcoinScript.signature.decode(signature)
    const s = BigInt(`0x${Buffer.from(decoded.signature.subarray(32)).toString('hex')}`)
    const highS = fromHex((ORDER - s).toString(16).padStart(64, '0'))!
    const twin = Uint8Array.from([...decoded.signature.subarray(0, 32), ...highS])
    await expectWitnessRefused(
      spend,
      [bitcoinScript.signature.encode(twin, decoded.hashType), publicKey],
      'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)',
    )
  })
})

describe('POST /api/tx verifies Taproot key-path signatures', () => {
  it.each([
    ['SIGHASH_DEFAULT', undefined],
    ['SIGHASH_ALL', Transaction.SIGHASH_ALL],
  ])('refuses a %s signature over other contents, or with a flipped bit', async (_name, type) => {
    const spend = await signedSpend('ordinals', type)
    const relocked = spend.tx.clone()
    relocked.locktime = 1
    await expectRefused(spend, relocked, mandatory('Invalid Schnorr signature'))
    const signature = Uint8Array.from(spend.tx.ins[0]!.witness[0]!)
    signature[10]! ^= 0x01
    await expectWitnessRefused(spend, [signature], mandatory('Invalid Schnorr signature'))
  })

  it('refuses a signature by the untweaked internal key (BIP-86 signs with the tweaked one)', async () => {
    const spend = await signedSpend('ordinals')
    const sign = (signer: ECPairInterface) =>
      handSignedWitness(spend.tx, 0, spend.prevouts, signer, Transaction.SIGHASH_DEFAULT)
    const untweaked = ECPair.fromPrivateKey(fromHex(spend.key.privateKey)!)
    await expectWitnessRefused(spend, sign(untweaked), mandatory('Invalid Schnorr signature'))
    // The tweaked key, signing by hand, is what the output wants.
    const tweaked = spend.tx.clone()
    tweaked.setWitness(0, sign(signerFor(spend.key)))
    expect((await broadcast(spend.devnet, tweaked.toHex())).status).toBe(200)
  })

  it('refuses malformed witnesses: empty, wrong size, sighash byte 0x00 or undefined', async () => {
    const spend = await signedSpend('ordinals')
    const signature = spend.tx.ins[0]!.witness[0]!
    await expectWitnessRefused(spend, [], mandatory('Witness program was passed an empty witness'))
    const short = signature.subarray(0, 63)
    await expectWitnessRefused(spend, [short], mandatory('Invalid Schnorr signature size'))
    for (const hashType of [0x00, 0x04, 0x84]) {
      await expectWitnessRefused(
        spend,
        [Uint8Array.from([...signature, hashType])],
        mandatory('Invalid Schnorr signature hash type'),
      )
    }
    // An annex (a last item starting 0x50) is valid but not relayed.
    const annex = Uint8Array.of(0x50, 0x01)
    await expectWitnessRefused(spend, [signature, annex], 'bad-witness-nonstandard')
  })

  it('refuses SIGHASH_SINGLE on an input without a matching output', async () => {
    const devnet = await start()
    const key = devnet.accounts[0]!.ordinals
    const coins = await utxos(devnet, key.address)
    const tx = new Transaction()
    tx.version = 2
    for (const coin of coins) tx.addInput(hashOf(coin.txid), coin.vout)
    tx.addOutput(scriptOf(key.address), BigInt(coins[0]!.value))
    const prevouts = coins.map((coin) => ({
      script: scriptOf(key.address),
      value: BigInt(coin.value),
    }))
    tx.setWitness(
      0,
      handSignedWitness(tx, 0, prevouts, signerFor(key), Transaction.SIGHASH_DEFAULT),
    )
    // BIP-341 has no message to sign here (bitcoinjs cannot make one): any 65 bytes ending 0x03.
    tx.setWitness(1, [Uint8Array.from([...new Uint8Array(64).fill(1), Transaction.SIGHASH_SINGLE])])
    expect((await broadcast(devnet, tx.toHex())).text).toBe(
      rejected(mandatory('Invalid Schnorr signature hash type')),
    )
  })
})

describe('POST /api/tx refuses what it cannot verify, by name', () => {
  it.each([
    [
      'p2pkh',
      (key: DevnetKey) =>
        payments.p2pkh({ pubkey: fromHex(key.publicKey)!, network: REGTEST }).address!,
    ],
    [
      'p2sh',
      (key: DevnetKey) =>
        payments.p2sh({
          redeem: payments.p2wpkh({ pubkey: fromHex(key.publicKey)!, network: REGTEST }),
          network: REGTEST,
        }).address!,
    ],
    [
      'v0_p2wsh',
      () => payments.p2wsh({ redeem: { output: Uint8Array.of(0x51) }, network: REGTEST }).address!,
    ],
  ])('a %s input', async (type, addressOf) => {
    const devnet = await start()
    const key = devnet.accounts[0]!.payment
    const target = addressOf(key)
    const { txid } = devnet.faucet(target, 50_000)
    devnet.mine()
    const tx = new Transaction()
    tx.version = 2
    tx.addInput(hashOf(txid), 0)
    tx.addOutput(scriptOf(key.address), 40_000n)
    tx.setInputScript(0, Uint8Array.of(0x51))
    expect((await broadcast(devnet, tx.toHex())).text).toBe(
      rejected(
        `unsupported-script-type, input 0 is a ${type} spend: this regtest server verifies P2WPKH and Taproot key-path spends only`,
      ),
    )
  })

  it('a Taproot script-path spend', async () => {
    const spend = await signedSpend('ordinals')
    const controlBlock = new Uint8Array(33).fill(0xc0)
    await expectWitnessRefused(
      spend,
      [spend.tx.ins[0]!.witness[0]!, Uint8Array.of(0x51), controlBlock],
      'unsupported-script-type, input 0 is a Taproot script-path spend: this regtest server verifies P2WPKH and Taproot key-path spends only',
    )
  })
})
