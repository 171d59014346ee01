import { selectFarcasterLogin, selectRoute, type Latch } from '@latch/core'
import type { FrameUser } from '@latch/frame'
import { act, fireEvent, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { axeViolations, modal, renderLatch } from '../../test/render-latch.js'
import { deferred, frameRefusal, scriptedFrame, type Deferred } from '@latch/core/testing'

const linkOf = (n: number) => `https://farcaster.example/~/siwf?channelToken=${n}`
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())
const isOpen = (latch: Latch) => latch.modal.getSnapshot().matches({ visibility: 'open' })

/**
 * Connect open with a Latch server (so the social buttons show) and a scripted secure frame that
 * hands out a new sign-in link per GET_FARCASTER_URI (or `urls`' next one) and whose
 * CONNECT_FARCASTER waits for the test (the Farcaster app).
 */
async function renderFarcaster(urls: readonly string[] = []) {
  const answers: Array<Deferred<FrameUser>> = []
  let links = 0
  const frame = scriptedFrame({
    GET_FARCASTER_URI: () => ({ url: urls[links++] ?? linkOf(links) }),
    CONNECT_FARCASTER: () => {
      const answer = deferred<FrameUser>()
      answers.push(answer)
      return answer.promise
    },
  })
  const kit = await renderLatch({
    // The AUTH connection is answered by the fake adapter, as the EVM adapter answers it
    // through the frame's provider in a browser.
    wallets: [{ id: 'auth', name: 'Email', type: 'AUTH' }],
    options: { serverUrl: 'http://127.0.0.1:4000' },
    env: {
      authFrame: frame.authFrame,
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
    },
    open: true,
  })
  return { ...kit, frame, answers }
}

const button = (name: string) => modal().getByRole('button', { name })

/** Presses "Continue with Farcaster" and waits for the QR code of the first link. */
async function toQrCode(latch: Latch) {
  fireEvent.click(await modal().findByRole('button', { name: 'Continue with Farcaster' }))
  await waitFor(() => expect(routeOf(latch).view).toBe('ConnectingFarcaster'))
  await waitFor(() =>
    expect(modal().getByRole('status').textContent).toBe(m['view.ConnectingFarcaster.waiting']),
  )
}

describe('ConnectingFarcaster (issue 12)', () => {
  it('shows the QR code of the sign-in link, Copy and Open, and connects once approved', async () => {
    const { latch, answers } = await renderFarcaster()
    await toQrCode(latch)
    const qr = modal().getByRole('img', { name: m['view.ConnectingFarcaster.qr'] })
    expect(qr.tagName.toLowerCase()).toBe('svg')
    expect(qr.getAttribute('aria-busy')).toBeNull()
    expect(button(m['pairing.copy'])).toBeTruthy()
    const open = modal().getByRole('link', { name: new RegExp(m['view.ConnectingFarcaster.open']) })
    expect(open.getAttribute('href')).toBe(linkOf(1))
    expect(open.getAttribute('target')).toBe('_blank')
    expect(await axeViolations()).toEqual([])

    await act(async () =>
      answers[0]!.resolve({ address: `0x${'fc'.repeat(20)}`, chainId: 1, userName: 'alice' }),
    )
    await waitFor(() =>
      expect(latch.connection.getSnapshot().context.connections[0]?.connectorId).toBe('auth'),
    )
    await waitFor(() => expect(isOpen(latch)).toBe(false))
  })

  it('an expired channel: SPEC §8 "Session Expired", and Try again shows a new QR code', async () => {
    const { latch, answers, frame } = await renderFarcaster()
    await toQrCode(latch)
    await act(async () => answers[0]!.reject(frameRefusal('Session Expired')))
    expect(await modal().findByText(m['view.ConnectingFarcaster.failed'])).toBeTruthy()
    expect(modal().getByRole('alert').textContent).toBe(m['error.SESSION_EXPIRED'])
    expect(modal().queryByRole('img', { name: m['view.ConnectingFarcaster.qr'] })).toBeNull()
    expect(await axeViolations()).toEqual([])

    fireEvent.click(button(m['view.ConnectingFarcaster.retry']))
    await waitFor(() =>
      expect(
        modal()
          .getByRole('link', { name: /Open in Farcaster/ })
          .getAttribute('href'),
      ).toBe(linkOf(2)),
    )
    expect(frame.requests.filter((request) => request === 'GET_FARCASTER_URI')).toHaveLength(2)
  })

  it('offers no Open link for a link core does not vet; the QR code and Copy remain', async () => {
    const { latch } = await renderFarcaster(['http://farcaster.example/~/siwf?channelToken=1'])
    await toQrCode(latch)
    expect(modal().getByRole('img', { name: m['view.ConnectingFarcaster.qr'] })).toBeTruthy()
    expect(button(m['pairing.copy'])).toBeTruthy()
    expect(modal().queryByRole('link')).toBeNull()
  })

  it('Cancel stops the sign-in and goes back to Connect', async () => {
    const { latch } = await renderFarcaster()
    await toQrCode(latch)
    fireEvent.click(button(m['view.ConnectingFarcaster.cancel']))
    await waitFor(() => expect(routeOf(latch).view).toBe('Connect'))
    // The sign-in stopped with its view: none runs.
    expect(selectFarcasterLogin(latch.farcasterLogin?.getSnapshot()).step).toBe('idle')
  })
})
