import { Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEVNET_FUNDING } from './accounts.js'
import type { EsploraAddress, EsploraTransaction } from './esplora.js'
import { balance, broadcast, getJson, request, useDevnets, utxos } from './test/api.js'
import { signSpend, spendCoin, type DevnetKey, type SpendInput } from './test/wallet.js'

const start = useDevnets()

/** The key's funded coins, as the API lists them. */
async function coinsOf(devnet: Awaited<ReturnType<typeof start>>, key: DevnetKey) {
  return (await utxos(devnet, key.address)).map(({ txid, vout, value }) => ({ txid, vout, value }))
}

describe('POST /api/tx', () => {
  it('accepts a P2WPKH spend signed as a PSBT, and the next block confirms it', async () => {
    const devnet = await start()
    const [sender, recipient] = devnet.accounts
    const from = sender!.payment
    const to = recipient!.payment.address
    const coins = await coinsOf(devnet, from)
    const spent = coins.slice(0, 2)
    const inValue = spent.reduce((sum, coin) => sum + coin.value, 0)
    const fee = 2_000
    const hex = signSpend(
      spent.map((coin) => ({ key: from, coin })),
      [
        { address: to, value: 60_000_000 },
        { address: from.address, value: inValue - 60_000_000 - fee },
      ],
    )
    const recipientBefore = await balance(devnet, to)

    const answer = await broadcast(devnet, hex)
    expect(answer).toMatchObject({ status: 200, contentType: 'text/plain' })
    const txid = answer.text
    expect(txid).toBe(Transaction.fromHex(hex).getId())

    // In the mempool: unconfirmed, counted in mempool_stats, its outputs already spendable.
    expect(await getJson(devnet, `/api/tx/${txid}/status`)).toEqual({ confirmed: false })
    expect(await getJson<string[]>(devnet, '/api/mempool/txids')).toEqual([txid])
    const pending = await getJson<EsploraAddress>(devnet, `/api/address/${to}`)
    expect(pending.mempool_stats).toEqual({
      funded_txo_count: 1,
      funded_txo_sum: 60_000_000,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 1,
    })
    const senderUtxos = await utxos(devnet, from.address)
    expect(senderUtxos.map((utxo) => `${utxo.txid}:${utxo.vout}`)).not.toContain(
      `${spent[0]!.txid}:${spent[0]!.vout}`,
    )
    expect(senderUtxos).toContainEqual({
      txid,
      vout: 1,
      status: { confirmed: false },
      value: inValue - 60_000_000 - fee,
    })

    const [hash] = devnet.mine(1)
    const tx = await getJson<EsploraTransaction>(devnet, `/api/tx/${txid}`)
    expect(tx.status).toEqual({
      confirmed: true,
      block_height: 2,
      block_hash: hash,
      block_time: expect.any(Number),
    })
    expect(tx.fee).toBe(fee)
    expect(tx.vin.map((input) => input.prevout?.scriptpubkey_address)).toEqual([
      from.address,
      from.address,
    ])
    expect(await getJson<string[]>(devnet, '/api/mempool/txids')).toEqual([])
    expect(await balance(devnet, to)).toBe(recipientBefore + 60_000_000)
    const fundedTotal = BITCOIN_DEVNET_FUNDING.payment.reduce((sum, sats) => sum + sats, 0)
    expect(await balance(devnet, from.address)).toBe(fundedTotal - 60_000_000 - fee)
    expect((await utxos(devnet, to)).filter((utxo) => utxo.txid === txid)).toEqual([
      { txid, vout: 0, status: tx.status, value: 60_000_000 },
    ])
  })

  it.each([
    ['SIGHASH_DEFAULT (a 64-byte signature)', undefined, 64],
    ['SIGHASH_ALL (65 bytes)', Transaction.SIGHASH_ALL, 65],
    ['SIGHASH_NONE', Transaction.SIGHASH_NONE, 65],
    [
      'SIGHASH_SINGLE | ANYONECANPAY',
      Transaction.SIGHASH_SINGLE | Transaction.SIGHASH_ANYONECANPAY,
      65,
    ],
  ])('accepts a Taproot key-path spend signed with %s', async (_name, sighashType, size) => {
    const devnet = await start()
    const from = devnet.accounts[0]!.ordinals
    const to = devnet.accounts[1]!.ordinals.address
    const [coin] = await coinsOf(devnet, from)
    const hex = signSpend(
      [{ key: from, coin: coin!, sighashType }],
      [{ address: to, value: coin!.value - 1_000 }],
    )
    expect(Transaction.fromHex(hex).ins[0]!.witness.map((item) => item.length)).toEqual([size])

    const answer = await broadcast(devnet, hex)
    expect(answer.status).toBe(200)
    devnet.mine()
    expect(await getJson(devnet, `/api/tx/${answer.text}/status`)).toMatchObject({
      confirmed: true,
      block_height: 2,
    })
    expect((await utxos(devnet, to)).find((utxo) => utxo.txid === answer.text)?.value).toBe(
      coin!.value - 1_000,
    )
  })

  it.each([
    ['SIGHASH_ALL', Transaction.SIGHASH_ALL],
    ['SIGHASH_NONE', Transaction.SIGHASH_NONE],
    [
      'SIGHASH_SINGLE | ANYONECANPAY',
      Transaction.SIGHASH_SINGLE | Transaction.SIGHASH_ANYONECANPAY,
    ],
  ])('accepts a P2WPKH spend signed with %s', async (_name, sighashType) => {
    const devnet = await start()
    const from = devnet.accounts[2]!.payment
    const [coin] = await coinsOf(devnet, from)
    const hex = signSpend(
      [{ key: from, coin: coin!, sighashType }],
      [{ address: devnet.accounts[0]!.payment.address, value: coin!.value - 500 }],
    )
    expect((await broadcast(devnet, hex)).status).toBe(200)
  })

  it('accepts one transaction spending P2WPKH and Taproot inputs together', async () => {
    const devnet = await start()
    const { payment, ordinals } = devnet.accounts[1]!
    const inputs: SpendInput[] = [
      { key: payment, coin: (await coinsOf(devnet, payment))[2]! },
      { key: ordinals, coin: (await coinsOf(devnet, ordinals))[1]! },
    ]
    const total = inputs.reduce((sum, input) => sum + input.coin.value, 0)
    const to = devnet.accounts[2]!.ordinals.address
    const hex = signSpend(inputs, [{ address: to, value: total - 3_000 }])
    const answer = await broadcast(devnet, hex)
    expect(answer.status).toBe(200)
    const tx = await getJson<EsploraTransaction>(devnet, `/api/tx/${answer.text}`)
    expect(tx.vin.map((input) => input.prevout?.scriptpubkey_type)).toEqual([
      'v0_p2wpkh',
      'v1_p2tr',
    ])
    expect(tx.fee).toBe(3_000)
  })

  it('accepts a spend of a mempool output, and one block confirms parent and child', async () => {
    const devnet = await start()
    const alice = devnet.accounts[0]!.payment
    const bob = devnet.accounts[1]!.payment
    const [coin] = await coinsOf(devnet, alice)
    const parentHex = spendCoin(alice, coin!, bob.address)
    const parent = (await broadcast(devnet, parentHex)).text
    const childHex = spendCoin(
      bob,
      { txid: parent, vout: 0, value: coin!.value - 1_000 },
      alice.address,
    )
    const child = await broadcast(devnet, childHex)
    expect(child.status).toBe(200)
    expect(await getJson<string[]>(devnet, '/api/mempool/txids')).toEqual([parent, child.text])

    const [hash] = devnet.mine()
    for (const txid of [parent, child.text]) {
      expect(await getJson(devnet, `/api/tx/${txid}/status`)).toMatchObject({ block_hash: hash })
    }
    expect(await utxos(devnet, bob.address)).not.toContainEqual(
      expect.objectContaining({ txid: parent }),
    )
  })

  it('answers the txid again for a transaction already in the mempool, changing nothing', async () => {
    const devnet = await start()
    const from = devnet.accounts[0]!.payment
    const [coin] = await coinsOf(devnet, from)
    const hex = spendCoin(from, coin!)
    const first = await broadcast(devnet, hex)
    const again = await broadcast(devnet, `${hex}\n`)
    expect(again).toEqual(first)
    expect(await getJson<string[]>(devnet, '/api/mempool/txids')).toEqual([first.text])
    // Once confirmed with an unspent output, bitcoind says it is already in the UTXO set.
    devnet.mine()
    const confirmed = await broadcast(devnet, hex)
    expect(confirmed.status).toBe(400)
    expect(confirmed.text).toBe(
      'sendrawtransaction RPC error: {"code":-27,"message":"Transaction outputs already in utxo set"}',
    )
  })

  it('serves the raw hex of what it accepted', async () => {
    const devnet = await start()
    const from = devnet.accounts[0]!.ordinals
    const [coin] = await coinsOf(devnet, from)
    const hex = spendCoin(from, coin!)
    const txid = (await broadcast(devnet, hex)).text
    expect(await request(devnet, `/api/tx/${txid}/hex`)).toMatchObject({ status: 200, text: hex })
  })
})
