import { Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { hashOf } from './bitcoin.js'
import { broadcast, getJson, request, snapshot, useDevnets, utxos } from './test/api.js'
import { scriptOf, signSpend, spendCoin } from './test/wallet.js'

const start = useDevnets()

const rpcError = (code: number, message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`

/** A devnet, account 0's payment key and its first coin, and what a refusal must leave alone. */
async function setup() {
  const devnet = await start()
  const from = devnet.accounts[0]!.payment
  const to = devnet.accounts[1]!.payment.address
  const [coin] = (await utxos(devnet, from.address)).map(({ txid, vout, value }) => ({
    txid,
    vout,
    value,
  }))
  const watched = [from.address, to]
  return { devnet, from, to, coin: coin!, before: () => snapshot(devnet, watched) }
}

describe('POST /api/tx refuses', () => {
  it('a missing input (-25), changing nothing', async () => {
    const { devnet, from, to, coin, before } = await setup()
    const missing = { ...coin, txid: 'ab'.repeat(32) }
    const hex = signSpend([{ key: from, coin: missing }], [{ address: to, value: 1_000 }])
    const state = await before()
    expect(await broadcast(devnet, hex)).toMatchObject({
      status: 400,
      text: rpcError(-25, 'bad-txns-inputs-missingorspent'),
    })
    // An output index past the end of a real transaction is missing too.
    const pastEnd = signSpend(
      [{ key: from, coin: { ...coin, vout: 7 } }],
      [{ address: to, value: 1_000 }],
    )
    expect((await broadcast(devnet, pastEnd)).text).toBe(
      rpcError(-25, 'bad-txns-inputs-missingorspent'),
    )
    expect(await before()).toEqual(state)
  })

  // A higher fee does not help: the devnet has no replace-by-fee.
  it.each([
    ['a confirmed spent output (-25)', true, rpcError(-25, 'bad-txns-inputs-missingorspent')],
    ['an output the mempool spends (-26)', false, rpcError(-26, 'txn-mempool-conflict')],
  ])('a double spend of %s, changing nothing', async (_name, confirmFirst, text) => {
    const { devnet, from, to, coin, before } = await setup()
    expect((await broadcast(devnet, spendCoin(from, coin, to))).status).toBe(200)
    if (confirmFirst) devnet.mine()
    const state = await before()
    expect(await broadcast(devnet, spendCoin(from, coin, from.address, 5_000))).toMatchObject({
      status: 400,
      text,
    })
    expect(await before()).toEqual(state)
  })

  it('outputs worth more than the inputs (-26 bad-txns-in-belowout), changing nothing', async () => {
    const { devnet, from, to, coin, before } = await setup()
    // bitcoinjs will not extract an overspend, so the PSBT claims the coin holds more than it does.
    const claimed = { ...coin, value: coin.value + 20_000 }
    const hex = signSpend(
      [{ key: from, coin: claimed }],
      [{ address: to, value: coin.value + 10_000 }],
    )
    const state = await before()
    expect(await broadcast(devnet, hex)).toMatchObject({
      status: 400,
      text: rpcError(-26, 'bad-txns-in-belowout, value in (1.00) < value out (1.0001)'),
    })
    expect(await before()).toEqual(state)
  })

  it('a fee below the minimum relay fee, an absurd fee and a dust output', async () => {
    const { devnet, from, to, coin, before } = await setup()
    const state = await before()
    const noFee = signSpend([{ key: from, coin }], [{ address: to, value: coin.value }])
    const vsize = Transaction.fromHex(noFee).virtualSize()
    expect((await broadcast(devnet, noFee)).text).toBe(
      rpcError(-26, `min relay fee not met, 0 < ${vsize}`),
    )
    const absurd = signSpend([{ key: from, coin }], [{ address: to, value: 1_000 }])
    expect((await broadcast(devnet, absurd)).text).toBe(
      rpcError(-25, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)'),
    )
    // 293 sats to P2WPKH is below its 294-sat dust threshold.
    const dust = signSpend(
      [{ key: from, coin }],
      [
        { address: to, value: 293 },
        { address: from.address, value: coin.value - 293 - 1_000 },
      ],
    )
    expect((await broadcast(devnet, dust)).text).toBe(rpcError(-26, 'dust'))
    expect(await before()).toEqual(state)
  })

  it('a configured minimum relay fee rate', async () => {
    const devnet = await start({ minRelayFeeRate: 5 })
    const from = devnet.accounts[0]!.payment
    const [coin] = await utxos(devnet, from.address)
    const hex = signSpend(
      [{ key: from, coin: coin! }],
      [{ address: from.address, value: coin!.value - 200 }],
    )
    const vsize = Transaction.fromHex(hex).virtualSize()
    expect((await broadcast(devnet, hex)).text).toBe(
      rpcError(-26, `min relay fee not met, 200 < ${vsize * 5}`),
    )
  })

  it.each([
    ['not hex', 'zz'],
    ['odd-length hex', '0'],
    ['an empty body', ''],
    ['hex that is no transaction', '00'.repeat(20)],
  ])('%s (-22 TX decode failed)', async (_name, body) => {
    const { devnet } = await setup()
    expect(await broadcast(devnet, body)).toMatchObject({
      status: 400,
      text: rpcError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
    })
  })

  it('a coinbase (the faucet’s own transaction) and a null prevout', async () => {
    const { devnet, from, coin } = await setup()
    const faucetHex = (await request(devnet, `/api/tx/${coin.txid}/hex`)).text
    expect((await broadcast(devnet, faucetHex)).text).toBe(rpcError(-26, 'coinbase'))

    const tx = new Transaction()
    tx.addInput(hashOf(coin.txid), coin.vout)
    tx.addInput(new Uint8Array(32), 0xffffffff)
    tx.addOutput(scriptOf(from.address), 1_000n)
    expect((await broadcast(devnet, tx.toHex())).text).toBe(rpcError(-26, 'bad-txns-prevout-null'))
  })

  it('structurally wrong transactions: no inputs, no outputs, a duplicate input', async () => {
    const { devnet, from, coin } = await setup()
    const script = scriptOf(from.address)
    const noInputs = new Transaction()
    noInputs.addOutput(script, 1_000n)
    // Serialized with no inputs and no witness, it reads as the segwit marker: not decodable.
    expect((await broadcast(devnet, noInputs.toHex())).text).toBe(
      rpcError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
    )
    const noOutputs = new Transaction()
    noOutputs.addInput(hashOf(coin.txid), coin.vout)
    expect((await broadcast(devnet, noOutputs.toHex())).text).toBe(
      rpcError(-26, 'bad-txns-vout-empty'),
    )
    const duplicate = new Transaction()
    duplicate.addInput(hashOf(coin.txid), coin.vout)
    duplicate.addInput(hashOf(coin.txid), coin.vout)
    duplicate.addOutput(script, 1_000n)
    expect((await broadcast(devnet, duplicate.toHex())).text).toBe(
      rpcError(-26, 'bad-txns-inputs-duplicate'),
    )
  })

  it('non-standard transactions: version 4, a bare script output, two OP_RETURNs', async () => {
    const { devnet, from, coin } = await setup()
    const build = (version: number, scripts: Uint8Array[]) =>
      signSpend(
        [{ key: from, coin }],
        [
          { address: from.address, value: coin.value - 30_000 },
          ...scripts.map((script) => ({ script, value: script[0] === 0x6a ? 0 : 10_000 })),
        ],
        { version },
      )
    expect((await broadcast(devnet, build(4, []))).text).toBe(rpcError(-26, 'version'))
    expect((await broadcast(devnet, build(2, [Uint8Array.of(0x51)]))).text).toBe(
      rpcError(-26, 'scriptpubkey'),
    )
    const opReturn = Uint8Array.of(0x6a, 0x02, 0x68, 0x69)
    expect((await broadcast(devnet, build(2, [opReturn, opReturn]))).text).toBe(
      rpcError(-26, 'multi-op-return'),
    )
    expect((await broadcast(devnet, build(2, [opReturn]))).status).toBe(200)
    expect(await getJson<string[]>(devnet, '/api/mempool/txids')).toHaveLength(1)
  })
})
