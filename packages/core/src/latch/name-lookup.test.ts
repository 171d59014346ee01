import { describe, expect, it } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { devnetA, solanaLocal } from '../testing/networks.js'
import { COIN_TYPE_FLAG, coinTypesOf, lookupName } from './name-lookup.js'

const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A server that answers one JSON body (or status), and records the URLs it was asked. */
function server(status: number, body: unknown) {
  const urls: URL[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(new URL(String(input)))
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { urls, endpoint: { serverUrl: 'http://127.0.0.1:9/', projectId: 'p', fetch } }
}

const lookup = (s: ReturnType<typeof server>, name: string, network = devnetA) =>
  lookupName(s.endpoint, { name, network }, new AbortController().signal)

describe('a send receiver given as a name (SPEC §7 GET /v1/profile/account/{name})', () => {
  it("asks the server with apiVersion 2 and takes the chain's own address first", async () => {
    const s = server(200, {
      name: 'alice.latch.id',
      addresses: {
        '60': { address: '0x0000000000000000000000000000000000000001' },
        [String(COIN_TYPE_FLAG + 31337)]: { address: EVM_ADDRESS },
      },
      attributes: [{ bio: 'x' }, { avatar: 'https://a.example/a.png' }],
    })
    await expect(lookup(s, 'alice.latch.id')).resolves.toEqual({
      address: EVM_ADDRESS,
      avatar: 'https://a.example/a.png',
    })
    expect(s.urls[0]?.pathname).toBe('/v1/profile/account/alice.latch.id')
    expect(s.urls[0]?.searchParams.get('apiVersion')).toBe('2')
    expect(s.urls[0]?.searchParams.get('projectId')).toBe('p')
  })

  it("falls back to the namespace's coin type, and answers null when the name holds none", async () => {
    const s = server(200, { name: 'bob.sol', addresses: { '501': { address: SOL_ADDRESS } } })
    await expect(lookup(s, 'bob.sol', solanaLocal)).resolves.toEqual({
      address: SOL_ADDRESS,
      avatar: null,
    })
    await expect(lookup(s, 'bob.sol', devnetA)).resolves.toBeNull()
    expect(coinTypesOf(devnetA)).toEqual([String(COIN_TYPE_FLAG + 31337), '60'])
  })

  it('rejects when the server cannot answer', async () => {
    const error = await lookup(server(404, { error: 'no' }), 'nobody.eth').catch((e) => e)
    expect(isLatchError(error, 'HTTP_STATUS')).toBe(true)
  })
})
