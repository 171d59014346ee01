import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { renderLatch } from '../../test/render-latch.js'
import { storyBackend } from './sign-in-scene.js'

const PAGE = 'https://app.example/'

async function renderSignIn(required = false) {
  const backend = storyBackend((session) => session.signature === `signed:${session.message}`)
  const kit = await renderLatch({
    wallets: [{ id: 'io.dev', name: 'Dev Wallet' }],
    options: {
      siwx: { ...backend, required },
      metadata: { name: 'Acme', description: '', url: PAGE, icons: [] },
    },
    env: { signInPageUri: () => PAGE },
    open: true,
  })
  kit.fake.setSigner(async (message) => `signed:${message}`)
  await kit.user.click(await kit.modal().findByRole('button', { name: /Dev Wallet/ }))
  await waitFor(() => expect(kit.view()).toBe('SIWXSignMessage'))
  await kit.modal().findByRole('button', { name: m['view.SIWXSignMessage.sign'] })
  return { ...kit, backend }
}

describe('SIWXSignMessage (issue 30)', () => {
  it('names the app, signs on Sign, and closes once the session is stored', async () => {
    const { modal, user, backend, latch, axe } = await renderSignIn()
    expect(
      modal().getByRole('heading', { name: 'Acme needs to connect to your wallet' }),
    ).toBeTruthy()
    expect(await axe()).toEqual([])
    await user.click(modal().getByRole('button', { name: m['view.SIWXSignMessage.sign'] }))
    await waitFor(() => expect(backend.sessions).toHaveLength(1))
    await waitFor(() =>
      expect(latch.modal.getSnapshot().matches({ visibility: 'closed' })).toBe(true),
    )
    expect((await latch.getSession())?.message).toMatch(
      /^app\.example wants you to sign in with your Ethereum account/,
    )
  })

  it("a declined signature shows 'Signature declined' and Try again, keyboard only", async () => {
    const { modal, user, fake, backend, axe } = await renderSignIn()
    fake.setSigner(() => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })))
    modal().getByRole('button', { name: m['view.SIWXSignMessage.sign'] }).focus()
    await user.keyboard('{Enter}')
    expect((await modal().findByRole('alert')).textContent).toBe(m['error.SIGNATURE_DECLINED'])
    expect(await axe()).toEqual([])
    fake.setSigner(async (message) => `signed:${message}`)
    modal().getByRole('button', { name: m['view.SIWXSignMessage.tryAgain'] }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(backend.sessions).toHaveLength(1))
  })

  it('required: says Cancel disconnects, and Cancel does', async () => {
    const { modal, user, latch } = await renderSignIn(true)
    expect(modal().getByText(m['view.SIWXSignMessage.required'])).toBeTruthy()
    await act(async () => latch.close())
    expect(latch.modal.getSnapshot().matches({ visibility: 'open' })).toBe(true)
    await user.click(modal().getByRole('button', { name: m['view.SIWXSignMessage.cancel'] }))
    await waitFor(() => expect(latch.getAccount().isConnected).toBe(false))
  })

  it('shows the message the wallet is asked to sign, as text', async () => {
    const { modal, user, fake } = await renderSignIn()
    fake.setSigner(() => new Promise(() => undefined))
    await user.click(modal().getByRole('button', { name: m['view.SIWXSignMessage.sign'] }))
    expect(await modal().findByText(m['view.SIWXSignMessage.awaitingWallet'])).toBeTruthy()
    expect(
      modal().getByText(/app\.example wants you to sign in with your Ethereum account:\s+0x/)
        .tagName,
    ).toBe('PRE')
    expect(
      (modal().getByRole('button', { name: m['view.SIWXSignMessage.sign'] }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)
  })
})
