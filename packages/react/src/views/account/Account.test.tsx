import { generateWalletIcon } from '@latch/core'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import { Account } from './Account.js'
import {
  axeViolations,
  connectWallet,
  createAccountLatch,
  focusedInModal,
  modalRoot,
  openModal,
  renderAccount,
  renderViewAlone,
  scriptedWallet,
  type RenderAccountOptions,
} from '../../test/render-account.js'

const m = enMessages

async function openAccount(options: RenderAccountOptions = {}) {
  const kit = renderAccount(options)
  await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch)
  const ui = kit.modal()
  await ui.findByRole('heading', { name: m['view.Account.title'] })
  return { ...kit, ui }
}

/** jsdom has no clipboard: give the page one (or none) for this test. */
function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  })
  return writeText
}

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('Account: who is connected', () => {
  it('shows the short address, the wallet icon as a decorative image, and passes axe', async () => {
    const { ui, wallets } = await openAccount()
    const address = wallets[0]!.address
    expect(ui.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeTruthy()
    const icons = [...modalRoot().querySelectorAll('img')]
    const icon = icons.find((img) => img.getAttribute('src') === wallets[0]!.connector.imageUrl)
    expect(icon?.getAttribute('alt')).toBe('')
    expect(await axeViolations()).toEqual([])
  })

  it('shows the profile name when core has one, with the address beside it', async () => {
    const { ui, latch, wallets } = await openAccount()
    act(() => {
      latch.connection.send({
        type: 'ACCOUNT_DATA_UPDATED',
        namespace: 'eip155',
        data: { profileName: 'alice.eth' },
      })
    })
    expect(await ui.findByText('alice.eth')).toBeTruthy()
    const address = wallets[0]!.address
    expect(ui.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeTruthy()
  })

  it('copies the full address and confirms with a success toast', async () => {
    const writeText = stubClipboard(vi.fn().mockResolvedValue(undefined))
    const { ui, latch, wallets } = await openAccount()
    fireEvent.click(ui.getByRole('button', { name: m['address.copy'] }))
    await waitFor(() => expect(latch.toast.getSnapshot().context.toast).toBeDefined())
    expect(writeText).toHaveBeenCalledWith(wallets[0]!.address)
    expect(latch.toast.getSnapshot().context.toast).toEqual({
      message: m['address.copied'],
      variant: 'success',
    })
  })

  it('says so with an error toast when the clipboard refuses', async () => {
    stubClipboard(vi.fn().mockRejectedValue(new Error('denied')))
    const { ui, latch } = await openAccount()
    fireEvent.click(ui.getByRole('button', { name: m['address.copy'] }))
    await waitFor(() =>
      expect(latch.toast.getSnapshot().context.toast).toEqual({
        message: m['view.Account.copyFailed'],
        variant: 'error',
      }),
    )
  })

  it('says so too where there is no clipboard at all (an insecure page)', async () => {
    stubClipboard(undefined)
    const { ui, latch } = await openAccount()
    fireEvent.click(ui.getByRole('button', { name: m['address.copy'] }))
    await waitFor(() =>
      expect(latch.toast.getSnapshot().context.toast?.message).toBe(m['view.Account.copyFailed']),
    )
  })
})

describe('Account: balance', () => {
  it('shows a spoken loading state while core reads the balance', async () => {
    const { ui } = await openAccount({ wallets: [scriptedWallet('a', { balance: 'hold' })] })
    const loading = ui.getAllByText(m['view.Account.balanceLoading'])
    expect(loading.length).toBeGreaterThan(0)
    expect(loading[0]!.closest('[role="status"]')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('shows the balance core read, with its symbol', async () => {
    const { ui } = await openAccount()
    expect((await ui.findAllByText('1.5 ETH')).length).toBeGreaterThan(0)
    expect(await axeViolations()).toEqual([])
  })

  it("shows core's 0.00 fallback as written when the read fails", async () => {
    const { ui } = await openAccount({ wallets: [scriptedWallet('a', { balance: 'fail' })] })
    expect((await ui.findAllByText('0.00 ETH')).length).toBeGreaterThan(0)
  })
})

describe('Account: network and disconnect', () => {
  it('shows the active network as a button that opens Networks', async () => {
    const { ui, latch } = await openAccount()
    const button = ui.getByRole('button', {
      name: `Latch Devnet A ${m['view.Account.changeNetwork']}`,
    })
    fireEvent.click(button)
    expect(latch.modal.getSnapshot().context.history.at(-1)).toEqual({ view: 'Networks' })
  })

  it('names a network the app does not know honestly', async () => {
    const kit = createAccountLatch({ options: { allowUnsupportedChain: true } })
    await connectWallet(kit.latch, kit.wallets[0]!)
    act(() => kit.emit({ type: 'chainChanged', connectorId: 'a', chainReference: '999' }))
    const { ui } = renderViewAlone(kit.latch, <Account route={{ view: 'Account' }} />)
    expect(
      ui.getByRole('button', {
        name: `${m['view.Account.unknownNetwork']} ${m['view.Account.changeNetwork']}`,
      }),
    ).toBeTruthy()
  })

  it('disconnects, and core shows Connect', async () => {
    const { ui, latch, calls } = await openAccount()
    fireEvent.click(ui.getByRole('button', { name: m['view.Account.disconnect'] }))
    await waitFor(() => expect(latch.getAccount().isConnected).toBe(false))
    expect(calls).toContain('disconnect:a')
    await waitFor(() =>
      expect(latch.modal.getSnapshot().context.history.at(-1)).toEqual({ view: 'Connect' }),
    )
  })
})

describe('Account: tabs', () => {
  const tabNames = [
    m['view.Account.tab.tokens'],
    m['view.Account.tab.nfts'],
    m['view.Account.tab.activity'],
  ]

  it('is a WAI-ARIA tab list: Tokens selected, one tab in the Tab order, panels labelled', async () => {
    const { ui } = await openAccount()
    const tablist = ui.getByRole('tablist', { name: m['view.Account.tabs'] })
    const tabs = within(tablist).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(tabNames)
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false'])
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1])
    const panel = ui.getByRole('tabpanel', { name: tabNames[0] })
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id)
  })

  it('moves with the arrow keys (wrapping) and jumps with Home and End, focus following', async () => {
    const { ui } = await openAccount()
    const tabs = ui.getAllByRole('tab')
    const state = () => [
      tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
      tabs.indexOf(focusedInModal() as HTMLElement),
    ]
    act(() => tabs[0]!.focus())
    const press = (key: string) => fireEvent.keyDown(focusedInModal()!, { key })
    press('ArrowRight')
    expect(state()).toEqual([1, 1])
    press('ArrowRight')
    press('ArrowRight')
    expect(state()).toEqual([0, 0])
    press('ArrowLeft')
    expect(state()).toEqual([2, 2])
    press('Home')
    expect(state()).toEqual([0, 0])
    press('End')
    expect(state()).toEqual([2, 2])
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0])
    // Other keys are left alone (Tab must still leave the tab list).
    press('ArrowDown')
    expect(state()).toEqual([2, 2])
  })

  it('selects a tab on click and shows only its panel', async () => {
    const { ui } = await openAccount()
    fireEvent.click(ui.getByRole('tab', { name: tabNames[1] }))
    expect(ui.getByRole('tabpanel', { name: tabNames[1] })).toBeTruthy()
    expect(ui.queryByRole('tabpanel', { name: tabNames[0] })).toBeNull()
  })

  it('Tokens: the native token row, loading while core reads', async () => {
    const { ui } = await openAccount({ wallets: [scriptedWallet('a', { balance: 'hold' })] })
    const panel = ui.getByRole('tabpanel', { name: tabNames[0] })
    expect(within(panel).getByText('Ether')).toBeTruthy()
    expect(within(panel).getByRole('status').textContent).toBe(m['view.Account.balanceLoading'])
  })

  it('Tokens: the native token row with its balance', async () => {
    const { ui } = await openAccount()
    const panel = ui.getByRole('tabpanel', { name: tabNames[0] })
    expect(await within(panel).findByText('1.5 ETH')).toBeTruthy()
    expect(within(panel).getByText('Ether')).toBeTruthy()
  })

  it("Tokens: core's 0.00 fallback after a failed read", async () => {
    const { ui } = await openAccount({ wallets: [scriptedWallet('a', { balance: 'fail' })] })
    const panel = ui.getByRole('tabpanel', { name: tabNames[0] })
    expect(await within(panel).findByText('0.00 ETH')).toBeTruthy()
  })

  it.each([
    [1, 'view.Account.nfts.empty'],
    [2, 'view.Account.activity.empty'],
  ] as const)(
    'tab %i shows an honest empty state without a server, and passes axe',
    async (index, key) => {
      const { ui } = await openAccount()
      fireEvent.click(ui.getByRole('tab', { name: tabNames[index] }))
      const panel = ui.getByRole('tabpanel', { name: tabNames[index] })
      await waitFor(() => expect(panel.textContent).toBe(m[key]))
      expect(await axeViolations()).toEqual([])
    },
  )
})

