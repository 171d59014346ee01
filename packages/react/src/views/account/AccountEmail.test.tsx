import { selectRoute, type Latch } from '@latch/core'
import { frameRefusal, scriptedFrame } from '@latch/core/testing'
import { fireEvent, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { submitEmail } from '../../stories/email-scene.js'
import { axeViolations, modal, renderLatch, typeInModal } from '../../test/render-latch.js'

/*
 * The Account view of an email login (issue 17): its address and "Edit email", which leads
 * through SPEC §4's email update (UpdateEmailWallet, then the two codes) back to Account with
 * the new address. Against a scripted secure frame; the AUTH connection is answered by the fake
 * adapter, as the EVM adapter answers it through the frame's provider in a browser.
 */

const WRONG_CODE = '000000'
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())

/** Logged in by email as `email`, the modal open on Account. */
async function accountOfEmailLogin(email: string) {
  let newEmail = ''
  const frame = scriptedFrame({
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    CONNECT_OTP: () => undefined,
    UPDATE_EMAIL: (payload) => {
      newEmail = String(Object(payload).email)
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    UPDATE_EMAIL_PRIMARY_OTP: (payload) => {
      if (Object(payload).otp === WRONG_CODE) throw frameRefusal('Invalid code: 4 attempts left')
    },
    UPDATE_EMAIL_SECONDARY_OTP: () => ({ newEmail }),
  })
  const kit = await renderLatch({
    wallets: [{ id: 'auth', name: 'Email', type: 'AUTH' }],
    options: { serverUrl: 'http://127.0.0.1:4000' },
    env: {
      authFrame: frame.authFrame,
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
    },
  })
  const { latch } = kit
  await submitEmail(kit, email)
  await waitFor(() => expect(latch.emailLogin?.getSnapshot().value).toBe('enteringCode'))
  latch.emailLogin?.send({ type: 'SUBMIT_CODE', otp: '123456' })
  await kit.connected('auth')
  kit.open({ route: { view: 'Account' } })
  await untilAccountShown()
  return { ...kit, frame }
}

/** Waits for the Account view (the modal's code may still be loading when it opens). */
const untilAccountShown = () =>
  waitFor(() => modal().getByRole('heading', { name: m['view.Account.title'] }))

/** Enters a code in the view on show, once its field takes one (the field submits it whole). */
async function enterCode(code: string) {
  // Found afresh each time: the view before (its field busy) may still be on its way out.
  const field = await waitFor(() => {
    const found = modal().getByLabelText(m['view.EmailCode.label'])
    expect(found.hasAttribute('disabled')).toBe(false)
    return found
  })
  await typeInModal(field, code, { replace: true })
}

describe('Account: an email login (issue 17)', () => {
  it('shows the email and Edit email, and passes axe', async () => {
    await accountOfEmailLogin('ada@example.com')
    expect(modal().getByText('ada@example.com')).toBeTruthy()
    const edit = modal().getByRole('button', { name: m['view.Account.editEmail'] })
    expect(edit.getAttribute('aria-describedby')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('Edit email pushes UpdateEmailWallet; Back returns to Account', async () => {
    const { latch } = await accountOfEmailLogin('ada@example.com')
    fireEvent.click(modal().getByRole('button', { name: m['view.Account.editEmail'] }))
    expect(routeOf(latch)).toEqual({ view: 'UpdateEmailWallet' })
    expect(await modal().findByLabelText(m['view.UpdateEmailWallet.label'])).toBeTruthy()
    fireEvent.click(modal().getByRole('button', { name: m['modal.back'] }))
    await waitFor(() => expect(routeOf(latch).view).toBe('Account'))
  })

  it('moves the login: a wrong code stays put, both codes show the new email on Account', async () => {
    const { latch, frame } = await accountOfEmailLogin('ada@example.com')
    fireEvent.click(modal().getByRole('button', { name: m['view.Account.editEmail'] }))
    const field = await modal().findByLabelText(m['view.UpdateEmailWallet.label'])
    await typeInModal(field, 'ada@new.example')
    fireEvent.click(modal().getByRole('button', { name: m['view.UpdateEmailWallet.submit'] }))
    await waitFor(() => expect(routeOf(latch).view).toBe('UpdateEmailPrimaryOtp'))

    await enterCode(WRONG_CODE)
    expect(await modal().findByRole('alert')).toHaveProperty(
      'textContent',
      'Invalid code: 4 attempts left',
    )
    expect(routeOf(latch).view).toBe('UpdateEmailPrimaryOtp')
    expect(latch.getAccount().embeddedWalletInfo?.user?.email).toBe('ada@example.com')

    await enterCode('123456')
    await waitFor(() => expect(routeOf(latch).view).toBe('UpdateEmailSecondaryOtp'))
    await enterCode('654321')
    await waitFor(() => expect(routeOf(latch).view).toBe('Account'))
    expect(await modal().findByText('ada@new.example')).toBeTruthy()
    expect(latch.getAccount().embeddedWalletInfo?.user?.email).toBe('ada@new.example')
    expect(frame.requests.filter((type) => type.startsWith('UPDATE_EMAIL'))).toEqual([
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
  })
})

describe('Account: no Edit email for other wallets', () => {
  it('a browser wallet shows no email and no Edit email', async () => {
    const kit = await renderLatch({ wallets: [{ id: 'io.dev', name: 'Dev' }] })
    await kit.latch.connect({ connectorId: 'io.dev' })
    kit.open({ route: { view: 'Account' } })
    await untilAccountShown()
    expect(modal().queryByRole('button', { name: m['view.Account.editEmail'] })).toBeNull()
  })
})
