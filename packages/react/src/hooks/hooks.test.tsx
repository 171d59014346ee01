import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { LatchProvider } from '../LatchProvider.js'
import { createFakeEvmAdapter } from '../test/fake-evm-adapter.js'
import { devnetA, devnetB } from '@latch/core/testing'
import { useLatchAccount, useLatchAccountData } from './useLatchAccount.js'
import { useLatchConnections } from './useLatchConnections.js'
import { useLatchModal } from './useLatchModal.js'
import { useLatchNetwork } from './useLatchNetwork.js'

/** A connected instance (the fake wallet approves) and a renderHook bound to its provider. */
async function connected() {
  const fake = createFakeEvmAdapter([{ id: 'io.dev' }])
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA, devnetB], adapters: [fake.adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LatchProvider latch={latch}>{children}</LatchProvider>
  )
  await act(() => latch.connect({ connectorId: 'io.dev' }))
  const render = <T,>(hook: () => T) => renderHook(hook, { wrapper })
  return { latch, fake, render }
}

/** Core's account data for the current namespace, as its balance sync would write it. */
function writeAccountData(latch: Latch, data: Record<string, unknown>) {
  act(() => latch.connection.send({ type: 'ACCOUNT_DATA_UPDATED', namespace: 'eip155', data }))
}

describe('hooks share structure instead of comparing JSON', () => {
  it('useLatchAccount keeps its object across an unrelated snapshot change, and changes with the account', async () => {
    const { latch, fake, render } = await connected()
    const { result } = render(useLatchAccount)
    const first = result.current
    expect(first.isConnected).toBe(true)

    // The connection machine's snapshot changes (new account data), the account does not.
    writeAccountData(latch, { balance: '1.5', balanceSymbol: 'ETH' })
    expect(result.current).toBe(first)

    const other = '0x00000000000000000000000000000000000000aa'
    act(() =>
      fake.emit({
        type: 'accountsChanged',
        connectorId: 'io.dev',
        accounts: [{ address: other, type: 'eoa' }],
      }),
    )
    await waitFor(() => expect(result.current.address).toBe(other))
    expect(result.current).not.toBe(first)
    latch.destroy()
  })

  it('useLatchAccountData handles bigint values: equal data keeps its object, a change keeps the rest', async () => {
    const { latch, render } = await connected()
    const { result } = render(useLatchAccountData)
    const tokens = () => [
      { symbol: 'AAA', amount: 10n ** 24n },
      { symbol: 'BBB', amount: 7n },
    ]
    writeAccountData(latch, { balance: '1', tokenBalance: tokens() })
    const first = result.current
    expect(first.tokenBalance).toEqual(tokens())

    writeAccountData(latch, { balance: '1', tokenBalance: tokens() })
    expect(result.current).toBe(first)

    writeAccountData(latch, {
      balance: '1',
      tokenBalance: [tokens()[0], { symbol: 'BBB', amount: 8n }],
    })
    expect(result.current).not.toBe(first)
    expect(result.current.tokenBalance?.[0]).toBe(first.tokenBalance?.[0])
    expect(result.current.tokenBalance?.[1]).toEqual({ symbol: 'BBB', amount: 8n })
    latch.destroy()
  })

  it('useLatchConnections and useLatchNetwork return the same object while their data is the same', async () => {
    const { latch, render } = await connected()
    const connections = render(useLatchConnections)
    const network = render(useLatchNetwork)
    const [firstConnections, firstNetwork] = [connections.result.current, network.result.current]

    writeAccountData(latch, { balance: '2' })
    act(() => latch.open())
    expect(connections.result.current).toBe(firstConnections)
    expect(network.result.current).toBe(firstNetwork)

    await act(() => latch.switchNetwork(devnetB))
    expect(network.result.current.activeNetwork?.caipNetworkId).toBe(devnetB.caipNetworkId)
    expect(network.result.current).not.toBe(firstNetwork)
    // The configured networks did not change: the new state shares them.
    expect(network.result.current.networks).toBe(firstNetwork.networks)
    latch.destroy()
  })

  it('useLatchModal keeps its object, across renders too, until the view changes', async () => {
    const { latch, render } = await connected()
    const { result, rerender } = render(useLatchModal)
    act(() => latch.open())
    const shown = result.current
    expect(shown.route.view).toBe('Account')
    // The modal's snapshot changes (a router fact), and the host's component renders again.
    act(() => latch.modal.send({ type: 'FACTS_UPDATED', facts: { isMobile: true } }))
    rerender()
    expect(result.current).toBe(shown)
    act(() => latch.modal.send({ type: 'PUSH', route: { view: 'Networks' } }))
    expect(result.current.route.view).toBe('Networks')
    latch.destroy()
  })
})
