import { defineNetwork } from '@latch/core'
import { describe, expect, it, vi } from 'vitest'
import { numberToHex, type Client } from 'viem'
import { createNativeBalanceReader, NATIVE_BALANCE_CACHE_MS } from './native-balance.js'

const network = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const address = '0x00000000000000000000000000000000000000aa'

function setup(getBalance: () => Promise<bigint>) {
  let t = 1_000_000
  // viem's getBalance action asks the client for eth_getBalance.
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (method !== 'eth_getBalance') throw new Error(`unexpected ${method}`)
    return numberToHex(await getBalance())
  })
  const client = { request, getBalance: request } as unknown as Client & {
    getBalance: ReturnType<typeof vi.fn>
  }
  const read = createNativeBalanceReader(
    () => client,
    () => t,
  )
  return { read, client, advance: (ms: number) => (t += ms) }
}

describe('native balance (SPEC §4, §9)', () => {
  it('reads the balance with the network currency', async () => {
    const { read } = setup(async () => 5n)
    await expect(read({ address, network })).resolves.toEqual({
      value: 5n,
      decimals: 18,
      symbol: 'ETH',
    })
  })

  it('is cached for 30 s, then read again', async () => {
    const { read, client, advance } = setup(async () => 5n)
    await read({ address, network })
    advance(NATIVE_BALANCE_CACHE_MS - 1)
    await read({ address, network })
    expect(client.getBalance).toHaveBeenCalledTimes(1)
    advance(1)
    await read({ address, network })
    expect(client.getBalance).toHaveBeenCalledTimes(2)
    expect(NATIVE_BALANCE_CACHE_MS).toBe(30_000)
  })

  it('caches per address, case-insensitively', async () => {
    const { read, client } = setup(async () => 5n)
    await read({ address, network })
    await read({ address: address.toUpperCase().replace('0X', '0x'), network })
    await read({ address: '0x00000000000000000000000000000000000000bb', network })
    expect(client.getBalance).toHaveBeenCalledTimes(2)
  })

  it("a failure says Token Balance Unavailable and is not cached (the cooldown is core's)", async () => {
    let fail = true
    const { read, client } = setup(async () => (fail ? Promise.reject(new Error('rpc down')) : 7n))
    await expect(read({ address, network })).rejects.toMatchObject({
      code: 'TOKEN_BALANCE_UNAVAILABLE',
    })
    fail = false
    await expect(read({ address, network })).resolves.toMatchObject({ value: 7n })
    expect(client.getBalance).toHaveBeenCalledTimes(2)
  })
})
