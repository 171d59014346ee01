import { route, type Latch } from '@latch/core'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { modulesPath } from '../../components/pairing/QrCode.js'
import { enMessages as m } from '../../i18n/en.js'
import {
  createFakeWalletConnect,
  pairingUri,
  type PairingAnswer,
} from '../../test/fake-walletconnect.js'
import { renderLatch, testDirectory, type RenderLatchOptions } from '../../test/render-latch.js'

/** A directory whose first wallet has both kinds of deep link. */
const directory = testDirectory(6, {
  0: { name: 'Zero Wallet', mobileLink: 'https://zero.app.link', desktopLink: 'zero://' },
  1: { name: 'Bad Links', mobileLink: 'javascript://%0aalert(1)', desktopLink: 'data://x' },
  // Schemes the browser or the system handles: a hostile directory's way out of the page.
  2: {
    name: 'System Links',
    mobileLink: 'intent://wc#Intent;scheme=zero;package=com.evil;end',
    desktopLink: 'ms-msdt://id',
  },
})

/** The QR view opened directly (as a row does), its proposals answered as `answer` says. */
async function openPairing(
  answer: PairingAnswer,
  walletId?: string,
  input: RenderLatchOptions = {},
) {
  const wc = createFakeWalletConnect(answer)
  const t = await renderLatch({
    directory,
    options: { walletConnect: { load: wc.loader } },
    open: { route: route('ConnectingWalletConnect', walletId ? { walletId } : {}) },
    ...input,
  })
  return { ...t, wc }
}

/** The QR code drawn (`busy: false`), or with `busy` the placeholder that has the same name. */
const qr = (
  t: Awaited<ReturnType<typeof openPairing>>,
  name: string = m['pairing.qr'],
  busy = false,
) => t.modal().findByRole('img', { name, busy })

/**
 * jsdom has no clipboard: give the page one (or none) for this test. After rendering, since
 * user-event's setup puts its own clipboard stub in place.
 */
function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  })
}

const toastOf = (latch: Latch) => latch.toast.getSnapshot().context.toast

afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('ConnectingWalletConnect: the QR code', () => {
  it('draws the pairing URI as an SVG image with a spoken name, and passes axe', async () => {
    const t = await openPairing('uri')
    const image = await qr(t)
    expect(image.tagName.toLowerCase()).toBe('svg')
    // The modules drawn are exactly the QR encoding of core's URI: what a wallet scans.
    const expected = encode(pairingUri(1), { ecc: 'M', border: 4 })
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`)
    expect(image.querySelector('path')?.getAttribute('d')).toBe(modulesPath(expected.data))
    expect(t.modal().getByText(m['pairing.ready']).closest('[aria-live="polite"]')).not.toBeNull()
    expect(t.modal().getByRole('heading', { name: m['view.ConnectingWalletConnect.scan'] }))
    expect(await t.axe()).toEqual([])
  })

  it('while the link is being prepared: a busy placeholder with the same name, and a spoken status', async () => {
    const t = await openPairing('hold')
    const placeholder = await qr(t, m['pairing.qr'], true)
    expect(placeholder.getAttribute('aria-busy')).toBe('true')
    expect(placeholder.querySelector('path')).toBeNull()
    const status = t.modal().getByText(m['pairing.preparing'])
    expect(status.closest('[role="status"]')).not.toBeNull()
    expect(t.modal().getByRole('button', { name: m['pairing.copy'] })).toHaveProperty(
      'disabled',
      true,
    )
    expect(await t.axe()).toEqual([])
  })

  it('leaving the view abandons the proposal (core stops the pairing)', async () => {
    const t = await openPairing('uri')
    await qr(t)
    expect(t.wc.proposals).toBe(1)
    act(() => t.latch.close())
    await waitFor(() => expect(t.wc.aborted).toBe(1))
  })
})

describe('ConnectingWalletConnect: Copy link', () => {
  it('copies the URI and confirms with a success toast', async () => {
    const t = await openPairing('uri')
    const writeText = vi.fn().mockResolvedValue(undefined)
    stubClipboard(writeText)
    await qr(t)
    fireEvent.click(t.modal().getByRole('button', { name: m['pairing.copy'] }))
    await waitFor(() => expect(toastOf(t.latch)).toBeDefined())
    expect(writeText).toHaveBeenCalledWith(pairingUri(1))
    expect(toastOf(t.latch)).toEqual({ message: m['pairing.copied'], variant: 'success' })
  })

  it('says so with an error toast when the clipboard refuses, or is missing', async () => {
    const t = await openPairing('uri')
    stubClipboard(vi.fn().mockRejectedValue(new Error('denied')))
    await qr(t)
    fireEvent.click(t.modal().getByRole('button', { name: m['pairing.copy'] }))
    await waitFor(() =>
      expect(toastOf(t.latch)).toEqual({ message: m['pairing.copyFailed'], variant: 'error' }),
    )
    stubClipboard(undefined)
    act(() => t.latch.toast.send({ type: 'HIDE' }))
    fireEvent.click(t.modal().getByRole('button', { name: m['pairing.copy'] }))
    await waitFor(() => expect(toastOf(t.latch)?.message).toBe(m['pairing.copyFailed']))
  })
})

describe('ConnectingWalletConnect: a chosen directory wallet', () => {
  it('shows its name and icon, and links that open its apps on the encoded URI', async () => {
    const t = await openPairing('uri', 'w0000')
    await qr(t, 'QR code to connect Zero Wallet')
    expect(t.modal().getByRole('heading', { name: 'Scan with Zero Wallet' })).toBeTruthy()
    const icon = t.modalRoot().querySelector('.latch-view img')!
    expect(icon.getAttribute('alt')).toBe('')
    expect(icon.getAttribute('src')).toBe(directory[0]!.imageUrl)
    const encoded = encodeURIComponent(pairingUri(1))
    const mobile = t.modal().getByRole('link', { name: /^Open Zero Wallet app/ })
    expect(mobile.getAttribute('href')).toBe(`https://zero.app.link/wc?uri=${encoded}`)
    expect(mobile.getAttribute('target')).toBe('_blank')
    expect(mobile.getAttribute('rel')).toBe('noopener noreferrer')
    const desktop = t.modal().getByRole('link', { name: 'Open Zero Wallet desktop app' })
    expect(desktop.getAttribute('href')).toBe(`zero://wc?uri=${encoded}`)
    expect(desktop.getAttribute('target')).toBeNull()
    expect(await t.axe()).toEqual([])
  })

  it.each([
    ['w0001', 'Bad Links'],
    ['w0002', 'System Links'],
  ])('never renders a link that is not a safe wallet link (%s)', async (walletId, name) => {
    const t = await openPairing('uri', walletId)
    await qr(t, `QR code to connect ${name}`)
    expect(t.modal().queryAllByRole('link')).toEqual([])
  })

  it('renders no links before there is a URI to carry', async () => {
    const t = await openPairing('hold', 'w0000')
    await qr(t, 'QR code to connect Zero Wallet', true)
    expect(t.modal().queryAllByRole('link')).toEqual([])
  })

  it('finds the wallet in a remote directory too (one request for its id)', async () => {
    const requests: URL[] = []
    const fetch = async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      requests.push(url)
      return Response.json({ data: [directory[0]], count: 1 })
    }
    const wc = createFakeWalletConnect('uri')
    const t = await renderLatch({
      options: { walletConnect: { load: wc.loader } },
      env: { directory: { baseUrl: 'https://dir.test', fetch } },
      open: { route: route('ConnectingWalletConnect', { walletId: 'w0000' }) },
    })
    expect(
      await t.modal().findByRole('link', { name: 'Open Zero Wallet desktop app' }),
    ).toBeTruthy()
    expect(requests.map((url) => url.searchParams.get('include'))).toContain('w0000')
  })
})

