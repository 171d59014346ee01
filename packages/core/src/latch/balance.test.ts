import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from '../balances/token-balance.js'
import { BALANCE_RETRY_COOLDOWN_MS } from '../balances/balance-rules.js'
import { deferred } from '../test/deferred.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB } from '../testing/networks.js'
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
  await latch.connect({ connectorId: 'io.dev.a' })
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

  it('reads the balance again once a send from the account went through', async () => {
    const { latch, fake, data } = await connectedLatch(10n ** 18n)
    expect(data()?.balance).toBe('1')
    // The wallet spends: the chain now holds less, and only a new read can tell.
    fake.wallets[0]!.balance = 4n * 10n ** 17n
    await latch.sendTransaction({ to: fake.wallets[0]!.accounts[0]!.address, value: 1n })
    await flush()
    expect(data()?.balance).toBe('0.4')
  })

  it('a failed send reads nothing again', async () => {
    const { latch, fake } = await connectedLatch(10n ** 18n)
    const reads = () => fake.calls.filter((c) => c.startsWith('balance:')).length
    const before = reads()
    fake.adapter.sendTransaction = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await expect(latch.sendTransaction({ to: '0x' + '11'.repeat(20), value: 1n })).rejects.toThrow()
    await flush()
    expect(reads()).toBe(before)
  })

  it('a send to an address the active network cannot take is refused before the wallet is asked', async () => {
    const { latch, fake } = await connectedLatch(10n ** 18n)
    let asked = 0
    fake.adapter.sendTransaction = async () => {
      asked += 1
      return '0x' + 'ab'.repeat(32)
    }
    const bitcoinAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    await expect(latch.sendTransaction({ to: bitcoinAddress, value: 1n })).rejects.toMatchObject({
      code: 'INVALID_CAIP_ADDRESS',
      message: 'Invalid CAIP Address',
    })
    expect(asked).toBe(0)
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

  it('after a failed read, no new attempt is made for 30 s (SPEC §4); then it reads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { latch, fake, data } = await connectedLatch('fail')
    const reads = () => fake.calls.filter((c) => c.startsWith('balance:')).length
    expect(reads()).toBe(1)
    latch.toast.send({ type: 'HIDE' })
    fake.wallets[0]!.balance = 9n
    // Away and back to the same account on the same network: still cooling down.
    fake.emit({ type: 'accountsChanged', connectorId: 'io.dev.a', accounts: [] })
    await latch.connect({ connectorId: 'io.dev.a' })
    await flush()
    expect(reads()).toBe(1)
    expect(data()).toMatchObject({ balance: '0.00', balanceLoading: false })
    // The toast is not repeated while the cooldown lasts.
    expect(latch.toast.getSnapshot().context.toast).toBeUndefined()
    vi.setSystemTime(Date.now() + BALANCE_RETRY_COOLDOWN_MS)
    fake.emit({ type: 'accountsChanged', connectorId: 'io.dev.a', accounts: [] })
    await latch.connect({ connectorId: 'io.dev.a' })
    await flush()
    expect(reads()).toBe(2)
    expect(data()).toMatchObject({ balance: '0.000000000000000009' })
  })

  it('a read for an account that is no longer current is stopped, and never lands', async () => {
    const { latch, fake, data } = await connectedLatch(1n)
    const slow = deferred<{ value: bigint; decimals: number; symbol: string }>()
    let signal: AbortSignal | undefined
    fake.adapter.getBalance = (request) => {
      signal = request.signal
      return slow.promise
    }
    fake.wallets[0]!.knownChains.add('31338')
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '31338' })
    await flush()
    expect(data()).toMatchObject({ balanceLoading: true })
    await latch.disconnect()
    expect(signal?.aborted).toBe(true)
    slow.resolve({ value: 5n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(latch.connection.getSnapshot().context.accountData).toEqual({})
  })

  it("keeps the adapter's token list without zero-decimal tokens (SPEC §4), for every adapter", async () => {
    const token = (symbol: string, decimals: string): TokenBalance => ({
      name: symbol,
      symbol,
      chainId: 'eip155:31337',
      address: `eip155:31337:0x${'1'.repeat(40)}`,
      quantity: { decimals, numeric: '1' },
    })
    const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a', { balance: 1n })])
    fake.adapter.getTokenBalances = async () => [token('USDC', '6'), token('BADGE', '0')]
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA], adapters: [fake.adapter] },
      { storage: createMemoryStorage() },
    )
    await latch.connect({ connectorId: 'io.dev.a' })
    await flush()
    const tokens = latch.connection.getSnapshot().context.accountData.eip155?.tokenBalance
    expect(tokens).toEqual([token('USDC', '6')])
  })
})

afterEach(() => {
  vi.useRealTimers()
})