describe('Account: several connections', () => {
  it('lists the other connections, each with a Switch button that makes it current', async () => {
    const kit = await openAccount({ wallets: [scriptedWallet('a'), scriptedWallet('b')] })
    await connectWallet(kit.latch, kit.wallets[1]!)
    // b connected last, so it is current; a is the other one.
    const other = kit.wallets[0]!
    const section = await kit.ui.findByRole('region', { name: m['view.Account.otherConnections'] })
    const button = within(section).getByRole('button', {
      name: `Switch to ${other.connector.name} (${other.address})`,
    })
    expect(within(section).queryByText(kit.wallets[1]!.connector.name)).toBeNull()
    expect(await axeViolations()).toEqual([])
    fireEvent.click(button)
    await waitFor(() => expect(kit.latch.getAccount().address).toBe(other.address))
  })

  it('shows no list when there is only one connection', async () => {
    const { ui } = await openAccount()
    expect(ui.queryByRole('region', { name: m['view.Account.otherConnections'] })).toBeNull()
  })
})

describe("Account: wallet icons go through core's image rule", () => {
  const HOSTILE_ICONS = [
    ['javascript:', 'javascript:alert(1)'],
    ['http:', 'http://evil.example/icon.png'],
  ]
  const withIcon = (id: string, imageUrl: string) => {
    const wallet = scriptedWallet(id)
    wallet.connector = { ...wallet.connector, imageUrl }
    return wallet
  }
  const sourcesIn = (element: Element) =>
    [...element.querySelectorAll('img')].map((img) => img.getAttribute('src'))

  it.each(HOSTILE_ICONS)('never renders a %s icon of the current wallet', async (_, imageUrl) => {
    const { latch } = await openAccount({ wallets: [withIcon('a', imageUrl)] })
    // Core hands the view the wallet's icon as the wallet gave it: the view is what filters.
    expect(latch.connection.getSnapshot().context.connections[0]?.connector?.imageUrl).toBe(
      imageUrl,
    )
    const sources = sourcesIn(modalRoot())
    expect(sources).not.toContain(imageUrl)
    expect(sources).toContain(generateWalletIcon('Wallet a', 'a'))
  })

  it.each(HOSTILE_ICONS)('never renders a %s icon of another connection', async (_, imageUrl) => {
    const kit = await openAccount({ wallets: [withIcon('a', imageUrl), scriptedWallet('b')] })
    await connectWallet(kit.latch, kit.wallets[1]!)
    // b connected last, so it is current; a, with the hostile icon, is the other one.
    const section = await kit.ui.findByRole('region', { name: m['view.Account.otherConnections'] })
    expect(sourcesIn(section)).toEqual([generateWalletIcon('Wallet a', 'a')])
    expect(sourcesIn(modalRoot())).not.toContain(imageUrl)
  })
})