describe('ConnectingWalletConnect: declined and failed', () => {
  it('a rejection has its own copy, and Try again is sent to core (RETRY), which proposes again for a new QR code', async () => {
    const t = await openPairing('reject')
    const status = await t.modal().findByText(m['pairing.declinedHint'])
    const region = status.closest('[role="status"]')!
    expect(
      within(region as HTMLElement).getByRole('heading', { name: m['pairing.declined'] }),
    ).toBeTruthy()
    expect(t.modal().queryByRole('img', { name: m['pairing.qr'] })).toBeNull()
    expect(await t.axe()).toEqual([])

    const send = vi.spyOn(t.latch.actor, 'send')
    t.wc.setAnswer('uri')
    await t.user.click(t.modal().getByRole('button', { name: m['pairing.retry'] }))
    expect(send).toHaveBeenCalledWith({ type: 'RETRY' })
    expect(await qr(t)).toBeTruthy()
    expect(t.wc.proposals).toBe(2)
    // The same live region says what changed: it was never replaced, so it is announced.
    expect(region.isConnected).toBe(true)
    expect(region.textContent).toBe(m['pairing.ready'])
  })

  it('another failure shows "Connection failed" with its catalogue text, and Try again', async () => {
    const t = await openPairing('fail')
    const heading = await t.modal().findByRole('heading', { name: m['pairing.failed'] })
    expect(heading.closest('[role="status"]')?.textContent).toContain(m['error.UNKNOWN_ERROR'])
    expect(t.modal().getByRole('button', { name: m['pairing.retry'] })).toBeTruthy()
    expect(t.modal().queryByRole('button', { name: m['pairing.copy'] })).toBeNull()
    expect(await t.axe()).toEqual([])
  })

  it('without WalletConnect on the instance, the SPEC error is shown', async () => {
    const t = await renderLatch({
      open: { route: route('ConnectingWalletConnect', {}) },
    })
    expect(await t.modal().findByText(m['error.WALLET_CONNECT_CONNECTOR_NOT_FOUND'])).toBeTruthy()
  })
})

describe('choosing a row that pairs', () => {
  it('Connect: the WalletConnect row opens the generic QR view', async () => {
    const wc = createFakeWalletConnect('uri')
    const t = await renderLatch({
      directory,
      options: { walletConnect: { load: wc.loader } },
      open: true,
    })
    const row = t.modal().getByRole('button', { name: 'WalletConnect' })
    expect(row.hasAttribute('aria-expanded')).toBe(false)
    await t.user.click(row)
    expect(t.view()).toBe('ConnectingWalletConnect')
    expect(await t.modal().findByRole('img', { name: m['pairing.qr'] })).toBeTruthy()
    expect(t.latch.walletConnect.getSnapshot().context.walletId).toBeUndefined()
  })

  it('Connect: a recommended wallet that is not installed pairs, with its deep links', async () => {
    const wc = createFakeWalletConnect('uri')
    const t = await renderLatch({
      directory,
      options: { walletConnect: { load: wc.loader } },
      open: true,
    })
    await t.user.click(t.modal().getByRole('button', { name: 'Zero Wallet' }))
    expect(t.view()).toBe('ConnectingWalletConnect')
    expect(
      await t.modal().findByRole('link', { name: 'Open Zero Wallet desktop app' }),
    ).toBeTruthy()
    expect(t.latch.walletConnect.getSnapshot().context.walletId).toBe('w0000')
  })

  it('AllWallets: a wallet that is not installed pairs too', async () => {
    // jsdom has no layout: give the virtualized list a height, so its rows render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
    const wc = createFakeWalletConnect('uri')
    const t = await renderLatch({
      directory,
      options: { walletConnect: { load: wc.loader } },
      open: { route: route('AllWallets') },
    })
    const list = await t.modal().findByRole('list', { name: m['view.AllWallets.list'] })
    await t.user.click(await within(list).findByRole('button', { name: 'Zero Wallet' }))
    expect(t.view()).toBe('ConnectingWalletConnect')
    expect(t.latch.walletConnect.getSnapshot().context.walletId).toBe('w0000')
  })
})
