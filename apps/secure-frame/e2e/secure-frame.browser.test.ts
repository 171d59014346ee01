import { randomUUID } from 'node:crypto'
import { AUTH_API_PATHS, SOCIAL_POPUP_PATH } from '@latch/core/api'
import type { LaunchedBrowser } from '@latch/test-browser'
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  toHex,
  verifyMessage,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchDevice, startStack, type Stack } from './stack.js'
import './globals.js'

// The real frame app, served by the real server, in Chromium: the host page on localhost and
// the frame on 127.0.0.1 (two sites, storage partitioned as in production).

type Page = Awaited<ReturnType<LaunchedBrowser['context']['newPage']>>

let stack: Stack
const browsers: LaunchedBrowser[] = []

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  for (const browser of browsers) await browser.close()
  await stack?.stop()
})

async function newDevice(thirdPartyStorage = true): Promise<LaunchedBrowser> {
  const browser = await launchDevice(thirdPartyStorage)
  browsers.push(browser)
  return browser
}

async function openHost(browser: LaunchedBrowser, allowed = true): Promise<Page> {
  const page = await browser.context.newPage()
  await page.goto(stack.hostUrl(allowed))
  return page
}

const request = (page: Page, type: string, payload?: unknown) =>
  page
    .evaluate(
      ([t, p]) =>
        window.latch.client
          // The event name is checked by the client itself: a test string is enough here.
          .request(t as 'GET_CHAIN_ID', p as undefined)
          .then((result) => JSON.stringify(result ?? null)),
      [type, payload] as const,
    )
    .then((text) => JSON.parse(text) as unknown)

/** Clicks Approve in the frame's own UI, as the visitor does. */
async function approveInFrame(page: Page) {
  await page.frameLocator('#latch-frame').getByRole('button', { name: 'Approve' }).click()
}

