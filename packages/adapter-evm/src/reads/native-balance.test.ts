import { defineNetwork } from '@latch/core'
import { describe, expect, it, vi } from 'vitest'
import { numberToHex, type Client } from 'viem'
import { createNativeBalanceReader } from './native-balance.js'

const network = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const address = '0x00000000000000000000000000000000000000aa'

function setup(getBalance: () => Promise<bigint>) {
  // viem's getBalance action asks the client for eth_getBalance.
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (method !== 'eth_getBalance') throw new Error(`unexpected ${method}`)
    return numberToHex(await getBalance())
  })
  const client = { request, getBalance: request } as unknown as Client & {
    getBalance: ReturnType<typeof vi.fn>
  }
  const read = createNativeBalanceReader(() => client)
  return { read, client }
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

  it("reads the chain every time: the 30 s cache is core's, which a read after a send skips", async () => {
    let held = 5n
    const { read, client } = setup(async () => held)
    await expect(read({ address, network })).resolves.toMatchObject({ value: 5n })
    held = 3n
    await expect(read({ address, network })).resolves.toMatchObject({ value: 3n })
    expect(client.getBalance).toHaveBeenCalledTimes(2)
  })

  it('shares a read under way for the same address, case-insensitively, and not across addresses', async () => {
    const { read, client } = setup(async () => 5n)
    await Promise.all([
      read({ address, network }),
      read({ address: address.toUpperCase().replace('0X', '0x'), network }),
      read({ address: '0x00000000000000000000000000000000000000bb', network }),
    ])
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
