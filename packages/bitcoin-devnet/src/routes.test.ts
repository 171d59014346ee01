import { Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEVNET_FUNDING } from './accounts.js'
import type { EsploraAddress, EsploraTransaction, EsploraUtxo } from './esplora.js'
import { BITCOIN_REGTEST_GENESIS_HASH } from './network.js'
import { broadcast, getJson, request, useDevnets, utxos } from './test/api.js'
import { signSpend } from './test/wallet.js'

const start = useDevnets()

// Malformed inputs and electrs' answers to them (400, text).
const BAD_ADDRESSES = [
  ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'Address on invalid network'], // mainnet
  ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'Address on invalid network'], // testnet
  ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnux', 'Invalid Bitcoin address'], // checksum
  ['not-an-address', 'Invalid Bitcoin address'],
  ['%E0%A4%A', 'Invalid Bitcoin address'],
] as const
const BAD_TXIDS = ['xyz', 'ab'.repeat(31), `${'ab'.repeat(32)}00`, 'zz'.repeat(32)]

describe('the chain routes', () => {
  it('GET /api/blocks/tip/height and /tip/hash, /api/block-height/:h', async () => {
    const devnet = await start()
    expect(await request(devnet, '/api/blocks/tip/height')).toEqual({
      status: 200,
      text: '1',
      contentType: 'text/plain',
    })
    const tip = (await request(devnet, '/api/blocks/tip/hash')).text
    expect(tip).toMatch(/^[0-9a-f]{64}$/)
    expect((await request(devnet, '/api/block-height/1')).text).toBe(tip)
    expect((await request(devnet, '/api/block-height/0')).text).toBe(BITCOIN_REGTEST_GENESIS_HASH)

    const hashes = devnet.mine(3)
    expect((await request(devnet, '/api/blocks/tip/height')).text).toBe('4')
    expect((await request(devnet, '/api/blocks/tip/hash')).text).toBe(hashes[2])
    expect(new Set([tip, ...hashes]).size).toBe(4)
    expect(await request(devnet, '/api/block-height/5')).toMatchObject({
      status: 404,
      text: 'Block not found',
    })
    for (const bad of ['-1', 'one', '1.5', '99999999999']) {
      expect(await request(devnet, `/api/block-height/${bad}`)).toMatchObject({
        status: 400,
        text: 'Invalid number',
      })
    }
  })

  it('mines the same block hashes from the same history (deterministic, not random)', async () => {
    const [one, two] = await Promise.all([start(), start()])
    expect(one.mine(2)).toEqual(two.mine(2))
  })

  it('GET /api/fee-estimates, /api/v1/fees/recommended and /api/mempool/txids', async () => {
    const devnet = await start()
    const estimates = await getJson<Record<string, number>>(devnet, '/api/fee-estimates')
    expect(Object.keys(estimates)).toEqual([
      ...Array.from({ length: 25 }, (_, index) => String(index + 1)),
      '144',
      '504',
      '1008',
    ])
    expect(estimates['1']).toBe(20)
    expect(estimates['1008']).toBe(1)
    expect(await getJson(devnet, '/api/v1/fees/recommended')).toEqual({
      fastestFee: 20,
      halfHourFee: 12,
      hourFee: 8,
      economyFee: 2,
      minimumFee: 1,
    })
    expect(await getJson(devnet, '/api/mempool/txids')).toEqual([])
  })

  it('answers 404 with electrs’ text for an unknown endpoint or method, and CORS to any origin', async () => {
    const devnet = await start()
    expect(await request(devnet, '/api/nope')).toMatchObject({
      status: 404,
      text: 'endpoint does not exist "/api/nope"',
    })
    expect((await request(devnet, '/api/tx', { method: 'GET' })).status).toBe(404)
    expect((await request(devnet, '/api/fee-estimates', { method: 'POST' })).status).toBe(404)
    const preflight = await fetch(`${devnet.url}/regtest/faucet`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const get = await fetch(`${devnet.url}/api/blocks/tip/height`)
    expect(get.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses a body over 1 MB with 413', async () => {
    const devnet = await start()
    expect(await broadcast(devnet, '00'.repeat(600_000))).toMatchObject({
      status: 413,
      text: 'Request body too large',
    })
  })
})

describe('the address routes', () => {
  it('GET /api/address/:a: chain and mempool stats', async () => {
    const devnet = await start()
    const { payment } = devnet.accounts[0]!
    const funded = BITCOIN_DEVNET_FUNDING.payment
    const empty = {
      funded_txo_count: 0,
      funded_txo_sum: 0,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 0,
    }
    expect(await getJson<EsploraAddress>(devnet, `/api/address/${payment.address}`)).toEqual({
      address: payment.address,
      chain_stats: {
        funded_txo_count: funded.length,
        funded_txo_sum: funded.reduce((sum, sats) => sum + sats, 0),
        spent_txo_count: 0,
        spent_txo_sum: 0,
        tx_count: funded.length,
      },
      mempool_stats: empty,
    })
    // Spending a confirmed coin in the mempool counts in mempool_stats.spent.
    const [coin] = await utxos(devnet, payment.address)
    const hex = signSpend(
      [{ key: payment, coin: coin! }],
      [{ address: devnet.accounts[1]!.payment.address, value: coin!.value - 1_000 }],
    )
    await broadcast(devnet, hex)
    const after = await getJson<EsploraAddress>(devnet, `/api/address/${payment.address}`)
    expect(after.mempool_stats).toEqual({
      ...empty,
      spent_txo_count: 1,
      spent_txo_sum: coin!.value,
      tx_count: 1,
    })
    // An address the chain never saw: all zero.
    const unused = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
    expect(await getJson(devnet, `/api/address/${unused}`)).toEqual({
      address: unused,
      chain_stats: empty,
      mempool_stats: empty,
    })
  })

  it('GET /api/address/:a/utxo lists confirmed coins with their block', async () => {
    const devnet = await start()
    const { ordinals } = devnet.accounts[2]!
    const list = await utxos(devnet, ordinals.address)
    const tip = (await request(devnet, '/api/blocks/tip/hash')).text
    expect(list.map((utxo) => utxo.value)).toEqual(BITCOIN_DEVNET_FUNDING.ordinals)
    for (const utxo of list) {
      expect(utxo).toEqual<EsploraUtxo>({
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
        vout: 0,
        status: {
          confirmed: true,
          block_height: 1,
          block_hash: tip,
          block_time: expect.any(Number),
        },
        value: utxo.value,
      })
    }
  })

  it('GET /api/address/:a/txs, /txs/mempool and /txs/chain[/:last_seen], newest first, paged by 25', async () => {
    const devnet = await start()
    const address = devnet.accounts[1]!.ordinals.address
    const funded = BITCOIN_DEVNET_FUNDING.ordinals.length
    const confirmedIds = Array.from({ length: 26 }, () => devnet.faucet(address, 10_000).txid)
    devnet.mine()
    const pendingIds = [devnet.faucet(address, 20_000).txid, devnet.faucet(address, 30_000).txid]

    const all = await getJson<EsploraTransaction[]>(devnet, `/api/address/${address}/txs`)
    expect(all.map((tx) => tx.txid).slice(0, 3)).toEqual([
      pendingIds[1],
      pendingIds[0],
      confirmedIds[25],
    ])
    expect(all).toHaveLength(2 + 25)
    const mempool = await getJson<EsploraTransaction[]>(
      devnet,
      `/api/address/${address}/txs/mempool`,
    )
    expect(mempool.map((tx) => tx.txid)).toEqual([...pendingIds].reverse())

    const page1 = await getJson<EsploraTransaction[]>(devnet, `/api/address/${address}/txs/chain`)
    expect(page1.map((tx) => tx.txid)).toEqual([...confirmedIds].reverse().slice(0, 25))
    const page2 = await getJson<EsploraTransaction[]>(
      devnet,
      `/api/address/${address}/txs/chain/${page1[24]!.txid}`,
    )
    expect(page2).toHaveLength(1 + funded)
    expect(page2[0]!.txid).toBe(confirmedIds[0])
    // A last-seen txid the history lacks gives nothing; one that does not parse, the first page.
    expect(await getJson(devnet, `/api/address/${address}/txs/chain/${'ab'.repeat(32)}`)).toEqual(
      [],
    )
    expect(await getJson(devnet, `/api/address/${address}/txs/chain/xyz`)).toEqual(page1)
  })

  it.each(['', '/utxo', '/txs', '/txs/mempool', '/txs/chain'])(
    'GET /api/address/:a%s refuses malformed and wrong-network addresses with 400',
    async (suffix) => {
      const devnet = await start()
      for (const [address, text] of BAD_ADDRESSES) {
        expect(await request(devnet, `/api/address/${address}${suffix}`)).toEqual({
          status: 400,
          text,
          contentType: 'text/plain',
        })
      }
    },
  )

  it('reads any regtest address: testnet’s base58 (shared with regtest) and upper-case bech32', async () => {
    const devnet = await start()
    const p2pkh = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'
    devnet.faucet(p2pkh, 5_000)
    expect((await utxos(devnet, p2pkh)).map((utxo) => utxo.value)).toEqual([5_000])
    const upper = devnet.accounts[0]!.payment.address.toUpperCase()
    expect(await getJson<EsploraAddress>(devnet, `/api/address/${upper}`)).toMatchObject({
      address: upper,
      chain_stats: { funded_txo_count: 3 },
    })
  })
})

describe('the transaction routes', () => {
  it('GET /api/tx/:txid answers Esplora’s shape, inputs with their prevouts', async () => {
    const devnet = await start()
    const { payment } = devnet.accounts[0]!
    const to = devnet.accounts[1]!.ordinals.address
    const [coin] = await utxos(devnet, payment.address)
    const hex = signSpend(
      [{ key: payment, coin: coin! }],
      [
        { address: to, value: 40_000_000 },
        { address: payment.address, value: coin!.value - 40_000_000 - 1_410 },
      ],
    )
    const txid = (await broadcast(devnet, hex)).text
    const parsed = Transaction.fromHex(hex)
    const tx = await getJson<EsploraTransaction>(devnet, `/api/tx/${txid}`)
    expect(tx).toEqual({
      txid,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: coin!.txid,
          vout: 0,
          prevout: {
            scriptpubkey: expect.stringMatching(/^0014[0-9a-f]{40}$/),
            scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: payment.address,
            value: coin!.value,
          },
          scriptsig: '',
          scriptsig_asm: '',
          witness: parsed.ins[0]!.witness.map((item) => Buffer.from(item).toString('hex')),
          is_coinbase: false,
          sequence: 0xffffffff,
        },
      ],
      vout: [
        {
          scriptpubkey: expect.stringMatching(/^5120[0-9a-f]{64}$/),
          scriptpubkey_asm: expect.stringMatching(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/),
          scriptpubkey_type: 'v1_p2tr',
          scriptpubkey_address: to,
          value: 40_000_000,
        },
        expect.objectContaining({
          scriptpubkey_address: payment.address,
          value: coin!.value - 40_001_410,
        }),
      ],
      size: parsed.byteLength(),
      weight: parsed.weight(),
      fee: 1_410,
      status: { confirmed: false },
    })
  })

  it('GET /api/tx/:txid of a faucet payment: one coinbase input with no prevout', async () => {
    const devnet = await start()
    const { txid } = devnet.faucet(devnet.accounts[0]!.payment.address, 12_345)
    const tx = await getJson<EsploraTransaction>(devnet, `/api/tx/${txid}`)
    expect(tx.vin).toEqual([
      {
        txid: '0'.repeat(64),
        vout: 4294967295,
        prevout: null,
        scriptsig: expect.any(String),
        scriptsig_asm: expect.stringMatching(/^OP_PUSHBYTES_4 [0-9a-f]{8} OP_PUSHBYTES_27 /),
        is_coinbase: true,
        sequence: 4294967295,
      },
    ])
    expect(tx).toMatchObject({ fee: 0, status: { confirmed: false }, vout: [{ value: 12_345 }] })
  })

  it('GET /api/tx/:txid/status: confirmed with its block, and { confirmed: false } for the unknown', async () => {
    const devnet = await start()
    const [coin] = await utxos(devnet, devnet.accounts[0]!.payment.address)
    expect(await getJson(devnet, `/api/tx/${coin!.txid}/status`)).toEqual(coin!.status)
    expect(await getJson(devnet, `/api/tx/${coin!.txid.toUpperCase()}/status`)).toEqual(
      coin!.status,
    )
    // electrs does not tell an unknown txid from an unconfirmed one here.
    expect(await getJson(devnet, `/api/tx/${'ab'.repeat(32)}/status`)).toEqual({ confirmed: false })
  })

  it.each(['', '/status', '/hex'])(
    'GET /api/tx/:txid%s refuses a malformed txid with 400',
    async (suffix) => {
      const devnet = await start()
      for (const txid of BAD_TXIDS) {
        expect(await request(devnet, `/api/tx/${txid}${suffix}`)).toEqual({
          status: 400,
          text: 'Invalid hex string',
          contentType: 'text/plain',
        })
      }
    },
  )

  it.each(['', '/hex'])('GET /api/tx/:txid%s answers 404 for a txid never seen', async (suffix) => {
    const devnet = await start()
    expect(await request(devnet, `/api/tx/${'cd'.repeat(32)}${suffix}`)).toMatchObject({
      status: 404,
      text: 'Transaction not found',
    })
  })
})