async function login(page: Page, email: string, mails = 1) {
  expect(await request(page, 'CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
  await request(page, 'CONNECT_OTP', {
    otp: await stack.mailbox.latestCode(email, { count: mails }),
  })
}

describe('the secure frame in Chromium', () => {
  it('logs in, signs and sends after approval in the frame, survives a reload, and recovers on a new device', async () => {
    const laptop = await newDevice()
    const email = `e2e-${randomUUID().slice(0, 8)}@example.test`
    let page = await openHost(laptop)
    await login(page, email)
    const user = (await request(page, 'GET_USER', {})) as { address: Hex; email: string }
    expect(user.email).toBe(email)
    // The host's scripts cannot reach into the frame (another origin).
    expect(
      await page.evaluate(
        () => (document.getElementById('latch-frame') as HTMLIFrameElement).contentDocument,
      ),
    ).toBeNull()

    // A signature: pending until the visitor clicks Approve inside the frame.
    const signing = request(page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('Hello from the frame'), user.address],
    })
    await page.waitForFunction(() =>
      window.latch.notices.some((notice) => notice.type === 'FRAME_APPROVAL_REQUESTED'),
    )
    await approveInFrame(page)
    const signature = (await signing) as Hex
    expect(
      await verifyMessage({ address: user.address, message: 'Hello from the frame', signature }),
    ).toBe(true)

    // ETH on anvil, through the server's proxy.
    const chain = stack.devnet.chains[0]!
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const funder = createWalletClient({
      account: privateKeyToAccount(stack.devnet.accounts[0]!.privateKey),
      transport: http(chain.rpcUrl),
    })
    await reader.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: user.address, value: parseEther('1'), chain: null }),
    })
    const to = stack.devnet.accounts[2]!.address
    const sending = request(page, 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: user.address, to, value: toHex(parseEther('0.1')) }],
    })
    await approveInFrame(page)
    const receipt = await reader.waitForTransactionReceipt({ hash: (await sending) as Hex })
    expect(receipt.status).toBe('success')

    // A reload: the session and the key come back from the frame's own storage.
    await page.close()
    page = await openHost(laptop)
    expect(await request(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(((await request(page, 'GET_USER', {})) as { address: string }).address).toBe(
      user.address,
    )

    // A new device: approved from the mail, then a code; the same address.
    const phone = await openHost(await newDevice())
    expect(await request(phone, 'CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const waiting = request(phone, 'CONNECT_DEVICE')
    const link = new URL(
      await stack.mailbox.latestLink(email, { count: 2, match: AUTH_API_PATHS.deviceApprove }),
    )
    const approved = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: link.origin },
      body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }),
    })
    expect(approved.status).toBe(200)
    await waiting
    await request(phone, 'CONNECT_OTP', {
      otp: await stack.mailbox.latestCode(email, { count: 3 }),
    })
    expect(((await request(phone, 'GET_USER', {})) as { address: string }).address).toBe(
      user.address,
    )

    // Signing out on the laptop.
    await request(page, 'SIGN_OUT')
    expect(await request(page, 'IS_CONNECTED', {})).toEqual({ isConnected: false })
  })

  it('refuses a host whose origin the project does not allow: its CSP, whatever the host claims', async () => {
    // The host names its origin honestly (`parentOrigin`), but a claim never widens the frame's
    // frame-ancestors: the browser blocks the frame, which never runs, so never says READY.
    const page = await (await newDevice()).context.newPage()
    const blocked: string[] = []
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) blocked.push(message.text())
    })
    await page.goto(stack.hostUrl(false))
    await expect.poll(() => blocked.length, { timeout: 20_000 }).toBeGreaterThan(0)
    expect(blocked[0]).toMatch(/^Framing .*violates .*"frame-ancestors http:\/\/localhost:\*"/)
    expect(await page.evaluate(() => window.latch.client.state)).toBe('loading')
    expect(await page.evaluate(() => window.latch.refused.count)).toBe(0)
  })

  it('still logs in where the browser denies the frame storage, keeping nothing', async () => {
    const page = await openHost(await newDevice(false))
    await login(page, `blocked-${randomUUID().slice(0, 8)}@example.test`)
    expect(await request(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
  })

  it('logs in with GitHub through a popup on the frame’s origin, the result reaching the frame alone', async () => {
    const page = await openHost(await newDevice())
    expect(await request(page, 'IS_CONNECTED', {})).toEqual({ isConnected: false })
    const person = stack.social.user()
    const opened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Continue with GitHub' }).click()
    const popup = await opened
    // The host sent its popup on from the loading page (no COOP there cut it off).
    await popup.getByLabel('Username').fill(person.username)
    await popup.getByRole('button', { name: 'Approve' }).click()
    await popup.getByRole('heading', { name: 'You are signed in' }).waitFor()
    await page.waitForFunction(() => window.latch.social.user ?? window.latch.social.error)
    const social = await page.evaluate(() => window.latch.social)
    expect(social.error).toBeUndefined()
    expect(social.user).toMatchObject({ email: person.email, userName: person.username })
    expect(await request(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(((await request(page, 'GET_USER', {})) as { address: string }).address).toBe(
      social.user?.address,
    )
  })

  it('shows the popup’s first page under its CSP: waiting when the app opened it, else why not', async () => {
    const device = await newDevice()
    const violations: string[] = []
    const watch = (target: Page) =>
      target.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
    // Opened by a host page (and posted nothing yet): it waits, the spinner turning.
    const host = await openHost(device)
    const opened = host.waitForEvent('popup')
    await host.evaluate(
      (url) => void window.open(url, 'latch-social', 'popup'),
      `${stack.server.url}${SOCIAL_POPUP_PATH}`,
    )
    const popup = await opened
    watch(popup)
    await popup.waitForLoadState()
    await expect(popup.title()).resolves.toBe('Connecting…')
    expect(await popup.getByRole('status').innerText()).toContain('Connecting…')
    // The stylesheet from 'self' applied: the spinner turns.
    expect(
      await popup.evaluate(
        () =>
          getComputedStyle(document.querySelector('.latch-spinner') ?? document.body).animationName,
      ),
    ).toBe('latch-spin')

    // Pasted in a tab (no opener to post a binding): it says to start from the app.
    const page = await device.context.newPage()
    watch(page)
    const response = await page.goto(`${stack.server.url}${SOCIAL_POPUP_PATH}`)
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    await expect.poll(() => page.title()).toBe('Start the sign-in from the app')
    expect(await page.getByRole('status').innerText()).toContain('works only when the app opens it')
    expect(await page.locator('.latch-spinner').isHidden()).toBe(true)
    // Its one script is its own, from 'self'.
    const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src))
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toMatch(new RegExp(`^${stack.server.url}/secure-frame/assets/`))
    expect(violations).toEqual([])
  })

  it('serves the frame page with the project’s frame-ancestors', async () => {
    const response = await fetch(`${stack.server.url}/secure-frame/?projectId=${stack.projectId}`)
    expect(response.headers.get('content-security-policy')).toMatch(
      /frame-ancestors http:\/\/localhost:\*$/,
    )
  })
})
