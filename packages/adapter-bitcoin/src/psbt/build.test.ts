import * as ecc from '@bitcoinerlab/secp256k1'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { networks, payments, Psbt, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { fromHex } from '../encoding.js'
import { buildTransfer, finalizeTransfer } from './build.js'

const [first, second] = bitcoinDevnetAccounts()
const key = fromHex(first!.payment.publicKey)
const coin = { txid: 'ab'.repeat(32), vout: 1, value: 50_000n }

/** Nested P2WPKH (`2…` on regtest) of account 0's payment key: an address type the devnet cannot verify. */
const redeem = payments.p2wpkh({ pubkey: key, network: networks.regtest })
const nested = payments.p2sh({ redeem, network: networks.regtest })

function transfer(from: string, publicKey = first!.payment.publicKey) {
  return buildTransfer({
    family: 'regtest',
    from: { address: from, publicKey, purpose: 'payment' },
    to: second!.payment.address,
    value: 20_000n,
    coins: [coin],
    feeRate: 2,
  })
}

describe('buildTransfer and finalizeTransfer', () => {
  it('a nested P2WPKH sender gets its redeem script, and its signed PSBT finalizes', () => {
    const built = transfer(nested.address!)
    const psbt = Psbt.fromBase64(built.psbt)
    expect(psbt.data.inputs[0]?.redeemScript).toEqual(redeem.output)
    // 10.5 + 91 (one nested input) + 31 + 32 (the change to a P2SH script) = 164.5 → 165 vB.
    expect(built.fee).toBe(330n)
    expect(psbt.txOutputs.map((output) => output.value)).toEqual([
      20_000n,
      50_000n - 20_000n - 330n,
    ])

    const privateKey = fromHex(first!.payment.privateKey)
    psbt.signInput(0, { publicKey: key, sign: (hash) => ecc.sign(hash, privateKey) })
    const { hex } = finalizeTransfer(psbt.toBase64(), built.psbt)
    const transaction = Transaction.fromHex(hex)
    expect(transaction.ins[0]?.script).toEqual(
      Uint8Array.from([redeem.output!.length, ...redeem.output!]),
    )
    expect(transaction.ins[0]?.witness).toHaveLength(2)
  })

  it('leaves the redeem script to the wallet when the key does not give the address', () => {
    const built = transfer(nested.address!, second!.payment.publicKey)
    expect(Psbt.fromBase64(built.psbt).data.inputs[0]?.redeemScript).toBeUndefined()
  })

  it('refuses a legacy P2PKH sender: its inputs need whole previous transactions', () => {
    const legacy = payments.p2pkh({ pubkey: key, network: networks.regtest }).address!
    expect(() => transfer(legacy)).toThrow('Requested RPC call is not allowed')
  })

  it('refuses an unsigned or foreign PSBT as a signature', () => {
    const built = transfer(first!.payment.address)
    expect(() => finalizeTransfer(built.psbt, built.psbt)).toThrow(
      'The wallet did not return a signature',
    )
    expect(() => finalizeTransfer('not a psbt')).toThrow('The wallet did not return a signature')
  })
})
