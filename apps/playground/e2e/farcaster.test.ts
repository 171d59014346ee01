import { FARCASTER_API_PATHS } from '@latch/core/api'
import {
  approveSignIn,
  fidOf,
  registerFid,
  type FarcasterAppOptions,
} from '@latch/devnet/farcaster'
import { freePort } from '@latch/local-kit/testing'
import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { t } from './messages.js'
import { connectButton, dialog, hookValue, modalButton } from './modal.js'
import { screenPixels } from './send-form.js'
import { signOut, socialHooks, statusIs } from './social-login.js'
import { useStack } from './use-stack.js'

// Issue 12's proof for Sign in with Farcaster, in Chromium: the QR code shown, the Farcaster app
// (scripted in Node with @latch/devnet/farcaster, through the server's relay as a phone would)
// approves, the server checks the fid's custody on chain A's IdRegistry, the embedded wallet
// connects and signs; an expired channel; a wrong custody address refused; and once, the
// playground's page standing in for the phone, opened from the view's link and clicked. The
// host is on localhost, the frame on 127.0.0.1; nothing leaves the machine.

// The login's secrets, for this run only (the server reads them from its environment).
process.env.LATCH_AUTH_SECRET ??= 'e2e-auth-secret-0123456789abcdefghijklmnop'
process.env.LATCH_CUSTODY_KEY ??= 'e2e-custody-key-0123456789abcdefghijklmnop'

/** A channel's life here: the server's shortest, so the expiry test waits half a minute, not ten. */
const CHANNEL_TTL_SECONDS = 30
const [serverPort, previewPort, unusedSmtpPort] = [
  await freePort(),
  await freePort(),
  await freePort(),
]
const serverUrl = `http://127.0.0.1:${serverPort}`
/** What the playground's "Sign a message" button signs (apps/playground/src/WalletActions.tsx). */
const PLAYGROUND_MESSAGE = 'Hello from the Latch playground'

/** The secure frame's iframe, once core mounted it. */
const frame = (page: Page) => page.frameLocator('iframe[data-latch-frame]')
const qrCode = (page: Page) =>
  dialog(page).getByRole('img', { name: t('view.ConnectingFarcaster.qr') })

/** Opens Connect, presses "Continue with Farcaster", and reads the sign-in link off the QR code. */
async function showQrCode(page: Page): Promise<string> {
  if (!(await dialog(page).isVisible())) await connectButton(page).click()
  await modalButton(
    page,
    t('view.ConnectingSocial.continueWith', { provider: 'Farcaster' }),
  ).click()
  return readQrCode(page)
}

/** The link the QR code on show encodes, once it is drawn (not the busy placeholder). */
async function readQrCode(page: Page): Promise<string> {
  await expect
    .poll(() => dialog(page).getByRole('status').textContent(), { timeout: 20_000 })
    .toBe(t('view.ConnectingFarcaster.waiting'))
  const { data, width, height } = await screenPixels(page, qrCode(page))
  const url = jsQR(data, width, height)?.data ?? ''
  expect(url).toMatch(/[?&]channelToken=[A-Za-z0-9_-]{43}$/)
  return url
}

