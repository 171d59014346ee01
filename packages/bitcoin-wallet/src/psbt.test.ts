import type { BitcoinDevnet } from '@latch/bitcoin-devnet'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { Psbt } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  broadcast,
  coinsOf,
  connectedWallet,
  features,
  mempool,
  rejection,
  satsResult,
  txOf,
  unsignedPsbt,
  useDevnets,
  type DevnetKey,
} from './test/devnet.js'

const startDevnet = useDevnets()
const [first, second] = bitcoinDevnetAccounts()
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const FEE = 2_000

/** A spend of account 0's largest payment coin and its largest ordinals coin to `to`. */
async function spendBoth(
  devnet: BitcoinDevnet,
  to = second!.payment.address,
  keys: DevnetKey[] = [first!.payment, first!.ordinals],
  options = {},
) {
  const inputs = await Promise.all(
    keys.map(async (key) => ({ key, coin: (await coinsOf(devnet, key.address))[0]! })),
  )
  const total = inputs.reduce((sum, { coin }) => sum + coin.value, 0)
  return {
    psbt: unsignedPsbt(inputs, [{ address: to, value: total - FEE }], options),
    sent: total - FEE,
  }
}

describe('bitcoin:signTransaction (Wallet Standard)', () => {
  it('signs a P2WPKH and a Taproot input, unfinalized; the app finalizes and the devnet accepts it', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const [payment, ordinals] = dev.wallet.accounts
    const { psbt, sent } = await spendBoth(devnet)
    const before = await balanceOf(devnet, second!.payment.address)

    const [output] = await features(dev)['bitcoin:signTransaction'].signTransaction({
      psbt: psbt.toBuffer(),
      chain: REGTEST,
      inputsToSign: [
        { account: payment!, signingIndexes: [0] },
        { account: ordinals!, signingIndexes: [1] },
      ],
    })
    const signed = Psbt.fromBuffer(output!.signedPsbt)
    expect(signed.data.inputs[0]!.partialSig).toHaveLength(1)
    expect(signed.data.inputs[1]!.tapKeySig).toHaveLength(64)
    expect(signed.data.inputs[0]!.finalScriptWitness).toBeUndefined()

    const tx = signed.finalizeAllInputs().extractTransaction()
    expect(await broadcast(devnet, tx.toHex())).toEqual({ status: 200, text: tx.getId() })
    devnet.mine(1)
    expect((await txOf(devnet, tx.getId())).status.confirmed).toBe(true)
    expect(await balanceOf(devnet, second!.payment.address)).toBe(before + sent)
  })

  it('signs with the sighash flags asked, which the devnet verifies', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const [payment, ordinals] = dev.wallet.accounts
    const { psbt } = await spendBoth(devnet)
    const [output] = await features(dev)['bitcoin:signTransaction'].signTransaction({
      psbt: psbt.toBuffer(),
      inputsToSign: [
        { account: payment!, signingIndexes: [0], sigHash: 'ALL|ANYONECANPAY' },
        { account: ordinals!, signingIndexes: [1], sigHash: 'ALL' },
      ],
    })
    const signed = Psbt.fromBuffer(output!.signedPsbt)
    expect(signed.data.inputs[0]!.partialSig![0]!.signature.at(-1)).toBe(0x81)
    expect(signed.data.inputs[1]!.tapKeySig).toHaveLength(65)
    const tx = signed.finalizeAllInputs().extractTransaction()
    expect((await broadcast(devnet, tx.toHex())).status).toBe(200)
  })

  it('bitcoin:signAndSendTransaction broadcasts and answers the txid', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const [payment, ordinals] = dev.wallet.accounts
    const { psbt } = await spendBoth(devnet)
    const [output] = await features(dev)['bitcoin:signAndSendTransaction'].signAndSendTransaction({
      psbt: psbt.toBuffer(),
      chain: 'bitcoin:regtest',
      inputsToSign: [
        { account: payment!, signingIndexes: [0] },
        { account: ordinals!, signingIndexes: [1] },
      ],
    })
    expect(await mempool(devnet)).toEqual([output!.txId])
  })

  it('refuses, before asking, what it must not sign: another chain, another address’s input, a missing input', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const asked = dev.control.requests().length
    const [payment, ordinals] = dev.wallet.accounts
    const { psbt } = await spendBoth(devnet)
    const signTransaction = features(dev)['bitcoin:signTransaction'].signTransaction
    const attempt = (chain: `${string}:${string}`, signingIndexes: number[], account = payment!) =>
      rejection(
        signTransaction({
          psbt: psbt.toBuffer(),
          chain,
          inputsToSign: [{ account, signingIndexes }],
        }),
      )

    expect(await attempt('bip122:000000000019d6689c085ae165831e93', [0])).toMatchObject({
      code: 4901,
      message: expect.stringContaining('regtest only'),
    })
    expect((await attempt('solana:localnet', [0])).code).toBe(-32602)
    expect(await attempt(REGTEST, [1])).toMatchObject({
      code: -32602,
      message: `Invalid method parameter(s): input 1 does not spend from ${first!.payment.address}`,
    })
    expect((await attempt(REGTEST, [2])).message).toMatch(/input 2 does not exist: the PSBT has 2/)
    expect((await attempt(REGTEST, [0, 0])).message).toMatch(/asked to be signed twice/)
    const stranger = { ...ordinals!, address: second!.ordinals.address }
    expect((await attempt(REGTEST, [1], stranger)).code).toBe(4100)
    expect(
      (await rejection(signTransaction({ psbt: new Uint8Array([1, 2]), inputsToSign: [] })))
        .message,
    ).toMatch(/psbt is not a valid PSBT/)
    // Switched to mainnet by its user, the wallet signs nothing, even with no chain named.
    dev.control.setNetwork('Mainnet')
    const [onMainnet] = dev.wallet.accounts
    const offRegtest = await rejection(
      signTransaction({
        psbt: psbt.toBuffer(),
        inputsToSign: [{ account: onMainnet!, signingIndexes: [0] }],
      }),
    )
    expect(offRegtest).toMatchObject({
      code: 4901,
      message: expect.stringContaining('for mainnet'),
    })
    expect(dev.control.requests()).toHaveLength(asked)
  })

  it('rejected, throws 4001 and signs nothing', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet, 'auto-reject')
    const [payment] = dev.wallet.accounts
    const { psbt } = await spendBoth(devnet)
    const error = await rejection(
      features(dev)['bitcoin:signAndSendTransaction'].signAndSendTransaction({
        psbt: psbt.toBuffer(),
        chain: REGTEST,
        inputsToSign: [{ account: payment!, signingIndexes: [0] }],
      }),
    )
    expect(error.code).toBe(4001)
    expect(await mempool(devnet)).toEqual([])
  })
})

