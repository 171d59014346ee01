import { createLatch, createMemoryStorage, type ChainAdapter, type LatchOptions } from '@latch/core'
import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../components/ConnectButton/ConnectButton.js'
import { LatchProvider, type LatchProviderProps } from '../LatchProvider.js'
import { createFakeEvmAdapter } from '../test/fake-evm-adapter.js'
import { devnetA } from '@latch/core/testing'

/** The `.latch-root` of the modal's shadow root and of the ConnectButton's. */
function roots() {
  const modal = document.querySelector('latch-modal')?.shadowRoot?.querySelector('.latch-root')
  const button = [...document.querySelectorAll('span')]
    .map((span) => span.shadowRoot?.querySelector('.latch-root'))
    .find(Boolean)
  if (!(modal instanceof HTMLElement) || !(button instanceof HTMLElement))
    throw new Error('expected the modal and the ConnectButton to be rendered')
  return { modal, button }
}

/**
 * A page that reloads with a remembered wallet: reconnect-on-load runs once, through `reconnect`
 * (a spy), and the ConnectButton is on the page.
 */
async function reconnectedPage(options: Partial<LatchOptions> = {}) {
  const storage = createMemoryStorage()
  const env = { storage, clearBrowserData: async () => undefined }
  const fake = createFakeEvmAdapter([{ id: 'io.dev' }])
  const base = { projectId: 'p', networks: [devnetA] }
  const first = createLatch({ ...base, adapters: [fake.adapter] }, env)
  await first.connect({ connectorId: 'io.dev' })
  const accounts = first.getAccount().allAccounts
  first.destroy()

  // The wallet still authorises the site, so the reload reconnects it silently.
  const reconnect = vi.fn<ChainAdapter['reconnect']>(async ({ connectorId }) => ({
    connectorId,
    accounts: accounts.map(({ address }) => ({ address, type: 'eoa' as const })),
    chainReference: '31337',
  }))
  const latch = createLatch(
    { ...base, adapters: [{ ...fake.adapter, reconnect }], ...options },
    env,
  )
  const page = (props: Partial<LatchProviderProps> = {}) => (
    <LatchProvider latch={latch} {...props}>
      <ConnectButton />
    </LatchProvider>
  )
  const rendered = render(page())
  await waitFor(() => expect(latch.getAccount().isConnected).toBe(true))
  expect(reconnect).toHaveBeenCalledOnce()
  return { latch, fake, reconnect, rendered, page }
}

describe('runtime theming', () => {
  it('the modal and the ConnectButton follow setThemeMode and setThemeVariables live, with no reconnect', async () => {
    const { latch, fake, reconnect } = await reconnectedPage({
      themeVariables: { '--latch-font-family': 'Inter' },
    })
    act(() => latch.open())
    expect(roots().modal.dataset.theme).toBe('light')
    expect(roots().button.dataset.theme).toBe('light')
    expect(roots().button.style.getPropertyValue('--latch-font-family')).toBe('Inter')

    act(() => latch.setThemeMode('dark'))
    act(() => latch.setThemeVariables({ '--latch-accent': '#ff0066' }))
    for (const root of Object.values(roots())) {
      expect(root.dataset.theme).toBe('dark')
      expect(root.style.getPropertyValue('--latch-accent')).toBe('#ff0066')
      expect(root.style.getPropertyValue('--latch-font-family')).toBe('Inter')
    }
    // Same instance, same connection: nothing was asked of the wallet again.
    expect(reconnect).toHaveBeenCalledOnce()
    expect(fake.calls.filter((call) => call.startsWith('connect:'))).toEqual(['connect:io.dev'])
    expect(latch.getAccount().isConnected).toBe(true)
    latch.destroy()
  })

  it('the provider applies themeMode and themeVariables props through the instance', async () => {
    const { latch, reconnect, rendered, page } = await reconnectedPage()
    const send = vi.spyOn(latch.actor, 'send')
    rendered.rerender(page({ themeMode: 'dark', themeVariables: { '--latch-accent': 'teal' } }))
    expect(latch.getTheme().themeMode).toBe('dark')
    expect(roots().button.dataset.theme).toBe('dark')
    expect(roots().button.style.getPropertyValue('--latch-accent')).toBe('teal')

    // A host re-rendering with equal (new) objects does not tell the instance again.
    const themeEvents = () =>
      send.mock.calls.filter(([event]) => event.type.startsWith('SET_THEME')).length
    const before = themeEvents()
    rendered.rerender(page({ themeMode: 'dark', themeVariables: { '--latch-accent': 'teal' } }))
    expect(themeEvents()).toBe(before)

    rendered.rerender(page({ themeMode: 'light', themeVariables: { '--latch-accent': 'navy' } }))
    expect(roots().button.dataset.theme).toBe('light')
    expect(roots().button.style.getPropertyValue('--latch-accent')).toBe('navy')
    expect(reconnect).toHaveBeenCalledOnce()
    latch.destroy()
  })
})
