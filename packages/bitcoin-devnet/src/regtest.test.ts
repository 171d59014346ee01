import { describe, expect, it } from 'vitest'
import { getJson, request, useDevnets, utxos } from './test/api.js'

const start = useDevnets()

function post(devnet: Awaited<ReturnType<typeof start>>, path: string, body: unknown) {
  return request(devnet, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('POST /regtest/faucet', () => {
  it('pays sats from nowhere into the mempool; POST /regtest/mine confirms it', async () => {
    const devnet = await start()
    const address = devnet.accounts[2]!.payment.address
    const answer = await post(devnet, '/regtest/faucet', { address, amount: 123_456 })
    expect(answer.status).toBe(200)
    const paid = JSON.parse(answer.text) as { txid: string; vout: number }
    expect(paid).toEqual({
      txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      vout: 0,
      address,
      amount: 123_456,
    })
    expect(await utxos(devnet, address)).toContainEqual({
      txid: paid.txid,
      vout: 0,
      status: { confirmed: false },
      value: 123_456,
    })

    const mined = await post(devnet, '/regtest/mine', {})
    expect(mined.status).toBe(200)
    const { height, hashes } = JSON.parse(mined.text) as { height: number; hashes: string[] }
    expect(height).toBe(2)
    expect(await getJson(devnet, `/api/tx/${paid.txid}/status`)).toMatchObject({
      confirmed: true,
      block_height: 2,
      block_hash: hashes[0],
    })
  })

  it('mines several blocks at once, with or without a body', async () => {
    const devnet = await start()
    expect(JSON.parse((await post(devnet, '/regtest/mine', { blocks: 5 })).text)).toMatchObject({
      height: 6,
      hashes: expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]),
    })
    expect(JSON.parse((await post(devnet, '/regtest/mine', '')).text)).toMatchObject({ height: 7 })
    expect(devnet.mine(2)).toHaveLength(2)
    expect((await request(devnet, '/api/blocks/tip/height')).text).toBe('9')
  })

  // Each body is made from a good regtest address, so only the named field is wrong.
  it.each<[string, (address: string) => unknown, string]>([
    ['not JSON', () => '{', 'Invalid JSON body'],
    [
      'no address',
      () => ({ amount: 1 }),
      'Invalid request: address: Invalid input: expected string, received undefined',
    ],
    [
      'a wrong-network address',
      () => ({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: 1 }),
      'Invalid request: address: Address on invalid network',
    ],
    [
      'a malformed address',
      () => ({ address: 'nope', amount: 1 }),
      'Invalid request: address: Invalid Bitcoin address',
    ],
    [
      'a zero amount',
      (address) => ({ address, amount: 0 }),
      'Invalid request: amount: Too small: expected number to be >=1',
    ],
    [
      'a fractional amount',
      (address) => ({ address, amount: 1.5 }),
      'Invalid request: amount: Invalid input: expected int, received number',
    ],
    [
      'an amount past 21M BTC',
      (address) => ({ address, amount: 2_100_000_000_000_001 }),
      'Invalid request: amount: Too big: expected number to be <=2100000000000000',
    ],
    [
      'an amount as text',
      (address) => ({ address, amount: '5' }),
      'Invalid request: amount: Invalid input: expected number, received string',
    ],
  ])('refuses %s with 400, paying nothing', async (_name, body, text) => {
    const devnet = await start()
    const answer = await post(devnet, '/regtest/faucet', body(devnet.accounts[0]!.payment.address))
    expect(answer).toMatchObject({ status: 400, text })
    expect(await getJson(devnet, '/api/mempool/txids')).toEqual([])
  })

  it.each([
    [{ blocks: 0 }, 'Invalid request: blocks: Too small: expected number to be >=1'],
    [{ blocks: 1_001 }, 'Invalid request: blocks: Too big: expected number to be <=1000'],
    [{ blocks: 'two' }, 'Invalid request: blocks: Invalid input: expected number, received string'],
    ['[', 'Invalid JSON body'],
  ])('POST /regtest/mine refuses %j with 400, mining nothing', async (body, text) => {
    const devnet = await start()
    const answer = await post(devnet, '/regtest/mine', body)
    expect(answer).toMatchObject({ status: 400, text })
    expect((await request(devnet, '/api/blocks/tip/height')).text).toBe('1')
  })
})

describe('devnet.faucet() and devnet.mine()', () => {
  it('pay and mine in code, refusing what the routes refuse', async () => {
    const devnet = await start()
    const address = devnet.accounts[0]!.ordinals.address
    const { txid, vout } = devnet.faucet(address, 777)
    expect(vout).toBe(0)
    expect(await getJson(devnet, '/api/mempool/txids')).toEqual([txid])
    const [hash] = devnet.mine()
    expect(await getJson(devnet, `/api/tx/${txid}/status`)).toMatchObject({ block_hash: hash })

    expect(() => devnet.faucet('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 1)).toThrow(
      "faucet: Address on invalid network: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'",
    )
    expect(() => devnet.faucet(address, 0)).toThrow(
      'faucet: sats must be a whole number from 1 to 2100000000000000, got 0',
    )
    expect(() => devnet.mine(0)).toThrow('mine: blocks must be a whole number ≥ 1, got 0')
    expect(await getJson(devnet, '/api/mempool/txids')).toEqual([])
  })
})