describe('signPsbt (sats-connect)', () => {
  it('signs the inputs signInputs names and broadcasts: the devnet has the transaction', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const { psbt } = await spendBoth(devnet)
    const result = await satsResult<{ psbt: string; txid: string }>(dev, 'signPsbt', {
      psbt: psbt.toBase64(),
      signInputs: { [first!.payment.address]: [0], [first!.ordinals.address]: [1] },
      broadcast: true,
    })
    expect(await mempool(devnet)).toEqual([result.txid])
    const finalized = Psbt.fromBase64(result.psbt)
    expect(finalized.extractTransaction().getId()).toBe(result.txid)
    devnet.mine(1)
    expect((await txOf(devnet, result.txid)).status.confirmed).toBe(true)
  })

  it('without signInputs signs every input of the connected account, filling a missing tapInternalKey', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const { psbt } = await spendBoth(devnet, second!.ordinals.address, undefined, {
      bareTaproot: true,
    })
    const result = await satsResult<{ psbt: string; txid?: string }>(dev, 'signPsbt', {
      psbt: psbt.toBase64(),
    })
    expect(result.txid).toBeUndefined()
    const signed = Psbt.fromBase64(result.psbt)
    expect(signed.data.inputs[1]!.tapInternalKey).toHaveLength(32)
    const tx = signed.finalizeAllInputs().extractTransaction()
    expect((await broadcast(devnet, tx.toHex())).status).toBe(200)
  })

  it('will not broadcast a transaction it could sign only in part, and sends nothing', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const { psbt } = await spendBoth(devnet, undefined, [first!.payment, second!.payment])
    const error = await rejection(
      satsResult(dev, 'signPsbt', {
        psbt: psbt.toBase64(),
        signInputs: { [first!.payment.address]: [0] },
        broadcast: true,
      }),
    )
    expect(error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('cannot broadcast: input 1 is not signed'),
    })
    expect(await mempool(devnet)).toEqual([])
    const stranger = await rejection(
      satsResult(dev, 'signPsbt', {
        psbt: psbt.toBase64(),
        signInputs: { [second!.payment.address]: [1] },
      }),
    )
    expect(stranger.code).toBe(-32002)
  })

  it('rejected, answers -32000 and sends nothing', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet, 'auto-reject')
    const { psbt } = await spendBoth(devnet)
    const error = await rejection(
      satsResult(dev, 'signPsbt', { psbt: psbt.toBase64(), broadcast: true }),
    )
    expect(error).toMatchObject({ code: -32000, message: 'User rejected the request.' })
    expect(await mempool(devnet)).toEqual([])
  })
})
