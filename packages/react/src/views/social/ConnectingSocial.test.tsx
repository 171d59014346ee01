import {
  selectRoute,
  SOCIAL_POPUP_CLOSED_GRACE_MS,
  SOCIAL_POPUP_POLL_MS,
  type Latch,
  type LatchOptions,
  type MiniAppPage,
} from '@latch/core'
import type { FrameUser } from '@latch/frame'
import { act, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import {
  axeViolations,
  buttonNames,
  modal,
  modalRoot,
  renderLatch,
  tabbablesInModal as tabbable,
} from '../../test/render-latch.js'
import {
  deferred,
  fakeOpener,
  frameRefusal,
  scriptedFrame,
  TEST_SOCIAL_BINDING,
  type Deferred,
} from '@latch/core/testing'

const SERVER = 'http://127.0.0.1:4000'
const PROVIDER_URL = 'https://github.example/login/oauth/authorize'
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())
const isOpen = (latch: Latch) => latch.modal.getSnapshot().matches({ visibility: 'open' })

/**
 * Connect open with a Latch server (so social login shows), popups in memory and a scripted
 * secure frame whose CONNECT_SOCIAL waits for the test.
 */
async function renderSocial(
  options: Partial<LatchOptions> = {},
  env: { miniAppPage?: MiniAppPage } = {},
) {
  const popups = fakeOpener()
  const answers: Array<Deferred<FrameUser>> = []
  const frame = scriptedFrame({
    GET_SOCIAL_REDIRECT_URI: () => ({ uri: PROVIDER_URL, binding: TEST_SOCIAL_BINDING }),
    CONNECT_SOCIAL: () => {
      const answer = deferred<FrameUser>()
      answers.push(answer)
      return answer.promise
    },
  })
  const kit = await renderLatch({
    // The AUTH connection is answered by the fake adapter, as the EVM adapter answers it
    // through the frame's provider in a browser.
    wallets: [{ id: 'auth', name: 'Email', type: 'AUTH' }],
    options: { serverUrl: SERVER, ...options },
    env: {
      authFrame: frame.authFrame,
      socialPopup: popups.open,
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      ...env,
    },
    open: true,
  })
  return { ...kit, frame, popups, answers }
}

const button = (name: string) => modal().getByRole('button', { name })

describe('the social buttons on Connect (issue 12, SPEC §2 and §9)', () => {
  it('lists the providers in SPEC §9 order after the email field, each named', async () => {
    await renderSocial()
    const group = await modal().findByRole('group', { name: m['view.ConnectingSocial.group'] })
    // The first full width with its text, the others as icons named by the same words.
    expect(buttonNames(group)).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ])
    expect(group.querySelector('button:not([title])')?.textContent).toContain(
      'Continue with Google',
    )
    expect(group.querySelectorAll('button[title]')).toHaveLength(6)
    const order = modalRoot()
      .querySelector('[data-method-order]')
      ?.getAttribute('data-method-order')
    expect(order).toBe('email social wallet')
    expect(await axeViolations()).toEqual([])
  })

  it("follows the host's features.socials order, and shows none without a Latch server", async () => {
    const chosen = await renderSocial({ features: { socials: ['github', 'google'] } })
    const group = await modal().findByRole('group', { name: m['view.ConnectingSocial.group'] })
    expect(buttonNames(group)).toEqual(['Continue with GitHub', 'Continue with Google'])
    chosen.rendered.unmount()
    chosen.latch.destroy()

    await renderLatch({ open: true })
    expect(modal().queryByRole('group', { name: m['view.ConnectingSocial.group'] })).toBeNull()
  })
})

