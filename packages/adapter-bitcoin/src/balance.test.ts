import './test/window.js'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { LatchError, type Network } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { bitcoinRegtest } from './index.js'
import { coinsOf, failure, satsOf, useStacks } from './test/harness.js'

const start = useStacks()
const [first, second] = bitcoinDevnetAccounts()

describe('getBalance', () => {
  it('is the exact sum of the address’s UTXOs, in sats with 8 decimals', async () => {
    const { adapter, devnet, network } = await start()
    for (const key of [first!.payment, first!.ordinals]) {
      const coins = await coinsOf(devnet, key.address)
      expect(coins.length).toBeGreaterThan(1)
      const sum = coins.reduce((total, coin) => total + BigInt(coin.value), 0n)
      expect(await adapter.getBalance({ address: key.address, network })).toEqual({
        value: sum,
        decimals: 8,
        symbol: 'BTC',
      })
    }
  })

  it('follows the chain: a faucet payment counts from the mempool, and stays once mined', async () => {
    const { adapter, devnet, network } = await start()
    const address = second!.payment.address
    const before = (await adapter.getBalance({ address, network })).value
    await devnet.faucet(address, 12_345)
    expect((await adapter.getBalance({ address, network })).value).toBe(before + 12_345n)
    await devnet.mine(1)
    const after = await adapter.getBalance({ address, network })
    expect(after.value).toBe(before + 12_345n)
    expect(after.value).toBe(await satsOf(devnet, address))
  })

  it('throws when the node fails or answers an error, so core applies its cooldown', async () => {
    const { adapter, devnet, network } = await start()
    // The devnet refuses a mainnet address: electrs' 400.
    const refused = await failure(
      adapter.getBalance({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', network }),
    )
    expect(refused).toBeInstanceOf(LatchError)
    expect(refused.message).toBe('HTTP status code: 400')
    await devnet.stop()
    await expect(adapter.getBalance({ address: first!.payment.address, network })).rejects.toThrow()
  })

  it('stops when its signal aborts', async () => {
    const { adapter, network } = await start()
    const controller = new AbortController()
    controller.abort()
    const error = await failure(
      adapter.getBalance({ address: first!.payment.address, network, signal: controller.signal }),
    )
    expect(error.name).toBe('AbortError')
  })

  it('refuses another namespace’s network and an address that is not Bitcoin, asking nothing', async () => {
    const { adapter } = await start()
    const network = bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9/api' })
    const evm = { ...network, chainNamespace: 'eip155', caipNetworkId: 'eip155:1' } as Network
    await expect(
      adapter.getBalance({ address: first!.payment.address, network: evm }),
    ).rejects.toThrow('Chain is not supported')
    await expect(adapter.getBalance({ address: '0x1234', network })).rejects.toThrow(
      'Invalid CAIP Address',
    )
  })
})