describe('Sign in with Farcaster in Chromium (issue 12)', () => {
  const { stack, axe } = useStack(
    {
      approval: 'none',
      host: 'localhost',
      previewPort,
      server: {
        port: serverPort,
        // Farcaster needs the auth section; no email is sent here, so nothing listens for SMTP.
        auth: { publicUrl: serverUrl, smtp: { host: '127.0.0.1', port: unusedSmtpPort } },
        farcaster: {
          signInUrl: `http://127.0.0.1:${previewPort}/farcaster-app.html`,
          channelTtlSeconds: CHANNEL_TTL_SECONDS,
        },
      },
    },
    socialHooks(serverUrl),
  )
  /** The scripted Farcaster app's endpoints: the server's relay, chain A's IdRegistry. */
  const app = (): FarcasterAppOptions => ({
    relay: `${serverUrl}${FARCASTER_API_PATHS.relay}`,
    rpcUrl: stack.chains[0]!.rpcUrl,
  })
  /** A new Farcaster account: a fresh custody key, its fid registered on chain A. */
  const newAccount = async (username: string) => {
    const custody = privateKeyToAccount(generatePrivateKey())
    const fid = Number(await registerFid(app().rpcUrl, custody))
    return { fid, custody, username }
  }

  it('QR code → the app approves → connected (custody checked) → signs → reload → sign out', async () => {
    const { page } = stack
    const url = await showQrCode(page)
    expect(url.startsWith(`http://127.0.0.1:${previewPort}/farcaster-app.html?`)).toBe(true)
    await axe.check(page, 'ConnectingFarcaster')

    const account = await newAccount('alice')
    const approved = performance.now()
    expect((await approveSignIn(url, account, app())).status).toBe(201)
    await statusIs(page, 'connected')
    console.log(`Farcaster approval → connected: ${Math.round(performance.now() - approved)} ms`)
    const address = (await hookValue(page, 'address').textContent()) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // SPEC §3: the login is kept as a social one, Farcaster's, with the account's username.
    const stored = await page.evaluate(() => ({
      provider: localStorage.getItem('@latch/socialProvider'),
      username: localStorage.getItem('@latch/socialUsername'),
    }))
    expect(stored).toEqual({ provider: '"farcaster"', username: '"alice"' })

    // Signed in the frame, after the person approves there.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await frame(page).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 })
    const signature = page.locator('#action-signature')
    await expect
      .poll(() => signature.textContent(), { timeout: 20_000 })
      .toMatch(/^0x[0-9a-f]{130}$/)
    const signed = (await signature.textContent()) as `0x${string}`
    expect(await recoverMessageAddress({ message: PLAYGROUND_MESSAGE, signature: signed })).toBe(
      address,
    )

    await page.reload()
    await statusIs(page, 'connected')
    expect(await hookValue(page, 'address').textContent()).toBe(address)
    await signOut(page)
    expect(await page.evaluate(() => localStorage.getItem('@latch/socialProvider'))).toBeNull()
    axe.expectClean()
  })

  it('a wrong custody address is refused by the server; the QR code still waits for the real one', async () => {
    const { page } = stack
    const url = await showQrCode(page)
    const account = await newAccount('bob')
    // Another key claims the fid: its signature is valid, but it is not the fid's custody.
    const impostor = { ...account, custody: privateKeyToAccount(generatePrivateKey()) }
    expect(await fidOf(app().rpcUrl, impostor.custody.address)).toBe(0n)
    const refused = await approveSignIn(url, impostor, app())
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(await dialog(page).getByRole('status').textContent()).toBe(
      t('view.ConnectingFarcaster.waiting'),
    )
    expect(await hookValue(page, 'status').textContent()).toBe('disconnected')

    expect((await approveSignIn(url, account, app())).status).toBe(201)
    await statusIs(page, 'connected')
    await signOut(page)
  })

  it('an expired channel: SPEC §8 "Session Expired", and Try again shows a new QR code', async () => {
    const { page } = stack
    const first = await showQrCode(page)
    await expect
      .poll(() => dialog(page).getByRole('alert').textContent(), {
        timeout: (CHANNEL_TTL_SECONDS + 20) * 1_000,
        interval: 1_000,
      })
      .toBe(t('error.SESSION_EXPIRED'))
    await axe.check(page, 'ConnectingFarcaster, expired')
    // The expired link is refused to the app too.
    const late = await newAccount('carol')
    await expect(approveSignIn(first, late, app())).rejects.toThrow()

    await modalButton(page, t('view.ConnectingFarcaster.retry')).click()
    const second = await readQrCode(page)
    expect(second).not.toBe(first)
    expect((await approveSignIn(second, late, app())).status).toBe(201)
    await statusIs(page, 'connected')
    await signOut(page)
    axe.expectClean()
  }, 150_000)

  it('the page standing in for the phone, opened from "Open in Farcaster" in a second tab', async () => {
    const { page } = stack
    const url = await showQrCode(page)
    const opened = page.context().waitForEvent('page')
    await dialog(page)
      .getByRole('link', { name: new RegExp(t('view.ConnectingFarcaster.open')) })
      .click()
    const phone = await opened
    phone.setDefaultTimeout(20_000)
    expect(phone.url()).toBe(url)
    // The request the person approves: the site asking (the Latch server, whose frame signs in).
    await expect
      .poll(() => phone.locator('[data-field="Site"]').textContent())
      .toBe(new URL(serverUrl).host)
    await phone.getByLabel('Farcaster account').selectOption({ index: 2 })
    await phone.getByLabel('Username').fill('dana')
    await phone.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => phone.getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^Approved as fid \d+\./)
    await statusIs(page, 'connected')
    await phone.close()
    await signOut(page)
  })
})
