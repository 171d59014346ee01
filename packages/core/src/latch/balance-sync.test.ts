import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB } from '../test/networks.js'
import { createLatch } from './create-latch.js'

async function connectedLatch(
  balance: bigint | 'fail',
  chainReference = '31337',
  networks = [devnetA, devnetB],
) {
  const fake = createFakeAdapter('eip155', [
    fakeWallet('io.dev.a', { balance, chainReference, knownChains: new Set([chainReference]) }),
  ])
  const latch = createLatch(
    { projectId: 'p', networks, adapters: [fake.adapter] },
    { storage: createMemoryStorage() },
  )
  latch.start()
  latch.connection.send({
    type: 'CONNECT',
    connector: fake.wallets[0]!.connector,
    namespace: 'eip155',
  })
  await flush()
  await flush()
  const data = () => latch.connection.getSnapshot().context.accountData.eip155
  return { latch, fake, data }
}

describe('balance sync (SPEC §4, §8, §9)', () => {
  it('reads the current account balance on connect, as exact decimal text', async () => {
    const { data } = await connectedLatch(1_500_000_000_000_000_001n)
    expect(data()).toEqual({
      balance: '1.500000000000000001',
      balanceSymbol: 'ETH',
      balanceLoading: false,
    })
  })

  it('a failed read shows 0.00 with the symbol, and the Token Balance Unavailable toast', async () => {
    const { data, latch } = await connectedLatch('fail')
    expect(data()).toMatchObject({ balance: '0.00', balanceSymbol: 'ETH', balanceLoading: false })
    expect(latch.toast.getSnapshot().context.toast).toMatchObject({
      variant: 'error',
      message: 'Token Balance Unavailable',
    })
  })

  it('an unsupported chain shows 0.00 without asking the adapter', async () => {
    const { data, fake } = await connectedLatch(5n, '999')
    expect(data()).toMatchObject({ balance: '0.00', balanceSymbol: 'ETH' })
    expect(fake.calls.filter((c) => c.startsWith('balance:'))).toEqual([])
  })

  it('a testnet shows 0.00 without asking the adapter', async () => {
    const { data, fake } = await connectedLatch(5n, '31337', [{ ...devnetA, testnet: true }])
    expect(data()).toMatchObject({ balance: '0.00', balanceSymbol: 'ETH', balanceLoading: false })
    expect(fake.calls.filter((c) => c.startsWith('balance:'))).toEqual([])
  })

  it('reads again when the wallet changes chain, and forgets on disconnect', async () => {
    const { latch, fake, data } = await connectedLatch(7n)
    fake.wallets[0]!.knownChains.add('31338')
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '31338' })
    await flush()
    expect(fake.calls.filter((c) => c.startsWith('balance:'))).toHaveLength(2)
    expect(data()).toMatchObject({ balance: '0.000000000000000007' })
    await latch.disconnect()
    expect(latch.connection.getSnapshot().context.accountData).toEqual({})
  })
})
