import { selectRoute, type Latch } from '@latch/core'
import { act, fireEvent, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import {
  axeViolations,
  focusedInModal,
  modal,
  renderLatch,
  typeInModal,
} from '../../test/render-latch.js'
import { frameRefusal, scriptedFrame } from '@latch/core/testing'

const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())
const connectorOf = (latch: Latch) => latch.connection.getSnapshot().context.connections[0]

/** Connect open, with email on (a server and a project id) and a scripted secure frame. */
async function renderEmail(handlers: Parameters<typeof scriptedFrame>[0]) {
  const frame = scriptedFrame(handlers)
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
  return { ...kit, frame }
}

async function submitEmail(email: string) {
  const field = await modal().findByLabelText(m['view.ConnectingEmail.label'])
  await typeInModal(field, email)
  fireEvent.click(modal().getByRole('button', { name: m['view.ConnectingEmail.submit'] }))
}

describe('the email field on Connect (SPEC §2 method order)', () => {
  const orderOf = () => modal().getByRole('dialog').querySelector('[data-method-order]')

  it('comes first with no browser wallet visible, and after the wallets once one is', async () => {
    const kit = await renderLatch({
      options: { serverUrl: 'http://127.0.0.1:4000' },
      env: { fetchProjectConfig: () => Promise.reject(new Error('offline')) },
      open: true,
    })
    // Social login (issue 12) is on by default too, after email.
    await waitFor(() =>
      expect(orderOf()?.getAttribute('data-method-order')).toBe('email social wallet'),
    )
    kit.fake.announce({ id: 'io.a' })
    await waitFor(() =>
      expect(orderOf()?.getAttribute('data-method-order')).toBe('wallet email social'),
    )
    expect(modal().getByLabelText(m['view.ConnectingEmail.label'])).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })
})

describe('email login views (SPEC §4)', () => {
  it('logs in: email on Connect, the code pasted whole, then the AUTH connector connects', async () => {
    const { latch, frame } = await renderEmail({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => undefined,
    })
    expect(frame.requests).toEqual([])
    await submitEmail('ada@example.com')
    await waitFor(() =>
      expect(routeOf(latch)).toEqual({
        view: 'EmailVerifyOtp',
        data: { email: 'ada@example.com' },
      }),
    )
    expect(await modal().findByText('We sent a code to ada@example.com.')).toBeTruthy()
    expect(
      modal()
        .getByRole('button', { name: /Resend code in \d+ s/ })
        .hasAttribute('disabled'),
    ).toBe(true)
    expect(await axeViolations()).toEqual([])

    // Focus is on the code field (issue 37), so the visitor can paste at once.
    const code = modal().getByLabelText(m['view.EmailCode.label'])
    await waitFor(() => expect(focusedInModal()).toBe(code))
    fireEvent.paste(code, { clipboardData: { getData: () => '123 456' } })
    await waitFor(() => expect(connectorOf(latch)?.connectorId).toBe('auth'))
    expect(frame.requests).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP'])
  })

  it("shows the frame's message for a wrong code, and stays on the code view", async () => {
    const { latch } = await renderEmail({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => {
        throw frameRefusal('Invalid code')
      },
    })
    await submitEmail('ada@example.com')
    const code = await modal().findByLabelText(m['view.EmailCode.label'])
    await typeInModal(code, '000000')
    expect(await modal().findByRole('alert')).toHaveProperty('textContent', 'Invalid code')
    expect(routeOf(latch).view).toBe('EmailVerifyOtp')
  })

  it("throttles a second login within 30 s: 'Please try again after N seconds'", async () => {
    await renderEmail({
      CONNECT_EMAIL: () => {
        throw frameRefusal('Mail is down')
      },
    })
    await submitEmail('ada@example.com')
    expect(await modal().findByRole('alert')).toHaveProperty('textContent', 'Mail is down')
    fireEvent.click(modal().getByRole('button', { name: m['view.ConnectingEmail.submit'] }))
    await waitFor(() =>
      expect(modal().getByRole('alert').textContent).toMatch(
        /^Please try again after (29|30) seconds$/,
      ),
    )
  })

  it('asks to approve a new device first (EmailVerifyDevice)', async () => {
    const { latch } = await renderEmail({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => new Promise(() => undefined),
    })
    await submitEmail('ada@example.com')
    await waitFor(() => expect(routeOf(latch).view).toBe('EmailVerifyDevice'))
    expect(await modal().findByText(m['view.EmailVerifyDevice.heading'])).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('shows ApproveTransaction while the frame asks for approval, then goes back', async () => {
    const { latch, frame } = await renderEmail({ CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }) })
    await submitEmail('ada@example.com')
    await waitFor(() => expect(routeOf(latch).view).toBe('EmailVerifyOtp'))
    act(() =>
      frame.notify({
        kind: 'notice',
        type: 'FRAME_APPROVAL_REQUESTED',
        payload: { id: crypto.randomUUID(), method: 'personal_sign' },
      }),
    )
    await waitFor(() => expect(routeOf(latch).view).toBe('ApproveTransaction'))
    expect(frame.visible()).toBe(true)
    expect(await modal().findByText('Request: personal_sign')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    const id = latch.approvals?.getSnapshot().context.approval?.id ?? ''
    act(() =>
      frame.notify({
        kind: 'notice',
        type: 'FRAME_APPROVAL_SETTLED',
        payload: { id, approved: true },
      }),
    )
    await waitFor(() => expect(routeOf(latch).view).toBe('EmailVerifyOtp'))
    expect(frame.visible()).toBe(false)
  })
})