describe('ConnectingSocial (issue 12)', () => {
  afterEach(() => vi.useRealTimers())

  it('opens the popup in the click itself, waits in the view, and connects', async () => {
    const { latch, popups, answers } = await renderSocial()
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with GitHub' }))
    // In the click handler, before anything was awaited: popup blockers let it through.
    expect(popups.popups.map((popup) => popup.urls[0])).toEqual([
      `${SERVER}/secure-frame/social-popup`,
    ])
    await waitFor(() =>
      expect(routeOf(latch)).toEqual({ view: 'ConnectingSocial', data: { provider: 'github' } }),
    )
    expect(await modal().findByText('Continue in the GitHub window')).toBeTruthy()
    await waitFor(() => expect(popups.popups[0]!.urls.at(-1)).toBe(PROVIDER_URL))
    expect(modal().getByRole('status').textContent).toContain('Waiting for GitHub…')
    expect(await axeViolations()).toEqual([])

    await act(async () =>
      answers[0]!.resolve({ address: `0x${'a1'.repeat(20)}`, chainId: 1, userName: 'ada' }),
    )
    await waitFor(() =>
      expect(latch.connection.getSnapshot().context.connections[0]?.connectorId).toBe('auth'),
    )
    await waitFor(() => expect(isOpen(latch)).toBe(false))
    expect(popups.popups[0]!.closedBy).toBe('core')
  })

  it('in a mini app (issue 29): no popup, the view says the page goes to the provider, and it goes', async () => {
    const left: string[] = []
    const page: MiniAppPage = {
      isMiniApp: () => true,
      href: () => 'http://127.0.0.1:5173/',
      leave: (url) => void left.push(url),
      replaceUrl: () => undefined,
    }
    const { popups } = await renderSocial({}, { miniAppPage: page })
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with GitHub' }))
    expect(await modal().findByText('Going to GitHub')).toBeTruthy()
    expect(modal().getByText('Log in to GitHub, and you will come back here.')).toBeTruthy()
    expect(modal().getByRole('status').textContent).toContain('Opening GitHub…')
    await waitFor(() => expect(left).toEqual([PROVIDER_URL]))
    expect(popups.popups).toEqual([])
    expect(await axeViolations()).toEqual([])
  })

  it('a blocked popup: says so, and Try again (keyboard) opens one from a fresh click', async () => {
    const { latch, popups, user, tab, focused } = await renderSocial()
    popups.block()
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with Google' }))
    expect(await modal().findByText(m['view.ConnectingSocial.blocked'])).toBeTruthy()
    expect(modal().getByRole('alert').textContent).toBe(m['error.SOCIAL_POPUP_BLOCKED'])
    expect(await axeViolations()).toEqual([])

    // Tab reaches Try again; Enter presses it, a click for the browser and its popup blocker.
    const retry = button(m['view.ConnectingSocial.retry'])
    for (let i = 0; i < tabbable().length && focused() !== retry; i++) await tab()
    expect(focused()).toBe(retry)
    await user.keyboard('{Enter}')
    expect(popups.popups).toHaveLength(1)
    await waitFor(() =>
      expect(modal().getByRole('status').textContent).toContain('Waiting for Google…'),
    )
    expect(routeOf(latch).view).toBe('ConnectingSocial')
  })

  it('a popup the visitor closed: back to Connect, SPEC §8 text in a toast', async () => {
    // Time runs, and the test moves it past the wait for a late result (no real 5 s wait).
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { latch, popups } = await renderSocial()
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with Discord' }))
    await waitFor(() => expect(popups.popups[0]!.urls.at(-1)).toBe(PROVIDER_URL))
    act(() => popups.popups[0]!.closeByVisitor())
    await act(() =>
      vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + SOCIAL_POPUP_CLOSED_GRACE_MS),
    )
    await waitFor(() => expect(routeOf(latch).view).toBe('Connect'))
    expect(modalRoot().querySelector('.latch-toast')?.textContent).toBe(
      m['error.SOMETHING_WENT_WRONG'],
    )
  })

  it("a refusal at the provider: the frame's text in a toast, back to Connect", async () => {
    const { latch, answers } = await renderSocial()
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with Apple' }))
    await waitFor(() => expect(answers).toHaveLength(1))
    await act(async () => answers[0]!.reject(frameRefusal('Access denied at the provider')))
    await waitFor(() => expect(routeOf(latch).view).toBe('Connect'))
    expect(modalRoot().querySelector('.latch-toast')?.textContent).toBe(
      'Access denied at the provider',
    )
  })

  it('Cancel stops the login and closes the popup', async () => {
    const { latch, popups } = await renderSocial()
    fireEvent.click(await modal().findByRole('button', { name: 'Continue with Facebook' }))
    await waitFor(() => expect(popups.popups[0]!.urls.at(-1)).toBe(PROVIDER_URL))
    fireEvent.click(button(m['view.ConnectingSocial.cancel']))
    await waitFor(() => expect(routeOf(latch).view).toBe('Connect'))
    expect(popups.popups[0]!.closedBy).toBe('core')
  })
})
