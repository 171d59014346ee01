import './test/window.js'
import type { BitcoinDevnet } from '@latch/bitcoin-devnet'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import type { IdentifierString, Wallet } from '@wallet-standard/base'
import { getWallets } from '@wallet-standard/app'
import { address, networks, Psbt } from 'bitcoinjs-lib'
import { afterEach, describe, expect, it } from 'vitest'
import { coinsOf, failure, mempool, useStacks } from './test/harness.js'

const start = useStacks()
const [first, second] = bitcoinDevnetAccounts()
const unregister: (() => void)[] = []
afterEach(() => unregister.splice(0).forEach((off) => off()))

/** An app's own PSBT: the payment address's largest coin to account 1, 1,000 sats of fee. */
async function appPsbt(devnet: BitcoinDevnet): Promise<string> {
  const [coin] = (await coinsOf(devnet, first!.payment.address)).sort((a, b) => b.value - a.value)
  const script = address.toOutputScript(first!.payment.address, networks.regtest)
  const psbt = new Psbt({ network: networks.regtest })
  psbt.addInput({
    hash: coin!.txid,
    index: coin!.vout,
    witnessUtxo: { script, value: BigInt(coin!.value) },
  })
  psbt.addOutput({ address: second!.payment.address, value: BigInt(coin!.value - 1_000) })
  return psbt.toBase64()
}

const signInputs = [{ address: first!.payment.address, index: 0 }]

describe('signPSBT', () => {
  it('Wallet Standard: signs the inputs named and leaves the PSBT unbroadcast', async () => {
    const { adapter, ids, devnet, network } = await start()
    await adapter.connect({ connectorId: ids.standard })
    const psbt = await appPsbt(devnet)
    const signed = await adapter.signPSBT({ connectorId: ids.standard, network, psbt, signInputs })
    expect(signed.txid).toBeUndefined()
    expect(Psbt.fromBase64(signed.psbt).data.inputs[0]?.partialSig).toHaveLength(1)
    expect(await mempool(devnet)).toEqual([])
  })

  it.each([
    [
      'Wallet Standard',
      'standard',
      'the adapter finalizes it and POSTs it',
      'bitcoin:signTransaction',
    ],
    ['sats-connect', 'satsConnect', 'the wallet does (signPsbt broadcast: true)', 'signPsbt'],
  ] as const)('%s with broadcast: %s', async (_name, face, _how, method) => {
    const { adapter, ids, devnet, network, dev } = await start()
    await adapter.connect({ connectorId: ids[face] })
    const psbt = await appPsbt(devnet)
    const signed = await adapter.signPSBT({
      connectorId: ids[face],
      network,
      psbt,
      signInputs,
      broadcast: true,
    })
    expect(await mempool(devnet)).toEqual([signed.txid])
    expect(dev.control.requests().at(-1)).toMatchObject({ method, outcome: 'approved' })
  })

  it('refuses malformed requests by field, before asking', async () => {
    const { adapter, ids, network, dev } = await start()
    await adapter.connect({ connectorId: ids.standard })
    const asked = dev.control.requests().length
    await expect(
      adapter.signPSBT({
        connectorId: ids.standard,
        network,
        psbt: '',
        signInputs: [{ address: first!.payment.address, index: -1 }],
      }),
    ).rejects.toThrow('Invalid Latch options: signPSBT.psbt, signPSBT.signInputs.0.index')
    expect(dev.control.requests()).toHaveLength(asked)
  })
})

describe('a wallet that signs something else', () => {
  it('is caught before broadcasting: the signed PSBT must be the transaction built', async () => {
    const { adapter, dev, devnet, network } = await start()
    const features = dev.wallet.features as Wallet['features'] & {
      'bitcoin:signTransaction': {
        signTransaction(input: {
          psbt: Uint8Array
          inputsToSign: unknown[]
          chain?: IdentifierString
        }): Promise<{ signedPsbt: Uint8Array }[]>
      }
    }
    // Adds an output paying itself before signing, as a compromised wallet could.
    const tampering: Wallet = {
      version: '1.0.0',
      name: 'Tampering Wallet',
      icon: dev.wallet.icon,
      chains: dev.wallet.chains,
      get accounts() {
        return dev.wallet.accounts
      },
      features: {
        ...features,
        'bitcoin:signTransaction': {
          version: '1.0.0',
          signTransaction: (input: { psbt: Uint8Array; inputsToSign: unknown[] }) => {
            const psbt = Psbt.fromBuffer(input.psbt, { network: networks.regtest })
            psbt.addOutput({ address: first!.ordinals.address, value: 5_000n })
            return features['bitcoin:signTransaction'].signTransaction({
              ...input,
              psbt: psbt.toBuffer(),
            })
          },
        },
      },
    }
    unregister.push(getWallets().register(tampering))
    await adapter.connect({ connectorId: tampering.name })
    const error = await failure(
      adapter.sendTransaction({
        connectorId: tampering.name,
        network,
        from: first!.payment.address,
        to: second!.payment.address,
        value: 1_000_000n,
      }),
    )
    expect(error).toMatchObject({ code: 'UNKNOWN_ERROR' })
    expect((error.cause as Error).message).toBe(
      'The wallet signed another transaction than the one built',
    )
    expect(dev.control.requests().at(-1)).toMatchObject({ outcome: 'approved' })
    expect(await mempool(devnet)).toEqual([])
  })
})
