import { DEV_WALLET_INFO } from '@latch/dev-wallet'
import type { Page } from 'playwright-core'
import { numberToHex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { messages } from '../src/host-without-react/messages.js'
import { emailWorld, freshEmail, otherCode } from './email-login.js'
import { serverSays } from './siwx.js'
import { useStack } from './use-stack.js'

/*
 * The proof "a host without React": /host-without-react.html is plain DOM on core's
 * createLatch and the instance's helpers, with no view at all, so every flow here is core's own.
 * Its in-page dev wallet approves by itself. Each test starts from a fresh page (empty storage).
 * The Latch server mails its codes to maildev, so the page logs in by email too, on the page on
 * `localhost` and its secure frame on 127.0.0.1 (two sites, as for a real host).
 */

const world = await emailWorld()
afterAll(() => world.mailbox.stop())

const field = (page: Page, name: keyof typeof messages.fields) =>
  page.locator(`[data-field="${name}"]`)
const text = (page: Page, name: keyof typeof messages.fields) => field(page, name).textContent()
const statuses = (...list: string[]) => list.join(messages.statusSeparator)
/** The email login's status line, and the steps of its current login so far. */
const emailStatus = (page: Page) => page.getByRole('status')
const emailSteps = async (page: Page) =>
  ((await emailStatus(page).getAttribute('data-steps')) ?? '').split(' ')
/** Wallet round trips on a loaded 2-core CI can take longer than expect.poll's 1 s default. */
const SETTLED = { timeout: 10_000 }

/** One EIP-1193 request to the page's dev wallet: its answer, or its error's code. */
function askWallet(page: Page, method: string, params: unknown[] = []) {
  return page.evaluate(
    async ({ method, params }) => {
      const wallet = (
        globalThis as {
          __latchDevWallet?: { provider: { request(args: unknown): Promise<unknown> } }
        }
      ).__latchDevWallet
      if (!wallet) throw new Error('no in-page dev wallet')
      try {
        return { result: (await wallet.provider.request({ method, params })) as unknown }
      } catch (error) {
        return { code: (error as { code?: unknown }).code }
      }
    },
    { method, params },
  )
}

/** The chains the wallet knows, read without changing anything (needs a connected site). */
async function walletChains(page: Page, address: string): Promise<string[]> {
  const answer = await askWallet(page, 'wallet_getCapabilities', [address])
  return Object.keys(answer.result as object)
}

describe('a host without React, on the instance helpers alone', () => {
  // Nothing thrown in the page, and nothing fetched beyond 127.0.0.1 and the page's localhost.
  const { stack, axe } = useStack(
    { ...world.stack, path: '/host-without-react.html' },
    { localOnly: true },
  )
  const address = () => stack.devnet.accounts[0]!.address
  const chainA = () => stack.chains[0]!
  const chainB = () => stack.chains[1]!

  /** Loads the page again with `query` (its knobs) on an otherwise unchanged origin. */
  const load = async (query: Record<string, string> = {}) => {
    const url = new URL(stack.url)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    await stack.page.goto(url.href)
  }
  const connect = async (page: Page) => {
    await page.getByRole('button', { name: messages.connect }).click()
    await expect.poll(() => text(page, 'status'), SETTLED).toBe('connected')
  }
  /** The host's logout from connected; a reload then does not reconnect at start. */
  const logOut = async (page: Page) => {
    await page.getByRole('button', { name: messages.disconnect }).click()
    await expect
      .poll(() => field(page, 'logout').getAttribute('data-state'), SETTLED)
      .toBe('settled')
    await expect(field(page, 'logout').getAttribute('data-from')).resolves.toBe('connected')
    await expect(text(page, 'status')).resolves.toBe('disconnected')
    await expect(text(page, 'address')).resolves.toBe(messages.none)
    await expect(text(page, 'embeddedWallet')).resolves.toBe(messages.none)
    await load()
    await expect.poll(() => text(page, 'statusAtStart'), SETTLED).toBe('disconnected')
  }

  it('connects the dev wallet; the readout and subscribeAccount report the account', async () => {
    const { page } = stack
    await expect(text(page, 'status')).resolves.toBe('disconnected')
    await connect(page)
    await expect
      .poll(() => text(page, 'result'), SETTLED)
      .toBe(messages.connected(address(), DEV_WALLET_INFO.name))
    await expect(text(page, 'address')).resolves.toBe(address())
    await expect(text(page, 'caipAddress')).resolves.toBe(`eip155:${chainA().chainId}:${address()}`)
    await expect(text(page, 'network')).resolves.toBe(chainA().name)
    await expect(text(page, 'caipNetworkId')).resolves.toBe(`eip155:${chainA().chainId}`)
    await expect(text(page, 'wallets')).resolves.toContain(DEV_WALLET_INFO.name)
    // subscribeAccount told the host each status once, in order (the first is getAccount's).
    await expect(text(page, 'statuses')).resolves.toBe(
      statuses('disconnected', 'connecting', 'connected'),
    )
    // The wallet agrees: the site is connected, that account first (the selected one).
    const accounts = await askWallet(page, 'eth_accounts')
    expect((accounts.result as string[])[0]).toBe(address())
  })

  it('switches to chain B, and the wallet is really on it', async () => {
    const { page } = stack
    await connect(page)
    await page.getByRole('button', { name: messages.switchTo(chainB().name) }).click()
    await expect.poll(() => text(page, 'result'), SETTLED).toBe(messages.switched(chainB().name))
    await expect(text(page, 'network')).resolves.toBe(chainB().name)
    await expect(text(page, 'caipNetworkId')).resolves.toBe(`eip155:${chainB().chainId}`)
    await expect
      .poll(() => text(page, 'caipAddress'), SETTLED)
      .toBe(`eip155:${chainB().chainId}:${address()}`)
    await expect(askWallet(page, 'eth_chainId')).resolves.toEqual({
      result: numberToHex(chainB().chainId),
    })
  })

  it('switches to a chain the wallet lacks: 4902, then core adds it and retries', async () => {
    // The dev wallet starts knowing chain A alone; the page still configures A and B.
    await load({ walletChains: '1' })
    const { page } = stack
    await connect(page)
    const chainBHex = numberToHex(chainB().chainId)
    await expect(walletChains(page, address())).resolves.toEqual([numberToHex(chainA().chainId)])
    await page.getByRole('button', { name: messages.switchTo(chainB().name) }).click()
    await expect.poll(() => text(page, 'result'), SETTLED).toBe(messages.switched(chainB().name))
    await expect(text(page, 'caipNetworkId')).resolves.toBe(`eip155:${chainB().chainId}`)
    await expect
      .poll(() => text(page, 'caipAddress'), SETTLED)
      .toBe(`eip155:${chainB().chainId}:${address()}`)
    // The wallet now knows chain B (added from the page's network config) and is on it.
    await expect(walletChains(page, address())).resolves.toContain(chainBHex)
    await expect(askWallet(page, 'eth_chainId')).resolves.toEqual({ result: chainBHex })
  })

  it('a logout while reconnect-on-load runs ends disconnected, and stays so after a reload', async () => {
    const { page } = stack
    await connect(page)
    // The page calls latch.disconnect() as soon as the instance runs, mid reconnect.
    await load({ logoutAtLoad: '1' })
    await expect
      .poll(() => field(page, 'logout').getAttribute('data-state'), SETTLED)
      .toBe('settled')
    await expect.poll(() => text(page, 'statusAtStart'), SETTLED).toBe('reconnecting')
    await expect(field(page, 'logout').getAttribute('data-from')).resolves.toBe('reconnecting')
    // SPEC §9's disconnect wait bounds the promise.
    const ms = Number(await field(page, 'logout').getAttribute('data-ms'))
    expect(ms).toBeLessThanOrEqual(3_000)
    await expect(text(page, 'status')).resolves.toBe('disconnected')
    await expect(text(page, 'result')).resolves.toBe(messages.disconnected)
    // Never connected in between: the reconnect was abandoned, not finished and then undone.
    await expect(text(page, 'statuses')).resolves.toBe(
      statuses('disconnected', 'reconnecting', 'disconnected'),
    )

    // The next load does not even try: the wallets not tried yet were forgotten.
    await load()
    await expect.poll(() => text(page, 'statusAtStart'), SETTLED).toBe('disconnected')
    // Longer than the 1 s a wallet may take to be discovered: no late reconnect either.
    await page.waitForTimeout(1_500)
    await expect(text(page, 'statuses')).resolves.toBe(statuses('disconnected'))
    await expect(text(page, 'status')).resolves.toBe('disconnected')
  })

  it('disconnects when connected, and a reload does not reconnect', async () => {
    const { page } = stack
    await connect(page)
    await logOut(page)
  })

  it('logs in by email with the code from the mailbox, then logs out', async () => {
    const { page } = stack
    const email = freshEmail('plain')
    await expect(emailStatus(page).textContent()).resolves.toBe(messages.emailIdle)
    await expect(text(page, 'status')).resolves.toBe('disconnected')

    const asked = performance.now()
    await page.getByLabel(messages.emailField, { exact: true }).fill(email)
    await page.getByRole('button', { name: messages.emailSubmit }).click()
    // latch.open({ route: route('EmailVerifyOtp', { email }) }) started a login for it, which
    // asked the frame to mail the code and now waits for it.
    await expect
      .poll(() => emailStatus(page).textContent(), { timeout: 20_000 })
      .toBe(messages.emailStep('enteringCode'))
    const code = await world.mailbox.latestCode(email, { timeout: 20_000 })
    const mailed = performance.now()
    const codeField = page.getByLabel(messages.codeField, { exact: true })
    const submitCode = page.getByRole('button', { name: messages.codeSubmit })

    // A wrong code first: the status line says the frame's refusal, and the login waits again.
    await codeField.fill(otherCode(code))
    await submitCode.click()
    await expect
      .poll(() => emailStatus(page).textContent(), SETTLED)
      .toContain(messages.emailFailed('enteringCode', 'Invalid code'))
    await expect(text(page, 'status')).resolves.toBe('disconnected')

    const submitted = performance.now()
    await codeField.fill(code)
    await submitCode.click()
    await expect.poll(() => text(page, 'status'), { timeout: 20_000 }).toBe('connected')
    console.log(
      `host without React: email → code in maildev: ${Math.round(mailed - asked)} ms; code → connected: ${Math.round(performance.now() - submitted)} ms`,
    )

    // The embedded wallet, as the AUTH connector: its own account, not the dev wallet's.
    await expect(text(page, 'embeddedWallet')).resolves.toBe(
      messages.embeddedWallet('email', email),
    )
    const embedded = await text(page, 'address')
    expect(embedded).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(embedded).not.toBe(address())
    await expect(text(page, 'caipAddress')).resolves.toBe(`eip155:${chainA().chainId}:${embedded}`)
    await expect(text(page, 'statuses')).resolves.toBe(
      statuses('disconnected', 'connecting', 'connected'),
    )
    // The login went through the SPEC §4 steps (the wrong code back to enteringCode), and ended.
    await expect.poll(() => emailStatus(page).getAttribute('data-step'), SETTLED).toBe('connected')
    expect(await emailSteps(page)).toEqual([
      'sendingCode',
      'enteringCode',
      'verifying',
      'enteringCode',
      'verifying',
      'connected',
    ])

    // The host's logout: the embedded wallet disconnects, and a reload does not bring it back.
    await logOut(page)
    // Longer than the 1 s a wallet may take to be discovered: the frame's session is not resumed.
    await page.waitForTimeout(1_500)
    await expect(text(page, 'statuses')).resolves.toBe(statuses('disconnected'))
    await expect(text(page, 'status')).resolves.toBe('disconnected')
  })

  /** The sign-in section's values (`?siwx=`: src/host-without-react/sign-in.ts). */
  const signInField = (page: Page, name: keyof typeof messages.signIn.fields) =>
    page.locator(`[data-sign-in="${name}"]`)
  const signInText = (page: Page, name: keyof typeof messages.signIn.fields) =>
    signInField(page, name).textContent()
  const signInButton = (page: Page, name: 'signIn' | 'signOut' | 'askServer') =>
    page.getByRole('button', { name: messages.signIn[name], exact: true })
  /** The dev wallet's account on chain A, as a session's message data states it. */
  const signedInAs = () => messages.signIn.account(`eip155:${chainA().chainId}`, address())
  /** With `?siwx=optional`, the page's own connect; the keeper finds no session for it. */
  const connectWithSignIn = async (page: Page) => {
    await load({ siwx: 'optional' })
    await connect(page)
    await expect.poll(() => signInText(page, 'status'), SETTLED).toBe('signedOut')
  }
  /** Sign in: `latch.signIn()` asks the dev wallet at once, with no view, and resolves. */
  const signIn = async (page: Page) => {
    await signInButton(page, 'signIn').click()
    await expect.poll(() => signInText(page, 'status'), SETTLED).toBe('signedIn')
    await expect.poll(() => signInText(page, 'result'), SETTLED).toBe(`signIn: ${signedInAs()}`)
  }
  /** Ask the server who I am: its answer, and the bearer token the page sent it. */
  const askServer = async (page: Page) => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/siwx/me')
    await signInButton(page, 'askServer').click()
    const authorization = (await request).headers()['authorization'] ?? ''
    await expect.poll(() => signInText(page, 'result'), SETTLED).not.toBe(messages.pending('me'))
    return { said: await signInText(page, 'result'), token: authorization.replace(/^Bearer /, '') }
  }

  it('signs in with ?siwx=optional: no view, the dev wallet asked at once, the server knows it', async () => {
    const { page } = stack
    await connectWithSignIn(page)
    // connect() opened the modal, so the router went on to SIWXSignMessage: its run is on show,
    // waiting for a Sign no view can press.
    await expect.poll(() => signInField(page, 'prompts').getAttribute('data-on-show')).toBe('true')
    await expect(signInField(page, 'prompts').getAttribute('data-count')).resolves.toBe('1')
    await expect(signInText(page, 'account')).resolves.toBe(messages.none)
    await axe.check(page, 'host without React, signed out')

    await signIn(page)
    await expect(signInText(page, 'account')).resolves.toBe(signedInAs())
    // signIn() signed that same run, and it ended: the modal closed on the session.
    await expect(signInField(page, 'prompts').getAttribute('data-count')).resolves.toBe('1')
    await expect(signInField(page, 'prompts').getAttribute('data-on-show')).resolves.toBe('false')
    // subscribeSignIn told the page the session came (a 'checking' between may be too brief).
    const seen = (await signInText(page, 'statuses'))?.split(messages.statusSeparator)
    expect(seen?.slice(-2)).toEqual(['signedOut', 'signedIn'])

    const me = await askServer(page)
    expect(me.token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(me.said).toBe(messages.signIn.serverSays(`eip155:${chainA().chainId}`, address()))
    const asked = await serverSays(page, stack.latchServer.url, me.token)
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({
      session: { data: { chainId: `eip155:${chainA().chainId}`, accountAddress: address() } },
    })
    await axe.check(page, 'host without React, signed in')
    axe.expectClean()
  })

  it('a reload with ?siwx=optional stays signed in, with no prompt and the same session', async () => {
    const { page } = stack
    await connectWithSignIn(page)
    await signIn(page)
    const before = await askServer(page)

    await page.reload()
    await expect.poll(() => text(page, 'status'), SETTLED).toBe('connected')
    await expect.poll(() => signInText(page, 'status'), SETTLED).toBe('signedIn')
    await expect(signInText(page, 'account')).resolves.toBe(signedInAs())
    // Longer than a reconnect's wallet discovery: nothing asks for a sign-in afterwards either.
    await page.waitForTimeout(1_500)
    await expect(signInField(page, 'prompts').getAttribute('data-count')).resolves.toBe('0')
    await expect(signInText(page, 'statuses')).resolves.not.toContain('signedOut')
    // The session found again, not a new one: the server knows the same token.
    const after = await askServer(page)
    expect(after.token).toBe(before.token)
    expect(after.said).toBe(before.said)
  })

  it('signs out: signedOut, the wallet stays connected, and the old token gets 401 from me', async () => {
    const { page } = stack
    await connectWithSignIn(page)
    await signIn(page)
    const { token } = await askServer(page)

    await signInButton(page, 'signOut').click()
    await expect.poll(() => signInText(page, 'status'), SETTLED).toBe('signedOut')
    await expect.poll(() => signInText(page, 'result'), SETTLED).toBe(messages.signIn.signedOut)
    await expect(signInText(page, 'account')).resolves.toBe(messages.none)
    // Optional sign-in: signing out leaves the wallet connected.
    await expect(text(page, 'status')).resolves.toBe('connected')
    expect((await serverSays(page, stack.latchServer.url, token)).status).toBe(401)
  })

  it('loads no React: every script the page ran is free of it', async () => {
    const { page } = stack
    // After a connect, so the chunks loaded on demand are counted too.
    await connect(page)
    const reactScripts = await page.evaluate(async () => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js'))
      const found: string[] = []
      for (const url of urls) {
        const source = await (await fetch(url)).text()
        // Markers of React 19's production build (its element type and its devtools hook).
        if (/react\.transitional\.element|__REACT_DEVTOOLS_GLOBAL_HOOK__/.test(source))
          found.push(url)
      }
      return { scripts: urls.length, found }
    })
    expect(reactScripts.scripts).toBeGreaterThan(0)
    expect(reactScripts.found).toEqual([])
  })
})
